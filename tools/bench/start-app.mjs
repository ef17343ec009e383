// Starts the app as `pnpm start` does, on a free port and a fresh data folder, for benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-bench-'));
  const url = `http://127.0.0.1:${port}`;
  // Started as a person would: a build under NODE_ENV=test would ship React's development bundles.
  const { NODE_ENV: _ignored, ...env } = process.env;
  const app = spawn(process.execPath, ['tools/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SORTIE_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`app exited with ${app.exitCode}`);
    if (Date.now() > deadline) throw new Error('app did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      try {
        process.kill(-app.pid, 'SIGTERM');
      } catch {
        // gone
      }
      await new Promise((r) => setTimeout(r, 300));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

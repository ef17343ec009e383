import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 170_000; // a first start builds the web app and loads the demo data
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`L’application s’est arrêtée (code ${app.exitCode}) :\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`L’application n’a pas répondu sur ${url} :\n${output()}`);
}

/** Starts the app as the README does (`pnpm start`), on a free port and a fresh data folder. */
export default async function setup(project: TestProject) {
  chromiumPath(); // a missing browser is a clear failure, before anything starts
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const app = spawn('node', ['tools/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SORTIE_DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  app.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  app.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = () => {
    try {
      if (app.pid) process.kill(-app.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    await waitForHealth(baseUrl, app, () => log.slice(-4000));
  } catch (error) {
    stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    stop();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

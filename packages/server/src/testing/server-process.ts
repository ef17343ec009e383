import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/*
 * The server as `pnpm start` runs it, for the tests and benches that stop and restart a real
 * process (SIGTERM during a game, a restart mid-question): bundled once by the package's own
 * build into a folder of the package (dist-*, ignored by git), started with node alone on a data
 * folder of the embedded default, its output kept.
 */

export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the server (without the web app) into `out`, a dist-* folder of the package; answers main.mjs's path. */
export async function buildServerInto(out: string): Promise<string> {
  const build = `import { build } from './scripts/build.mjs'; await build({ out: ${JSON.stringify(out)}, web: false, quiet: true });`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', build], { cwd: SERVER_DIR });
  return join(out, 'main.mjs');
}

/** Builds the server (without the web app) into `dist-{name}-{pid}`; answers main.mjs's path and how to remove the folder. */
export async function buildServer(name: string): Promise<{ script: string; remove(): void }> {
  const out = join(SERVER_DIR, `dist-${name}-${process.pid}`);
  return { script: await buildServerInto(out), remove: () => rmSync(out, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** The exit code (null after a signal). */
  exit: Promise<number | null>;
}

/** Starts the built server on `dataDir` and `port`; resolves once it says it is ready. */
export async function startServer(script: string, { dataDir, port, env = {}, timeoutMs = 60_000 }: { dataDir: string; port: number; env?: Record<string, string>; timeoutMs?: number }): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      SORTIE_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SORTIE_WEB_DIST: '/nonexistent-web-dist',
      SORTIE_SECRET: 'process-test-secret-process-test-secret',
      SORTIE_SIGNIN_RATE_LIMIT: '1000',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in ${timeoutMs} ms: ${output}`)), timeoutMs);
    const poll = setInterval(() => {
      if (!output.includes('Sortie est prêt')) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }, 50);
    void exit.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${output}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, child, output: () => output, exit };
}

/**
 * Stops a server started by startServer, if it still runs, and waits until it and its embedded
 * database's process are gone (SIGTERM: it closes that process before it exits), so that its
 * data folder can be removed; SIGKILL after `graceMs`. The folder's removal is then retried a
 * few times all the same: a killed server's database process closes on its own, a moment later.
 */
export async function stopServer(server: ServerProcess | null, graceMs = 15_000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exit;
  clearTimeout(timer);
}

/** Removes a test's folder, retried while a process that just stopped may still be closing files in it. */
export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
}

/** A session token of the demo's staff account. */
export async function staffSessionToken(url: string): Promise<string> {
  const post = async (path: string, body: unknown) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;
  const { idToken } = await post('/api/identity/signIn', { email: 'staff@demo.sortie.fr', password: 'sortie-demo' });
  return (await post('/api/auth/login/web', { idToken, messagingToken: null })).sessionToken!;
}

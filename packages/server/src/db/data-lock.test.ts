import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './data-lock';
import { sharedServerBuild } from '../testing/shared-server-build';
import { freePort, removeFolder, startServer as startBuiltServer, type ServerProcess } from '../testing/server-process';

// The real server processes, as `pnpm start` and `pnpm demo:reset` run them, on one data folder.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'sortie-lock-'));
/**
 * The server as `pnpm start` runs it: bundled by the package's own build (scripts/build.mjs) once
 * for the test run (shared-server-build.ts). Each start below then skips tsx's
 * compiling of the sources (about 3 s a start on this machine).
 */
let SERVER = '';
const running = new Set<ChildProcess>();
beforeAll(async () => {
  SERVER = await sharedServerBuild();
});
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  // A killed server's database process closes its files a moment later: retried meanwhile.
  removeFolder(dataDir);
});

const IN_USE = /Le dossier de données .* est déjà utilisé par un autre processus Sortie \(pid \d+\)/;

/** How long a server may take to start here, and a test that starts two. */
const START_TIMEOUT_MS = 150_000;
const TEST_TIMEOUT_MS = 2 * START_TIMEOUT_MS + 60_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** Runs the bundled server (a `.mjs`) with node alone, a TypeScript script with tsx. */
function run(script: string, port = 0): Run {
  const child = spawn(process.execPath, script.endsWith('.mjs') ? [script] : ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, SORTIE_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SORTIE_WEB_DIST: '/nonexistent-web-dist', SORTIE_SECRET: 'lock-test-secret-lock-test-secret', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exit };
}

/** The built server on the folder, ready; its process is killed after the file if a test leaves it. */
async function startServer(): Promise<ServerProcess> {
  // A start on a fresh folder loads the demo: 40–43 s on a loaded 2-core machine (the CI's, with the
  // end-to-end tests beside), where startBuiltServer's own 60 s left no room to spare.
  const server = await startBuiltServer(SERVER, { dataDir, port: await freePort(), env: { SORTIE_SECRET: 'lock-test-secret-lock-test-secret' }, timeoutMs: START_TIMEOUT_MS });
  running.add(server.child);
  void server.exit.then(() => running.delete(server.child));
  return server;
}

/**
 * The server a test left running for the next one, which needs one to kill or stop: each start
 * costs seconds on a loaded machine. A test run alone starts its own.
 */
let handedOn: ServerProcess | null = null;
const takeRunningServer = async (): Promise<ServerProcess> => {
  const server = handedOn && handedOn.child.exitCode === null && handedOn.child.signalCode === null ? handedOn : await startServer();
  handedOn = null;
  return server;
};

async function signUp(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/identity/signUp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'mot-de-passe-1' }) });
  return res.status;
}

async function signIn(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/identity/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'mot-de-passe-1' }) });
  return res.status;
}

async function stop(server: Pick<Run, 'child' | 'exit'>, signal: NodeJS.Signals): Promise<void> {
  server.child.kill(signal);
  await server.exit;
}

describe('one server per data folder', () => {
  it('refuses a second server, demo:reset and seed:volume at once, in French, and keeps every write of the first', async () => {
    const first = await startServer();
    expect(await signUp(first.url, 'avant@exemple.fr')).toBe(201);

    // All three at once: each is refused by the lock alone, whatever the others do.
    const refusals = [run(SERVER, await freePort()), run('src/demo/reset.ts'), run('src/demo/seed-volume.ts')];
    for (const [i, refused] of refusals.entries()) {
      expect(await refused.exit, String(i)).not.toBe(0);
      expect(refused.output(), String(i)).toMatch(IN_USE);
    }

    expect(await signUp(first.url, 'apres@exemple.fr')).toBe(201);
    await stop(first, 'SIGTERM');
    expect(() => readFileSync(join(dataDir, LOCK_FILE))).toThrow(); // released on a clean stop

    const restarted = await startServer();
    expect(await signIn(restarted.url, 'avant@exemple.fr')).toBe(200);
    expect(await signIn(restarted.url, 'apres@exemple.fr')).toBe(200);
    handedOn = restarted;
  }, TEST_TIMEOUT_MS);

  it('takes over the lock of a server killed with SIGKILL, and finds its committed writes', async () => {
    const killed = await takeRunningServer();
    expect(await signUp(killed.url, 'tue@exemple.fr')).toBe(201);
    await stop(killed, 'SIGKILL');
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(owner.pid).toBe(killed.child.pid); // the stale lock is still there

    const next = await startServer();
    expect(await signIn(next.url, 'tue@exemple.fr')).toBe(200);
    handedOn = next;
  }, TEST_TIMEOUT_MS);

  it('a forced stop (SIGKILL to the server and its database) leaves no /tmp/sortie-pg-* folder once the next server starts', async () => {
    const killed = await takeRunningServer();
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number; childPid: number; tempDir: string };
    expect(owner.tempDir).toMatch(/\/sortie-pg-[^/]+$/);
    expect(existsSync(join(owner.tempDir, 'control.sock'))).toBe(true);
    // As `docker kill` or systemd's final SIGKILL: no process gets to clean up.
    const databaseExited = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        try {
          process.kill(owner.childPid, 0);
        } catch {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
    process.kill(owner.childPid, 'SIGKILL');
    await stop(killed, 'SIGKILL');
    await databaseExited;
    expect(existsSync(owner.tempDir)).toBe(true); // left behind

    const next = await startServer();
    expect(existsSync(owner.tempDir)).toBe(false);
    const mine = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { tempDir: string };
    expect(existsSync(mine.tempDir)).toBe(true); // its own, of course, is there
    await stop(next, 'SIGTERM');
    expect(existsSync(mine.tempDir), next.output()).toBe(false);
  }, TEST_TIMEOUT_MS);
});

describe('a process that exits without stopping its database', () => {
  it('removes the sockets folder its lock names, as a forced stop after the deadline exits (process.exit(1))', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sortie-lock-exit-'));
    const sockets = mkdtempSync(join(tmpdir(), 'sortie-pg-'));
    const script = `import { DataDirLock } from './src/db/data-lock.ts'; DataDirLock.acquire(${JSON.stringify(folder)}).recordTempDir(${JSON.stringify(sockets)}); process.exit(1);`;
    const exited = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverDir }).then(() => 0, (error: { code?: number }) => error.code);
    expect(exited).toBe(1);
    expect(existsSync(sockets)).toBe(false);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});

describe('a stop signal sent to the whole process group', () => {
  it('lets the server write its last short-link visits before the database closes', async () => {
    const server = await startServer();
    const visits = 40;
    await Promise.all(Array.from({ length: visits }, () => fetch(`${server.url}/r/poitiers`, { redirect: 'manual' })));
    // Like systemd or Ctrl-C, the signal reaches both processes; the database's first, here, so
    // that a database closing on it would leave the server's buffered visits nowhere to go.
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { childPid: number };
    process.kill(owner.childPid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(server.output()).not.toMatch(/visites non enregistrées/);
    const again = await startServer();
    const stored = await fetch(`${again.url}/api/dynaLinks/shortCode`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shortCode: 'poitiers', datetime: new Date().toISOString(), userAgent: 'test' }) });
    expect((await stored.json()).visitCount).toBeGreaterThanOrEqual(visits + 1);
    await stop(again, 'SIGTERM');
  }, TEST_TIMEOUT_MS);
});

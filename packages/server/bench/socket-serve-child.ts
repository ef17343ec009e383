// What the socket benches' child processes (blind-test-serve.ts, tournament-serve.ts) share: the
// IPC with the bench, the bare socket.io server that acknowledges at once (the ceiling), the Sortie
// server on the embedded default (PGlite in BENCH_DATA_DIR) with the demo data, and what the
// server itself went through while measured (its event loop's delays and its CPU time).
//
// Child → parent (IPC): { type: 'ready', port, ...ready } or { type: 'failed', message }.
// Parent → child: { type: 'mark' } (measuring starts), { type: 'stop' } → { type: 'stopped', server }.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { buildApp, type SortieApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import type { Db } from '../src/db/database';
import { loadDemo } from '../src/demo/load';

/** A server the child has started: its port, and how to close it. */
export interface Served {
  port: number;
  stop(): Promise<void>;
}

const send = (message: object) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

/** A bare socket.io server that answers every `event` at once with `answer(socketId)`. */
export async function serveBare(event: string, answer: (socketId: string) => unknown): Promise<Served> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => socket.on(event, (_payload: unknown, ack: (answer: unknown) => void) => ack(answer(socket.id))));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { port: (http.address() as { port: number }).port, stop: () => new Promise((resolve) => io.close(() => resolve())) };
}

/**
 * The Sortie server on the demo data in BENCH_DATA_DIR: `seed` adds the bench's records before the
 * app is built, `attach` (optional) wires into the app before it listens and returns what to close
 * before it.
 */
export async function serveSortie<Seeded>(seed: (db: Db) => Promise<Seeded>, attach?: (app: SortieApp) => { close(): Promise<void> }): Promise<Served & { seeded: Seeded }> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR attendu.');
  const config = { ...loadConfig({ SORTIE_DATA_DIR: dataDir } as NodeJS.ProcessEnv), secret: 'bench-secret-bench-secret', signInRateLimit: 1000 };
  const db = await openDatabase({ dataDir });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  const seeded = await seed(db);
  const app: SortieApp = await buildApp({ db, config });
  const attached = attach?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await attached?.close();
    await app.close();
    await db.close();
  };
  return { port: (app.server.address() as { port: number }).port, stop, seeded };
}

/** What the bench measures beside the event loop and the CPU: told when measuring starts, asked at the stop. */
export interface ServerMeasure {
  mark(): void;
  results(): object;
}

/**
 * Runs the child: starts the server `serve` makes, tells the bench it is ready (with `ready`'s
 * fields), measures from the bench's 'mark' and answers its 'stop' with what the server went
 * through; a start that fails is reported as { type: 'failed', message } and ends the process.
 */
export async function runServeChild(serve: () => Promise<{ served: Served; ready: object }>, measure?: ServerMeasure): Promise<void> {
  let stop: () => Promise<void> = async () => undefined;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpuAtStart = process.cpuUsage();
  let wallAtStart = performance.now();

  process.on('message', async (message: { type: string }) => {
    if (message.type === 'mark') {
      measure?.mark();
      loop.reset();
      Object.assign(cpuAtStart, process.cpuUsage());
      wallAtStart = performance.now();
      return;
    }
    if (message.type !== 'stop') return;
    const cpu = process.cpuUsage(cpuAtStart);
    const server = { ...measure?.results(), loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - wallAtStart)) * 100 };
    await stop();
    await send({ type: 'stopped', server });
    process.exit(0);
  });

  try {
    const { served, ready } = await serve();
    stop = served.stop;
    await send({ type: 'ready', port: served.port, ...ready });
  } catch (error) {
    console.error(error);
    await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}

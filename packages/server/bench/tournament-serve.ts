// Child process of the tournament bench: either a bare socket.io server that acknowledges at
// once (BENCH_SERVER=bare, the ceiling), or the Sortie server on the embedded default (PGlite in
// a data folder, BENCH_DATA_DIR) with the demo data and BENCH_TOURNAMENTS running round robins.
//
// Child → parent (IPC): { type: 'ready', port, tournaments: [{ id, matchIds }] } or
// { type: 'failed', message }. Parent → child: { type: 'stop' } → { type: 'stopped' }.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { runTournamentAction, TournamentInputSchema, type TournamentActor } from '@sortie/core/domain';
import { buildApp, type SortieApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import type { Db } from '../src/db/database';
import { Store } from '../src/db/store';
import { loadDemo } from '../src/demo/load';
import { DEMO_IDS } from '../src/demo/ids';

const send = (message: object) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const kind = process.env.BENCH_SERVER ?? 'sortie';
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 8);
const STAFF: TournamentActor = { id: DEMO_IDS.users.staff, name: 'Équipe', staff: true };

let stop: () => Promise<void> = async () => undefined;

async function bare(): Promise<void> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => socket.on('tournament', (_payload: unknown, ack: (answer: unknown) => void) => ack({ status: 'ok' })));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise((resolve) => io.close(() => resolve()));
  await send({ type: 'ready', port: (http.address() as { port: number }).port, tournaments: [] });
}

/** Round robins of PLAYERS walk-ins, started by staff through core's actions: every match ready. */
async function tournaments(db: Db): Promise<Array<{ id: string; matchIds: string[] }>> {
  const store = new Store(db);
  const made = [];
  for (let t = 0; t < TOURNAMENTS; t++) {
    let state = TournamentInputSchema.parse({ name: `Tournoi du banc ${t + 1}`, game: 'Fléchettes', format: 'round_robin' });
    for (let p = 0; p < PLAYERS; p++) state = runTournamentAction('addParticipant', state, STAFF, { name: `Joueur ${p + 1}` });
    state = runTournamentAction('start', state, STAFF, {});
    const stored = await store.insert('tournaments', state);
    made.push({ id: stored._id, matchIds: state.matches.filter((m) => m.status === 'ready' && m.a && m.b).map((m) => m.id) });
  }
  return made;
}

async function sortie(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR attendu.');
  const config = { ...loadConfig({ SORTIE_DATA_DIR: dataDir } as NodeJS.ProcessEnv), secret: 'bench-secret-bench-secret', signInRateLimit: 1000 };
  const db = await openDatabase({ dataDir });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  const made = await tournaments(db);
  const app: SortieApp = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  stop = async () => {
    await app.close();
    await db.close();
  };
  await send({ type: 'ready', port: (app.server.address() as { port: number }).port, tournaments: made });
}

// What the server itself went through: its event loop's delays and its CPU time.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const cpuAtStart = process.cpuUsage();
let wallAtStart = performance.now();

process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    loop.reset();
    Object.assign(cpuAtStart, process.cpuUsage());
    wallAtStart = performance.now();
    return;
  }
  if (message.type !== 'stop') return;
  const cpu = process.cpuUsage(cpuAtStart);
  const server = { loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - wallAtStart)) * 100 };
  await stop();
  await send({ type: 'stopped', server });
  process.exit(0);
});

try {
  await (kind === 'bare' ? bare() : sortie());
} catch (error) {
  console.error(error);
  await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

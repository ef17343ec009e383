// Child process of the blind-test bench: either a bare socket.io server that acknowledges at
// once (BENCH_SERVER=bare, the ceiling), or the Sortie server on the embedded default (PGlite in
// a data folder, BENCH_DATA_DIR) with the demo data and one blind test of BENCH_QUESTIONS
// four-choice questions.
//
// Child → parent (IPC): { type: 'ready', port, blindTestId, correctChoices } or { type: 'failed', message }.
// Parent → child: { type: 'mark' } (measuring starts), { type: 'stop' } → { type: 'stopped', server }.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { SOCKET_EVENTS } from '@sortie/core/domain';
import { buildApp, type SortieApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import { Store } from '../src/db/store';
import { loadDemo } from '../src/demo/load';
import { attachBlindTests } from '../src/blind-tests/blind-test-socket';

const send = (message: object) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const kind = process.env.BENCH_SERVER ?? 'sortie';
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 3);

let stop: () => Promise<void> = async () => undefined;
const serverAcks: number[] = [];
let measuring = false;

async function bare(): Promise<void> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => socket.on(SOCKET_EVENTS.blindTest, (_payload: unknown, ack: (answer: unknown) => void) => ack({ status: 'ok', game: null, player: { id: socket.id, token: socket.id } })));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise((resolve) => io.close(() => resolve()));
  await send({ type: 'ready', port: (http.address() as { port: number }).port, blindTestId: '0123456789abcdef01234567', correctChoices: [] });
}

async function sortie(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR attendu.');
  const config = { ...loadConfig({ SORTIE_DATA_DIR: dataDir } as NodeJS.ProcessEnv), secret: 'bench-secret-bench-secret', signInRateLimit: 1000 };
  const db = await openDatabase({ dataDir });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  const store = new Store(db);
  const correctChoices = Array.from({ length: QUESTIONS }, (_, i) => (i * 3 + 1) % 4);
  const questionIds: string[] = [];
  for (const [i, correctChoice] of correctChoices.entries()) {
    const question = await store.insert('questions', { kind: 'choices', prompt: `Question du banc n° ${i + 1}`, choices: ['Stromae', 'Angèle', 'Orelsan', 'Zaz'], correctChoice, points: 100, timeLimitSeconds: 20 });
    questionIds.push(question._id);
  }
  const blindTest = await store.insert('blindtests', { title: 'Blind test du banc', questionIds, status: 'draft', mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 10 });
  const app: SortieApp = await buildApp({ db, config });
  // Until app.ts wires it (a no-op once it does).
  const games = attachBlindTests(app.ctx.io!, app.ctx, (message, error) => console.error(message, error));
  // The server's own part of each answer's acknowledgement: from its arrival to the ack sent.
  app.ctx.io!.on('connection', (socket) => {
    socket.use((packet, next) => {
      const ack = packet.at(-1);
      if (packet[0] === SOCKET_EVENTS.blindTest && typeof ack === 'function' && typeof packet[1] === 'string' && packet[1].includes('"answer"')) {
        const received = performance.now();
        packet[packet.length - 1] = (answer: unknown) => {
          if (measuring) serverAcks.push(performance.now() - received);
          ack(answer);
        };
      }
      next();
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  stop = async () => {
    await games.close();
    await app.close();
    await db.close();
  };
  await send({ type: 'ready', port: (app.server.address() as { port: number }).port, blindTestId: blindTest._id, correctChoices });
}

// What the server itself went through: its event loop's delays and its CPU time.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const cpuAtStart = process.cpuUsage();
let wallAtStart = performance.now();

process.on('message', async (message: { type: string }) => {
  if (message.type === 'mark') {
    measuring = true;
    loop.reset();
    Object.assign(cpuAtStart, process.cpuUsage());
    wallAtStart = performance.now();
    return;
  }
  if (message.type !== 'stop') return;
  const cpu = process.cpuUsage(cpuAtStart);
  serverAcks.sort((a, b) => a - b);
  const at = (q: number) => serverAcks[Math.min(serverAcks.length - 1, Math.floor(q * serverAcks.length))] ?? NaN;
  const server = { ackP50Ms: at(0.5), ackP99Ms: at(0.99), loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - wallAtStart)) * 100 };
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

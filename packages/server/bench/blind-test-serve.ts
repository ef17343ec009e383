// Child process of the blind-test bench (see socket-serve-child.ts): either a bare socket.io server
// that acknowledges at once (BENCH_SERVER=bare, the ceiling), or the Sortie server on the embedded
// default (PGlite in a data folder, BENCH_DATA_DIR) with the demo data and one blind test of
// BENCH_QUESTIONS four-choice questions.
//
// Child → parent (IPC): { type: 'ready', port, blindTestId, correctChoices } or { type: 'failed', message }.
// Parent → child: { type: 'mark' } (measuring starts), { type: 'stop' } → { type: 'stopped', server }
// (with the server's own part of each answer's acknowledgement, ackP50Ms and ackP99Ms);
// { type: 'answers', blindTestId } → { type: 'answers', answers } (every stored answer of its game, from their table).
import { SOCKET_EVENTS } from '@sortie/core/domain';
import type { SortieApp } from '../src/app';
import type { Db } from '../src/db/database';
import { Store } from '../src/db/store';
import { attachBlindTests } from '../src/blind-tests/blind-test-socket';
import { storedAnswers } from '../src/blind-tests/blind-test-rows';
import { runServeChild, serveBare, serveSortie } from './socket-serve-child';

const kind = process.env.BENCH_SERVER ?? 'sortie';
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 3);

const serverAcks: number[] = [];
let measuring = false;

async function bare() {
  const served = await serveBare(SOCKET_EVENTS.blindTest, (socketId) => ({ status: 'ok', game: null, player: { id: socketId, token: socketId } }));
  return { served, ready: { blindTestId: '0123456789abcdef01234567', correctChoices: [] } };
}

let database: Db | null = null;

// The bench checks the leaderboard against every answer stored, read from the answers' table.
process.on('message', (message: { type: string; blindTestId?: string }) => {
  if (message.type !== 'answers' || !database || !message.blindTestId) return;
  const id = message.blindTestId;
  void database
    .query<{ code: string; round: number | null }>(`SELECT data->'game'->>'code' AS code, (data->'game'->>'round')::int AS round FROM blind_tests WHERE id = $1`, [id])
    .then(([row]) => (row ? storedAnswers(database!, id, { code: row.code, round: row.round ?? 1 }) : []))
    .then((answers) => process.send!({ type: 'answers', answers }));
});

/**
 * BENCH_TRACE=1: what held the server up while measured, on stderr: each database query slower
 * than 50 ms (its first words) and each turn of the event loop blocked more than 50 ms.
 */
function trace(db: Db): void {
  if (!process.env.BENCH_TRACE) return;
  const started = performance.now();
  const at = () => `${((performance.now() - started) / 1000).toFixed(2)} s`;
  const query = db.query.bind(db);
  db.query = async (text, params) => {
    const t0 = performance.now();
    try {
      return await query(text, params);
    } finally {
      const took = performance.now() - t0;
      if (measuring && took > 50) console.error(`[trace ${at()}] requête de ${took.toFixed(0)} ms : ${text.replace(/\s+/g, ' ').slice(0, 90)}`);
    }
  };
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (measuring && now - last > 60) console.error(`[trace ${at()}] boucle d’événements bloquée ${(now - last - 10).toFixed(0)} ms`);
    last = now;
  }, 10).unref();
}

/** One blind test of QUESTIONS four-choice questions. */
async function blindTest(db: Db): Promise<{ blindTestId: string; correctChoices: number[] }> {
  database = db;
  trace(db);
  const store = new Store(db);
  const correctChoices = Array.from({ length: QUESTIONS }, (_, i) => (i * 3 + 1) % 4);
  const questionIds: string[] = [];
  for (const [i, correctChoice] of correctChoices.entries()) {
    const question = await store.insert('questions', { kind: 'choices', prompt: `Question du banc n° ${i + 1}`, choices: ['Stromae', 'Angèle', 'Orelsan', 'Zaz'], correctChoice, points: 100, timeLimitSeconds: 20 });
    questionIds.push(question._id);
  }
  const made = await store.insert('blindtests', { title: 'Blind test du banc', questionIds, status: 'draft', mode: 'answers', slowestShare: 0.5, wrongBuzzPenalty: 0, streakBonus: 10 });
  return { blindTestId: made._id, correctChoices };
}

/** Attaches the blind tests' sockets and times the server's own part of each answer's acknowledgement: from its arrival to the ack sent. */
function attachTimedBlindTests(app: SortieApp) {
  // Until app.ts wires it (a no-op once it does).
  const games = attachBlindTests(app.ctx.io!, app.ctx, (message, error) => console.error(message, error));
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
  return games;
}

async function sortie() {
  const { seeded, ...served } = await serveSortie(blindTest, attachTimedBlindTests);
  return { served, ready: seeded };
}

await runServeChild(kind === 'bare' ? bare : sortie, {
  mark: () => {
    measuring = true;
  },
  results: () => {
    serverAcks.sort((a, b) => a - b);
    const at = (q: number) => serverAcks[Math.min(serverAcks.length - 1, Math.floor(q * serverAcks.length))] ?? NaN;
    return { ackP50Ms: at(0.5), ackP99Ms: at(0.99) };
  },
});

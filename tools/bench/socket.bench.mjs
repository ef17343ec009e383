// Socket benchmark: the tournament acknowledgement round trip with 200 clients, and a
// broadcast to 500 spectators, beside a bare socket.io echo server measured in this run
// (the ceiling). Run by `pnpm bench` as `node --import tsx tools/bench/socket.bench.mjs <out.json>`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// socket.io and its client are the server package's dependencies: resolve them from there.
const fromServer = createRequire(join(root, 'packages/server/package.json'));
const { Server } = fromServer('socket.io');
const { io: connect } = fromServer('socket.io-client');
const server = await import(pathToFileURL(join(root, 'packages/server/src/index.ts')).href);

const out = process.argv[2];
const CLIENTS = 200;
const SPECTATORS = 500;
const ROUNDS = 5; // acknowledgements per client
const BROADCASTS = 20;
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

function connectAll(url, count, options = {}) {
  return Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, ...options });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    })),
  );
}

/** Every client sends ROUNDS requests, one after the other; answers the round-trip times in ms. */
async function roundTrips(sockets, send) {
  const times = [];
  await Promise.all(sockets.map(async (socket) => {
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await send(socket);
      times.push(performance.now() - started);
    }
  }));
  return times;
}

// The ceiling: a bare socket.io server that acknowledges at once.
const bareHttp = createServer();
const bare = new Server(bareHttp);
bare.on('connection', (socket) => socket.on('echo', (_payload, ack) => ack({ status: 'ok' })));
await new Promise((r) => bareHttp.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${bareHttp.address().port}`;

// The app, in-process, on a fresh PGlite with the demo data.
const temp = mkdtempSync(join(tmpdir(), 'sortie-socket-bench-'));
// Its clients send back to back (a visitor 20 joins and leaves in a row), faster than phones: without the per-socket limit.
const config = { ...server.loadConfig({ SORTIE_DATA_DIR: join(temp, 'data'), SORTIE_WEB_DIST: join(temp, 'none') }, temp), signInRateLimit: 1000, socketRateLimit: false };
const db = await server.openDatabase({ dataDir: config.dataDir });
await server.loadDemo(db, { password: 'sortie-demo', production: false });
const app = await server.buildApp({ db, config });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${app.server.address().port}`;
const tournamentId = server.DEMO_IDS.tournament;
const request = (action) => JSON.stringify({ action, tournamentId, params: {} });

async function sessionToken(email) {
  const post = (path, body) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const { idToken } = await post('/api/identity/signIn', { email, password: 'sortie-demo' });
  return (await post('/api/auth/login/web', { idToken, messagingToken: null })).sessionToken;
}

const results = [];
const all = [];
try {
  const bareClients = await connectAll(bareUrl, CLIENTS);
  all.push(...bareClients);
  const ceiling = await roundTrips(bareClients, (s) => s.emitWithAck('echo', request('get')));

  const clients = await connectAll(url, CLIENTS);
  all.push(...clients);
  const acks = await roundTrips(clients, async (s) => {
    const reply = await s.emitWithAck('tournament', request('get'));
    if (reply.status !== 'ok') throw new Error(`acknowledgement refused: ${reply.msg}`);
  });
  for (const [name, q] of [['p50', 0.5], ['p99', 0.99]]) {
    const value = quantile(acks, q);
    const bareValue = quantile(ceiling, q);
    results.push({ name: `ack get ${name} (${CLIENTS} clients)`, value, unit: 'ms', ceiling: bareValue, ratio: value / bareValue, goal: q === 0.99 ? '≤ 2000 ms (core’s wait)' : undefined, pass: q === 0.99 ? value <= 2000 : undefined });
  }

  // 500 spectators in the tournament's room; a signed-in visitor joins and leaves to cause updates.
  const spectators = await connectAll(url, SPECTATORS);
  all.push(...spectators);
  await Promise.all(spectators.map((s) => s.emitWithAck('tournament', request('get'))));
  const [player] = await connectAll(url, 1, { auth: { token: await sessionToken('visiteur@demo.sortie.fr') } });
  all.push(player);
  const fanOut = [];
  for (let i = 0; i < BROADCASTS; i++) {
    const started = performance.now();
    const received = Promise.all(spectators.map((s) => new Promise((resolve) => s.once('tournament:update', resolve))));
    const reply = await player.emitWithAck('tournament', request(i % 2 === 0 ? 'join' : 'leave'));
    if (reply.status !== 'ok') throw new Error(`broadcast action refused: ${reply.msg}`);
    await received;
    fanOut.push(performance.now() - started);
  }
  // The ceiling for a broadcast: the bare server emitting to the same number of sockets.
  const bareSpectators = await connectAll(bareUrl, SPECTATORS);
  all.push(...bareSpectators);
  const bareFanOut = [];
  for (let i = 0; i < BROADCASTS; i++) {
    const started = performance.now();
    const received = Promise.all(bareSpectators.map((s) => new Promise((resolve) => s.once('update', resolve))));
    bare.emit('update', { i });
    await received;
    bareFanOut.push(performance.now() - started);
  }
  for (const [name, q] of [['p50', 0.5], ['p99', 0.99]]) {
    const value = quantile(fanOut, q);
    const bareValue = quantile(bareFanOut, q);
    results.push({ name: `broadcast to ${SPECTATORS} ${name}`, value, unit: 'ms', ceiling: bareValue, ratio: value / bareValue });
  }
} finally {
  for (const socket of all) socket.disconnect();
  await app.close();
  await db.close();
  bare.close();
  rmSync(temp, { recursive: true, force: true });
}

for (const r of results) console.log(`socket  ${r.name.padEnd(34)} ${r.value.toFixed(1).padStart(8)} ms  (plafond ${r.ceiling.toFixed(1)} ms)`);
if (out) writeFileSync(out, JSON.stringify({ results }));
process.exit(0);

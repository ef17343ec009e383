#!/usr/bin/env node
// Bench of the scale-out (issue 18): one Sortie node, then two nodes side by side on one
// PostgreSQL (real `src/main.ts` processes, as an operator runs them), loaded the same way:
// - socket acknowledgements: CLIENTS socket clients each sending a tournament `get` and waiting
//   for its acknowledgement, over and over, for DURATION seconds (spread over the nodes);
// - /r: wrk on a short link (visits buffered and written every 250 ms), its connections spread
//   over the nodes;
// - a short link edited on one node: how soon the other redirects to the new address;
// - a tournament update and a notification written on one node: how soon a socket on the other hears it.
// Its clients send back to back, faster than phones: the nodes run without the per-socket limit.
// Needs SORTIE_BENCH_DATABASE_URL (a PostgreSQL where it may create and drop a database) and wrk.
//
// Usage: node --import tsx packages/server/bench/cluster.bench.mjs [results.json]
// Environment: DURATION (seconds per measure, 5), CLIENTS (100), CONNECTIONS (wrk, 50), EDITS (20), ROUNDS (5).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { SOCKET_EVENTS } from '@sortie/core';
import { runWrk, wrkVersion, running } from './wrk.mjs';
import { openDatabase } from '../src/db/open-database.ts';
import { loadDemo } from '../src/demo/load.ts';
import { DEMO_IDS, DEMO_SHORT_CODES } from '../src/demo/ids.ts';

const DURATION = Number(process.env.DURATION ?? 5);
const CLIENTS = Number(process.env.CLIENTS ?? 100);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const EDITS = Number(process.env.EDITS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
const base = process.env.SORTIE_BENCH_DATABASE_URL;
const nodes = [];

const write = (results) => outPath && writeFileSync(outPath, JSON.stringify({ results }, null, 2));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

if (!base) {
  console.log('bench cluster : SORTIE_BENCH_DATABASE_URL absent, ignoré (deux nœuds demandent PostgreSQL).');
  write([]);
  process.exit(0);
}
wrkVersion();

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startNode(name, databaseUrl) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SORTIE_WEB_DIST: '/nonexistent-web-dist', SORTIE_SECRET: 'bench-secret-bench-secret-bench', NODE_ENV: 'bench', SORTIE_SOCKET_RATE_LIMIT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  nodes.push(proc);
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Sortie est prêt')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`nœud ${name} arrêté (code ${code}) : ${out}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** CLIENTS closed-loop clients spread over `urls`: acknowledgements a second and their latency. */
async function socketAcks(urls) {
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => new Promise((resolve, reject) => {
      const socket = connect(urls[i % urls.length], { transports: ['websocket'], reconnection: false });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    })),
  );
  const payload = JSON.stringify({ action: 'get', tournamentId: DEMO_IDS.tournament, params: {} });
  const ask = (socket) => socket.timeout(2000).emitWithAck('tournament', payload);
  await Promise.all(sockets.map(ask)); // warm: every node holds its copy
  const latencies = [];
  let errors = 0;
  const until = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    sockets.map(async (socket) => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const reply = await ask(socket);
          if (reply.status !== 'ok') errors += 1;
          latencies.push(performance.now() - sent);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.disconnect();
  latencies.sort((x, y) => x - y);
  return { rate: latencies.length / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), errors };
}

/** A session cookie of a demo account on `url`, as the web app opens it (embedded identity, then the cookie). */
async function sessionCookie(url, email) {
  const signed = await fetch(`${url}/api/identity/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'sortie-demo' }) });
  const { idToken } = await signed.json();
  const login = await fetch(`${url}/api/auth/login/web`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
  return login.headers.getSetCookie().find((c) => c.includes('sortie_session=')).split(';')[0];
}

const openSocket = (url, cookie) =>
  new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: cookie ? { cookie } : {} });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const tournamentAction = (socket, action, params = {}) => socket.timeout(5000).emitWithAck(SOCKET_EVENTS.tournament, JSON.stringify({ action, tournamentId: DEMO_IDS.tournament, params }));

/** When `socket` first hears `event` with a payload `matches` accepts (Infinity after 5 s). */
function heard(socket, event, matches) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => (socket.off(event, on), resolve(Infinity)), 5000);
    function on(payload) {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, on);
      resolve(performance.now());
    }
    socket.on(event, on);
  });
}

/**
 * A write on `a` reaching a socket on `b`, ROUNDS times each (issue 18: within a second): a player
 * added by staff on A, heard by a spectator on B; a notification created on A, pushed to its
 * user's phone on B.
 */
async function crossNodeEvents(a, b) {
  const [staff, visitor] = await Promise.all([sessionCookie(a, 'staff@demo.sortie.fr'), sessionCookie(b, 'visiteur@demo.sortie.fr')]);
  const [spectator, staffSocket, phone] = await Promise.all([openSocket(b), openSocket(a, staff), openSocket(b, visitor)]);
  // A round trip each: the spectator holds the tournament, the phone has joined its user's room.
  await Promise.all([tournamentAction(spectator, 'get'), tournamentAction(phone, 'get')]);
  const tournament = [];
  const push = [];
  for (let i = 0; i < ROUNDS; i++) {
    const name = `Banc ${process.pid}-${i}`;
    const update = heard(spectator, SOCKET_EVENTS.tournamentUpdate, (t) => t.participants.some((p) => p.name === name));
    let sent = performance.now();
    const reply = await tournamentAction(staffSocket, 'addParticipant', { name });
    if (reply.status !== 'ok') throw new Error(`addParticipant : ${reply.msg ?? reply.status}`);
    tournament.push((await update) - sent);

    const pushed = heard(phone, SOCKET_EVENTS.push, (message) => message.notification?.title === name);
    sent = performance.now();
    const created = await fetch(`${a}/api/notifications`, { method: 'POST', headers: { cookie: staff, 'content-type': 'application/json' }, body: JSON.stringify({ userId: DEMO_IDS.users.visitor, title: name, body: 'Banc d’essai' }) });
    if (!created.ok) throw new Error(`POST /api/notifications : ${created.status} ${await created.text()}`);
    push.push((await pushed) - sent);
  }
  for (const socket of [spectator, staffSocket, phone]) socket.disconnect();
  const summary = (delays) => (delays.sort((x, y) => x - y), { p50: quantile(delays, 0.5), max: delays.at(-1) });
  return { tournament: summary(tournament), push: summary(push) };
}

/**
 * A short link edited through `a`, then asked of `b` until it redirects to the new address:
 * the time from the edit's answer to the first such redirect, EDITS times (issue 18: ≤ 100 ms).
 */
async function editReachesOtherNode(a, b) {
  const cookie = await sessionCookie(a, 'staff@demo.sortie.fr');
  const path = `/r/${DEMO_SHORT_CODES.poitiers}`;
  const delays = [];
  for (let i = 0; i < EDITS; i++) {
    const target = `https://www.poitiers.fr/agenda-${i}`;
    const edited = await fetch(`${a}/api/dynaLinks/${DEMO_IDS.dynaLinks.poitiers}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ url: target }) });
    if (!edited.ok) throw new Error(`PATCH du lien court : ${edited.status} ${await edited.text()}`);
    const saved = performance.now();
    let location = null;
    while (location !== target && performance.now() - saved < 5000) location = (await fetch(`${b}${path}`, { redirect: 'manual' })).headers.get('location');
    delays.push(location === target ? performance.now() - saved : Infinity);
  }
  delays.sort((x, y) => x - y);
  return { p50: quantile(delays, 0.5), max: delays.at(-1) };
}

/** wrk on /r, its connections spread over `urls` (one wrk per node, run together). */
async function shortLinks(urls) {
  const runs = await Promise.all(urls.map((url) => runWrk({ base: url, paths: [`/r/${DEMO_SHORT_CODES.poitiers}`], connections: Math.ceil(CONNECTIONS / urls.length), seconds: DURATION })));
  return {
    rate: runs.reduce((sum, run) => sum + run.rps, 0),
    p99: Math.max(...runs.map((run) => run.latencyMs.p99)),
    errors: runs.reduce((sum, run) => sum + run.errorCount, 0),
  };
}

const name = `sortie_bench_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
const results = [];
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  await loadDemo(db, { password: 'sortie-demo', production: false });
  await db.close();

  const figures = {};
  const a = await startNode('A', url.toString());
  figures.one = { socket: await socketAcks([a]), r: await shortLinks([a]) };
  const b = await startNode('B', url.toString());
  figures.two = { socket: await socketAcks([a, b]), r: await shortLinks([a, b]) };
  const edit = await editReachesOtherNode(a, b);
  const events = await crossNodeEvents(a, b);

  for (const [key, label] of [['one', '1 nœud'], ['two', '2 nœuds']]) {
    const { socket, r } = figures[key];
    results.push(
      { name: `socket : acquittements (get), ${label}`, value: socket.rate, unit: 'ack/s' },
      { name: `socket : p99 de l’acquittement, ${label}`, value: socket.p99, unit: 'ms', goal: '≤ 2000 ms, 0 erreur', pass: socket.p99 <= 2000 && socket.errors === 0 },
      { name: `/r : redirections, ${label}`, value: r.rate, unit: 'req/s' },
      { name: `/r : p99, ${label}`, value: r.p99, unit: 'ms', goal: '0 erreur', pass: r.errors === 0 },
    );
  }
  results.push(
    { name: `lien court modifié sur A → nouvelle redirection sur B, médiane de ${EDITS}`, value: edit.p50, unit: 'ms', goal: '≤ 100 ms', pass: edit.p50 <= 100 },
    { name: `lien court modifié sur A → nouvelle redirection sur B, pire de ${EDITS}`, value: edit.max, unit: 'ms' },
    { name: `joueur ajouté sur A → spectateur sur B, pire de ${ROUNDS}`, value: events.tournament.max, unit: 'ms', goal: '≤ 1000 ms', pass: events.tournament.max <= 1000 },
    { name: `notification créée sur A → téléphone sur B, pire de ${ROUNDS}`, value: events.push.max, unit: 'ms', goal: '≤ 1000 ms', pass: events.push.max <= 1000 },
    { name: 'socket : 2 nœuds / 1 nœud', value: figures.two.socket.rate / figures.one.socket.rate, unit: '×' },
    { name: '/r : 2 nœuds / 1 nœud', value: figures.two.r.rate / figures.one.r.rate, unit: '×' },
  );
  console.log(
    `bench cluster : ${cpus().length} cœurs pour le client de charge, PostgreSQL et les nœuds. Chaque nœud est un processus ` +
      'Node (un cœur) : ici deux nœuds se partagent les deux mêmes cœurs que le générateur de charge et PostgreSQL, le ' +
      'rapport 2/1 mesure donc surtout le coût de la coordination (NOTIFY, adaptateur socket.io). Sur une machine à ' +
      'N cœurs libres, le débit de /r et des acquittements croît presque linéairement avec le nombre de nœuds (un ' +
      'cœur chacun) jusqu’à saturer PostgreSQL : /r n’y écrit qu’un INSERT groupé toutes les 250 ms par nœud, et un ' +
      '`get` de tournoi se sert de la copie en mémoire.',
  );
  write(results);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of running) child.kill();
  await Promise.all(nodes.map((proc) => new Promise((resolve) => (proc.exitCode !== null ? resolve() : (proc.once('exit', resolve), proc.kill('SIGTERM'))))));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
}

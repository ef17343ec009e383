#!/usr/bin/env node
// Bench of a server stopped under /r load (issue 34): wrk loads /r/{code} as an iPhone from an
// Instagram story, its Lua response() hook counting every 302 it reads, and the server is sent
// SIGKILL or SIGTERM midway. The figure is the visits lost: the 302s wrk read whose visit the
// database does not hold (goal 0), three runs of each signal:
//
//   on the embedded database (the built server, PGlite in a temporary data folder, opened again
//   after each run to count, the visits of its journal moved into the table as a start does);
//   on two nodes on one PostgreSQL (SORTIE_BENCH_DATABASE_URL; skipped without it), each loaded by
//   its own wrk, one of them stopped: the other keeps answering.
//
// Usage: node --import tsx packages/server/bench/redirect-stop.bench.mjs [results.json]
// Environment: RUNS (3), SECONDS (6: the signal is sent at half), CONNECTIONS (32).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runWrk, running as runningWrk } from './wrk.mjs';
import { createBenchDatabase } from './postgres-database.mjs';
import { buildServer, freePort, startServer } from '../src/testing/server-process.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { VISIT_JOURNAL_FILE, VisitJournal } from '../src/links/visit-journal.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const POSTGRES_URL = process.env.SORTIE_BENCH_DATABASE_URL || undefined;
const SHORT_CODE = 'poitiers';
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  referer: 'https://l.instagram.com/',
};
const COUNT_VISITS = `SELECT count(*)::int AS n FROM dyna_link_visits v JOIN dyna_links l ON l.id = v.link_id WHERE l.short_code = $1`;

const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
const temp = mkdtempSync(join(tmpdir(), 'sortie-redirect-stop-'));
const servers = new Set();
let built = null;
const cleanUp = () => {
  for (const wrk of runningWrk) wrk.kill('SIGTERM');
  for (const server of servers) server.child.kill('SIGKILL');
  built?.remove();
  rmSync(temp, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

async function start(options) {
  const server = await startServer(built.script, options);
  servers.add(server);
  void server.exit.then(() => servers.delete(server));
  return server;
}

/** wrk on `server` for SECONDS; answers its 302s as its Lua hook counted them. */
async function load(server, connections) {
  const run = await runWrk({ base: server.url, paths: [`/r/${SHORT_CODE}`], headers: HEADERS, connections, seconds: SECONDS, timeout: '2s', statuses: true });
  return { redirects: run.statuses?.['302'] ?? 0, statuses: run.statuses ?? {}, rps: run.rps, p99: run.latencyMs.p99 };
}

/** Sends `signal` to `server` at half the load, and answers how long it took to exit. */
async function stopMidway(server, signal) {
  await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
  const sent = performance.now();
  server.child.kill(signal);
  const code = await server.exit;
  return { code, exitMs: performance.now() - sent, output: server.output() };
}

async function countPglite(dataDir) {
  const db = await openDatabase({ dataDir });
  try {
    // What a killed server left in the visit journal is moved into the table, as its next start does.
    await (await VisitJournal.open(join(dataDir, VISIT_JOURNAL_FILE), db)).close();
    return Number((await db.query(COUNT_VISITS, [SHORT_CODE]))[0].n);
  } finally {
    await db.close();
  }
}

async function countPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(COUNT_VISITS, [SHORT_CODE])).rows[0].n);
  } finally {
    await client.end();
  }
}

const results = [];
const row = (name, value, unit, extra = {}) => results.push({ name, value, unit, ...extra });

async function pgliteRuns(signal) {
  const dataDir = join(temp, `pglite-${signal}`);
  // The first start loads the demo (the link), then every run starts on what the last left.
  const first = await start({ dataDir, port: await freePort() });
  first.child.kill('SIGTERM');
  await first.exit;
  const lost = [];
  for (let run = 1; run <= RUNS; run++) {
    const before = await countPglite(dataDir);
    const server = await start({ dataDir, port: await freePort() });
    const [loaded, stopped] = await Promise.all([load(server, CONNECTIONS), stopMidway(server, signal)]);
    const stored = (await countPglite(dataDir)) - before;
    lost.push(Math.max(0, loaded.redirects - stored));
    console.log(`  PGlite ${signal} ${run}/${RUNS} : ${loaded.redirects} réponses 302 lues par wrk, ${stored} visites enregistrées, ${lost.at(-1)} perdue(s) ; sortie ${stopped.code ?? signal} en ${(stopped.exitMs / 1000).toFixed(2)} s ; statuts ${JSON.stringify(loaded.statuses)}`);
  }
  return lost;
}

async function postgresRuns(signal, url) {
  const env = { DATABASE_URL: url };
  const lost = [];
  for (let run = 1; run <= RUNS; run++) {
    const before = await countPostgres(url);
    const a = await start({ dataDir: join(temp, `pg-a-${signal}-${run}`), port: await freePort(), env });
    const b = await start({ dataDir: join(temp, `pg-b-${signal}-${run}`), port: await freePort(), env });
    const [loadedA, loadedB] = await Promise.all([load(a, CONNECTIONS / 2), load(b, CONNECTIONS / 2), stopMidway(a, signal)]);
    b.child.kill('SIGTERM');
    await b.exit;
    const redirects = loadedA.redirects + loadedB.redirects;
    const stored = (await countPostgres(url)) - before;
    lost.push(Math.max(0, redirects - stored));
    console.log(`  PostgreSQL, 2 nœuds, ${signal} sur l’un ${run}/${RUNS} : ${redirects} réponses 302 (${loadedA.redirects} du nœud arrêté), ${stored} visites enregistrées, ${lost.at(-1)} perdue(s)`);
  }
  return lost;
}

/** `fn` on a fresh database of the PostgreSQL server of SORTIE_BENCH_DATABASE_URL, dropped after it. */
async function withPostgresDatabase(adminUrl, fn) {
  const database = await createBenchDatabase(adminUrl, 'sortie_stop');
  try {
    return await fn(database.url);
  } finally {
    await database.drop();
  }
}

try {
  built = await buildServer('redirect-stop-bench');
  console.log(`/r arrêté sous charge : wrk -c${CONNECTIONS} pendant ${SECONDS} s, le signal à mi-course, ${RUNS} essais par signal`);
  for (const signal of ['SIGKILL', 'SIGTERM']) {
    const lost = await pgliteRuns(signal);
    row(`visites perdues, ${signal} sous charge /r [PGlite] (${RUNS} essais : ${lost.join(', ')})`, lost.reduce((a, b) => a + b, 0), 'visites', { goal: '0', pass: lost.every((n) => n === 0) });
  }
  if (POSTGRES_URL) {
    // The first node loads the demo; the next ones find it.
    await withPostgresDatabase(POSTGRES_URL, async (url) => {
      const first = await start({ dataDir: join(temp, 'pg-seed'), port: await freePort(), env: { DATABASE_URL: url } });
      first.child.kill('SIGTERM');
      await first.exit;
      for (const signal of ['SIGKILL', 'SIGTERM']) {
        const lost = await postgresRuns(signal, url);
        row(`visites perdues, ${signal} d’un nœud sur 2 sous charge /r [PostgreSQL] (${RUNS} essais : ${lost.join(', ')})`, lost.reduce((a, b) => a + b, 0), 'visites', { goal: '0', pass: lost.every((n) => n === 0) });
      }
    });
  } else {
    console.log('(SORTIE_BENCH_DATABASE_URL absent : pas de mesure sur PostgreSQL.)');
  }
} catch (error) {
  console.error(`✗ bench interrompu : ${error instanceof Error ? error.stack : error}`);
  cleanUp();
  process.exit(1);
}
cleanUp();
for (const r of results) console.log(`${r.name} : ${r.value} ${r.unit} ${r.pass ? '✓' : '✗'}`);
if (outPath) writeFileSync(outPath, JSON.stringify({ results }, null, 2));

#!/usr/bin/env node
// Bench of the server: a bare node:http route (the ceiling) and the Sortie server on the demo
// data plus BENCH_EVENTS generated events, loaded by wrk in the same run, with the same settings.
//
// Usage: node --import tsx packages/server/bench/server.bench.mjs [results.json]
// Environment: DURATION (seconds measured per measure, 5), WARMUP (seconds of warm-up before
// each, DURATION), CONNECTIONS (wrk connections, 32), BENCH_EVENTS (generated events, 100000),
// SORTIE_BENCH_DATABASE_URL (a PostgreSQL server: the database-bound measures run there too, in
// a database created for the run and dropped after it), WRK_PATH (wrk when not on the PATH),
// REDIRECT_ONLY=1 (only /r and the ceiling: to work on the short links' fast path), SEARCH_SECONDS
// (seconds measured for each search alone, one client: DURATION / 2, at least 2).
//
// wrk runs with one thread (-t1): on this 2-core machine one core loads, the other serves.
import { fork, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { runWrk, running as runningWrk, wrkVersion, WrkMissingError } from './wrk.mjs';
import { bufferCoverage, createBenchDatabase } from './postgres-database.mjs';

const DURATION = Number(process.env.DURATION ?? 5);
const WARMUP = Number(process.env.WARMUP ?? DURATION);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const POSTGRES_URL = process.env.SORTIE_BENCH_DATABASE_URL || undefined;
const SEARCH_CLIENTS = 4;
const REDIRECT_ONLY = process.env.REDIRECT_ONLY === '1';
const SHORT_CODE = 'poitiers';
const SERVER_START_TIMEOUT_MS = 240_000;

/** Past this gap between the first and the last ceiling, the run says the machine changed speed. */
const CEILING_GAP_WARNING = 0.2;

// Issue 34's figures (and 36's for /r), at 100,000 events on this machine.
const GOALS = {
  ceilingRps: 25_000,
  redirectRatio: { PGlite: 0.5, PostgreSQL: 0.35 },
  redirectP99Ms: 15,
  redirectUnderSearchP99Ms: 25,
  feedP99Ms: 40,
  feedEmbeddedRps: 1_500,
  feedPgbenchRatio: 0.5,
  /** Each search alone, one client. */
  searchOneP95Ms: 15,
  /** SEARCH_CLIENTS clients at once, looping over SEARCHES. */
  searchConcurrentP95Ms: { PGlite: 30, PostgreSQL: 20 },
  pageVisitorRps: 300,
  pageAnonymousRps: 3_000,
  pageP99Ms: 100,
};
const PAGE_CONNECTIONS = 16;
// What a browser's fetch and page loads accept: answers are compressed as a visitor receives them.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const HEADERS = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': 'sortie-bench' };
// /r is loaded as a phone from an Instagram story would open it: each visit is stored with its day,
// device, system, browser and referrer's host (issue 36), and only visits with all of them count.
const REDIRECT_HEADERS = {
  ...HEADERS,
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  referer: 'https://l.instagram.com/',
};
// A signed-in visitor (the demo visitor's session, made by serve.ts): what it reads as any visitor
// would comes from the one-second public cache; with Cache-Control: no-cache (a forced reload) it
// is read afresh, which is how the uncached figures are taken: each answer from a read begun after
// its request arrived (reloads of the same url that arrive while a read waits share it: http/fresh-reads.ts).
const SESSION_TOKEN = randomBytes(32).toString('base64url');
// Its browser holds the session cookie and the page-readable hint beside it (http/session-hint.ts).
const VISITOR = { ...HEADERS, cookie: `sortie_session=${SESSION_TOKEN}; sortie_signed_in=1` };
const UNCACHED = { ...VISITOR, 'cache-control': 'no-cache' };
// A browser opening a page: HTML, compressed.
const PAGE = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': ACCEPT_ENCODING, 'user-agent': 'sortie-bench' };
// The searches of issue 34: common and rare words, a missing accent, a typo, two words, a city,
// and festival, whose events are half a year away in November.
const SEARCHES = ['jazz', 'concert', 'théâtre', 'theatre', 'concrt', 'jazz baroque', 'Poitiers', 'exposition photo', 'festival', 'marché', 'danse', 'humour'];
/** Seconds measured per search alone (one wrk each, after a second of warm-up). */
const SEARCH_SECONDS = Number(process.env.SEARCH_SECONDS ?? Math.max(2, Math.round(DURATION / 2)));
const SEARCH_PATHS = SEARCHES.map((q) => `/api/search?q=${encodeURIComponent(q)}`);

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
const logPath = join(tmpdir(), `sortie-bench-server-${process.pid}.log`);
const number = (v, digits = 0) => (v === undefined || v === null || Number.isNaN(v) ? '—' : new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(v));
const ms = (v) => number(v, 2);
const startedAt = Date.now();

// ---------------------------------------------------------------- children and cleanup

const children = new Set();
const cleanups = [];

/** Forks a child, keeps its stdout and stderr in the log (and the last lines in memory), waits for { type: 'ready' }. */
function start(label, script, { env = {}, execArgv = [] } = {}) {
  const child = fork(script, [], { execArgv, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.add(child);
  const tail = [];
  const keep = (stream) => (chunk) => {
    appendFileSync(logPath, chunk.toString().replace(/^(?=.)/gm, `[${label} ${stream}] `));
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout.on('data', keep('out'));
  child.stderr.on('data', keep('err'));
  const handle = { label, child, tail, exit: null, info: null };
  child.on('exit', (code, signal) => {
    children.delete(child);
    handle.exit = { code, signal };
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} : pas prêt après ${SERVER_START_TIMEOUT_MS / 1000} s.${tailText(handle)}`)), SERVER_START_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} s’est arrêté au démarrage (${signal ?? `code ${code}`}).${tailText(handle)}`));
    });
    child.on('message', (m) => {
      if (m.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${label} ne démarre pas : ${m.message}${tailText(handle)}`));
      }
      if (m.type !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.on('exit', (code, signal) => {
        children.delete(child);
        handle.exit = { code, signal };
        console.error(`\n✗ ${label} s’est arrêté pendant la mesure (${signal ?? `code ${code}`}).${tailText(handle)}`);
      });
      handle.info = m;
      resolve(handle);
    });
  });
}

function tailText(handle) {
  return handle.tail.length ? `\nDernières lignes de ${handle.label} (tout est dans ${logPath}) :\n  ${handle.tail.join('\n  ')}` : '';
}

function alive(handle) {
  if (handle.exit) throw new Error(`${handle.label} s’est arrêté (${handle.exit.signal ?? `code ${handle.exit.code}`}) : mesure interrompue.${tailText(handle)}`);
}

function stop(handle, message = {}) {
  alive(handle);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${handle.label} ne s’arrête pas.${tailText(handle)}`)), 60_000);
    handle.child.removeAllListeners('exit');
    handle.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${handle.label} s’est arrêté avant de répondre (code ${code}).${tailText(handle)}`));
    });
    handle.child.on('message', (m) => {
      if (m.type !== 'stopped') return;
      clearTimeout(timer);
      handle.child.removeAllListeners('exit');
      resolve(m);
    });
    handle.child.send({ type: 'stop', ...message });
  });
}

async function cleanup() {
  for (const wrk of runningWrk) wrk.kill('SIGTERM');
  for (const child of children) child.kill('SIGTERM');
  while (cleanups.length) await cleanups.pop()().catch((error) => console.error(`nettoyage : ${error.message}`));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nbench interrompu (${signal}) : arrêt des serveurs et de wrk, nettoyage…`);
    void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** A fresh database on the PostgreSQL server of SORTIE_BENCH_DATABASE_URL, dropped at the end. */
async function createPostgresDatabase(adminUrl) {
  const database = await createBenchDatabase(adminUrl, 'sortie_bench');
  cleanups.push(database.drop);
  return database;
}

// ---------------------------------------------------------------- measures

// { key, label, run, withRatio, goals: [{ text, test(run, ratio) }] }; ratios and passes are
// worked out at the end, against the ceiling (the better of its two runs, first and last).
const rows = [];
let ceilingRps;

function describe(run) {
  const kinds = Object.entries(run.errors).filter(([, n]) => n > 0).map(([kind, n]) => `${kind} ${number(n)}`).join(', ');
  const statuses = run.statuses ? ` ; statuts ${Object.entries(run.statuses).map(([status, n]) => `${status} × ${number(n)}`).join(', ')}` : '';
  const first = run.firstError ? ` ; première : ${run.firstError.slice(0, 160)}` : '';
  const errors = run.errorCount ? `, ${number(run.errorCount)} erreur(s) (${kinds}${statuses}${first})` : '';
  return `${number(run.rps)} req/s, p50 ${ms(run.latencyMs.p50)} ms, p95 ${ms(run.latencyMs.p95)} ms, p99 ${ms(run.latencyMs.p99)} ms${errors}`;
}

/**
 * A warm-up run, then the measured one, with the same paths and headers. `statuses`: wrk also
 * counts the answers by status (a Lua call per answer, so for the slow routes only).
 */
async function measure(handle, label, { paths, headers, connections = CONNECTIONS, statuses = false }) {
  const base = `http://127.0.0.1:${handle.info.port}`;
  const warm = WARMUP > 0 ? await runWrk({ base, paths, headers, connections, seconds: WARMUP, statuses }) : null;
  alive(handle);
  const run = await runWrk({ base, paths, headers, connections, seconds: DURATION, statuses });
  alive(handle);
  console.log(`  ${label} : ${describe(run)}`);
  return { warm, run };
}

/** /r/{code} with CONNECTIONS connections while SEARCH_CLIENTS uncached searches run, from a second wrk. */
async function measureUnderSearch(handle, label) {
  const base = `http://127.0.0.1:${handle.info.port}`;
  const once = async (seconds) => {
    // The searches start first and end last, so that they overlap the whole /r run.
    const search = runWrk({ base, paths: SEARCH_PATHS, headers: UNCACHED, connections: SEARCH_CLIENTS, seconds: seconds + 1, statuses: true });
    await sleep(500);
    const redirect = await runWrk({ base, paths: [`/r/${SHORT_CODE}`], headers: REDIRECT_HEADERS, connections: CONNECTIONS, seconds });
    return { redirect, search: await search };
  };
  const warm = WARMUP > 0 ? await once(WARMUP) : null;
  alive(handle);
  const run = await once(DURATION);
  alive(handle);
  console.log(`  ${label} : ${describe(run.redirect)}`);
  console.log(`    recherches pendant ce temps (${SEARCH_CLIENTS} clients) : ${describe(run.search)}`);
  return { warm, run };
}

/** The bare node:http route, in a child of its own, with the settings of every other measure. */
async function measureCeiling(when) {
  const ceiling = await start('plafond node:http', here('./ceiling.mjs'));
  const { run } = await measure(ceiling, `plafond GET / (node:http nu, ${when})`, { paths: ['/'], headers: HEADERS });
  await stop(ceiling);
  return run;
}

/** One request to each path (with the cookie), so that a wrong path or an empty answer shows before it is measured. */
async function preflight(handle, what, paths) {
  const counts = [];
  const failures = [];
  for (const path of paths) {
    const response = await fetch(`http://127.0.0.1:${handle.info.port}${path}`, { headers: UNCACHED });
    const text = await response.text();
    if (response.status !== 200) {
      failures.push(`${path} → ${response.status} ${text.slice(0, 200)}`);
      continue;
    }
    const body = JSON.parse(text);
    const items = Array.isArray(body.items) ? body.items.length : Object.values(body).reduce((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
    counts.push({ path, items });
  }
  if (failures.length) throw new Error(`${what} : ${failures.length} chemin(s) en erreur :\n  ${failures.join('\n  ')}`);
  const sizes = counts.map((c) => c.items);
  const empty = counts.filter((c) => c.items === 0).map((c) => decodeURIComponent(c.path));
  console.log(`  vérifié : ${what}, ${paths.length} chemins, 200, ${Math.min(...sizes)} à ${Math.max(...sizes)} résultats par réponse${empty.length ? ` (sans résultat : ${empty.join(', ')})` : ''}`);
}

/** The city feeds: a few cities, alone, with a category, with a month, with both. */
function feedPaths(info) {
  const cities = ['Poitiers', ...info.cities.map((c) => c.city).filter((c) => c !== 'Poitiers')].slice(0, 3);
  const categories = info.categoryIds.slice(0, 3);
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString();
  const range = `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return cities.flatMap((city, i) => {
    const base = `/api/events?city=${encodeURIComponent(city)}&limit=20`;
    const category = categories.length ? `&categoryId=${categories[i % categories.length]}` : '';
    return [base, `${base}${category}`, `${base}${range}`, `${base}${category}${range}`];
  });
}

/** Every /r run on one server: its 302s must all have their visit stored. */
function redirectTally() {
  const runs = [];
  return {
    add: (...results) => runs.push(...results.filter(Boolean)),
    // wrk counts the answers it read; an answer outside 2xx/3xx is a status error. A timeout is
    // still an answer (its latency is just not recorded), so only status errors are taken off.
    get answered() {
      return runs.reduce((n, r) => n + r.requests - r.errors.status, 0);
    },
    // Requests still in flight when a run stops were served (and their visits recorded) but not
    // counted by wrk: at most one per connection per run.
    get inFlight() {
      return runs.reduce((n, r) => n + Number(r.args.find((a) => a.startsWith('-c')).slice(2)), 0);
    },
  };
}

function visitsRow(backend, visits, tally) {
  const pass = visits >= tally.answered && visits <= tally.answered + tally.inFlight;
  console.log(`  visites enregistrées avec leur jour, appareil, système, navigateur et provenance [${backend}] : ${number(visits)} pour ${number(tally.answered)} réponses 302 lues par wrk (+ au plus ${tally.inFlight} en vol à l’arrêt de wrk) ${pass ? '✓' : '✗'}`);
  return { backend, visits, answered: tally.answered, inFlight: tally.inFlight, pass };
}

function addRow(key, label, run, goals = [], { withRatio = true } = {}) {
  const row = { key, label, run, withRatio, goals: [...goals, NO_ERRORS] };
  rows.push(row);
  return row;
}

const NO_ERRORS = { text: 'sans erreur', test: (run) => run.errorCount === 0 };
const ratioAtLeast = (x) => ({ text: `≥ ${number(x, 2)}× plafond`, test: (_run, ratio) => ratio >= x });
const percentileAtMost = (p, limitMs) => ({ text: `p${p} ≤ ${limitMs} ms`, test: (run) => run.latencyMs[`p${p}`] <= limitMs });
const rpsAtLeast = (rps) => ({ text: `≥ ${number(rps)} req/s`, test: (run) => run.rps >= rps });

const redirectGoals = (backend) => [ratioAtLeast(GOALS.redirectRatio[backend]), percentileAtMost(99, GOALS.redirectP99Ms)];

/**
 * The landing page and an event's page, drawn by the server, with PAGE_CONNECTIONS browsers at
 * once: a signed-in visitor's and an anonymous one's (issue 34).
 */
async function measurePages(handle, tag) {
  const pages = [
    { key: 'landing', path: '/', name: 'page d’accueil /' },
    ...(handle.info.eventPath ? [{ key: 'event', path: handle.info.eventPath, name: 'page d’un événement' }] : []),
  ];
  const signedIn = { ...PAGE, cookie: VISITOR.cookie };
  for (const page of pages) {
    const answer = await fetch(`http://127.0.0.1:${handle.info.port}${page.path}`, { headers: signedIn });
    const html = await answer.text();
    if (answer.status !== 200 || !html.includes('<main')) throw new Error(`${page.name} : ${answer.status}, page non dessinée par le serveur (web construit ?) ${html.slice(0, 200)}`);
    for (const [who, headers, goal] of [
      ['visiteur connecté', signedIn, GOALS.pageVisitorRps],
      ['anonyme', PAGE, GOALS.pageAnonymousRps],
    ]) {
      const label = tag(`${page.name}, ${who}, ${PAGE_CONNECTIONS} clients`);
      const { run } = await measure(handle, label, { paths: [page.path], headers, connections: PAGE_CONNECTIONS, statuses: true });
      addRow(`page-${page.key}`, label, run, [rpsAtLeast(goal), percentileAtMost(99, GOALS.pageP99Ms)]);
    }
  }
}

/** The database-bound measures on one server (PGlite, or PostgreSQL). */
async function sortieMeasures(handle, { full }) {
  const backend = handle.info.backend;
  const tag = (label) => `${label} [${backend}]`;
  const tally = redirectTally();
  if (REDIRECT_ONLY) {
    const redirect = await measure(handle, tag(`GET /r/${SHORT_CODE}`), { paths: [`/r/${SHORT_CODE}`], headers: REDIRECT_HEADERS });
    tally.add(redirect.warm, redirect.run);
    addRow('redirect', tag(`GET /r/${SHORT_CODE}`), redirect.run, redirectGoals(backend));
    const { visits } = await stop(handle, { shortCode: SHORT_CODE });
    return visitsRow(backend, visits - handle.info.visitsBefore, tally);
  }
  const feeds = feedPaths(handle.info);
  await preflight(handle, 'flux de ville', feeds);
  await preflight(handle, 'recherche', SEARCH_PATHS);

  // On both databases: issue 34 sets /r's figure on each (≥ 0.5× the ceiling on PGlite, ≥ 0.35× on PostgreSQL).
  const redirect = await measure(handle, tag(`GET /r/${SHORT_CODE}`), { paths: [`/r/${SHORT_CODE}`], headers: REDIRECT_HEADERS });
  tally.add(redirect.warm, redirect.run);
  addRow('redirect', tag(`GET /r/${SHORT_CODE}`), redirect.run, redirectGoals(backend));

  // The city's agenda as a crowd of signed-in visitors loads it (the public cache answers what is the same for all)…
  const feedGoals = [percentileAtMost(99, GOALS.feedP99Ms), ...(backend === 'PGlite' ? [rpsAtLeast(GOALS.feedEmbeddedRps)] : [])];
  // Without wrk's Lua hook on each answer (statuses): it copies each 15–18 KB page into Lua, a
  // quarter more of wrk's own CPU an answer (16 µs instead of 12.5) taken from the two cores the
  // server and its database share. An answer outside 2xx/3xx still counts as an error (wrk counts
  // them itself); only its status and body go unreported.
  const visited = await measure(handle, tag('flux de ville, visiteur connecté'), { paths: feeds, headers: VISITOR });
  const visitedRow = addRow('feedVisitor', tag(`flux de ville, visiteur connecté (${feeds.length} variantes, cache 1 s)`), visited.run, feedGoals);
  // …and read afresh for every request (Cache-Control: no-cache), never from a read begun before it: what the database and the server cost.
  const feed = await measure(handle, tag('flux de ville sans cache'), { paths: feeds, headers: UNCACHED });
  const feedRow = addRow('feedUncached', tag(`flux de ville sans cache, visiteur connecté (${feeds.length} variantes)`), feed.run, feedGoals);
  if (backend === 'PostgreSQL') await pgbenchBeside(handle, feeds, [feedRow, visitedRow]);

  if (full) {
    const cached = await measure(handle, tag('flux de ville anonyme (cache 1 s)'), { paths: feeds, headers: HEADERS });
    addRow('feedCached', tag('flux de ville anonyme (cache 1 s)'), cached.run);
  }

  await measurePages(handle, tag);

  // One visitor searching: the time each search takes, its own p95 (wrk gives one histogram a run).
  const base = `http://127.0.0.1:${handle.info.port}`;
  for (const [i, q] of SEARCHES.entries()) {
    await runWrk({ base, paths: [SEARCH_PATHS[i]], headers: UNCACHED, connections: 1, seconds: 1 });
    const run = await runWrk({ base, paths: [SEARCH_PATHS[i]], headers: UNCACHED, connections: 1, seconds: SEARCH_SECONDS, statuses: true });
    alive(handle);
    console.log(`  ${tag(`recherche « ${q} », 1 client`)} : ${describe(run)}`);
    addRow('searchOne', tag(`recherche « ${q} » sans cache, 1 client`), run, [percentileAtMost(95, GOALS.searchOneP95Ms)], { withRatio: false });
  }
  // Several visitors at once, each looping over every search.
  const concurrent = await measure(handle, tag(`recherches sans cache, ${SEARCH_CLIENTS} clients`), { paths: SEARCH_PATHS, headers: UNCACHED, statuses: true, connections: SEARCH_CLIENTS });
  addRow('searchConcurrent', tag(`recherches sans cache (${SEARCHES.length} requêtes, ${SEARCH_CLIENTS} clients)`), concurrent.run, [percentileAtMost(95, GOALS.searchConcurrentP95Ms[backend])], { withRatio: false });

  const under = await measureUnderSearch(handle, tag(`GET /r/${SHORT_CODE} pendant ${SEARCH_CLIENTS} recherches`));
  tally.add(under.warm?.redirect, under.run.redirect);
  addRow('redirectUnderSearch', tag(`GET /r/${SHORT_CODE} pendant ${SEARCH_CLIENTS} recherches`), under.run.redirect, [percentileAtMost(99, GOALS.redirectUnderSearchP99Ms)]);
  addRow('searchUnderRedirect', tag(`recherches (${SEARCH_CLIENTS} clients) pendant /r`), under.run.search, [], { withRatio: false });

  const { visits } = await stop(handle, { shortCode: SHORT_CODE });
  return visitsRow(backend, visits - handle.info.visitsBefore, tally);
}

/** pgbench: on this machine's PostgreSQL binaries, or on the PATH. */
function pgbenchPath() {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => `${root}/${v}/bin/pgbench`).find((path) => existsSync(path));
  return found ?? 'pgbench';
}

/**
 * The feed's own statements (captured from the server, parameters inlined) run by pgbench with
 * as many clients as wrk had, on the same database: what PostgreSQL alone can serve. The feed's
 * row then also asks for half of it (issue 34: the Node process must not be the bottleneck).
 */
async function pgbenchBeside(handle, paths, feedRows) {
  const captured = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('capture des requêtes du flux : pas de réponse')), 60_000);
    handle.child.on('message', function listen(m) {
      if (m.type !== 'captured') return;
      clearTimeout(timer);
      handle.child.off('message', listen);
      resolve(m.statements);
    });
    handle.child.send({ type: 'capture', paths, headers: UNCACHED });
  });
  const dir = mkdtempSync(join(tmpdir(), 'sortie-pgbench-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const scripts = captured.map((statements, i) => {
    const file = join(dir, `flux-${i}.sql`);
    writeFileSync(file, `${statements.map((sql) => sql.replace(/\s+/g, ' ').trim()).join(';\n')};\n`);
    return file;
  });
  const args = ['-n', '-M', 'simple', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), ...scripts.flatMap((file) => ['-f', file]), handle.databaseUrl];
  const output = await new Promise((resolve, reject) => {
    const child = spawn(pgbenchPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pgbench a échoué (code ${code}) : ${out.slice(-500)}`))));
  });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? NaN);
  const average = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  const statementsPerRequest = captured.reduce((n, statements) => n + statements.length, 0) / captured.length;
  console.log(`  pgbench, les mêmes requêtes (${number(statementsPerRequest, 1)} par requête, ${CONNECTIONS} clients) : ${number(tps)} transactions/s, latence moyenne ${ms(average)} ms`);
  addRow('feedPgbench', `pgbench : les requêtes du flux, ${CONNECTIONS} clients [PostgreSQL] (p50 = moyenne)`, { rps: tps, latencyMs: { p50: average, p95: NaN, p99: NaN }, errorCount: failed }, [], { withRatio: false });
  for (const feedRow of feedRows) {
    feedRow.goals.push({ text: `≥ ${number(GOALS.feedPgbenchRatio, 2)}× pgbench`, test: (run) => run.rps >= GOALS.feedPgbenchRatio * tps });
    feedRow.label += ` — ${number(feedRow.run.rps / tps, 2)}× pgbench`;
  }
}

async function startSortie(label, env) {
  console.log(`\n${label} : démarrage, données de démonstration + ${number(EVENTS)} événements générés…`);
  // Seeded by a process of its own, then served by another that opens the data as a server
  // started in production does (serve.ts).
  const seeding = await start(`${label}, données`, here('./serve.ts'), { execArgv: ['--import', 'tsx'], env: { BENCH_PHASE: 'seed', BENCH_EVENTS: String(EVENTS), ...env } });
  const { seedSeconds } = seeding.info;
  await stop(seeding);
  const handle = await start(label, here('./serve.ts'), { execArgv: ['--import', 'tsx'], env: { BENCH_SHORT_CODE: SHORT_CODE, BENCH_SESSION_TOKEN: SESSION_TOKEN, ...env } });
  const { info } = handle;
  console.log(`  prêt : ${number(info.events)} événements dont ${number(info.published)} publiés (données en ${number(seedSeconds, 1)} s), villes ${info.cities.slice(0, 4).map((c) => `${c.city} ${number(c.events)}`).join(', ')}…`);
  if (EVENTS > 0 && info.events < EVENTS) throw new Error(`${label} : ${info.events} événements en base, ${EVENTS} attendus au moins.`);
  return handle;
}

// ---------------------------------------------------------------- the run

let generator;
try {
  generator = { name: 'wrk', version: wrkVersion(), threads: 1, connections: CONNECTIONS, warmupSeconds: WARMUP, seconds: DURATION };
} catch (error) {
  console.error(error instanceof WrkMissingError ? `✗ ${error.message}` : error);
  process.exit(1);
}
console.log(`Sortie bench serveur — générateur de charge : ${generator.version} (-t1 -c${CONNECTIONS}, script Lua bench/report.lua), ${WARMUP} s de chauffe puis ${DURATION} s mesurées par mesure`);
console.log(`journal des serveurs : ${logPath}`);

// The pages are drawn from the built web app: built now if it is missing or older than its sources.
const build = spawnSync(process.execPath, [here('../../../tools/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('✗ la construction de l’application web a échoué : les pages ne peuvent pas être mesurées.');
  process.exit(1);
}

const visitChecks = [];
let postgresMemory = null;
try {
  const ceilingRow = addRow('ceiling', 'plafond GET / (node:http nu)', await measureCeiling('début'), [rpsAtLeast(GOALS.ceilingRps)], { withRatio: false });

  const dataDir = mkdtempSync(join(tmpdir(), 'sortie-bench-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const embedded = await startSortie('serveur Sortie (PGlite)', { BENCH_DATA_DIR: dataDir });
  visitChecks.push(await sortieMeasures(embedded, { full: true }));
  // The embedded database's folder goes before PostgreSQL is measured, and what is left to write
  // is flushed, so that the kernel does not write back its hundreds of megabytes while
  // PostgreSQL's commits wait for the disk. A precaution: no change was measured beyond the noise.
  rmSync(dataDir, { recursive: true, force: true });
  spawnSync('sync');

  if (POSTGRES_URL) {
    const database = await createPostgresDatabase(POSTGRES_URL);
    console.log(`\nPostgreSQL : base ${database.name} créée pour la mesure (supprimée à la fin).`);
    const postgres = await startSortie('serveur Sortie (PostgreSQL)', { BENCH_DATABASE_URL: database.url });
    postgres.databaseUrl = database.url;
    postgresMemory = await bufferCoverage(database.url);
    const megabytes = (bytes) => `${number(bytes / 2 ** 20)} Mo`;
    console.log(`  PostgreSQL garde ${megabytes(postgresMemory.sharedBuffersBytes)} de pages (shared_buffers ${postgresMemory.sharedBuffers}) pour une base de ${megabytes(postgresMemory.databaseBytes)}.`);
    if (postgresMemory.sharedBuffersBytes < postgresMemory.databaseBytes) {
      console.log(`  ⚠ la base ne tient pas dans shared_buffers : les pages qu’il ne garde pas sont relues du cache de fichiers du système, qu’un hôte peut vider ; les recherches attendent alors le disque (README, « One node or several »).`);
    }
    visitChecks.push(await sortieMeasures(postgres, { full: false }));
  } else {
    console.log('\n(SORTIE_BENCH_DATABASE_URL absent : pas de mesure sur PostgreSQL.)');
  }

  // The ceiling again, last: a run slowed by the rest of the machine would flatter every ratio.
  console.log('');
  const last = await measureCeiling('fin');
  ceilingRow.firstRps = ceilingRow.run.rps;
  ceilingRow.lastRps = last.rps;
  if (last.rps > ceilingRow.run.rps) ceilingRow.run = last;
  ceilingRow.label = 'plafond GET / (node:http nu, meilleure des 2)';
} catch (error) {
  console.error(`\n✗ bench du serveur interrompu : ${error instanceof Error ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
await cleanup();

// ---------------------------------------------------------------- report

ceilingRps = rows[0].run.rps;
for (const row of rows) {
  row.ratio = row.withRatio ? row.run.rps / ceilingRps : undefined;
  row.goals = row.goals.map(({ text, test }) => ({ text, pass: test(row.run, row.ratio) }));
}

const seconds = (Date.now() - startedAt) / 1000;
const table = [['mesure', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'ratio', 'erreurs', 'objectif', 'ok']].concat(
  rows.map((r) => [
    r.label,
    number(r.run.rps),
    ms(r.run.latencyMs.p50),
    ms(r.run.latencyMs.p95),
    ms(r.run.latencyMs.p99),
    r.ratio === undefined ? '' : `${number(r.ratio, 3)}×`,
    number(r.run.errorCount),
    r.goals.filter((g) => g.text !== 'sans erreur').map((g) => g.text).join(', '),
    r.goals.every((g) => g.pass) ? 'oui' : `NON (${r.goals.filter((g) => !g.pass).map((g) => g.text).join(', ')})`,
  ]),
);
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log(`\nSortie bench serveur — ${generator.version}, -t1 -c${CONNECTIONS}, ${DURATION} s par mesure, ${number(EVENTS)} événements générés, plafond ${number(ceilingRps)} req/s (début ${number(rows[0].firstRps)}, fin ${number(rows[0].lastRps)})\n`);
if (ceilingRps < GOALS.ceilingRps) console.log(`✗ plafond sous ${number(GOALS.ceilingRps)} req/s : la machine est chargée ou le générateur limite la mesure ; les ratios sont à lire avec prudence.\n`);
// The same route, first and last: a wide gap says the machine's speed changed under the run (a
// virtual machine sharing its host), so its figures do not compare with another run's.
const ceilingGap = 1 - Math.min(rows[0].firstRps, rows[0].lastRps) / Math.max(rows[0].firstRps, rows[0].lastRps);
if (ceilingGap > CEILING_GAP_WARNING) console.log(`⚠ le plafond a varié de ${number(ceilingGap * 100)} % entre le début et la fin : la vitesse de la machine a changé pendant la mesure.\n`);
for (const [index, row] of table.entries()) {
  console.log(row.map((cell, i) => (i >= 1 && i <= 6 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd());
  if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
for (const v of visitChecks) console.log(`visites enregistrées [${v.backend}] : ${number(v.visits)} pour ${number(v.answered)} réponses 302 (+ au plus ${v.inFlight} en vol) ${v.pass ? '✓' : '✗'}`);
console.log(`(${number(seconds)} s)`);

// The format tools/bench.mjs gathers: { results: [{ name, value, unit, goal?, ceiling?, ratio?, pass? }] }.
const round = (v, digits) => Number(v.toFixed(digits));
const fileRows = rows.flatMap((r) => {
  const goal = (pick) => {
    const goals = r.goals.filter(pick);
    return goals.length ? { goal: goals.map((g) => g.text).join(', '), pass: goals.every((g) => g.pass) } : {};
  };
  const out = [
    {
      name: `${r.label} req/s`,
      value: Math.round(r.run.rps),
      unit: 'req/s',
      ...(r.ratio === undefined ? {} : { ceiling: Math.round(ceilingRps), ratio: round(r.ratio, 3) }),
      ...goal((g) => g.text.includes('req/s') || g.text.includes('plafond')),
    },
  ];
  if (r.key.startsWith('search')) out.push({ name: `${r.label} p95`, value: round(r.run.latencyMs.p95, 2), unit: 'ms', ...goal((g) => g.text.startsWith('p95')) });
  out.push({ name: `${r.label} p99`, value: round(r.run.latencyMs.p99, 2), unit: 'ms', ...goal((g) => g.text.startsWith('p99')) });
  out.push({ name: `${r.label} erreurs`, value: r.run.errorCount, unit: 'réponses', goal: '= 0', pass: r.run.errorCount === 0 });
  return out;
});
for (const v of visitChecks) {
  fileRows.push({ name: `visites enregistrées après arrêt [${v.backend}]`, value: v.visits, unit: 'visites', goal: `${v.answered} à ${v.answered + v.inFlight} (302 lues + en vol)`, pass: v.pass });
}
const summary = {
  date: new Date().toISOString(),
  generator,
  events: EVENTS,
  seconds,
  ceilingRps,
  ceilingRuns: { first: rows[0].firstRps, last: rows[0].lastRps },
  ceilingGap,
  postgresMemory,
  measures: rows.map((r) => ({ key: r.key, label: r.label, ratio: r.ratio, goals: r.goals, ...r.run })),
  visits: visitChecks,
  results: fileRows,
};
if (outPath) writeFileSync(outPath, JSON.stringify(summary, null, 2));

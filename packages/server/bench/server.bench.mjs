#!/usr/bin/env node
// Bench: a bare node:http route (the ceiling) and the Sortie server, side by side in one run.
// Usage: node bench/server.bench.mjs [results.json]   (DURATION_MS, CONNECTIONS to tune)
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DURATION_MS = Number(process.env.DURATION_MS ?? 4000);
const WARMUP_MS = Number(process.env.WARMUP_MS ?? 1000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const SHORT_CODE = 'poitiers';
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

function start(script, execArgv = []) {
  const child = fork(script, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
    child.on('message', (m) => m.type === 'ready' && resolve({ child, port: m.port }));
  });
}

function stop({ child }, extra = {}) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('message', (m) => m.type === 'stopped' && resolve(m));
    child.send({ type: 'stop', ...extra });
  });
}

/** Keeps CONNECTIONS requests in flight on keep-alive sockets for a while; returns req/s and p99. */
async function load(port, path, durationMs, expectStatus, extraHeaders = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let ok = 0;
  let errors = 0;
  const end = performance.now() + durationMs;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = request({ host: '127.0.0.1', port, path, agent, headers: { accept: 'application/json', 'user-agent': 'sortie-bench', ...extraHeaders } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if (res.statusCode === expectStatus) ok++;
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (performance.now() < end) await one();
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: ok + errors, ok, errors, rps: Math.round((ok + errors) / seconds), p99Ms: Number((latencies[Math.floor(latencies.length * 0.99)] ?? 0).toFixed(2)) };
}

async function measure(port, path, status, headers) {
  await load(port, path, WARMUP_MS, status, headers);
  return load(port, path, DURATION_MS, status, headers);
}
// A request with a cookie is not anonymous: it skips the one-second cache of public reads.
const UNCACHED = { cookie: 'bench=1' };

const startedAt = Date.now();
const results = {};

const ceiling = await start(here('./ceiling.mjs'));
results.ceiling = { path: '/', ...(await measure(ceiling.port, '/', 200)) };
await stop(ceiling);

const server = await start(here('./serve.ts'), ['--import', 'tsx']);
let redirects = 0;
results.redirect = { path: `/r/${SHORT_CODE}`, ...(await (async () => {
  const warm = await load(server.port, `/r/${SHORT_CODE}`, WARMUP_MS, 302);
  const run = await load(server.port, `/r/${SHORT_CODE}`, DURATION_MS, 302);
  redirects = warm.ok + run.ok;
  return run;
})()) };
results.events = { path: '/api/events?city=Poitiers&limit=20', ...(await measure(server.port, '/api/events?city=Poitiers&limit=20', 200)) };
results.eventsNoCache = { path: '/api/events?city=Poitiers&limit=20 (sans cache)', ...(await measure(server.port, '/api/events?city=Poitiers&limit=20', 200, UNCACHED)) };
results.search = { path: '/api/search?q=concert', ...(await measure(server.port, '/api/search?q=concert', 200)) };
results.searchNoCache = { path: '/api/search?q=concert (sans cache)', ...(await measure(server.port, '/api/search?q=concert', 200, UNCACHED)) };
const { visits } = await stop(server, { shortCode: SHORT_CODE });

const rows = Object.entries(results).map(([name, r]) => ({ name, ...r, ratio: Number((r.rps / results.ceiling.rps).toFixed(3)) }));
console.log(`\nSortie bench — ${CONNECTIONS} connexions, ${DURATION_MS / 1000} s par mesure\n`);
console.log('mesure        req/s     p99 (ms)  ratio   erreurs  chemin');
for (const r of rows) console.log(`${r.name.padEnd(13)} ${String(r.rps).padStart(7)}  ${String(r.p99Ms).padStart(9)}  ${r.ratio.toFixed(3).padStart(5)}  ${String(r.errors).padStart(7)}  ${r.path}`);
const goals = { redirect: 0.5, events: 0.15 };
const checks = {
  redirectGoal: rows.find((r) => r.name === 'redirect').ratio >= goals.redirect,
  eventsGoal: rows.find((r) => r.name === 'events').ratio >= goals.events,
  eventsUncachedGoal: rows.find((r) => r.name === 'eventsNoCache').ratio >= goals.events,
  visitsRecorded: visits === redirects,
};
console.log(`\nvisites enregistrées : ${visits} / ${redirects} redirections ${checks.visitsRecorded ? '✓' : '✗'}`);
console.log(`objectifs : redirection ≥ ${goals.redirect}× ${checks.redirectGoal ? '✓' : '✗'}, liste d’événements ≥ ${goals.events}× ${checks.eventsGoal ? "✓" : "✗"} (sans cache ${checks.eventsUncachedGoal ? "✓" : "✗"})  (${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
const summary = { date: new Date().toISOString(), connections: CONNECTIONS, durationMs: DURATION_MS, results: rows, visits, redirects, checks };
// The format tools/bench.mjs gathers: { results: [{ name, value, unit, goal?, ceiling?, ratio?, pass? }] }.
const ceilingRps = results.ceiling.rps;
const goalOf = { redirect: goals.redirect, events: goals.events };
const fileRows = rows.flatMap((r) => [
  {
    name: `${r.path} req/s`,
    value: r.rps,
    unit: 'req/s',
    ...(r.name === 'ceiling' ? {} : { ceiling: ceilingRps, ratio: r.ratio }),
    ...(goalOf[r.name] ? { goal: `≥ ${goalOf[r.name]}× plafond`, pass: r.ratio >= goalOf[r.name] } : {}),
  },
  { name: `${r.path} p99`, value: r.p99Ms, unit: 'ms' },
]);
fileRows.push({ name: 'visites enregistrées après arrêt', value: visits, unit: 'visites', goal: `= ${redirects} redirections`, pass: checks.visitsRecorded });
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify({ ...summary, results: fileRows }, null, 2));
console.log(JSON.stringify(summary));
process.exitCode = checks.visitsRecorded ? 0 : 1;

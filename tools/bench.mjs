#!/usr/bin/env node
// `pnpm bench`: runs every package's benchmark, each of which measures its own ceiling in
// the same run, and gathers the figures into one table and bench/results.json.
//
// A benchmark is a script that takes an output path as its last argument and writes
// { results: [{ suite, name, value, unit, goal?, ceiling?, ratio?, pass? }] } there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergedRows, suiteRows } from './bench/results.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const suites = [
  // The server suite seeds 100,000 events (up to a minute) before it measures, twice with PostgreSQL.
  { suite: 'server', script: 'packages/server/bench/server.bench.mjs', timeoutMs: 420_000 },
  { suite: 'socket', script: 'tools/bench/socket.bench.mjs' },
  // Live tournaments: 200 clients, 100 actions/s, 1,000 spectators, beside a bare socket.io echo (about a minute).
  { suite: 'tournaments', script: 'packages/server/bench/tournaments.bench.mjs', timeoutMs: 300_000 },
  { suite: 'blindtests', script: 'packages/server/bench/blind-test.bench.mjs', timeoutMs: 240_000 },
  // One socket sends 10,000 events as fast as it can: disconnected, and the others' acknowledgements barely move (issue 32).
  { suite: 'flood', script: 'packages/server/bench/flood.bench.mjs', timeoutMs: 120_000 },
  // The built server restarted mid-question: 2,000 phones (capped by core's MAX_PLAYERS), then 500 tournament spectators, back by themselves.
  { suite: 'reconnexion', script: 'packages/server/bench/restart.bench.mjs', args: ['reconnexion'], timeoutMs: 360_000 },
  // SIGTERM during a game of 300 phones: exit code, time to exit, every phone back with its points.
  { suite: 'sigterm', script: 'packages/server/bench/restart.bench.mjs', args: ['sigterm'], timeoutMs: 240_000 },
  // /r under wrk load, the server sent SIGKILL then SIGTERM midway, 3 runs each, on PGlite and on one of 2 nodes on PostgreSQL: 302s whose visit is not stored (goal 0).
  { suite: 'redirect-stop', script: 'packages/server/bench/redirect-stop.bench.mjs', timeoutMs: 420_000 },
  // One node, then two side by side on one PostgreSQL (SORTIE_BENCH_DATABASE_URL; skipped without it).
  { suite: 'cluster', script: 'packages/server/bench/cluster.bench.mjs', timeoutMs: 180_000 },
  { suite: 'web', script: 'tools/bench/web.bench.mjs' },
  // Three pages, three Lighthouse runs each (about three minutes).
  { suite: 'lighthouse', script: 'tools/bench/lighthouse.bench.mjs', timeoutMs: 600_000 },
  { suite: 'cli', script: 'tools/bench/cli.bench.mjs' },
  // PostgreSQL restarted under load on /r: the visits lost (goal 0), with wrk when installed (about a minute).
  { suite: 'db-restart', script: 'tools/bench/db-restart.bench.mjs', timeoutMs: 300_000 },
  // The notifications' fan-out: an announcement to 10,000 followers' devices on a local push service, /r measured meanwhile (about two minutes).
  { suite: 'push', script: 'packages/server/bench/push.bench.mjs', timeoutMs: 300_000 },
  // Raffle entries one IP makes before the shared entry limit answers 429, then a flood of 200 refused (demo data first).
  { suite: 'raffles', script: 'tools/bench/raffle-entries.bench.mjs' },
];
const only = process.argv.slice(2);

const started = Date.now();
const rows = [];
const ran = [];
let failed = false;
for (const { suite, script, args = [], timeoutMs = 240_000 } of suites) {
  if (only.length && !only.includes(suite)) continue;
  if (!existsSync(join(root, script))) {
    console.log(`bench: ${suite}: ${script} absent, ignoré`);
    continue;
  }
  const out = join(tmpdir(), `sortie-bench-${suite}-${process.pid}.json`);
  console.log(`bench: ${suite}…`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, script), ...args, out], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], timeout: timeoutMs });
  if (run.status !== 0) {
    console.error(`bench: ${suite} a échoué (code ${run.status ?? run.signal})`);
    failed = true;
  }
  rows.push(...suiteRows(suite, run, out));
  ran.push(suite);
  rmSync(out, { force: true });
}

const fmt = (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : String(v));
const table = [['suite', 'mesure', 'valeur', 'unité', 'plafond', 'ratio', 'objectif', 'ok']].concat(
  rows.map((r) => [r.suite, r.name, fmt(r.value), r.unit ?? '', fmt(r.ceiling), fmt(r.ratio), r.goal ?? '', r.pass === undefined ? '' : r.pass ? 'oui' : 'NON']),
);
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const [index, row] of table.entries()) {
  console.log(row.map((cell, i) => (i >= 2 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  '));
  if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
mkdirSync(join(root, 'bench'), { recursive: true });
const resultsPath = join(root, 'bench/results.json');
const previous = existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, 'utf8')).results ?? [] : [];
const stored = mergedRows(previous, ran, rows);
writeFileSync(resultsPath, JSON.stringify({ date: new Date().toISOString(), node: process.version, seconds: (Date.now() - started) / 1000, results: stored }, null, 2));
console.log(`\nbench: ${rows.length} mesures en ${((Date.now() - started) / 1000).toFixed(0)} s → bench/results.json`);
if (failed || rows.some((r) => r.pass === false)) process.exitCode = 1;

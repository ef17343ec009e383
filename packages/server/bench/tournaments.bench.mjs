#!/usr/bin/env node
// Bench of the live tournaments (issue 16): CLIENTS socket clients send RATE actions a second in
// total — `get`, and staff's `reportScore` then `undo` of the same match so that it stays
// playable — on TOURNAMENTS running round robins, while SPECTATORS sockets follow them (each
// write is broadcast to its tournament's room). The acknowledgement times are printed beside a
// bare socket.io server that acknowledges at once, loaded the same way in the same run.
//
// Usage: node --import tsx packages/server/bench/tournaments.bench.mjs [results.json]
// Environment: DURATION (measured seconds, 20), WARMUP (seconds, 3), CLIENTS (200), RATE (100),
// SPECTATORS (1000), BENCH_TOURNAMENTS (20), BENCH_SERVER_NODE_OPTIONS (e.g. `--cpu-prof`, for
// the servers under test).
//
// Three processes: the server under test (with its PGlite child), the spectators, and this one,
// whose clients measure. Goals: p99 ≤ 20 ms, and no acknowledgement beyond 2,000 ms (the wait
// of SPEC.md §9).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { child, children, connectAll, quantile, sessionToken } from './socket-bench.mjs';

const DURATION = Number(process.env.DURATION ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 3);
const CLIENTS = Number(process.env.CLIENTS ?? 200);
const RATE = Number(process.env.RATE ?? 100);
const SPECTATORS = Number(process.env.SPECTATORS ?? 1000);
const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 20);
const ACK_WAIT_MS = 2000;
const GOAL_P99_MS = 20;
// Each client repeats this cycle: three reads for two writes on its own match (a write reports
// its score when the match is open, and undoes it when it is played).
const CYCLE = ['get', 'write', 'get', 'get', 'write'];

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
/**
 * Open loop: RATE actions a second in total, handed to the clients in turn; a client runs its
 * actions one after the other (its undo needs its report). Answers the acknowledgement times of
 * the actions sent after the warm-up, and the refusals.
 */
async function load(sockets, tournaments, onMeasure) {
  const plans = sockets.map((socket, i) => {
    const tournament = tournaments[i % tournaments.length];
    const matchId = tournament?.matchIds[Math.floor(i / tournaments.length) % tournament.matchIds.length];
    // Clients start at different points of the cycle: reads and writes mix evenly over time.
    return { socket, tournamentId: tournament?.id ?? '0123456789abcdef01234567', matchId, step: i % CYCLE.length, played: false, chain: Promise.resolve() };
  });
  const times = [];
  const refusals = [];
  const perAction = {};
  let sent = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP * 1000;
  const end = measureFrom + DURATION * 1000;
  const pending = [];
  let marked = false;
  while (performance.now() < end) {
    if (!marked && performance.now() >= measureFrom) {
      marked = true;
      onMeasure();
    }
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (sent < due) {
      const plan = plans[sent % plans.length];
      sent += 1;
      let action = CYCLE[plan.step++ % CYCLE.length];
      if (action === 'write') {
        action = plan.played ? 'undo' : 'reportScore';
        plan.played = !plan.played;
      }
      const params = action === 'get' ? {} : action === 'undo' ? { matchId: plan.matchId } : { matchId: plan.matchId, scoreA: 2, scoreB: 1 };
      const payload = JSON.stringify({ action, tournamentId: plan.tournamentId, params });
      plan.chain = plan.chain.then(async () => {
        const t0 = performance.now();
        const reply = await plan.socket.timeout(10_000).emitWithAck('tournament', payload).catch(() => ({ status: 'error', msg: 'pas de réponse en 10 s' }));
        const elapsed = performance.now() - t0;
        if (t0 < measureFrom) return;
        times.push(elapsed);
        (perAction[action] ??= []).push(elapsed);
        if (reply.status !== 'ok') refusals.push(`${action} : ${reply.msg}`);
      });
      pending.push(plan.chain);
    }
    await sleep(2);
  }
  await Promise.all(pending);
  return { times: times.sort((a, b) => a - b), refusals, perAction };
}

function summary(label, { times }) {
  return { label, count: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1), beyond: times.filter((t) => t > ACK_WAIT_MS).length };
}

async function measure(kind, spectatorsScript) {
  const temp = mkdtempSync(join(tmpdir(), 'sortie-tournament-bench-'));
  const extra = process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const server = child(here('./tournament-serve.ts'), { execArgv: ['--import', 'tsx', ...extra], env: { BENCH_SERVER: kind, BENCH_DATA_DIR: join(temp, 'data'), BENCH_TOURNAMENTS: String(TOURNAMENTS) } });
  try {
    const ready = await server.next('ready');
    const url = `http://127.0.0.1:${ready.port}`;
    const spectators = child(spectatorsScript);
    spectators.send({ type: 'start', url, count: SPECTATORS, tournamentIds: ready.tournaments.map((t) => t.id) });
    await spectators.next('ready');
    const auth = kind === 'bare' ? {} : { auth: { token: await sessionToken(url) } };
    const sockets = await connectAll(url, CLIENTS, auth);
    const run = await load(sockets, ready.tournaments, () => server.send({ type: 'mark' }));
    for (const socket of sockets) socket.disconnect();
    spectators.send({ type: 'stop' });
    const { updates } = await spectators.next('stopped');
    server.send({ type: 'stop' });
    const stopped = await server.next('stopped').catch(() => ({}));
    return { ...run, updates, server: stopped.server };
  } finally {
    for (const proc of children) proc.kill('SIGTERM');
    rmSync(temp, { recursive: true, force: true });
  }
}

const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : '—');
process.once('SIGINT', () => {
  for (const proc of children) proc.kill('SIGTERM');
  process.exit(130);
});

const spectatorsScript = here('./spectators.mjs');
console.log(`tournois : ${CLIENTS} clients, ${RATE} actions/s (get ×3, reportScore ou undo ×2), ${TOURNAMENTS} tournois, ${SPECTATORS} spectateurs, ${WARMUP} s d’échauffement + ${DURATION} s mesurées`);
const bare = await measure('bare', spectatorsScript);
const sortie = await measure('sortie', spectatorsScript);
const rows = [summary('écho socket.io nu', bare), summary('Sortie (get + reportScore/undo)', sortie)];
for (const [action, times] of Object.entries(sortie.perAction)) rows.push(summary(`  dont ${action}`, { times: times.sort((a, b) => a - b) }));
console.log(`${'mesure'.padEnd(34)} ${'acks'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'> 2 s'.padStart(6)}`);
for (const r of rows) console.log(`${r.label.padEnd(34)} ${String(r.count).padStart(6)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${ms(r.max).padStart(8)} ${String(r.beyond).padStart(6)}`);
for (const [label, run] of [['écho nu', bare], ['Sortie', sortie]]) {
  if (run.server) console.log(`serveur ${label} : boucle d’événements p99 ${ms(run.server.loopP99Ms)} ms, max ${ms(run.server.loopMaxMs)} ms ; CPU ${run.server.cpuPercent.toFixed(0)} %`);
}
console.log(`diffusions reçues par les spectateurs : ${sortie.updates}; refus : ${sortie.refusals.length}${sortie.refusals.length ? ` (premier : ${sortie.refusals[0]})` : ''}`);

const [ceiling, measured] = rows;
const results = [
  { name: `ack tournoi p50 (${CLIENTS} clients, ${RATE}/s, ${SPECTATORS} spectateurs)`, value: measured.p50, unit: 'ms', ceiling: ceiling.p50, ratio: measured.p50 / ceiling.p50 },
  { name: `ack tournoi p99 (${CLIENTS} clients, ${RATE}/s, ${SPECTATORS} spectateurs)`, value: measured.p99, unit: 'ms', ceiling: ceiling.p99, ratio: measured.p99 / ceiling.p99, goal: `≤ ${GOAL_P99_MS} ms`, pass: measured.p99 <= GOAL_P99_MS },
  { name: 'ack tournoi max', value: measured.max, unit: 'ms', ceiling: ceiling.max, ratio: measured.max / ceiling.max },
  { name: `acks tournoi au-delà de ${ACK_WAIT_MS} ms`, value: measured.beyond, unit: 'acks', ceiling: ceiling.beyond, goal: '0', pass: measured.beyond === 0 },
  { name: 'actions tournoi refusées', value: sortie.refusals.length, unit: 'refus', goal: '0', pass: sortie.refusals.length === 0 },
];
if (outPath) writeFileSync(outPath, JSON.stringify({ results }));
process.exit(results.every((r) => r.pass !== false) ? 0 : 1);

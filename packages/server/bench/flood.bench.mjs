#!/usr/bin/env node
// Bench of a flooding socket (issue 32): the Sortie server (tournament-serve.ts, demo data and a
// round robin) while CLIENTS phones each ask for their tournament RATE times a second (within a
// phone's limit), WINDOW ms without a flood, then WINDOW ms from the moment one more socket
// sends FLOOD events as fast as it can (from a process of its own, flooder.mjs). Measured: the flooder is disconnected (and how many of
// its calls were served), and the other phones' acknowledgement p99 during the flood beside
// its value without it (goal: at most 2×).
//
// Usage: node --import tsx packages/server/bench/flood.bench.mjs [results.json]
// Environment: FLOOD (10000), CLIENTS (50), RATE (4 a second each), WINDOW (4000 ms).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { child, children, connectAll, quantile } from './socket-bench.mjs';

const FLOOD = Number(process.env.FLOOD ?? 10_000);
const CLIENTS = Number(process.env.CLIENTS ?? 50);
const RATE = Number(process.env.RATE ?? 4);
const WINDOW = Number(process.env.WINDOW ?? 4000);
const EVENT = 'tournament';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
process.once('SIGINT', () => {
  for (const proc of children) proc.kill('SIGTERM');
  process.exit(130);
});

/** Each phone asks `get` RATE times a second, its start spread over the first second, for `ms`; answers the acknowledgement times. */
async function load(phones, tournamentId, ms) {
  const payload = JSON.stringify({ action: 'get', tournamentId, params: {} });
  const times = [];
  let refused = 0;
  const until = performance.now() + ms;
  await Promise.all(
    phones.map(async (socket, i) => {
      await sleep((i / phones.length) * (1000 / RATE));
      while (performance.now() < until) {
        const t0 = performance.now();
        const reply = await socket.timeout(10_000).emitWithAck(EVENT, payload).catch(() => null);
        const elapsed = performance.now() - t0;
        times.push(elapsed);
        if (reply?.status !== 'ok') refused += 1;
        await sleep(Math.max(0, 1000 / RATE - elapsed));
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), refused };
}

const temp = mkdtempSync(join(tmpdir(), 'sortie-flood-bench-'));
const server = child(here('./tournament-serve.ts'), { execArgv: ['--import', 'tsx'], env: { BENCH_DATA_DIR: join(temp, 'data'), BENCH_TOURNAMENTS: '1' } });
let results = [];
try {
  const ready = await server.next('ready');
  const url = `http://127.0.0.1:${ready.port}`;
  const tournamentId = ready.tournaments[0].id;
  const phones = await connectAll(url, CLIENTS);
  await load(phones, tournamentId, 1000);

  const quiet = await load(phones, tournamentId, WINDOW);

  // The flooder in a process of its own; it starts 200 ms after it says it is connected.
  const flooder = child(here('./flooder.mjs'));
  const connected = flooder.next('connected');
  const payload = JSON.stringify({ action: 'get', tournamentId, params: {} });
  flooder.send({ type: 'flood', url, event: EVENT, payload, count: FLOOD, waitMs: WINDOW + 5000 });
  await connected;
  // The server's own event loop from here: what the flood costs it, apart from the clients' timings.
  server.send({ type: 'mark' });
  const flooded = load(phones, tournamentId, WINDOW);
  const outcome = await flooder.next('flooded');
  const during = await flooded;
  const gone = outcome.disconnected ? { reason: outcome.disconnected, afterMs: outcome.afterMs } : null;
  const { served, limited } = outcome;

  for (const socket of phones) socket.disconnect();
  const quietP99 = quantile(quiet.times, 0.99);
  const floodP99 = quantile(during.times, 0.99);
  const ms = (v) => v.toFixed(2);
  console.log(`inondation : ${FLOOD} événements d’une socket ; ${CLIENTS} téléphones à ${RATE}/s chacun, ${WINDOW / 1000} s sans puis ${WINDOW / 1000} s avec`);
  console.log(`socket inondante : ${gone ? `déconnectée (${gone.reason}) après ${ms(gone.afterMs)} ms` : 'PAS déconnectée'} ; ${served} appels servis, ${limited} refusés « trop de requêtes »`);
  console.log(`autres téléphones : p99 ${ms(quietP99)} ms sans inondation (${quiet.times.length} acks), ${ms(floodP99)} ms pendant (${during.times.length} acks, max ${ms(during.times.at(-1))} ms) ; refus ${quiet.refused + during.refused}`);
  results = [
    { name: `inondation : socket de ${FLOOD} événements déconnectée`, value: gone ? 1 : 0, unit: 'oui=1', goal: '1', pass: Boolean(gone) },
    { name: 'inondation : appels servis à la socket inondante', value: served, unit: 'appels' },
    { name: `inondation : ack p99 des autres sans inondation (${CLIENTS} téléphones à ${RATE}/s)`, value: quietP99, unit: 'ms' },
    { name: 'inondation : ack p99 des autres pendant l’inondation', value: floodP99, unit: 'ms', ceiling: quietP99, ratio: floodP99 / quietP99, goal: '≤ 2× sans inondation', pass: floodP99 <= 2 * quietP99 },
    { name: 'inondation : appels des autres refusés ou sans réponse', value: quiet.refused + during.refused, unit: 'appels', goal: '0', pass: quiet.refused + during.refused === 0 },
  ];
  server.send({ type: 'stop' });
  const stopped = await server.next('stopped').catch(() => ({}));
  if (stopped.server) {
    console.log(`serveur pendant l’inondation : boucle d’événements p99 ${ms(stopped.server.loopP99Ms)} ms, max ${ms(stopped.server.loopMaxMs)} ms ; CPU ${stopped.server.cpuPercent.toFixed(0)} %`);
    results.push({ name: 'inondation : boucle d’événements du serveur, pire attente pendant l’inondation', value: stopped.server.loopMaxMs, unit: 'ms' });
  }
} finally {
  for (const proc of children) proc.kill('SIGTERM');
  rmSync(temp, { recursive: true, force: true });
}
if (outPath) writeFileSync(outPath, JSON.stringify({ results }));
process.exit(results.length && results.every((r) => r.pass !== false) ? 0 : 1);

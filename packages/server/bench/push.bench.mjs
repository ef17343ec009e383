#!/usr/bin/env node
// Bench of the notifications' fan-out (issue 33): FOLLOWERS accounts follow one place, each with
// one Web Push device on a local push service (this process: it checks each POST's VAPID header,
// TTL and aes128gcm encoding, and counts what each device received). Staff send the place an
// announcement; measured: how long until every device received it (goal ≤ 60 s), how many
// received it twice (goal 0), and /r's p99 during the fan-out (wrk, 2 connections, in windows of
// WINDOW s until the last device is reached; the worst window's p99; goal ≤ 15 ms). The server
// runs in a child process on the embedded default (PGlite), as an operator runs it.
//
// Usage: node --import tsx packages/server/bench/push.bench.mjs [results.json]
// Environment: FOLLOWERS (10000), WINDOW (5 s), TIMEOUT (120 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { child, children } from './socket-bench.mjs';
import { runWrk, running } from './wrk.mjs';
import { startFakePushService } from '../src/push/fake-push-service.ts';
import { DEMO_SHORT_CODES } from '../src/demo/ids.ts';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 10_000);
const WINDOW = Number(process.env.WINDOW ?? 5);
const TIMEOUT = Number(process.env.TIMEOUT ?? 120);
const GOAL_SECONDS = 60;
const GOAL_R_P99_MS = 15;
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
const results = [];
const write = () => outPath && writeFileSync(outPath, JSON.stringify({ results }, null, 2));

async function sessionCookie(url, email) {
  const signed = await fetch(`${url}/api/identity/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'sortie-demo' }) });
  const { idToken } = await signed.json();
  const login = await fetch(`${url}/api/auth/login/web`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken }) });
  return login.headers.getSetCookie().find((c) => c.includes('sortie_session=')).split(';')[0];
}

const temp = mkdtempSync(join(tmpdir(), 'sortie-push-bench-'));
const push = await startFakePushService({ decrypt: false });
let server;
try {
  const devices = Array.from({ length: FOLLOWERS }, (_, i) => push.device(`d${i}`).subscription);
  writeFileSync(join(temp, 'devices.json'), JSON.stringify(devices));
  console.log(`bench push : ${FOLLOWERS} abonnés, un appareil chacun, service de notifications ${push.origin}`);
  server = child(here('./push-serve.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { BENCH_DATA_DIR: join(temp, 'data'), BENCH_DEVICES: join(temp, 'devices.json'), SORTIE_ALLOWED_PRIVATE_ORIGINS: push.origin },
  });
  const ready = await server.next('ready');
  const url = `http://127.0.0.1:${ready.port}`;
  const staff = await sessionCookie(url, 'staff@demo.sortie.fr');
  // Warm /r (its cache), then its p99 without a fan-out, on this machine as loaded now: the ceiling the fan-out's windows compare to.
  await runWrk({ base: url, paths: [`/r/${DEMO_SHORT_CODES.poitiers}`], connections: 2, seconds: 1 });
  const quiet = await runWrk({ base: url, paths: [`/r/${DEMO_SHORT_CODES.poitiers}`], connections: 2, seconds: WINDOW });
  console.log(`bench push : /r p99 sans envoi ${quiet.latencyMs.p99.toFixed(1)} ms (${quiet.rps.toFixed(0)} req/s)`);
  server.send({ type: 'mark' });

  const started = performance.now();
  const firstAt = new Map();
  let lastAt = started;
  const seen = () => {
    for (const r of push.received) {
      if (r.status < 200 || r.status >= 300 || firstAt.has(r.device)) continue;
      firstAt.set(r.device, performance.now());
      lastAt = performance.now();
    }
    return firstAt.size;
  };
  const announced = fetch(`${url}/api/announcements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: staff },
    body: JSON.stringify({ target: { kind: 'place', id: ready.placeId }, title: 'Concert surprise ce soir', body: 'Le Confort Moderne ouvre ses portes à 20 h 30 : entrée libre.' }),
  }).then(async (res) => ({ status: res.status, seconds: (performance.now() - started) / 1000, text: res.ok ? '' : await res.text() }));

  // /r during the fan-out, window after window, until every device is reached (or TIMEOUT).
  const windows = [];
  const poll = setInterval(seen, 200);
  while (seen() < FOLLOWERS && (performance.now() - started) / 1000 < TIMEOUT) {
    const wrk = await runWrk({ base: url, paths: [`/r/${DEMO_SHORT_CODES.poitiers}`], connections: 2, seconds: WINDOW });
    windows.push(wrk);
    console.log(`bench push : ${seen()} appareils atteints à ${((performance.now() - started) / 1000).toFixed(1)} s ; /r p99 ${wrk.latencyMs.p99.toFixed(1)} ms (${wrk.rps.toFixed(0)} req/s)`);
  }
  clearInterval(poll);
  const answer = await announced;
  await sleep(2000); // anything sent twice would come now
  const reached = seen();
  const posts = push.received.filter((r) => r.status >= 200 && r.status < 300).length;
  const twice = posts - reached;
  const refused = push.received.filter((r) => r.status >= 300).length;
  const seconds = reached === FOLLOWERS ? (lastAt - started) / 1000 : Infinity;
  const p99 = Math.max(...windows.map((w) => w.latencyMs.p99));
  const rErrors = windows.reduce((sum, w) => sum + w.errorCount, 0);
  console.log(`bench push : annonce répondue ${answer.status} en ${answer.seconds.toFixed(1)} s ; ${reached}/${FOLLOWERS} appareils en ${seconds.toFixed(1)} s ; ${twice} en double ; ${refused} refus du service ; /r p99 ${p99.toFixed(1)} ms (${rErrors} erreurs)`);
  results.push(
    { suite: 'push', name: `annonce à ${FOLLOWERS} appareils : tous atteints en`, value: Number.isFinite(seconds) ? seconds : null, unit: 's', goal: `≤ ${GOAL_SECONDS} s`, pass: Number.isFinite(seconds) && seconds <= GOAL_SECONDS },
    { suite: 'push', name: 'appareils atteints', value: reached, unit: 'appareils', goal: `${FOLLOWERS}`, pass: reached === FOLLOWERS },
    { suite: 'push', name: 'notifications reçues deux fois', value: twice, unit: 'envois', goal: '0', pass: twice === 0 },
    { suite: 'push', name: 'réponse de POST /api/announcements', value: answer.seconds, unit: 's' },
    { suite: 'push', name: '/r p99 pendant l’envoi (pire fenêtre)', value: p99, unit: 'ms', ceiling: quiet.latencyMs.p99, ratio: p99 / quiet.latencyMs.p99, goal: `≤ ${GOAL_R_P99_MS} ms`, pass: p99 <= GOAL_R_P99_MS && rErrors === 0 },
    { suite: 'push', name: '/r p99 pendant l’envoi (médiane des fenêtres)', value: windows.map((w) => w.latencyMs.p99).sort((a, b) => a - b)[Math.floor(windows.length / 2)], unit: 'ms' },
  );
  server.send({ type: 'stop' });
  const stopped = await server.next('stopped');
  results.push({ suite: 'push', name: 'serveur : CPU pendant l’envoi', value: stopped.server.cpuPercent, unit: '%' }, { suite: 'push', name: 'serveur : boucle p99', value: stopped.server.loopP99Ms, unit: 'ms' });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  write();
  for (const proc of running) proc.kill();
  for (const proc of children) proc.kill();
  await push.close();
  rmSync(temp, { recursive: true, force: true });
}

#!/usr/bin/env node
// Bench of a node stopped during a live game (issue 32), on the built server (`pnpm start`'s
// main.mjs, PGlite in a temporary data folder, the demo's quiz), its clients reconnecting as the
// web's do (adapters' socketOptions: a first try after 5 s, then every 5 s, 5 tries):
//
//   `reconnexion`: PLAYERS phones in a blind test, the server restarted (SIGTERM, then started
//   again on the same port) mid-question: every phone back as its player with its points within
//   20 s, 0 lost; then SPECTATORS spectators of a tournament, the server restarted again: all
//   following it again within 10 s.
//   `sigterm`: SIGTERM during a game of SIGTERM_PLAYERS phones: the exit code and the time to
//   exit (goal 0 within 10 s), then every phone back with its points after the restart.
//
// Usage: node --import tsx packages/server/bench/restart.bench.mjs reconnexion|sigterm [results.json]
// Environment: PLAYERS (2000; core's MAX_PLAYERS caps a game, the rows say how many played),
// SPECTATORS (500), SIGTERM_PLAYERS (300).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PLAYERS } from '@sortie/core/domain';
import { connectAll, quantile } from './socket-bench.mjs';
import { buildServer, freePort, staffSessionToken, startServer } from '../src/testing/server-process.ts';
import { answerAll, ask, hostScores, joinPhones, must, openSocket, WEB_RECONNECTION } from './blind-test-crowd.ts';
import { DEMO_IDS } from '../src/demo/ids.ts';

const mode = process.argv[2];
const outPath = process.argv.length > 3 ? process.argv.at(-1) : undefined;
if (mode !== 'reconnexion' && mode !== 'sigterm') {
  console.error('usage : restart.bench.mjs reconnexion|sigterm [results.json]');
  process.exit(2);
}
const wanted = Number(process.env.PLAYERS ?? 2000);
const PLAYERS = mode === 'sigterm' ? Number(process.env.SIGTERM_PLAYERS ?? 300) : Math.min(wanted, MAX_PLAYERS);
const SPECTATORS = Number(process.env.SPECTATORS ?? 500);

const temp = mkdtempSync(join(tmpdir(), `sortie-${mode}-bench-`));
const dataDir = join(temp, 'data');
let server = null;
let built = null;
const sockets = [];
const cleanUp = () => {
  for (const socket of sockets) socket.disconnect();
  server?.child.kill('SIGKILL');
  built?.remove();
  rmSync(temp, { recursive: true, force: true });
};
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** SIGTERM, then the same server started again on the same port: the exit code, the time to exit, and when the new one was ready. */
async function restart(port) {
  const signalled = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exit;
  const exitMs = performance.now() - signalled;
  const output = server.output();
  server = await startServer(built.script, { dataDir, port });
  return { code, exitMs, readyMs: performance.now() - signalled, forced: output.includes('Arrêt forcé'), signalled };
}

/** Polls `count(done)` until it reaches `total` or `timeoutMs` passes; answers the count. */
async function until(count, total, timeoutMs) {
  const end = performance.now() + timeoutMs;
  while (count() < total && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
  return count();
}

built = await buildServer(`${mode}-bench`);
const results = [];
const s = (ms) => (ms / 1000).toFixed(2);
try {
  const port = await freePort();
  server = await startServer(built.script, { dataDir, port });
  const url = server.url;
  const host = await openSocket(url, { token: await staffSessionToken(url) });
  sockets.push(host);
  const blindTestId = DEMO_IDS.blindTest;
  const opened = await must(ask(host, blindTestId, 'open'), 'ouverture');
  const code = opened.game.code;
  const joinStart = performance.now();
  const phones = await joinPhones(url, blindTestId, code, PLAYERS);
  sockets.push(...phones.map((p) => p.socket));
  console.log(`${mode} : ${PLAYERS} téléphones inscrits en ${s(performance.now() - joinStart)} s${mode === 'reconnexion' && PLAYERS < wanted ? ` (PLAYERS=${wanted} demandé, plafonné par MAX_PLAYERS = ${MAX_PLAYERS} de core)` : ''}`);

  // Question 1 answered by all and revealed; question 2 under way, half of the phones answering, when the node is stopped.
  const first = await must(ask(host, blindTestId, 'start'), 'question 1');
  const answered = await answerAll(phones, blindTestId, 0, first.game.full.questions[0]);
  await must(ask(host, blindTestId, 'reveal'), 'révélation 1');
  const second = await must(ask(host, blindTestId, 'next'), 'question 2');
  // The points the server holds before the stop (an answer's acknowledgement carries the room's progress, not the phone's score).
  const before = await hostScores(host, blindTestId);
  const answering = answerAll(phones.slice(0, Math.floor(PLAYERS / 2)), blindTestId, 1, second.game.full.questions[1]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stopped = await restart(port);
  const duringStop = await answering;
  const back = await until(() => phones.filter((p) => p.backAt !== null).length, PLAYERS, 30_000);
  // Back with their points: the points the restarted node holds, never fewer than before the stop.
  const restartedHost = await openSocket(server.url, { token: await staffSessionToken(server.url) });
  sockets.push(restartedHost);
  const expected = await hostScores(restartedHost, blindTestId);
  const withPoints = phones.filter((p) => p.backAt !== null && p.backScore === expected.get(p.id) && expected.get(p.id) >= before.get(p.id)).length;
  const lost = PLAYERS - withPoints;
  const backTimes = phones.filter((p) => p.backAt !== null).map((p) => p.backAt - stopped.signalled).sort((a, b) => a - b);
  const lastBack = backTimes.length === PLAYERS ? backTimes.at(-1) : Infinity;
  console.log(`arrêt : code ${stopped.code} en ${s(stopped.exitMs)} s${stopped.forced ? ' (forcé)' : ''} ; serveur relancé prêt à ${s(stopped.readyMs)} s ; question 1 : ${answered}/${PLAYERS} réponses acquittées, question 2 : ${duringStop} acquittées pendant l’arrêt`);
  const perSecond = new Map();
  for (const t of backTimes) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
  console.log(`retours par seconde après le SIGTERM : ${[...perSecond].map(([second, n]) => `${second} s : ${n}`).join(', ')}`);
  console.log(`retour : ${back}/${PLAYERS} téléphones revenus, ${withPoints} avec leurs points ; médiane ${s(quantile(backTimes, 0.5))} s, dernier ${Number.isFinite(lastBack) ? s(lastBack) : '—'} s après le SIGTERM`);

  if (mode === 'sigterm') {
    results.push(
      { name: `SIGTERM pendant une partie de ${PLAYERS} joueurs : code de sortie`, value: stopped.code ?? -1, unit: 'code', goal: '0', pass: stopped.code === 0 },
      { name: `SIGTERM pendant une partie de ${PLAYERS} joueurs : temps de sortie`, value: stopped.exitMs / 1000, unit: 's', goal: '≤ 10 s', pass: stopped.exitMs <= 10_000 },
      { name: `SIGTERM : joueurs revenus avec leurs points après la relance (sur ${PLAYERS})`, value: withPoints, unit: 'joueurs', goal: `${PLAYERS}`, pass: withPoints === PLAYERS },
    );
  } else {
    results.push(
      { name: `reconnexion : téléphones revenus avec leur joueur et leurs points (${PLAYERS} en partie, relance en pleine question)`, value: withPoints, unit: 'téléphones', goal: `${PLAYERS}`, pass: withPoints === PLAYERS },
      { name: 'reconnexion : joueurs perdus', value: lost, unit: 'joueurs', goal: '0', pass: lost === 0 },
      { name: 'reconnexion : dernier téléphone revenu après le SIGTERM', value: lastBack / 1000, unit: 's', goal: '≤ 20 s', pass: lastBack <= 20_000 },
      { name: 'reconnexion : téléphones revenus, médiane', value: quantile(backTimes, 0.5) / 1000, unit: 's' },
      { name: 'reconnexion : arrêt du serveur relancé (SIGTERM → sortie)', value: stopped.exitMs / 1000, unit: 's' },
      { name: 'reconnexion : serveur relancé prêt après le SIGTERM', value: stopped.readyMs / 1000, unit: 's' },
    );

    // Then SPECTATORS spectators of the demo tournament, and another restart.
    for (const phone of phones) phone.socket.disconnect();
    const spectators = await connectAll(server.url, SPECTATORS, WEB_RECONNECTION);
    sockets.push(...spectators);
    const tournamentId = DEMO_IDS.tournament;
    const get = (socket) => socket.timeout(30_000).emitWithAck('tournament', JSON.stringify({ action: 'get', tournamentId, params: {} })).catch(() => ({ status: 'error' }));
    const following = await Promise.all(spectators.map(get));
    if (following.some((r) => r.status !== 'ok')) throw new Error('spectateur refusé avant la relance');
    const again = new Map();
    for (const socket of spectators) {
      socket.io.on('reconnect', () => {
        void get(socket).then((reply) => {
          if (reply.status === 'ok' && reply.tournament?._id === tournamentId) again.set(socket, performance.now());
        });
      });
    }
    const second = await restart(port);
    await until(() => again.size, SPECTATORS, 30_000);
    const spectatorTimes = [...again.values()].map((at) => at - second.signalled).sort((a, b) => a - b);
    const lastSpectator = spectatorTimes.length === SPECTATORS ? spectatorTimes.at(-1) : Infinity;
    console.log(`spectateurs : ${again.size}/${SPECTATORS} revenus ; dernier ${Number.isFinite(lastSpectator) ? s(lastSpectator) : '—'} s après le SIGTERM (serveur prêt à ${s(second.readyMs)} s)`);
    results.push(
      { name: `reconnexion : spectateurs d’un tournoi revenus (sur ${SPECTATORS})`, value: again.size, unit: 'spectateurs', goal: `${SPECTATORS}`, pass: again.size === SPECTATORS },
      { name: 'reconnexion : dernier spectateur revenu après le SIGTERM', value: lastSpectator / 1000, unit: 's', goal: '≤ 10 s', pass: lastSpectator <= 10_000 },
    );
  }
} catch (error) {
  console.error(error);
  results.push({ name: `${mode} : exécution`, value: error instanceof Error ? error.message : String(error), unit: 'erreur', pass: false });
} finally {
  if (outPath) writeFileSync(outPath, JSON.stringify({ results }));
  cleanUp();
}
process.exit(results.every((r) => r.pass !== false) ? 0 : 1);

#!/usr/bin/env node
// Bench of the live blind tests (issue 17): PLAYERS phones joined to one game answer the same
// four-choice question, each at a random moment within SPREAD ms, for QUESTIONS questions in a
// row, while every phone and a big screen receive the room's updates. Measured: the answers'
// acknowledgement times (every answer must be acknowledged), beside a bare socket.io server
// that acknowledges at once, loaded the same way in the same run. Then the leaderboard is
// checked against the answers as the phones sent them and the times they saw: every answer
// stored once, timed by the server between its sending and its acknowledgement, scored by
// core's rule, and the ranks in order (the answers read from their table).
// Also measured: after each reveal, the time from the host's acknowledgement to each phone
// receiving the reveal with its leaderboard; and each question's p99 beside the first's (the
// answers live in their own table: storing one costs the same at every question).
//
// Usage: node --import tsx packages/server/bench/blind-test.bench.mjs [results.json]
// Environment: PLAYERS (300), SPREAD (2000 ms), QUESTIONS (3), BENCH_CPU_PROF (a folder for the
// server's CPU profile), BENCH_NODE_ARGS (more node options for the server). Goals (issue 32): every answer
// acknowledged; ack p99 ≤ 50 ms and ≤ 20 × the bare echo's p99; the reveal on every phone within
// 1 s (p99); the last question's p99 within 20 % of the first's. The figures are written with
// their goals even when one is missed, and the machine's load (os.loadavg) beside them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { child, children, connectAll, quantile, sessionToken } from './socket-bench.mjs';
import { pointsFor } from '@sortie/core/domain';

const PLAYERS = Number(process.env.PLAYERS ?? 300);
const SPREAD = Number(process.env.SPREAD ?? 2000);
const QUESTIONS = Number(process.env.QUESTIONS ?? 3);
const GOAL_P99_MS = 50;
const GOAL_ECHO_RATIO = 20;
const GOAL_REVEAL_P99_MS = 1000;
const GOAL_LAST_QUESTION_RATIO = 1.2;
const EVENT = 'blindTest';
const UPDATE = 'blindTest:update';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const outPath = process.argv.length > 2 ? process.argv.at(-1) : undefined;
/** A small seeded generator: the same choices and moments on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ask = (socket, blindTestId, action, params = {}) => socket.timeout(10_000).emitWithAck(EVENT, JSON.stringify({ action, blindTestId, params })).catch(() => ({ status: 'error', msg: 'pas de réponse en 10 s' }));
async function must(reply, what) {
  const answer = await reply;
  if (answer.status !== 'ok') throw new Error(`${what} : ${answer.msg}`);
  return answer;
}

async function measure(kind) {
  const temp = mkdtempSync(join(tmpdir(), 'sortie-blind-test-bench-'));
  // BENCH_CPU_PROF=<folder>: the server's CPU profile is written there (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_ARGS: more of node's options for the server (--trace-gc…).
  if (process.env.BENCH_NODE_ARGS) profile.push(...process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean));
  const server = child(here('./blind-test-serve.ts'), { execArgv: ['--import', 'tsx', ...profile], env: { BENCH_SERVER: kind, BENCH_DATA_DIR: join(temp, 'data'), BENCH_QUESTIONS: String(QUESTIONS) } });
  try {
    const ready = await server.next('ready');
    const url = `http://127.0.0.1:${ready.port}`;
    const { blindTestId, correctChoices } = ready;
    const host = (await connectAll(url, 1, kind === 'bare' ? {} : { auth: { token: await sessionToken(url) } }))[0];
    const [screen] = await connectAll(url, 1);
    const phones = await connectAll(url, PLAYERS);
    let updates = 0;
    for (const socket of [screen, ...phones]) socket.on(UPDATE, () => (updates += 1));

    const opened = await must(ask(host, blindTestId, 'open'), 'ouverture');
    await must(ask(screen, blindTestId, 'get'), 'écran');
    const code = opened.game?.code ?? '000000';
    const players = [];
    for (let i = 0; i < PLAYERS; i += 50) {
      players.push(...(await Promise.all(phones.slice(i, i + 50).map(async (socket, j) => {
        const reply = await must(ask(socket, blindTestId, 'join', { code, nickname: `Joueur ${i + j + 1}` }), 'inscription');
        return { socket, id: reply.player.id, token: reply.player.token, nickname: `Joueur ${i + j + 1}` };
      }))));
    }

    const rand = random(17);
    const times = [];
    const sent = [];
    const refusals = [];
    const spreads = [];
    const perQuestion = [];
    const reveals = [];
    const stored = [];
    let missing = 0;
    server.send({ type: 'mark' });
    for (let q = 0; q < QUESTIONS; q++) {
      // Each phone answers at a random moment within SPREAD ms of receiving the question (the bare server sends none: at once).
      const asked = players.map((player) =>
        kind === 'bare'
          ? Promise.resolve()
          : new Promise((resolve) => {
              const listener = ({ game }) => {
                if (game?.status !== 'question' || game.question?.index !== q) return;
                player.socket.off(UPDATE, listener);
                resolve();
              };
              player.socket.on(UPDATE, listener);
            }),
      );
      await must(ask(host, blindTestId, q === 0 ? 'start' : 'next'), `question ${q + 1}`);
      const qStart = performance.now();
      await Promise.all(players.map(async (player, i) => {
        const choice = Math.floor(rand() * 4);
        const delay = rand() * SPREAD;
        await asked[i];
        await sleep(delay);
        const wallBefore = Date.now();
        const t0 = performance.now();
        const reply = await player.socket.timeout(10_000).emitWithAck(EVENT, JSON.stringify({ action: 'answer', blindTestId, params: { questionIndex: q, choice, playerToken: player.token } })).catch(() => null);
        times.push(performance.now() - t0);
        (perQuestion[q] ??= []).push(performance.now() - t0);
        if (!reply) missing += 1;
        else if (reply.status !== 'ok') refusals.push(reply.msg);
        sent.push({ playerId: player.id, questionIndex: q, choice, wallBefore, wallAfter: Date.now() });
      }));
      spreads.push(performance.now() - qStart);
      // The reveal: when each phone receives it with the leaderboard, from the host's acknowledgement.
      const received = kind === 'bare' ? [] : players.map((player) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => {
            player.socket.off(UPDATE, listener);
            resolve(Infinity);
          }, 10_000);
          function listener({ game }) {
            if (game?.status !== 'reveal' || game.question?.index !== q || !Array.isArray(game.leaderboard) || game.leaderboard.length === 0 || !game.me) return;
            clearTimeout(timer);
            player.socket.off(UPDATE, listener);
            resolve(performance.now());
          }
          player.socket.on(UPDATE, listener);
        }),
      );
      await must(ask(host, blindTestId, 'reveal'), `révélation ${q + 1}`);
      const acked = performance.now();
      for (const at of await Promise.all(received)) reveals.push(Math.max(0, at - acked));
    }
    await sleep(1200);
    const final = kind === 'bare' ? null : (await must(ask(host, blindTestId, 'get'), 'classement')).game;
    if (kind !== 'bare') {
      server.send({ type: 'answers', blindTestId });
      stored.push(...(await server.next('answers')).answers);
    }
    for (const socket of [host, screen, ...phones]) socket.disconnect();
    server.send({ type: 'stop' });
    const exited = new Promise((resolve) => server.proc.once('exit', resolve));
    const stopped = await server.next('stopped').catch(() => ({}));
    // A profile is written as the server exits: it is given the time to.
    if (profile.length) await Promise.race([exited, sleep(10_000)]);
    return { times: times.sort((a, b) => a - b), perQuestion: perQuestion.map((t) => t.sort((a, b) => a - b)), reveals: reveals.sort((a, b) => a - b), spreads, refusals, missing, updates, sent, final, stored, correctChoices, players, server: stopped.server };
  } finally {
    for (const proc of children) proc.kill('SIGTERM');
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * The leaderboard the game should show, from what the phones sent and when: every answer once,
 * timed between its sending and its acknowledgement, scored by core's rule with the streak
 * bonus; then the ranks. Answers a list of problems (empty when all is right).
 */
function checkLeaderboard({ sent, final, stored: answers, correctChoices, players }) {
  const problems = [];
  const game = final.full;
  const { slowestShare, streakBonus } = game.settings;
  if (answers.length !== sent.length) problems.push(`${answers.length} réponses stockées pour ${sent.length} envoyées`);
  const stored = new Map(answers.map((a) => [`${a.playerId}:${a.questionIndex}`, a]));
  const starts = [];
  for (const answer of answers) starts[answer.questionIndex] = answer.at - answer.elapsedMs;
  const expected = new Map(players.map((p) => [p.id, { playerId: p.id, nickname: p.nickname, score: 0, streak: 0, answerMs: 0 }]));
  for (const s of [...sent].sort((a, b) => a.questionIndex - b.questionIndex)) {
    const answer = stored.get(`${s.playerId}:${s.questionIndex}`);
    if (!answer) {
      problems.push(`réponse manquante (${s.playerId}, question ${s.questionIndex + 1})`);
      continue;
    }
    if (answer.choice !== s.choice) problems.push(`choix ${answer.choice} stocké pour ${s.choice} envoyé`);
    if (answer.at < s.wallBefore || answer.at > s.wallAfter) problems.push(`heure du serveur ${answer.at} hors de [${s.wallBefore}, ${s.wallAfter}]`);
    const question = game.questions[s.questionIndex];
    const elapsed = answer.at - starts[s.questionIndex];
    if (answer.elapsedMs !== elapsed) problems.push(`temps de réponse ${answer.elapsedMs} ≠ ${elapsed}`);
    const row = expected.get(s.playerId);
    const correct = s.choice === correctChoices[s.questionIndex];
    const points = correct ? pointsFor(question.points, elapsed, question.timeLimitMs, slowestShare) + streakBonus * Math.min(5, row.streak) : 0;
    if (answer.correct !== correct || answer.points !== points) problems.push(`points ${answer.points} pour ${points} attendus`);
    row.score += points;
    row.streak = correct ? row.streak + 1 : 0;
    if (correct) row.answerMs += elapsed;
  }
  const ranked = [...expected.values()].sort((x, y) => y.score - x.score || x.answerMs - y.answerMs || x.nickname.localeCompare(y.nickname, 'fr'));
  const shown = final.leaderboard;
  if (shown.length !== ranked.length) problems.push(`${shown.length} lignes au classement pour ${ranked.length} joueurs`);
  ranked.forEach((row, i) => {
    const line = shown[i];
    if (!line || line.playerId !== row.playerId || line.score !== row.score || line.rank !== i + 1) problems.push(`rang ${i + 1} : ${line?.nickname} ${line?.score} au lieu de ${row.nickname} ${row.score}`);
  });
  return problems;
}

const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : '—');
process.once('SIGINT', () => {
  for (const proc of children) proc.kill('SIGTERM');
  process.exit(130);
});

const loadBefore = loadavg();
console.log(`blind test : ${PLAYERS} joueurs répondent à la même question en ${SPREAD / 1000} s, ${QUESTIONS} questions, chaque téléphone et un écran suivent la partie (charge de la machine : ${loadBefore.map((v) => v.toFixed(2)).join(' ')})`);
const results = [];
let failure = null;
try {
  const bare = await measure('bare');
  const sortie = await measure('sortie');
  const summary = (label, run) => ({ label, count: run.times.length, p50: quantile(run.times, 0.5), p99: quantile(run.times, 0.99), max: run.times.at(-1) });
  const rows = [summary('écho socket.io nu', bare), summary('Sortie (answer)', sortie)];
  console.log(`${'mesure'.padEnd(22)} ${'acks'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const r of rows) console.log(`${r.label.padEnd(22)} ${String(r.count).padStart(6)} ${ms(r.p50).padStart(8)} ${ms(r.p99).padStart(8)} ${ms(r.max).padStart(8)}`);
  for (const [label, run] of [['écho nu', bare], ['Sortie', sortie]]) {
    if (run.server) console.log(`serveur ${label} : de l’arrivée à l’acquittement p50 ${ms(run.server.ackP50Ms)} ms, p99 ${ms(run.server.ackP99Ms)} ms ; boucle d’événements p99 ${ms(run.server.loopP99Ms)} ms, max ${ms(run.server.loopMaxMs)} ms ; CPU ${run.server.cpuPercent.toFixed(0)} %`);
  }
  const problems = checkLeaderboard(sortie);
  const questionP99 = sortie.perQuestion.map((t) => quantile(t, 0.99));
  console.log(`p99 par question : ${questionP99.map((v, q) => `n° ${q + 1} ${ms(v)} ms`).join(', ')}`);
  console.log(`durée de chaque salve (de l’acquittement de la question à la dernière réponse acquittée) : ${sortie.spreads.map((v) => `${(v / 1000).toFixed(2)} s`).join(', ')}`);
  const revealP99 = quantile(sortie.reveals, 0.99);
  console.log(`révélation reçue par les téléphones (de l’acquittement de l’animateur) : p50 ${ms(quantile(sortie.reveals, 0.5))} ms, p99 ${ms(revealP99)} ms, max ${ms(sortie.reveals.at(-1))} ms (${sortie.reveals.filter((v) => !Number.isFinite(v)).length} jamais reçues)`);
  console.log(`mises à jour reçues (téléphones + écran) : ${sortie.updates} ; sans réponse : ${sortie.missing} ; refus : ${sortie.refusals.length}${sortie.refusals.length ? ` (premier : ${sortie.refusals[0]})` : ''}`);
  console.log(`classement : ${problems.length === 0 ? `juste (${sortie.final.leaderboard.length} joueurs, premier ${sortie.final.leaderboard[0].nickname} avec ${sortie.final.leaderboard[0].score} points)` : `${problems.length} écarts, dont ${problems.slice(0, 3).join(' ; ')}`}`);

  const [ceiling, measured] = rows;
  const first = questionP99[0];
  const last = questionP99.at(-1);
  results.push(
    { name: `ack réponse blind test p50 (${PLAYERS} joueurs en ${SPREAD / 1000} s)`, value: measured.p50, unit: 'ms', ceiling: ceiling.p50, ratio: measured.p50 / ceiling.p50 },
    { name: `ack réponse blind test p99 (${PLAYERS} joueurs en ${SPREAD / 1000} s)`, value: measured.p99, unit: 'ms', ceiling: ceiling.p99, ratio: measured.p99 / ceiling.p99, goal: `≤ ${GOAL_P99_MS} ms`, pass: measured.p99 <= GOAL_P99_MS },
    { name: 'ack réponse blind test p99 / écho nu p99', value: measured.p99 / ceiling.p99, unit: '×', ceiling: ceiling.p99, goal: `≤ ${GOAL_ECHO_RATIO} ×`, pass: measured.p99 / ceiling.p99 <= GOAL_ECHO_RATIO },
    { name: 'ack réponse blind test max', value: measured.max, unit: 'ms', ceiling: ceiling.max, ratio: measured.max / ceiling.max },
    ...questionP99.map((v, q) => ({ name: `ack réponse blind test p99, question ${q + 1}`, value: v, unit: 'ms' })),
    { name: `ack réponse blind test p99, question ${questionP99.length} / question 1`, value: last / first, unit: '×', goal: `≤ ${GOAL_LAST_QUESTION_RATIO}`, pass: last / first <= GOAL_LAST_QUESTION_RATIO },
    { name: `révélation avec classement reçue par chaque téléphone p99 (${PLAYERS} téléphones)`, value: revealP99, unit: 'ms', goal: `≤ ${GOAL_REVEAL_P99_MS} ms`, pass: revealP99 <= GOAL_REVEAL_P99_MS },
    { name: 'réponses blind test sans acquittement ou refusées', value: sortie.missing + sortie.refusals.length, unit: 'réponses', goal: '0', pass: sortie.missing + sortie.refusals.length === 0 },
    { name: 'écarts du classement blind test', value: problems.length, unit: 'écarts', goal: '0', pass: problems.length === 0 },
  );
} catch (error) {
  failure = error;
  console.error('blind test : la mesure a échoué :', error);
  results.push({ name: 'bench blind test terminé', value: 0, unit: '', goal: 'terminé', pass: false });
}
const loadAfter = loadavg();
results.push({ name: 'charge de la machine pendant le bench blind test (loadavg 1 min, avant → après)', value: Number(loadAfter[0].toFixed(2)), unit: `charge (avant ${loadBefore[0].toFixed(2)})` });
console.log(`charge de la machine après : ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`);
if (outPath) writeFileSync(outPath, JSON.stringify({ results }));
process.exit(!failure && results.every((r) => r.pass !== false) ? 0 : 1);

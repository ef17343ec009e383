import { matchAnswer } from './answer-matching';
import { refuseGame } from './blind-test.errors';
import { GameSettingsSchema, MAX_PLAYERS, type Game, type GameAnswer, type GamePlayer, type GameQuestion, type GameSettingsInput } from './blind-test-game.schema';
import { checkNickname } from './nickname';
import { teamFor } from './teams';

/*
 * The rules of a live blind test, pure: each takes a game and the server's time and returns a
 * new game, or throws a BlindTestRefusal in French. lobby → question → reveal → … → podium.
 */

export { MAX_PLAYERS };

/** How the refusal beyond MAX_PLAYERS reads. */
export const GAME_FULL_MESSAGE = `La partie est complète : ${new Intl.NumberFormat('fr-FR').format(MAX_PLAYERS).replace(/\s/g, '\u00a0')} joueurs au plus.`;

/** The question being played or revealed, if any. */
export const currentQuestion = (game: Game): GameQuestion | undefined => (game.questionIndex >= 0 ? game.questions[game.questionIndex] : undefined);

/** How a question is answered: four buttons, a free text, or the buzzer. */
export function answerModeOf(game: Game, question: GameQuestion): 'choices' | 'text' | 'buzzer' {
  if (game.settings.mode === 'buzzer') return 'buzzer';
  return question.kind === 'choices' ? 'choices' : 'text';
}

/**
 * Each list of players' positions by id, made once per list. A list is never changed in place,
 * and the copy an answer makes (replacePlayer) keeps the positions and the count: with 2,000
 * players, an answer finds its player without a scan.
 */
const positions = new WeakMap<readonly GamePlayer[], Map<string, number>>();
const counts = new WeakMap<readonly GamePlayer[], number>();

function positionsOf(players: readonly GamePlayer[]): Map<string, number> {
  let known = positions.get(players);
  if (!known) {
    known = new Map(players.map((p, i) => [p.id, i]));
    positions.set(players, known);
  }
  return known;
}

/** The player of this id in the game (kicked or not), if any. */
export function findPlayer(game: Pick<Game, 'players'>, playerId: string): GamePlayer | undefined {
  const index = positionsOf(game.players).get(playerId);
  return index === undefined ? undefined : game.players[index];
}

/** How many players are in the game (the kicked ones are not). */
export function playerCount(game: Pick<Game, 'players'>): number {
  let count = counts.get(game.players);
  if (count === undefined) {
    count = game.players.reduce((n, p) => (p.kicked ? n : n + 1), 0);
    counts.set(game.players, count);
  }
  return count;
}

/** The players with one of them updated in its place (not kicked or brought back: the count stays). */
function replacePlayer(players: readonly GamePlayer[], updated: GamePlayer): GamePlayer[] {
  const index = positionsOf(players).get(updated.id)!;
  const next = players.slice();
  next[index] = updated;
  positions.set(next, positionsOf(players));
  const count = counts.get(players);
  if (count !== undefined) counts.set(next, count);
  return next;
}

const playerOf = (game: Game, playerId: string): GamePlayer => {
  const player = findPlayer(game, playerId);
  if (!player || player.kicked) return refuseGame('Vous ne faites pas partie de cette partie : rejoignez-la avec son code.');
  return player;
};

/** Whether the player's answer to the current question is in (and counted in their totals). */
const answered = (game: Game, player: GamePlayer) => player.lastAnswered === game.questionIndex;

/** A fresh game in its lobby. */
export function openGame(questions: readonly GameQuestion[], settings: GameSettingsInput, code: string): Game {
  if (questions.length === 0) refuseGame('Ce blind test n’a aucune question : ajoutez-en depuis le tableau de bord.');
  return { code, status: 'lobby', round: 1, settings: GameSettingsSchema.parse(settings), questions: [...questions], questionIndex: -1, startedAt: null, deadline: null, pausedAt: null, players: [], answers: [], buzzer: { queue: [], turn: null, wrong: [] } };
}

/** A player joins under a nickname, whenever the game is not over (late comers start from zero); in team mode, in the team they chose or the smallest. */
export function joinGame(game: Game, playerId: string, nickname: string, team?: string): Game {
  if (game.status === 'podium') refuseGame('La partie est terminée.');
  if (game.players.some((p) => p.id === playerId && p.kicked)) refuseGame('L’animateur vous a retiré de la partie.');
  const others = game.players.filter((p) => p.id !== playerId && !p.kicked);
  if (others.length >= MAX_PLAYERS || (!game.players.some((p) => p.id === playerId) && game.players.length >= 2 * MAX_PLAYERS)) refuseGame(GAME_FULL_MESSAGE);
  const clean = checkNickname(nickname, others.map((p) => p.nickname));
  const existing = game.players.find((p) => p.id === playerId);
  const inTeam = teamFor(game, playerId, team);
  const teamField = inTeam === undefined ? {} : { team: inTeam };
  const players = existing
    ? game.players.map((p) => (p.id === playerId ? { ...p, nickname: clean, ...teamField } : p))
    : [...game.players, { id: playerId, nickname: clean, score: 0, streak: 0, correct: 0, answerMs: 0, kicked: false, lastAnswered: -1, ...teamField }];
  return { ...game, players };
}

/** The host takes a player out: their points leave the leaderboard, and they cannot come back. */
export function kickPlayer(game: Game, playerId: string): Game {
  playerOf(game, playerId);
  const buzzer = { ...game.buzzer, queue: game.buzzer.queue.filter((b) => b.playerId !== playerId), turn: game.buzzer.turn === playerId ? null : game.buzzer.turn };
  return { ...game, players: game.players.map((p) => (p.id === playerId ? { ...p, kicked: true } : p)), buzzer: { ...buzzer, turn: buzzer.turn ?? nextInQueue({ ...game, buzzer }) } };
}

function askQuestion(game: Game, index: number, now: number): Game {
  const question = game.questions[index]!;
  return { ...game, status: 'question', questionIndex: index, startedAt: now, deadline: now + question.timeLimitMs, pausedAt: null, answers: [], buzzer: { queue: [], turn: null, wrong: [] } };
}

/** The host starts: the first question is asked. */
export function startGame(game: Game, now: number): Game {
  if (game.status !== 'lobby') refuseGame('La partie a déjà commencé.');
  if (!game.players.some((p) => !p.kicked)) refuseGame('Aucun joueur n’a encore rejoint la partie.');
  return askQuestion(game, 0, now);
}

/** The next question, or the podium after the last one. */
export function nextQuestion(game: Game, now: number): Game {
  if (game.status === 'lobby') refuseGame('La partie n’a pas commencé.');
  if (game.status === 'podium') refuseGame('La partie est terminée.');
  const settled = game.status === 'question' ? revealAnswers(game, now) : game;
  const index = settled.questionIndex + 1;
  return index < settled.questions.length ? askQuestion(settled, index, now) : { ...settled, status: 'podium', deadline: null, pausedAt: null };
}

/** The answers close and the right one shows; players who did not answer lose their streak. */
export function revealAnswers(game: Game, _now: number): Game {
  if (game.status !== 'question') refuseGame('Aucune question n’est en cours.');
  const correct = new Set(game.answers.filter((a) => a.questionIndex === game.questionIndex && a.correct).map((a) => a.playerId));
  return { ...game, status: 'reveal', pausedAt: null, players: game.players.map((p) => (correct.has(p.id) ? p : { ...p, streak: 0 })), buzzer: { ...game.buzzer, turn: null } };
}

/** The host ends the game now: straight to the podium. */
export function endGame(game: Game): Game {
  if (game.status === 'podium') refuseGame('La partie est déjà terminée.');
  return { ...game, status: 'podium', deadline: null, pausedAt: null };
}

/**
 * « Rejouer »: after the podium, the same game again with the same players, back in the lobby
 * at zero (their phones need not join again: same code, same players); the players the host
 * took out stay out. `round` counts the games played under this code.
 */
export function replayGame(game: Game): Game {
  if (game.status !== 'podium') refuseGame('On ne rejoue qu’une partie terminée.');
  const players = game.players.map((p) => (p.kicked ? p : { ...p, score: 0, streak: 0, correct: 0, answerMs: 0, lastAnswered: -1 }));
  return { ...game, status: 'lobby', round: game.round + 1, questionIndex: -1, startedAt: null, deadline: null, pausedAt: null, players, answers: [], buzzer: { queue: [], turn: null, wrong: [] } };
}

/** When the server reveals the current question by itself (the host chose it), or null: not during a pause, nor outside a question. */
export function autoRevealAt(game: Game | null): number | null {
  if (!game || !game.settings.autoReveal || game.status !== 'question' || game.pausedAt !== null) return null;
  return game.deadline;
}

/** The automatic reveal, run by the server at the deadline: refused before it (a pause or a new question came meanwhile). */
export function revealWhenDue(game: Game, now: number): Game {
  const at = autoRevealAt(game);
  if (at === null || now < at) refuseGame('Pas de révélation automatique à faire maintenant.');
  return revealAnswers(game, now);
}

/** Pause: the clock stops, answers wait. */
export function pauseGame(game: Game, now: number): Game {
  if (game.status !== 'question') refuseGame('On ne met en pause qu’une question en cours.');
  if (game.pausedAt !== null) refuseGame('La partie est déjà en pause.');
  return { ...game, pausedAt: now };
}

/** Resume: the deadline moves on by the time spent paused. */
export function resumeGame(game: Game, now: number): Game {
  if (game.pausedAt === null) return refuseGame('La partie n’est pas en pause.');
  const paused = now - game.pausedAt;
  return { ...game, pausedAt: null, deadline: game.deadline === null ? null : game.deadline + paused, startedAt: game.startedAt === null ? null : game.startedAt + paused };
}

/** The points of a right answer given after `elapsedMs`: all of them at once, `slowestShare` of them at the deadline. */
export function pointsFor(points: number, elapsedMs: number, limitMs: number, slowestShare: number): number {
  const late = Math.min(1, Math.max(0, elapsedMs / limitMs));
  return Math.round(points * (1 - (1 - slowestShare) * late));
}

const streakBonus = (game: Game, player: GamePlayer) => game.settings.streakBonus * Math.min(5, player.streak);

/** Whether a question is open to answers from `playerId` now, or in French why not. */
function checkOpen(game: Game, playerId: string, questionIndex: number, now: number): { question: GameQuestion; player: GamePlayer } {
  const player = playerOf(game, playerId);
  const question = currentQuestion(game);
  if (game.status !== 'question' || !question) return refuseGame('Aucune question n’est en cours.');
  if (questionIndex !== game.questionIndex) refuseGame('Cette question est close.');
  if (game.pausedAt !== null) refuseGame('La partie est en pause.');
  if (game.deadline !== null && now > game.deadline) refuseGame('Trop tard : le temps est écoulé.');
  return { question, player };
}

/** A player's totals once an answer (already scored) is counted: the leaderboard's incremental step. */
export function countAnswer(player: GamePlayer, answer: Pick<GameAnswer, 'questionIndex' | 'correct' | 'points' | 'elapsedMs'>): GamePlayer {
  return answer.correct
    ? { ...player, score: player.score + answer.points, streak: player.streak + 1, correct: player.correct + 1, answerMs: player.answerMs + answer.elapsedMs, lastAnswered: answer.questionIndex }
    : { ...player, score: Math.max(0, player.score + answer.points), streak: 0, lastAnswered: answer.questionIndex };
}

/** Scores a player's answer and adds its points at once (the phones learn it at the reveal). */
function record(game: Game, player: GamePlayer, answer: Omit<GameAnswer, 'points'>, basePoints: number): Game {
  const points = answer.correct ? basePoints + streakBonus(game, player) : basePoints;
  const scored = { ...answer, points };
  const updated = countAnswer(player, scored);
  return { ...game, players: replacePlayer(game.players, updated), answers: [...game.answers, scored] };
}

/** A typed answer or a pressed button, timed by the server's clock. One per player per question. */
export function submitAnswer(game: Game, playerId: string, input: { questionIndex: number; text?: string; choice?: number }, now: number): Game {
  const { question, player } = checkOpen(game, playerId, input.questionIndex, now);
  const mode = answerModeOf(game, question);
  if (mode === 'buzzer') refuseGame('Sur cette partie, on buzze puis on répond à voix haute.');
  if (answered(game, player)) refuseGame('Vous avez déjà répondu à cette question.');
  if (mode === 'choices' && input.choice === undefined) return refuseGame('Choisissez une des quatre réponses.');
  if (mode !== 'choices' && (input.text ?? '').trim() === '') refuseGame('Tapez votre réponse.');
  const elapsedMs = Math.max(0, Math.round(now - (game.startedAt ?? now)));
  const judged = judgeAnswer(game, question, input, elapsedMs);
  return record(game, player, { playerId, questionIndex: input.questionIndex, at: now, elapsedMs, ...judged.answer }, judged.basePoints);
}

/**
 * How a typed answer or a pressed button given after `elapsedMs` is judged: right or wrong (a
 * track's title and artist apart) and its points before any streak bonus. Pure: a report or a
 * recomputation judges a stored answer again the same way.
 */
export function judgeAnswer(
  game: Pick<Game, 'settings'>,
  question: GameQuestion,
  input: { text?: string | undefined; choice?: number | undefined },
  elapsedMs: number,
): { answer: Pick<GameAnswer, 'correct' | 'text' | 'choice' | 'titleOk' | 'artistOk'>; basePoints: number } {
  const full = pointsFor(question.points, elapsedMs, question.timeLimitMs, game.settings.slowestShare);
  if (question.kind === 'choices' && input.choice !== undefined) {
    const correct = input.choice === question.correctChoice;
    return { answer: { choice: input.choice, correct }, basePoints: correct ? full : 0 };
  }
  const text = (input.text ?? '').trim();
  if (question.kind !== 'track') {
    const correct = text !== '' && matchAnswer(text, question.answers);
    return { answer: { text, correct }, basePoints: correct ? full : 0 };
  }
  // A track: the title, the artist, or both; with both, each is worth half and either one counts.
  const parts = question.ask === 'both' ? answerParts(text, question) : [text];
  const titleOk = text !== '' && question.ask !== 'artist' && question.title !== undefined && parts.some((part) => matchAnswer(part, question.title!));
  const artistOk = text !== '' && question.ask !== 'title' && question.artist !== undefined && parts.some((part) => matchAnswer(part, question.artist!));
  const share = question.ask === 'both' ? (titleOk ? 0.5 : 0) + (artistOk ? 0.5 : 0) : titleOk || artistOk ? 1 : 0;
  return { answer: { text, titleOk, artistOk, correct: share > 0 }, basePoints: Math.round(full * share) };
}

const wordCount = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean).length;

/**
 * The one answer box of a track asking for both holds both, in either order and with or
 * without a separator: « Stromae - Alors on danse », « alors on danse stromae ». The text and
 * each split at a word boundary are tried; a list of guesses longer than both names is not split.
 */
export function answerParts(text: string, question: Pick<GameQuestion, 'title' | 'artist'>): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length > wordCount(question.title) + wordCount(question.artist) + 2) return [text];
  const parts = [text];
  for (let i = 1; i < words.length; i++) parts.push(words.slice(0, i).join(' '), words.slice(i).join(' '));
  return parts;
}

function nextInQueue(game: Game): string | null {
  const wrong = new Set(game.buzzer.wrong);
  return game.buzzer.queue.find((b) => !wrong.has(b.playerId) && !findPlayer(game, b.playerId)?.kicked)?.playerId ?? null;
}

/** A buzz, in the order the server receives them: the first answers aloud, the others wait their turn. */
export function buzz(game: Game, playerId: string, questionIndex: number, now: number): Game {
  const { question } = checkOpen(game, playerId, questionIndex, now);
  if (answerModeOf(game, question) !== 'buzzer') refuseGame('Cette partie se joue sans buzzer : répondez à l’écran.');
  if (game.buzzer.wrong.includes(playerId)) refuseGame('Vous avez déjà tenté votre chance sur cette question.');
  if (game.buzzer.queue.some((b) => b.playerId === playerId)) refuseGame('Vous avez déjà buzzé.');
  const queue = [...game.buzzer.queue, { playerId, at: now }];
  return { ...game, buzzer: { ...game.buzzer, queue, turn: game.buzzer.turn ?? playerId } };
}

/** The host judges the player answering aloud: right, the question is won; wrong, the buzzer passes on. */
export function judgeBuzz(game: Game, playerId: string, correct: boolean, now: number): Game {
  if (game.status !== 'question') refuseGame('Aucune question n’est en cours.');
  if (game.buzzer.turn !== playerId) refuseGame('Ce joueur n’a pas la main.');
  const player = playerOf(game, playerId);
  const question = currentQuestion(game)!;
  const buzzed = game.buzzer.queue.find((b) => b.playerId === playerId)!;
  const elapsedMs = Math.max(0, Math.round(buzzed.at - (game.startedAt ?? buzzed.at)));
  const base = { playerId, questionIndex: game.questionIndex, at: buzzed.at, elapsedMs };
  if (correct) {
    const won = record(game, player, { ...base, correct: true }, pointsFor(question.points, elapsedMs, question.timeLimitMs, game.settings.slowestShare));
    return revealAnswers(won, now);
  }
  const judged = record(game, player, { ...base, correct: false }, -game.settings.wrongBuzzPenalty);
  const buzzer = { ...judged.buzzer, wrong: [...judged.buzzer.wrong, playerId], turn: null };
  return { ...judged, buzzer: { ...buzzer, turn: nextInQueue({ ...judged, buzzer }) } };
}

export interface LeaderboardRow {
  playerId: string;
  nickname: string;
  score: number;
  rank: number;
  correct: number;
  answerMs: number;
}

const byNickname = new Intl.Collator('fr').compare;

/**
 * The players by score, ties broken by the total time of their right answers (faster first). It
 * reads the totals each answer updated as it was counted (countAnswer), never the answers.
 */
export function leaderboard(game: Pick<Game, 'players'>): LeaderboardRow[] {
  // Sorted once per list of players: the screen's, the host's and the 2,000 phones' views of one state share it.
  let rows = boards.get(game.players);
  if (!rows) {
    rows = game.players
      .filter((p) => !p.kicked)
      .sort((x, y) => y.score - x.score || x.answerMs - y.answerMs || byNickname(x.nickname, y.nickname))
      .map((p, i) => ({ playerId: p.id, nickname: p.nickname, score: p.score, rank: i + 1, correct: p.correct, answerMs: p.answerMs }));
    boards.set(game.players, rows);
  }
  return rows.slice();
}

const boards = new WeakMap<readonly GamePlayer[], readonly LeaderboardRow[]>();

/** How many players have answered (or buzzed) the current question. */
export function answerCount(game: Game): number {
  if (game.settings.mode === 'buzzer') return game.buzzer.queue.length;
  // The game holds its current question's answers only (askQuestion empties them).
  if (game.answers[0]?.questionIndex === game.questionIndex) return game.answers.length;
  return game.answers.filter((a) => a.questionIndex === game.questionIndex).length;
}

/** The time left on the current question at `now`, in milliseconds (frozen while paused). */
export function timeLeft(game: Game, now: number): number {
  if (game.status !== 'question' || game.deadline === null) return 0;
  return Math.max(0, game.deadline - (game.pausedAt ?? now));
}

/**
 * The answers a change added to the game (those of its current question), in the order they
 * came: what the authority stores in the answers' table with the change.
 */
export function answersAdded(before: Game | null, after: Game | null): GameAnswer[] {
  if (!after || after.answers === before?.answers) return [];
  if (!before || before.code !== after.code || before.questionIndex !== after.questionIndex) return after.answers;
  return after.answers.slice(before.answers.length);
}

/**
 * The game with answers of its current question it does not hold yet (read from their table
 * after a restart, or stored by another server): each is counted in its player's totals unless
 * they count it already (the game's row was written after it), then kept with the question's
 * answers. Answers of another question, or of a player who already has one, change nothing.
 */
export function withAnswers(game: Game, answers: readonly GameAnswer[]): Game {
  const held = new Set(game.answers.map((a) => a.playerId));
  const fresh = new Map<string, GameAnswer>();
  for (const answer of answers) if (answer.questionIndex === game.questionIndex && !held.has(answer.playerId) && !fresh.has(answer.playerId)) fresh.set(answer.playerId, answer);
  if (fresh.size === 0) return game;
  const players = game.players.map((p) => {
    const answer = fresh.get(p.id);
    return answer && p.lastAnswered < answer.questionIndex ? countAnswer(p, answer) : p;
  });
  return { ...game, players, answers: [...game.answers, ...fresh.values()].sort((x, y) => x.at - y.at) };
}

/**
 * Every player's totals recomputed from all the answers of the game, question by question:
 * each answer judged again from what was typed, chosen or judged aloud, its streak bonus from
 * the streak then, and a question revealed without a right answer ending the streak. The
 * totals countAnswer keeps answer by answer are equal to these (core's property test).
 */
export function totalsFromAnswers(game: Game, answers: readonly GameAnswer[]): GamePlayer[] {
  const byQuestion = new Map<number, Map<string, GameAnswer>>();
  for (const answer of answers) {
    const of = byQuestion.get(answer.questionIndex) ?? new Map<string, GameAnswer>();
    of.set(answer.playerId, answer);
    byQuestion.set(answer.questionIndex, of);
  }
  const last = game.status === 'lobby' ? -1 : game.questionIndex;
  return game.players.map((start) => {
    let player: GamePlayer = { ...start, score: 0, streak: 0, correct: 0, answerMs: 0, lastAnswered: -1 };
    for (let q = 0; q <= last; q++) {
      const answer = byQuestion.get(q)?.get(player.id);
      const revealed = q < game.questionIndex || game.status === 'reveal';
      if (!answer) {
        if (revealed) player = { ...player, streak: 0 };
        continue;
      }
      const question = game.questions[q]!;
      const buzzed = answer.text === undefined && answer.choice === undefined;
      const base = buzzed
        ? answer.correct
          ? pointsFor(question.points, answer.elapsedMs, question.timeLimitMs, game.settings.slowestShare)
          : -game.settings.wrongBuzzPenalty
        : judgeAnswer(game, question, answer, answer.elapsedMs).basePoints;
      const correct = buzzed ? answer.correct : judgeAnswer(game, question, answer, answer.elapsedMs).answer.correct;
      player = countAnswer(player, { questionIndex: q, correct, elapsedMs: answer.elapsedMs, points: correct ? base + streakBonus(game, player) : base });
      if (revealed && !correct) player = { ...player, streak: 0 };
    }
    return player;
  });
}

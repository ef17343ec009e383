import type { Game, GameQuestion } from './blind-test-game.schema';
import { answerCount, answerModeOf, currentQuestion, leaderboard, timeLeft, type LeaderboardRow } from './game';

/*
 * What a screen may show of a game. The stored game holds the right answers and everyone's
 * answers: the big screen and the phones get a view that keeps them hidden until the reveal.
 */

export interface QuestionView {
  index: number;
  kind: GameQuestion['kind'];
  mode: 'choices' | 'text' | 'buzzer';
  prompt: string;
  ask: GameQuestion['ask'];
  choices: string[];
  points: number;
  timeLimitMs: number;
  /** For the host's browser when there is no music provider. */
  audioUrl?: string;
  /** Shown at the reveal only. */
  solution?: { title?: string; artist?: string; answers: string[]; correctChoice?: number; coverUrl?: string };
}

export interface ScreenView {
  code: string;
  status: Game['status'];
  paused: boolean;
  questionCount: number;
  question: QuestionView | null;
  timeLeftMs: number;
  answerCount: number;
  players: string[];
  leaderboard: LeaderboardRow[];
  buzzer: { turn: string | null; waiting: string[] };
}

export interface PlayerView extends ScreenView {
  me: {
    playerId: string;
    nickname: string;
    score: number;
    rank: number;
    answered: boolean;
    /** At the reveal: how my answer did. */
    result?: { correct: boolean; points: number; titleOk?: boolean; artistOk?: boolean };
  } | null;
}

const nicknameOf = (game: Game, playerId: string | null) => (playerId ? (game.players.find((p) => p.id === playerId)?.nickname ?? null) : null);

function questionView(game: Game): QuestionView | null {
  const question = currentQuestion(game);
  if (!question || game.status === 'lobby') return null;
  const revealed = game.status !== 'question';
  return {
    index: game.questionIndex,
    kind: question.kind,
    mode: answerModeOf(game, question),
    prompt: question.prompt,
    ask: question.ask,
    choices: question.choices,
    points: question.points,
    timeLimitMs: question.timeLimitMs,
    ...(question.audioUrl ? { audioUrl: question.audioUrl } : {}),
    ...(revealed
      ? {
          solution: {
            ...(question.title ? { title: question.title } : {}),
            ...(question.artist ? { artist: question.artist } : {}),
            answers: question.answers,
            ...(question.correctChoice === undefined ? {} : { correctChoice: question.correctChoice }),
            ...(question.coverUrl ? { coverUrl: question.coverUrl } : {}),
          },
        }
      : {}),
  };
}

/** The venue's screen: the question without its answer, the count of answers, the board. */
export function screenView(game: Game, now: number): ScreenView {
  const wrong = new Set(game.buzzer.wrong);
  return {
    code: game.code,
    status: game.status,
    paused: game.pausedAt !== null,
    questionCount: game.questions.length,
    question: questionView(game),
    timeLeftMs: timeLeft(game, now),
    answerCount: game.status === 'lobby' ? 0 : answerCount(game),
    players: game.players.filter((p) => !p.kicked).map((p) => p.nickname),
    leaderboard: leaderboard(game),
    buzzer: {
      turn: nicknameOf(game, game.buzzer.turn),
      waiting: game.buzzer.queue.filter((b) => b.playerId !== game.buzzer.turn && !wrong.has(b.playerId)).map((b) => nicknameOf(game, b.playerId)!).filter(Boolean),
    },
  };
}

/** A player's phone: the screen's view, and their own score, rank and answer. */
export function playerView(game: Game, playerId: string, now: number): PlayerView {
  const view = screenView(game, now);
  const row = view.leaderboard.find((r) => r.playerId === playerId);
  if (!row) return { ...view, me: null };
  const answer = game.answers.find((a) => a.playerId === playerId && a.questionIndex === game.questionIndex && a.points >= 0);
  const mine = game.answers.filter((a) => a.playerId === playerId && a.questionIndex === game.questionIndex);
  const revealed = game.status === 'reveal' || game.status === 'podium';
  return {
    ...view,
    me: {
      playerId,
      nickname: row.nickname,
      score: row.score,
      rank: row.rank,
      answered: mine.length > 0 || game.buzzer.queue.some((b) => b.playerId === playerId),
      ...(revealed && answer ? { result: { correct: answer.correct, points: answer.points, ...(answer.titleOk === undefined ? {} : { titleOk: answer.titleOk }), ...(answer.artistOk === undefined ? {} : { artistOk: answer.artistOk }) } } : {}),
    },
  };
}

import type { Game, GameAnswer, GameQuestion } from './blind-test-game.schema';
import { playsInTeams, teamLeaderboard, type TeamRow } from './teams';
import { answerCount, answerModeOf, currentQuestion, findPlayer, leaderboard, playerCount, timeLeft, withAnswers, type LeaderboardRow } from './game';

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
  /** How many players are in the game (a phone's view lists none of them: `players` is empty there). */
  playerCount: number;
  players: string[];
  leaderboard: LeaderboardRow[];
  /** Team mode: the teams ranked (empty when played alone). */
  teams: TeamRow[];
  buzzer: { turn: string | null; waiting: string[] };
}

export interface PlayerView extends ScreenView {
  me: {
    playerId: string;
    nickname: string;
    score: number;
    rank: number;
    /** Team mode: their team. */
    team?: string;
    answered: boolean;
    /** At the reveal: how my answer did. */
    result?: { correct: boolean; points: number; titleOk?: boolean; artistOk?: boolean };
  } | null;
}

const nicknameOf = (game: Game, playerId: string | null) => (playerId ? (findPlayer(game, playerId)?.nickname ?? null) : null);

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
    playerCount: playerCount(game),
    players: game.players.filter((p) => !p.kicked).map((p) => p.nickname),
    leaderboard: leaderboard(game),
    teams: teamLeaderboard(game),
    buzzer: {
      turn: nicknameOf(game, game.buzzer.turn),
      waiting: game.buzzer.queue.filter((b) => b.playerId !== game.buzzer.turn && !wrong.has(b.playerId)).map((b) => nicknameOf(game, b.playerId)!).filter(Boolean),
    },
  };
}

/** A player's phone: the screen's view, and their own score, rank and answer. */
export function playerView(game: Game, playerId: string, now: number): PlayerView {
  return playerViews(game, now, [playerId]).get(playerId)!;
}

export interface PlayerViewsOptions {
  /** The leaderboard's first `top` rows only (each phone still gets its own rank in `me`), and no list of the players (their count only). */
  top?: number;
}

type Me = NonNullable<PlayerView['me']>;

/**
 * Every phone's view at once: the screen's view and the leaderboard are made once, and each
 * player's `me` is read from them and from one pass over the question's answers, instead of
 * a whole view per phone (300 phones, each update). The views share the screen's parts:
 * treat them as read-only.
 */
export function playerViews(game: Game, now: number, playerIds: Iterable<string>, options: PlayerViewsOptions = {}): Map<string, PlayerView> {
  const view = screenView(game, now);
  const rows = new Map(view.leaderboard.map((row) => [row.playerId, row]));
  const teams = new Map(playsInTeams(game) ? game.players.map((p) => [p.id, p.team]) : []);
  const shared: ScreenView = options.top === undefined ? view : { ...view, players: [], leaderboard: view.leaderboard.slice(0, Math.max(0, options.top)) };
  const revealed = game.status === 'reveal' || game.status === 'podium';
  // This question's answers by player: whether they answered, and the first one that scored (not a wrong buzz's penalty).
  const answered = new Set<string>();
  const scored = new Map<string, Game['answers'][number]>();
  for (const answer of game.answers) {
    if (answer.questionIndex !== game.questionIndex) continue;
    answered.add(answer.playerId);
    if (answer.points >= 0 && !scored.has(answer.playerId)) scored.set(answer.playerId, answer);
  }
  for (const buzz of game.buzzer.queue) answered.add(buzz.playerId);

  const views = new Map<string, PlayerView>();
  for (const playerId of playerIds) {
    const row = rows.get(playerId);
    if (!row) {
      views.set(playerId, { ...shared, me: null });
      continue;
    }
    const answer = revealed ? scored.get(playerId) : undefined;
    const me: Me = {
      playerId,
      nickname: row.nickname,
      score: row.score,
      rank: row.rank,
      ...(teams.get(playerId) ? { team: teams.get(playerId) } : {}),
      answered: answered.has(playerId),
      ...(answer ? { result: { correct: answer.correct, points: answer.points, ...(answer.titleOk === undefined ? {} : { titleOk: answer.titleOk }), ...(answer.artistOk === undefined ? {} : { artistOk: answer.artistOk }) } } : {}),
    };
    views.set(playerId, { ...shared, me });
  }
  return views;
}

/**
 * What the room hears when players answer or join: a few numbers, not the whole game (2,000
 * phones, a few times a second). The whole view comes again when the question changes, at the
 * reveal and on the host's actions.
 */
export interface GameProgress {
  status: Game['status'];
  questionIndex: number;
  answerCount: number;
  playerCount: number;
  /** To the phone whose answer it acknowledges: its answer is in. */
  answered?: boolean;
  /** To the host only: the answers received since the last progress (the host sees them before the reveal). */
  answers?: GameAnswer[];
}

/** The game's progress now (for the host, with the answers given). */
export function gameProgress(game: Game, answers?: GameAnswer[]): GameProgress {
  return {
    status: game.status,
    questionIndex: game.questionIndex,
    answerCount: game.status === 'lobby' ? 0 : answerCount(game),
    playerCount: playerCount(game),
    ...(answers ? { answers } : {}),
  };
}

/**
 * A view (and the host's whole game) with a progress applied. A progress of another question or
 * status than the view's is older or newer than it: it is ignored (the whole view follows).
 */
export function withProgress<V extends ScreenView & { me?: PlayerView['me'] }>(view: V, game: Game | null, progress: GameProgress): { view: V; game: Game | null } {
  if (progress.status !== view.status || (view.status !== 'lobby' && progress.questionIndex !== (view.question?.index ?? -1))) return { view, game };
  const me = view.me && progress.answered ? { ...view.me, answered: true } : view.me;
  const next = { ...view, answerCount: Math.max(view.answerCount, progress.answerCount), playerCount: progress.playerCount, ...(me === undefined ? {} : { me }) };
  const withNew = game && progress.answers && game.questionIndex === progress.questionIndex ? withAnswers(game, progress.answers) : game;
  return { view: next, game: withNew };
}

import { z } from 'zod';
import { MAX_TEAMS, TEAM_SCORES } from './teams.constants';

/*
 * The live game of a blind test: what the server stores (so that a restart keeps it) and
 * what the rules in game.ts read and write. Times are the server's clock in milliseconds.
 */

/** How players answer: typing or pressing one of four buttons (by question), or buzzing and answering aloud. */
/** The players of one game at most (a room of 2,000 phones); kicked players are kept beside them, up to as many again. */
export const MAX_PLAYERS = 2000;

export const GameModeSchema = z.enum(['answers', 'buzzer']);
export type GameMode = z.infer<typeof GameModeSchema>;

export const GameStatusSchema = z.enum(['lobby', 'question', 'reveal', 'podium']);
export type GameStatus = z.infer<typeof GameStatusSchema>;

export const GameQuestionSchema = z.object({
  id: z.string().min(1).max(40),
  /** track: name the music playing; text: answer the prompt; choices: pick one of four. */
  kind: z.enum(['track', 'text', 'choices']),
  prompt: z.string().max(500).default(''),
  /** A track question asks for its title, its artist, or both (half the points each). */
  ask: z.enum(['title', 'artist', 'both']).default('both'),
  title: z.string().max(200).optional(),
  artist: z.string().max(200).optional(),
  /** A text question's accepted answers. */
  answers: z.array(z.string().max(200)).max(20).default([]),
  /** A choices question's four answers, and the index of the right one. */
  choices: z.array(z.string().max(200)).max(4).default([]),
  correctChoice: z.number().int().min(0).max(3).optional(),
  points: z.number().int().min(0).max(1000).default(100),
  timeLimitMs: z.number().int().min(5_000).max(300_000).default(20_000),
  trackUri: z.string().max(200).optional(),
  audioUrl: z.string().max(2000).optional(),
  /** Where the music starts, in the track. */
  offsetMs: z.number().int().min(0).default(0),
  coverUrl: z.string().max(2000).optional(),
});
export type GameQuestion = z.infer<typeof GameQuestionSchema>;
export type GameQuestionInput = z.input<typeof GameQuestionSchema>;

/** The teams a host names, distinct whatever their case. */
export const TeamNamesSchema = z
  .array(z.string().trim().min(1, 'Le nom d’une équipe est vide.').max(24, 'Le nom d’une équipe fait au plus 24 caractères.'))
  .max(MAX_TEAMS, `Au plus ${MAX_TEAMS} équipes.`)
  .refine((names) => new Set(names.map((n) => n.toLocaleLowerCase('fr'))).size === names.length, 'Deux équipes portent le même nom.')
  .default([]);

export const GameSettingsSchema = z.object({
  mode: GameModeSchema.default('answers'),
  /** What an answer given at the last moment keeps of its points (an instant one gets them all). */
  slowestShare: z.number().min(0).max(1).default(0.5),
  /** Buzzer: points lost on a wrong answer. */
  wrongBuzzPenalty: z.number().int().min(0).max(1000).default(0),
  /** Points added per right answer in a row beyond the first (at most five times). */
  streakBonus: z.number().int().min(0).max(1000).default(0),
  /** Team mode (teams.ts): the teams' names, none to play alone. */
  teams: TeamNamesSchema,
  /** A team's score: its players' mean, or their sum. */
  teamScore: z.enum(TEAM_SCORES).default('mean'),
  /** The answer is revealed by the server at the question's deadline, without the host's « Révéler ». */
  autoReveal: z.boolean().default(false),
});
export type GameSettings = z.infer<typeof GameSettingsSchema>;
export type GameSettingsInput = z.input<typeof GameSettingsSchema>;

export const GamePlayerSchema = z.object({
  id: z.string().min(1).max(40),
  nickname: z.string().min(1).max(24),
  score: z.number().int().default(0),
  streak: z.number().int().min(0).default(0),
  correct: z.number().int().min(0).default(0),
  /** The time taken by every right answer: the podium's tiebreak. */
  answerMs: z.number().int().min(0).default(0),
  kicked: z.boolean().default(false),
  /** Their team, in team mode. */
  team: z.string().max(24).optional(),
  /**
   * The last question whose answer is counted in the totals above (-1: none). The authority
   * stores answers in their own table and writes the game's row less often: an answer of the
   * current question in the table but not counted here is counted when the game is read again.
   */
  lastAnswered: z.number().int().min(-1).default(-1),
});
export type GamePlayer = z.infer<typeof GamePlayerSchema>;

export const GameAnswerSchema = z.object({
  playerId: z.string(),
  questionIndex: z.number().int().min(0),
  /** When the server received it. */
  at: z.number(),
  elapsedMs: z.number().int().min(0),
  text: z.string().max(200).optional(),
  choice: z.number().int().min(0).max(3).optional(),
  titleOk: z.boolean().optional(),
  artistOk: z.boolean().optional(),
  correct: z.boolean(),
  points: z.number().int(),
});
export type GameAnswer = z.infer<typeof GameAnswerSchema>;

export const BuzzerSchema = z.object({
  /** Who buzzed, in the order the server received them, with when. */
  queue: z.array(z.object({ playerId: z.string(), at: z.number() })).default([]),
  /** Who answers aloud now. */
  turn: z.string().nullable().default(null),
  /** Who has been judged wrong on this question. */
  wrong: z.array(z.string()).default([]),
});

export const GameSchema = z.object({
  code: z.string().regex(/^\d{6}$/),
  status: GameStatusSchema.default('lobby'),
  /** The games played under this code: « Rejouer » starts the next. */
  round: z.number().int().min(1).default(1),
  settings: GameSettingsSchema.prefault({}),
  questions: z.array(GameQuestionSchema).max(200),
  /** -1 in the lobby. */
  questionIndex: z.number().int().min(-1).default(-1),
  startedAt: z.number().nullable().default(null),
  deadline: z.number().nullable().default(null),
  /** Set while paused: the deadline moves by the time spent paused. */
  pausedAt: z.number().nullable().default(null),
  players: z.array(GamePlayerSchema).max(2 * MAX_PLAYERS).default([]),
  /**
   * The answers of the current question (emptied when the next one is asked). The server keeps
   * every answer in its own table, not in the game's row: the row stays as small as its players.
   */
  answers: z.array(GameAnswerSchema).default([]),
  buzzer: BuzzerSchema.prefault({}),
});
export type Game = z.infer<typeof GameSchema>;
export type GameInput = z.input<typeof GameSchema>;

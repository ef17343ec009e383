import { z } from 'zod';
import { BRACKETS, DEFAULT_POINTS, MAX_MATCHES, MAX_PARTICIPANTS, MAX_STATIONS, type Bracket } from './tournament-engine.constants';

/** The formats the engine plays, one model for all. */
export const FormatSchema = z.enum(['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'groups_then_elimination']);
export type Format = z.infer<typeof FormatSchema>;

export const StatusSchema = z.enum(['registration', 'running', 'finished']);
export type Status = z.infer<typeof StatusSchema>;

export const BracketSchema = z.enum(BRACKETS);
export type { Bracket };

export const MatchStatusSchema = z.enum(['pending', 'ready', 'done']);
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

export const PointsSchema = z.object({
  win: z.number().int().min(0).max(100),
  draw: z.number().int().min(0).max(100),
  loss: z.number().int().min(0).max(100),
});

export const SettingsSchema = z.object({
  /** Single elimination (and the second stage): the semi-finals' losers play for third place. */
  thirdPlace: z.boolean().default(false),
  /** Double elimination: a second grand final when the losers'-bracket player wins the first. */
  grandFinalReset: z.boolean().default(true),
  /** Swiss: the number of rounds; absent, ⌈log2 n⌉. */
  swissRounds: z.number().int().min(1).max(20).optional(),
  /** Round robin in groups, and the first stage of two: players per group (absent: one group; 4 for two stages). */
  groupSize: z.number().int().min(2).max(64).optional(),
  /** Two stages: how many of each group go on to the elimination. */
  advancePerGroup: z.number().int().min(1).max(32).default(2),
  /** Games per match; above 1 a score is a count of games won (first to ⌈bestOf/2⌉). */
  bestOf: z.number().int().min(1).max(99).default(1),
  points: PointsSchema.default({ ...DEFAULT_POINTS }),
  maxParticipants: z.number().int().min(2).max(MAX_PARTICIPANTS).optional(),
  /** When on, only the checked-in participants are drawn at the start. */
  checkIn: z.boolean().default(false),
  /** The tables, consoles or boards, by name: a ready match is called to the next free one (tournaments/stations.ts). */
  stations: z.array(z.string().trim().min(1, 'Le nom du poste est obligatoire.').max(40)).max(MAX_STATIONS).optional(),
  /** How long a match takes, call to result, in minutes: the estimated starts count with it. */
  matchMinutes: z.number().int().min(1).max(240).optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const ParticipantSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().trim().min(1, 'Le nom est obligatoire.').max(80),
  seed: z.number().int().min(1),
  userId: z.string().max(40).optional(),
  checkedIn: z.boolean().default(false),
  /** Disqualified, withdrawn, or absent at a start with check-in: no longer drawn or paired. */
  dropped: z.boolean().default(false),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/** Where a match sends its winner or its loser. */
export const SlotRefSchema = z.object({ matchId: z.string(), slot: z.enum(['a', 'b']) });
export type SlotRef = z.infer<typeof SlotRefSchema>;

export const MatchSchema = z.object({
  id: z.string().min(1).max(40),
  /** 1, or 2 for the elimination after the groups. */
  stage: z.number().int().min(1).max(2),
  bracket: BracketSchema,
  /** The group (1-based) of a group or round-robin-in-groups match. */
  group: z.number().int().min(1).optional(),
  round: z.number().int().min(1),
  a: z.string().nullable(),
  b: z.string().nullable(),
  scoreA: z.number().int().min(0).nullable(),
  scoreB: z.number().int().min(0).nullable(),
  /** Null on a draw, on an empty match, or while not done. */
  winner: z.string().nullable(),
  status: MatchStatusSchema,
  reportedBy: z.string().optional(),
  /** False while a player's report waits for the opponent's (or staff's) confirmation. */
  confirmed: z.boolean().default(false),
  /** Won because the opponent was disqualified. */
  forfeit: z.boolean().default(false),
  winnerTo: SlotRefSchema.nullable().default(null),
  loserTo: SlotRefSchema.nullable().default(null),
  /** The station the match is being played on, from its call until its score. */
  station: z.string().max(40).optional(),
  /** When it was called to its station (ms since the epoch): its end is estimated from it. */
  calledAt: z.number().int().min(0).optional(),
});
export type Match = z.infer<typeof MatchSchema>;

export const TiebreaksSchema = z.object({
  /** Points earned against the players level on points. */
  headToHead: z.number(),
  /** The sum of the opponents' points. */
  buchholz: z.number(),
  /** The points of the opponents beaten, plus half those of the opponents drawn. */
  sonnebornBerger: z.number(),
});
export type Tiebreaks = z.infer<typeof TiebreaksSchema>;

export const StandingSchema = z.object({
  participantId: z.string(),
  rank: z.number().int().min(1),
  group: z.number().int().min(1).optional(),
  played: z.number().int().min(0),
  wins: z.number().int().min(0),
  draws: z.number().int().min(0),
  losses: z.number().int().min(0),
  points: z.number(),
  tiebreaks: TiebreaksSchema,
});
export type Standing = z.infer<typeof StandingSchema>;


/** What the engine reads and writes; a stored tournament carries more (name, game, ids) that goes along untouched. */
export const EngineTournamentSchema = z.object({
  format: FormatSchema.default('single_elimination'),
  status: StatusSchema.default('registration'),
  settings: SettingsSchema.prefault({}),
  participants: z.array(ParticipantSchema).max(MAX_PARTICIPANTS).default([]),
  matches: z.array(MatchSchema).max(MAX_MATCHES).default([]),
  standings: z.array(StandingSchema).default([]),
  winnerId: z.string().nullable().default(null),
});
export type EngineTournament = z.infer<typeof EngineTournamentSchema>;
export type EngineTournamentInput = z.input<typeof EngineTournamentSchema>;

import { z } from 'zod';
import { EmailSchema, EntityMeta, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { EngineTournamentSchema } from '../tournament-engine/tournament-engine.schema';
import { GameModeSchema, GameSchema, TeamNamesSchema, type GameQuestion } from '../blind-test/blind-test-game.schema';
import { TEAM_SCORES } from '../blind-test/teams';
import { RAFFLE_ENTRY_POLICIES } from '../fair-entries';

const QuestionFields = z.object({
  /** track: name the music; text: answer the prompt; choices: pick one of four. */
  kind: z.enum(['track', 'text', 'choices']).default('text'),
  prompt: z.string().trim().max(500).default(''),
  /** What a track question asks: its title, its artist, or both (half the points each). */
  ask: z.enum(['title', 'artist', 'both']).default('both'),
  title: z.string().trim().max(200).optional(),
  artist: z.string().trim().max(200).optional(),
  /** A text question's accepted answers (matchAnswer forgives case, accents, articles and small typos). */
  answers: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  choices: z.array(z.string().trim().min(1, 'Une réponse proposée est vide.').max(200)).max(4).default([]),
  /** The index (0 to 3) of the right one of the four choices. */
  correctChoice: z.number().int().min(0).max(3).optional(),
  points: z.number().int().min(0).max(1000).default(100),
  timeLimitSeconds: z.number().int().min(5).max(300).default(20),
  trackUri: z.string().regex(/^spotify:track:[A-Za-z0-9]{1,40}$/, 'URI spotify:track:… attendue.').optional(),
  /** A short audio file the host's browser plays when no music provider is configured. */
  audioUrl: z.string().max(2000).regex(/^(https?:\/\/|\/)/, 'Adresse http(s) ou chemin du site attendu.').optional(),
  /** Where the music starts in the track, in seconds. */
  offsetSeconds: z.number().int().min(0).max(3600).default(0),
  coverUrl: z.string().max(2000).regex(/^https?:\/\//, 'Adresse http(s) attendue.').optional(),
});

/** What each kind of question needs to be playable. */
function playable(question: z.infer<typeof QuestionFields>, ctx: z.RefinementCtx): void {
  if (question.kind === 'track' && !question.title && !question.artist) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Un extrait demande au moins un titre ou un artiste.' });
  if (question.kind === 'track' && question.ask === 'title' && !question.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Le titre attendu est obligatoire.' });
  if (question.kind === 'track' && question.ask === 'artist' && !question.artist) ctx.addIssue({ code: 'custom', path: ['artist'], message: 'L’artiste attendu est obligatoire.' });
  if (question.kind !== 'track' && question.prompt === '') ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'La question est obligatoire.' });
  if (question.kind === 'text' && question.answers.length === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'Au moins une réponse acceptée.' });
  if (question.kind === 'choices' && question.choices.length !== 4) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Quatre réponses proposées sont attendues.' });
  if (question.kind === 'choices' && question.correctChoice === undefined) ctx.addIssue({ code: 'custom', path: ['correctChoice'], message: 'Indiquez la bonne réponse.' });
}

export const QuestionInputSchema = QuestionFields.superRefine(playable);
export const QuestionSchema = QuestionFields.extend(EntityMeta).superRefine(playable);
export type Question = z.infer<typeof QuestionSchema>;

export const BlindTestInputSchema = z.object({
  title: NonEmpty('Le titre'),
  eventId: ObjectIdSchema.optional(),
  placeId: ObjectIdSchema.optional(),
  playlistUri: z.string().max(200).optional(),
  /** The questions in the order they are played. */
  questionIds: z.array(ObjectIdSchema).max(200).default([]),
  status: z.enum(['draft', 'live', 'finished']).default('draft'),
  /** answers: typed or four buttons, by question; buzzer: the first to buzz answers aloud. */
  mode: GameModeSchema.default('answers'),
  /** What an answer given at the last second keeps of its points. */
  slowestShare: z.number().min(0).max(1).default(0.5),
  wrongBuzzPenalty: z.number().int().min(0).max(1000).default(0),
  streakBonus: z.number().int().min(0).max(1000).default(0),
  /** Team mode: the teams' names (none: everyone plays alone), and how a team scores. */
  teams: TeamNamesSchema,
  teamScore: z.enum(TEAM_SCORES).default('mean'),
  /** The answer shows by itself at each question's deadline. */
  autoReveal: z.boolean().default(false),
});
/** The stored blind test carries its live game (the server's, never shown as is: it holds the answers). */
export const BlindTestSchema = BlindTestInputSchema.extend({
  ...EntityMeta,
  game: GameSchema.nullable().optional(),
  /** What visitors see of a game being played: the code that lets a phone join it. */
  joinCode: z.string().regex(/^\d{6}$/).optional(),
});
export type BlindTest = z.infer<typeof BlindTestSchema>;

/** A stored question as the game plays it. */
export function gameQuestionOf(question: Question): GameQuestion {
  return {
    id: question._id,
    kind: question.kind,
    prompt: question.prompt,
    ask: question.ask,
    ...(question.title ? { title: question.title } : {}),
    ...(question.artist ? { artist: question.artist } : {}),
    answers: question.answers,
    choices: question.choices,
    ...(question.correctChoice === undefined ? {} : { correctChoice: question.correctChoice }),
    points: question.points,
    timeLimitMs: question.timeLimitSeconds * 1000,
    ...(question.trackUri ? { trackUri: question.trackUri } : {}),
    ...(question.audioUrl ? { audioUrl: question.audioUrl } : {}),
    offsetMs: question.offsetSeconds * 1000,
    ...(question.coverUrl ? { coverUrl: question.coverUrl } : {}),
  };
}

/*
 * A tournament is the engine's model (tournament-engine.schema.ts) with what the product adds:
 * its name, its game and its event. One schema for the store, the socket and the forms.
 */
export { FormatSchema as TournamentFormatSchema, StatusSchema as TournamentStatusSchema } from '../tournament-engine/tournament-engine.schema';
export type { Format as TournamentFormat, Status as TournamentStatus } from '../tournament-engine/tournament-engine.schema';
export type { Participant as TournamentParticipant, Match as TournamentMatch, Standing as TournamentStanding } from '../tournament-engine/tournament-engine.schema';
export const TournamentInputSchema = z.object({
  name: NonEmpty('Le nom'),
  eventId: ObjectIdSchema.optional(),
  game: NonEmpty('Le jeu', 80),
  ...EngineTournamentSchema.shape,
});
export const TournamentSchema = TournamentInputSchema.extend({
  ...EntityMeta,
  /** The 6-digit code of `/j` (issue 32), the server's: drawn at creation, live while registration is open or the tournament runs. */
  joinCode: z.string().regex(/^\d{6}$/).optional(),
});
export type Tournament = z.infer<typeof TournamentSchema>;

/** SPEC.md §3: a tournament socket request is {action, tournamentId, params}, sent as a JSON string. */
export const TournamentRequestSchema = z.object({
  action: z.string().min(1).max(40),
  tournamentId: ObjectIdSchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TournamentRequest = z.input<typeof TournamentRequestSchema>;
/** SPEC.md §3: the reply is {status, tournament}; status 'error' carries msg, and `code: 'unavailable'` when worth retrying (SOCKET_UNAVAILABLE_CODE). */
export const TournamentReplySchema = z.union([
  z.object({ status: z.literal('error'), msg: z.string(), code: z.string().optional() }),
  z.object({ status: z.string(), tournament: z.unknown().optional() }),
]);
export type TournamentReply = { status: 'error'; msg: string; code?: string } | { status: string; tournament?: unknown };

export const LEGAL_BASES = ['free_draw', 'association_lottery'] as const;
export const RafflePrizeSchema = z.object({ name: NonEmpty('Le lot'), quantity: z.number().int().min(1).max(1000) });
const RaffleFields = z.object({
  title: NonEmpty('Le titre'),
  description: z.string().max(20_000).default(''),
  prizes: z.array(RafflePrizeSchema).max(100).default([]),
  eventId: ObjectIdSchema.optional(),
  placeId: ObjectIdSchema.optional(),
  opensAt: IsoDateTimeSchema,
  closesAt: IsoDateTimeSchema,
  status: z.enum(['draft', 'open', 'closed', 'drawn']).default('draft'),
  /** Free draw with no purchase, or an association lottery with the mayor's authorisation. */
  legalBasis: z.enum(LEGAL_BASES).optional(),
  authorisationRef: z.string().trim().max(100).optional(),
  rules: z.string().max(50_000).default(''),
  /** Who may enter (core's fair-entries.ts): verified accounts only, the default, or anyone whose e-mail is confirmed by a link. */
  entryPolicy: z.enum(RAFFLE_ENTRY_POLICIES).default('verified'),
});
const legalBasisIssue = (r: { status?: string; legalBasis?: string; authorisationRef?: string }) => {
  if (r.status === 'draft' || r.status === undefined) return true;
  if (!r.legalBasis) return false;
  return r.legalBasis !== 'association_lottery' || Boolean(r.authorisationRef);
};
export const RaffleInputSchema = RaffleFields.refine(legalBasisIssue, {
  message: 'Une tombola publiée doit avoir une base légale (tirage gratuit sans obligation d’achat, ou loterie associative avec sa référence d’autorisation).',
  path: ['legalBasis'],
}).refine((r) => Date.parse(r.closesAt) > Date.parse(r.opensAt), { message: 'La clôture doit suivre l’ouverture.', path: ['closesAt'] });
export const RafflePatchSchema = RaffleFields.partial();
export const RaffleDrawSchema = z.object({
  /** SHA-256 of the seed, published before the draw. */
  seedHash: z.string().regex(/^[0-9a-f]{64}$/),
  committedAt: IsoDateTimeSchema.nullable().default(null),
  /** SHA-256 of the entry list frozen at the close (core's raffle-draw.ts says how). */
  entriesHash: z.string().regex(/^[0-9a-f]{64}$/).nullable().default(null),
  /** Revealed after the draw, so anyone can re-check the winners. */
  seed: z.string().nullable(),
  drawnAt: IsoDateTimeSchema.nullable(),
  winners: z.array(z.object({ entryId: z.string(), prize: z.string(), name: z.string() })),
});
export const RaffleSchema = RaffleFields.extend({
  ...EntityMeta,
  entryCount: z.number().int().min(0).default(0),
  draw: RaffleDrawSchema.nullable().default(null),
  // Stored before the setting existed: open to anyone, as it was, but counted once confirmed (raffleEntryPolicyOf).
  entryPolicy: z.enum(RAFFLE_ENTRY_POLICIES).default('emailLink'),
});
export type Raffle = z.infer<typeof RaffleSchema>;
export const RaffleEntryInputSchema = z.object({ name: NonEmpty('Le nom', 80), email: EmailSchema.optional() });
/** The signed-in visitor's own entry in a raffle, if any: whether it counts yet (a pending one waits for its e-mail link). */
export const MyRaffleEntrySchema = z.object({ entry: z.object({ _id: z.string(), name: z.string(), confirmed: z.boolean(), createdAt: IsoDateTimeSchema }).nullable() });
export type MyRaffleEntry = z.infer<typeof MyRaffleEntrySchema>;
/** The token of the link mailed to confirm an entry. */
export const RaffleEntryConfirmSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Lien de confirmation invalide.') });

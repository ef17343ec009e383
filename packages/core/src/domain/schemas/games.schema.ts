import { z } from 'zod';
import { EmailSchema, EntityMeta, IsoDateTimeSchema, NonEmpty, ObjectIdSchema } from './common.schema';
import { EngineTournamentSchema } from '../tournament-engine/tournament-engine.schema';

export const QuestionInputSchema = z.object({
  prompt: NonEmpty('La question', 500),
  trackUri: z.string().regex(/^spotify:track:[A-Za-z0-9]{1,40}$/, 'URI spotify:track:… attendue.').optional(),
  answers: z.array(z.string().trim().min(1).max(200)).min(1, 'Au moins une réponse acceptée.').max(20),
  points: z.number().int().min(0).max(1000).default(1),
  kind: z.enum(['artist', 'title', 'free']).default('free'),
});
export const QuestionSchema = QuestionInputSchema.extend(EntityMeta);
export type Question = z.infer<typeof QuestionSchema>;

export const BlindTestPlayerSchema = z.object({ userId: ObjectIdSchema.optional(), nickname: z.string().max(40).optional(), score: z.number().int() });
export const BlindTestInputSchema = z.object({
  title: NonEmpty('Le titre'),
  eventId: ObjectIdSchema.optional(),
  placeId: ObjectIdSchema.optional(),
  playlistUri: z.string().max(200).optional(),
  questionIds: z.array(ObjectIdSchema).max(200).default([]),
  status: z.enum(['draft', 'live', 'finished']).default('draft'),
  currentQuestion: z.number().int().min(0).default(0),
  players: z.array(BlindTestPlayerSchema).max(1000).default([]),
});
export const BlindTestSchema = BlindTestInputSchema.extend(EntityMeta);
export type BlindTest = z.infer<typeof BlindTestSchema>;

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
export const TournamentSchema = TournamentInputSchema.extend(EntityMeta);
export type Tournament = z.infer<typeof TournamentSchema>;

/** SPEC.md §3: a tournament socket request is {action, tournamentId, params}, sent as a JSON string. */
export const TournamentRequestSchema = z.object({
  action: z.string().min(1).max(40),
  tournamentId: ObjectIdSchema,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TournamentRequest = z.input<typeof TournamentRequestSchema>;
/** SPEC.md §3: the reply is {status, tournament}; status 'error' carries msg. */
export const TournamentReplySchema = z.union([
  z.object({ status: z.literal('error'), msg: z.string() }),
  z.object({ status: z.string(), tournament: z.unknown().optional() }),
]);
export type TournamentReply = { status: 'error'; msg: string } | { status: string; tournament?: unknown };

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
export const RaffleSchema = RaffleFields.extend({ ...EntityMeta, entryCount: z.number().int().min(0).default(0), draw: RaffleDrawSchema.nullable().default(null) });
export type Raffle = z.infer<typeof RaffleSchema>;
export const RaffleEntryInputSchema = z.object({ name: NonEmpty('Le nom', 80), email: EmailSchema.optional() });

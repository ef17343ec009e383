import { z } from 'zod';
import { RAFFLE_DRAW_ALGORITHM } from './raffle-draw.constants';
import { IsoDateTimeSchema } from './schemas/common.schema';

const HashSchema = z.string().regex(/^[0-9a-f]{64}$/);
const WinnerSchema = z.object({ entryId: z.string(), prize: z.string(), name: z.string() });

/** GET /api/raffles/{id}/proof: all anyone needs to redo the draw. Names and e-mails stay private. */
export const RaffleProofSchema = z.object({
  algorithm: z.literal(RAFFLE_DRAW_ALGORITHM),
  /** SHA-256 of the seed, published before entries were taken. */
  seedHash: HashSchema.nullable(),
  committedAt: IsoDateTimeSchema.nullable(),
  closesAt: IsoDateTimeSchema,
  /** SHA-256 of the frozen entry list (ENTRIES_HASH_METHOD), published at the close. */
  entriesHash: HashSchema.nullable(),
  entriesHashMethod: z.string(),
  /** Revealed after the draw only. */
  seed: z.string().nullable(),
  drawnAt: IsoDateTimeSchema.nullable(),
  prizes: z.array(z.object({ name: z.string(), quantity: z.number().int().min(0) })),
  /** Every entry id once the list is frozen, sorted; empty before the close. */
  entryIds: z.array(z.string()),
  winners: z.array(WinnerSchema),
});
export type RaffleProof = z.infer<typeof RaffleProofSchema>;

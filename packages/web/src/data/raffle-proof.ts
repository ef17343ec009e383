import { ApiError, checkDraw, OPERATION_ROUTES, RaffleProofSchema, webDrawCrypto, type DrawCheck, type ProductApiPort, type RaffleProof } from '@sortie/core';

/**
 * A raffle's proof, parsed with core's schema. DrawProof reads it through raffles.ts's useCheckedRaffleProof, which imports this module lazily, so zod
 * and the draw's code load only once there is a proof to read (after the close), never for a
 * raffle still open.
 */
export async function loadProof(api: ProductApiPort, raffleId: string): Promise<RaffleProof> {
  // Through the route alone (no schema table in the download), then parsed here with the proof's own schema.
  const parsed = RaffleProofSchema.safeParse(await api.call(OPERATION_ROUTES.raffleProof, { path: { id: raffleId } }));
  if (!parsed.success) throw new ApiError('Le serveur a envoyé une réponse inattendue.', { statusCode: 0, code: 'UNEXPECTED_RESPONSE', cause: parsed.error });
  return parsed.data;
}

/** The draw redone in this browser: core's checkDraw over WebCrypto, the same code as the server's over node:crypto. */
export const verifyProof = (proof: RaffleProof): Promise<DrawCheck | null> => checkDraw(proof, webDrawCrypto);

import { checkDraw, OPERATION_ROUTES, webDrawCrypto, type DrawCheck, type ProductApiPort, type RaffleProof } from '@sortie/core';

/**
 * A raffle's proof, parsed with core's schema. DrawProof imports this module lazily, so zod
 * and the draw's code load only once there is a proof to read (after the close), never for a
 * raffle still open.
 */
export function loadProof(api: ProductApiPort, raffleId: string): Promise<RaffleProof> {
  return api.call(OPERATION_ROUTES.raffleProof, { path: { id: raffleId } });
}

/** The draw redone in this browser: core's checkDraw over WebCrypto, the same code as the server's over node:crypto. */
export const verifyProof = (proof: RaffleProof): Promise<DrawCheck | null> => checkDraw(proof, webDrawCrypto);

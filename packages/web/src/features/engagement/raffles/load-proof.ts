import { RaffleProofSchema, type ProductApiPort, type RaffleProof } from '@sortie/core';

/**
 * A raffle's proof, parsed with core's schema. DrawProof imports this module lazily, so zod
 * loads only once there is a proof to read (after the close), never for a raffle still open.
 */
export async function loadProof(api: ProductApiPort, raffleId: string): Promise<RaffleProof> {
  return RaffleProofSchema.parse(await api.request<unknown>('GET', `/raffles/${raffleId}/proof`));
}

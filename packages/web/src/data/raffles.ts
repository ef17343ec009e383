import { OPERATION_ROUTES, type ProductApiPort, type Raffle } from '@sortie/core';
import type { OperationBody } from './operation-types';
import { useApiQuery } from './useApiQuery';
import { useApiWrites } from './api-writes';

/** The raffles' reads and writes: the public page (/raffles/{id}), its entry form and the dashboard's panel. */

/** GET /api/raffles/{id}. */
export const useRaffle = (id: string) => useApiQuery(`raffle:${id}`, (api) => api.get<Raffle>('raffles', id));

/** GET /api/raffles/{id}/myEntry: the signed-in visitor's entry, if any; null (no visitor) waits. */
export const useMyRaffleEntry = (raffleId: string, userId: string | null) =>
  useApiQuery(userId ? `raffle-entry:${raffleId}:${userId}` : null, (api) => api.call(OPERATION_ROUTES.myRaffleEntry, { path: { id: raffleId } }));

/** GET /api/raffles/{id}/entries: the entries, for the raffle's staff. */
export const useRaffleEntries = (raffleId: string) => useApiQuery(`raffle-entries:${raffleId}`, (api) => api.call(OPERATION_ROUTES.raffleEntries, { path: { id: raffleId } }));

/** GET /api/raffles/{id}/proof, as the server answers it, once the draw `seed` is known and `enabled`; a new seed reads it again. */
export const useRaffleProof = (raffleId: string, seed: string | null | undefined, enabled: boolean) =>
  useApiQuery(enabled ? `raffle-proof:${raffleId}:${seed ?? ''}` : null, (api) => api.call(OPERATION_ROUTES.raffleProof, { path: { id: raffleId } }));

/**
 * The same proof checked against its schema (the public page's « Vérifier le tirage »), the
 * schema loaded with it: the raffle's page does not carry the validation until a draw needs it.
 */
export const useCheckedRaffleProof = (raffleId: string, seed: string | null | undefined, enabled: boolean) =>
  useApiQuery(enabled ? `raffle-proof:${raffleId}:${seed ?? ''}` : null, (api) => import('./raffle-proof').then(({ loadProof }) => loadProof(api, raffleId)));

const raffleWrites = (api: ProductApiPort) => ({
  enter: (raffleId: string, body: OperationBody<'enterRaffle'>) => api.call(OPERATION_ROUTES.enterRaffle, { path: { id: raffleId }, body }),
  confirmEntry: (raffleId: string, token: string) => api.call(OPERATION_ROUTES.confirmRaffleEntry, { path: { id: raffleId }, body: { token } }),
  commit: (raffleId: string) => api.call(OPERATION_ROUTES.commitRaffle, { path: { id: raffleId } }),
  draw: (raffleId: string) => api.call(OPERATION_ROUTES.drawRaffle, { path: { id: raffleId } }),
});

/** The raffles' writes: each answers the server's answer or throws its error. */
export const useRaffleWrites = () => useApiWrites(raffleWrites);

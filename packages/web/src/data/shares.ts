import type { ProductApiPort, Share } from '@sortie/core';
import { useApiWrites } from './api-writes';

const shareWrites = (api: ProductApiPort) => ({
  /** POST /api/shares: a share of the event by the signed-in visitor, whose id counts the views of the link handed on. */
  shareEvent: (eventId: string) => api.create<Share>('shares', { target: { kind: 'event', id: eventId } }),
});

/** The shares a visitor records (« Partager »). */
export const useShareWrites = () => useApiWrites(shareWrites);

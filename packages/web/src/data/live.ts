import { OPERATION_ROUTES, type ProductApiPort } from '@sortie/core';
import { useApiWrites } from './api-writes';

const liveReads = (api: ProductApiPort) => ({
  /** GET /api/live/byCode/{code}: the live game a 6-digit code opens, `{kind, id}`; a 404 in French when none. */
  byCode: (code: string) => api.call(OPERATION_ROUTES.liveByCode, { path: { code } }),
});

/** The lookup of /j (issue 32), on demand: a player types the code, then it runs once. */
export const useLiveLookup = () => useApiWrites(liveReads);

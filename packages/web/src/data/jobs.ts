import { OPERATION_ROUTES } from '@sortie/core';
import type { OperationQuery } from './operation-types';
import { useApiQuery } from './useApiQuery';

/** GET /api/jobOffers/open: the offers still open, filtered by contract and city (none when empty), `limit` a page, `page` counted from 1. */
export const useOpenJobOffers = (contract: NonNullable<OperationQuery<'openJobOffers'>['contract']> | '', city: string | null, page: number, limit: number) =>
  useApiQuery(`jobs:${contract}:${city ?? ''}:${page}`, (api) =>
    api.call(OPERATION_ROUTES.openJobOffers, {
      query: { limit, offset: (page - 1) * limit, ...(contract ? { contract } : {}), ...(city ? { city } : {}) },
    }),
  );

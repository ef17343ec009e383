import { useMemo } from 'react';
import { ProductApiPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';

/**
 * The writes of one resource, bound to the product API: `writes` (a module-level function of
 * the data file) names each request, so that pages, features and components call
 * `profile.update(…)` and never the product API themselves. The same object on every render.
 */
export function useApiWrites<T>(writes: (api: ProductApiPort) => T): T {
  const api = useUseCase(ProductApiPort);
  return useMemo(() => writes(api), [api, writes]);
}

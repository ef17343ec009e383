import { useCallback, useEffect, useState } from 'react';
import { ProductApiPort } from '@sortie/core';
import { useUseCase } from '../services/container-context';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }
  | { status: 'success'; data: T; error: undefined };

/**
 * Loads data from the product API for a page. `key` names what is loaded: a new key loads
 * again, null waits (e.g. until a parameter is known). An answer for an old key is dropped,
 * so a fast typist never sees the results of a former query.
 */
export function useApiQuery<T>(key: string | null, load: (api: ProductApiPort) => Promise<T>): QueryState<T> & { reload: () => void } {
  const api = useUseCase(ProductApiPort);
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ status: 'loading', data: undefined, error: undefined });
    load(api).then(
      (data) => current && setState({ status: 'success', data, error: undefined }),
      (error: unknown) => current && setState({ status: 'error', data: undefined, error }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render: the key says when to load again.
  }, [api, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

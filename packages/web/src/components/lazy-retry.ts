import { lazy as reactLazy } from 'react';

/**
 * What browsers and Vite say when a chunk of the app cannot be downloaded (a network blip,
 * or a new version deployed meanwhile whose files replaced this one's): Chromium's « Failed
 * to fetch dynamically imported module », Firefox's « error loading dynamically imported
 * module », Safari's « Importing a module script failed », Vite's « Unable to preload CSS ».
 */
const CHUNK_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (?:CSS )?chunk \S+ failed/i;

/** A chunk that failed to load twice: what the error boundary recognises to offer « Recharger la page ». */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Whether `error` says that a part of the app's code could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
  return typeof error === 'string' && CHUNK_FAILURE.test(error);
}

/**
 * `load` (a dynamic import), tried a second time when its chunk fails to download; a second
 * failure rejects with a ChunkLoadError. Any other failure (the module's own code throwing)
 * is not retried: running it again would fail the same way.
 */
export function retryImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((first: unknown) => {
      if (!isChunkLoadError(first)) throw first;
      return load().catch((second: unknown) => {
        throw isChunkLoadError(second) ? new ChunkLoadError(second) : second;
      });
    });
}

/** React's lazy() over a dynamic import tried twice (retryImport): the way the app loads its chunks. */
export const lazy: typeof reactLazy = (load) => reactLazy(retryImport(load));

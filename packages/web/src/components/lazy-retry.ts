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
 * `load` (a dynamic import of a module, `() => import('./Page')`), tried a second time when its
 * chunk fails to download; a second failure rejects with a ChunkLoadError. Any other failure (the
 * module's own code throwing) is not retried: running it again would fail the same way.
 * The second try asks for the chunk at a new address (the same file, a query added) where the
 * browser names it: Chromium 150 keeps a module that failed in its module map, so importing the
 * same address again fails at once, without asking the network. Where the browser does not
 * name it, `load` runs again. Either way what comes back is the module itself, hence `load`
 * resolving to the module and not to a part of it.
 */
export function retryImport<T>(load: () => Promise<T>, importAgain = (address: string): Promise<unknown> => import(/* @vite-ignore */ address)): () => Promise<T> {
  return () =>
    load().catch((first: unknown) => {
      if (!isChunkLoadError(first)) throw first;
      // Kept short: this file is in the landing page's first 100 KB of scripts.
      const address = /https?:\/\/\S+\.js/.exec(String(first))?.[0];
      return (address ? (importAgain(`${address}?retry`) as Promise<T>) : load()).catch((second: unknown) => {
        throw isChunkLoadError(second) ? new ChunkLoadError(second) : second;
      });
    });
}

/** React's lazy() over a dynamic import tried twice (retryImport): the way the app loads its chunks. */
export const lazy: typeof reactLazy = (load) => reactLazy(retryImport(load));

import type { ReactNode } from 'react';
import { toErrorPage } from '@sortie/core';
import { apiErrorMessage } from './api-error-message';
import { useServerStatus } from '../ssr/server-render-context';
import type { QueryState } from './useApiQuery';

/** A skeleton of grey lines while a page loads. */
export function Skeleton({ lines = 3, label = 'Chargement…' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-3 py-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="h-4 rounded bg-surface" style={{ width: `${90 - i * 12}%` }} />
      ))}
    </div>
  );
}

/** Grey cards while a list of cards (events, places, offers…) loads: a column, or a grid of two. */
export function ListSkeleton({ rows = 3, label = 'Chargement…', grid = false }: { rows?: number; label?: string; grid?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={`animate-pulse gap-3 ${grid ? 'grid sm:grid-cols-2' : 'mt-4 flex flex-col'}`}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-3 rounded-2xl bg-surface p-3">
          <div className="size-20 rounded-xl bg-white/10" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-4 w-3/4 rounded bg-white/10" />
            <div className="h-3 w-1/2 rounded bg-white/10" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The French message of a failed load, with a retry button. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  // A page whose record is missing answers 404 (not a soft 404) when the server renders it.
  useServerStatus(toErrorPage(error).statusCode);
  return (
    <div role="alert" className="rounded-lg border border-error/40 bg-error/10 p-4 text-sm">
      <p>{apiErrorMessage(error)}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-2 rounded bg-surface px-3 py-1 font-medium hover:bg-white/10 focus-visible:outline-2">
          Réessayer
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-surface p-6 text-center text-sm text-muted">{children}</p>;
}

/** Shows the skeleton, the error or the content of a query. */
export function QueryView<T>({ query, children, skeleton }: { query: QueryState<T> & { reload?: () => void }; children: (data: T) => ReactNode; skeleton?: ReactNode }) {
  if (query.status === 'loading') return <>{skeleton ?? <Skeleton />}</>;
  if (query.status === 'error') return <ErrorNotice error={query.error} onRetry={query.reload} />;
  return <>{children(query.data)}</>;
}

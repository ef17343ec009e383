import type { ReactNode } from 'react';
import { ErrorNotice, Skeleton } from '../data/QueryView';
import type { QueryState } from '../data/useApiQuery';
import { usePageTitle } from './usePageTitle';

/** The frame of a simple page: one h1, the window title, a readable width. */
export function PageFrame({ title, lead, children, wide = false }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  usePageTitle(title);
  return (
    <section className={`mx-auto ${wide ? 'max-w-5xl' : 'max-w-3xl'} px-4 py-10`} aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight break-words">
        {title}
      </h1>
      {lead && <div className="mt-2 text-muted">{lead}</div>}
      {children}
    </section>
  );
}

/** Classes of form controls and buttons, with a visible focus ring. */
export const FIELD_CLASS =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-inherit placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-[invalid=true]:border-error';
/** The back office's denser field (small text, dark fill on its surface panels), so its many forms fit on one screen. */
export const COMPACT_FIELD_CLASS =
  'w-full rounded-lg border border-line bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent aria-invalid:border-error';
export const BUTTON_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2 font-semibold text-background hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';
export const SECONDARY_BUTTON_CLASS =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-surface px-4 py-2 font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';
export const LINK_CLASS = 'font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent';

/** A notice in a coloured box: a closed form, a confirmation, an important rule. */
export function Notice({ tone = 'info', children, role }: { tone?: 'info' | 'success' | 'warning'; children: ReactNode; role?: 'status' | 'alert' }) {
  const colours = { info: 'border-line bg-surface', success: 'border-accent/50 bg-accent/10', warning: 'border-error/40 bg-error/10' }[tone];
  return (
    <div role={role} className={`mt-6 rounded-xl border p-4 ${colours}`}>
      {children}
    </div>
  );
}

/** The loading state of a detail page: the page's width, grey lines, no heading until the record is known. */
export function PageSkeleton({ label, lines = 6, wide = false }: { label: string; lines?: number; wide?: boolean }) {
  return (
    <div className={`mx-auto ${wide ? 'max-w-5xl' : 'max-w-3xl'} px-4 py-10`}>
      <div className="mb-4 h-9 w-2/3 animate-pulse rounded bg-surface" />
      <Skeleton lines={lines} label={label} />
    </div>
  );
}

/** A wide table's box: it scrolls sideways on a phone, and takes the keyboard focus so it can be scrolled without a mouse. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-accent">
      {children}
    </div>
  );
}

/**
 * A detail page's load: grey lines while loading, then the record; on failure the page keeps
 * a heading (`title`) above the French message, so a visitor and a screen reader know where they are.
 */
export function DetailQuery<T>({ query, title, loading, wide = false, children }: { query: QueryState<T> & { reload?: () => void }; title: string; loading: string; wide?: boolean; children: (data: T) => ReactNode }) {
  if (query.status === 'loading') return <PageSkeleton label={loading} wide={wide} />;
  if (query.status === 'error')
    return (
      <PageFrame title={title} wide={wide}>
        <div className="mt-6">
          <ErrorNotice error={query.error} onRetry={query.reload} />
        </div>
      </PageFrame>
    );
  return <>{children(query.data)}</>;
}

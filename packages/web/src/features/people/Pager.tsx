import type { PageMeta } from '@sortie/core';

const BUTTON =
  'rounded-lg bg-surface px-3 py-1.5 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40';

/** Previous / next over a server page; hidden when everything fits on one page. */
export function Pager({ meta, onOffset, label = 'Pagination' }: { meta: PageMeta; onOffset: (offset: number) => void; label?: string }) {
  const { total, limit, offset } = meta;
  if (limit <= 0 || total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <button type="button" className={BUTTON} disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
        ← Précédent
      </button>
      <span className="text-sm text-muted" aria-live="polite">
        Page {page} sur {pages}
      </span>
      <button type="button" className={BUTTON} disabled={offset + limit >= total} onClick={() => onOffset(offset + limit)}>
        Suivant →
      </button>
    </nav>
  );
}

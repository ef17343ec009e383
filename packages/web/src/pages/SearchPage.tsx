import { useEffect, useRef, useState } from 'react';
import { mdiMagnify } from '@mdi/js';
import { Link } from 'wouter';
import { ClockPort, searchQueries } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { Icon } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { useAddressQuery } from '../features/events/address-query';
import { groupResults, type SearchAnswer } from '../features/search/search-results';
import { formatDateTime } from '../format';

/** Typing waits this long before the address (and the search) follows. */
export const SEARCH_DEBOUNCE_MS = 300;
const LIMIT = 10;

/** /search?q=: one box over events, places, organisations and artists. */
export default function SearchPage() {
  const clock = useUseCase(ClockPort);
  const [address, setAddress] = useAddressQuery();
  const q = (address.get('q') ?? '').trim().slice(0, 200);
  const [draft, setDraft] = useState(q);
  const timer = useRef<ReturnType<ClockPort['setTimeout']> | null>(null);
  usePageTitle(q ? `Recherche : ${q}` : 'Recherche');

  // Back and forward change the address: the box follows it.
  useEffect(() => setDraft(q), [q]);
  useEffect(() => () => void (timer.current && clock.clearTimeout(timer.current)), [clock]);

  const commit = (value: string) => {
    if (timer.current) clock.clearTimeout(timer.current);
    timer.current = null;
    if (value.trim() !== q) setAddress({ q: value.trim() || null });
  };

  const onType = (value: string) => {
    setDraft(value);
    if (timer.current) clock.clearTimeout(timer.current);
    timer.current = clock.setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  };

  const results = useQuery(q ? searchQueries.results<SearchAnswer>(q, LIMIT) : null);

  return (
    <section className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Recherche
      </h1>
      <form
        role="search"
        // Before the page's script has taken over (or without it), the browser submits to the server, which renders the results.
        action="/search"
        className="mt-5 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          commit(draft);
        }}
      >
        <label htmlFor="search-box" className="sr-only">
          Rechercher un événement, un lieu, une organisation ou un artiste
        </label>
        <input
          id="search-box"
          name="q"
          type="search"
          value={draft}
          maxLength={200}
          autoComplete="off"
          placeholder="Concert, théâtre, un lieu, un artiste…"
          onChange={(event) => onType(event.target.value)}
          className="min-w-0 flex-1 rounded-full border border-line bg-surface px-5 py-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button type="submit" className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-3 font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-white">
          <Icon path={mdiMagnify} size={20} />
          <span className="sr-only sm:not-sr-only">Rechercher</span>
        </button>
      </form>

      <div className="mt-8" aria-live="polite">
        {!q ? (
          <p className="text-muted">Tapez quelques lettres : les accents, les majuscules et les petites fautes de frappe ne comptent pas.</p>
        ) : (
          <QueryView query={results} skeleton={<Skeleton lines={5} label="Recherche en cours…" />}>
            {(answer) => {
              const groups = groupResults(answer, formatDateTime);
              if (groups.length === 0) return <EmptyState>Aucun résultat pour « {q} ». Vérifiez l’orthographe ou essayez un mot plus court.</EmptyState>;
              return (
                <div className="space-y-8">
                  {groups.map((group) => (
                    <section key={group.kind} aria-labelledby={`results-${group.kind}`}>
                      <h2 id={`results-${group.kind}`} className="text-xl font-bold">
                        {group.label} <span className="text-base font-normal text-muted">({group.totalLabel})</span>
                      </h2>
                      <ul className="mt-3 divide-y divide-line rounded-2xl bg-surface ring-1 ring-line">
                        {group.hits.map((hit) => (
                          <li key={hit.id} className="px-4 py-3">
                            <Link href={hit.href} className="font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                              {hit.title}
                            </Link>
                            {hit.detail && <p className="text-sm text-muted">{hit.detail}</p>}
                          </li>
                        ))}
                      </ul>
                    </section>
                  ))}
                </div>
              );
            }}
          </QueryView>
        )}
      </div>
    </section>
  );
}

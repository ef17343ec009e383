import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ClockPort, DATE_FILTERS, eventQueries, isDateFilter, pathFor, rangeOf, totalLabel, type EventQuery } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { useCities, usePreferredCity } from '../services/preferences';
import { usePageTitle } from '../components/usePageTitle';
import { FIELD_CLASS } from '../components/ui';
import { EmptyState, ErrorNotice, ListSkeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { useAddressQuery } from '../features/events/address-query';
import { EventCard } from '../components/EventCard';
import { groupByDay } from '../features/events/event-days';
import { usePagedEvents } from '../features/events/usePagedEvents';
import { SubscribeCalendarLink } from '../features/calendar/SubscribeCalendarLink';
import type { PageProps } from './types';

const PRICES = { free: 'Gratuit', paid: 'Payant' } as const;

/** /home/{city...}: a city's upcoming events, by day, with filters kept in the address. */
export default function HomePage({ params }: PageProps) {
  const asked = params['city'] || '';
  const cities = useCities();
  const city = cities.find((name) => name.toLowerCase() === asked.toLowerCase());
  const [preferred, setCity] = usePreferredCity();
  usePageTitle(`Que faire à ${city ?? asked} ?`);

  // Opening a city's agenda makes it the visitor's city.
  useEffect(() => {
    if (city && city !== preferred) setCity(city);
  }, [city, preferred, setCity]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-8" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Que faire à {city ?? asked} ?
      </h1>
      {city && <SubscribeCalendarLink feed={{ kind: 'city', city }} name={city} className="mt-2" />}
      {city ? (
        <CityAgenda city={city} />
      ) : (
        <div className="mt-6 rounded-2xl bg-surface p-6 ring-1 ring-line">
          <p>Sortie n’est pas encore présent à {asked}.</p>
          {cities.length > 0 && (
            <>
              <p className="mt-2 text-muted">Choisissez une ville où nous sommes déjà :</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                {cities.map((name) => (
                  <li key={name}>
                    <Link href={pathFor('home', { city: name })} className="inline-block rounded-full border border-line px-3 py-1 text-sm hover:border-white/40 focus-visible:outline-2 focus-visible:outline-primary">
                      {name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function CityAgenda({ city }: { city: string }) {
  const clock = useUseCase(ClockPort);
  const [address, setAddress] = useAddressQuery();
  const date = address.get('date');
  const price = address.get('price');
  const category = address.get('category');

  const categories = useQuery(eventQueries.categories());
  const names = new Map(categories.status === 'success' ? categories.data.items.map((c) => [c._id, c.name]) : []);

  // The date range is fixed when the filter changes, not at each render: now moves on.
  const query: EventQuery = { city, upcoming: 'true' };
  if (isDateFilter(date)) Object.assign(query, rangeOf(date, clock.now()));
  if (price === 'free' || price === 'paid') query.free = price === 'free' ? 'true' : 'false';
  if (category && /^[0-9a-f]{24}$/.test(category)) query.categoryId = category;
  const stable = JSON.stringify({ city, date: isDateFilter(date) ? date : null, free: query.free ?? null, categoryId: query.categoryId ?? null });
  const paged = usePagedEvents(useStable(stable, query));

  const filtered = Boolean(isDateFilter(date) || query.free || query.categoryId);

  return (
    <>
      <form className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Filtres" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="filter-date" className="block text-sm text-muted">
            Quand
          </label>
          <select id="filter-date" className={FIELD_CLASS} value={isDateFilter(date) ? date : ''} onChange={(e) => setAddress({ date: e.target.value || null })}>
            <option value="">Toutes les dates</option>
            {Object.entries(DATE_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-category" className="block text-sm text-muted">
            Catégorie
          </label>
          <select id="filter-category" className={FIELD_CLASS} value={query.categoryId ?? ''} onChange={(e) => setAddress({ category: e.target.value || null })}>
            <option value="">Toutes les catégories</option>
            {categories.status === 'success' &&
              categories.data.items.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-price" className="block text-sm text-muted">
            Prix
          </label>
          <select id="filter-price" className={FIELD_CLASS} value={price === 'free' || price === 'paid' ? price : ''} onChange={(e) => setAddress({ price: e.target.value || null })}>
            <option value="">Tous les prix</option>
            {Object.entries(PRICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div className="mt-8">
        {paged.first.status === 'loading' && <ListSkeleton grid rows={4} label="Chargement des événements…" />}
        {paged.first.status === 'error' && <ErrorNotice error={paged.first.error} onRetry={paged.first.reload} />}
        {paged.first.status === 'success' && paged.items.length === 0 && (
          <EmptyState>
            {filtered ? 'Aucun événement ne correspond à ces filtres. Essayez d’en retirer un.' : `Aucun événement à venir à ${city} pour le moment. Revenez bientôt !`}
          </EmptyState>
        )}
        {paged.first.status === 'success' && paged.items.length > 0 && (
          <>
            <p className="mb-4 text-sm text-muted" aria-live="polite">
              {totalLabel(paged.total, paged.totalIsEstimate)} événement{paged.total > 1 ? 's' : ''} à venir
            </p>
            {groupByDay(paged.items, clock.now()).map((group) => (
              <section key={group.key} aria-labelledby={`day-${group.key}`} className="mb-8">
                <h2 id={`day-${group.key}`} className="mb-3 text-xl font-bold">
                  {group.label}
                </h2>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {group.items.map((event) => (
                    <li key={event._id}>
                      <EventCard event={event} categories={names} timeOnly={group.key !== 'weekend'} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {paged.moreError !== null && <ErrorNotice error={paged.moreError} onRetry={paged.loadMore} />}
            {paged.hasMore && (
              <div className="mt-4 text-center">
                <button
                  type="button"
                  onClick={paged.loadMore}
                  disabled={paged.loadingMore}
                  className="rounded-full bg-surface px-6 py-2.5 font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
                >
                  {paged.loadingMore ? 'Chargement…' : 'Voir plus'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}


/** The same object while `key` stays the same (the date range keeps its first « now »). */
function useStable<T>(key: string, value: T): T {
  const ref = useRef<{ key: string; value: T } | null>(null);
  if (!ref.current || ref.current.key !== key) ref.current = { key, value };
  return ref.current.value;
}

import { Link } from 'wouter';
import { ClockPort, pathFor } from '@sortie/core';
import { useUseCase } from '../../app/container-context';
import { EmptyState, ErrorNotice } from '../../data/QueryView';
import { useApiQuery } from '../../data/useApiQuery';
import { EventCard, EventCardsSkeleton } from './EventCard';
import { rangeOf, type DateFilter } from './event-days';

export const HIGHLIGHTS = 4;

/**
 * Tonight's and this weekend's first events in a city, on the landing page. A lazy chunk:
 * it needs the services (and zod with them), which the landing page's own JS goes without.
 */
export default function LandingHighlights({ city }: { city: string }) {
  return (
    <div className="grid gap-10">
      <Highlight city={city} when="today" title={`Ce soir à ${city}`} empty="Rien de prévu ce soir pour l’instant : jetez un œil au reste de l’agenda." />
      <Highlight city={city} when="weekend" title="Ce week-end" empty="Le programme du week-end arrive bientôt." />
    </div>
  );
}

function Highlight({ city, when, title, empty }: { city: string; when: DateFilter; title: string; empty: string }) {
  const clock = useUseCase(ClockPort);
  const id = `highlight-${when}`;
  const query = useApiQuery(`highlights:${when}:${city}`, (api) => api.listEvents({ city, upcoming: 'true', limit: HIGHLIGHTS, offset: 0, ...rangeOf(when, clock.now()) }));
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <Link href={`${pathFor('home', { city })}?date=${when}`} className="shrink-0 text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          Tout voir
        </Link>
      </div>
      <div className="mt-4">
        {query.status === 'loading' && <EventCardsSkeleton count={2} />}
        {query.status === 'error' && <ErrorNotice error={query.error} onRetry={query.reload} />}
        {query.status === 'success' &&
          (query.data.items.length === 0 ? (
            <EmptyState>{empty}</EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {query.data.items.map((event) => (
                <li key={event._id}>
                  <EventCard event={event} timeOnly={when === 'today'} />
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}

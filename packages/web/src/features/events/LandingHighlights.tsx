import { Link } from 'wouter';
import { ClockPort, pathFor, rangeOf, weekendToPlan } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { EmptyState, ErrorNotice, ListSkeleton } from '../../data/QueryView';
import { useEventHighlights } from '../../data/landing';
import { EventCard } from '../../components/EventCard';

export const HIGHLIGHTS = 4;

/**
 * Tonight's and this weekend's first events in a city, on the landing page. A lazy chunk:
 * it needs the services (and zod with them), which the landing page's own JS goes without.
 */
export default function LandingHighlights({ city }: { city: string }) {
  const clock = useUseCase(ClockPort);
  const now = clock.now();
  const home = pathFor('home', { city });
  // On a Sunday the weekend is tonight: the next one is what a visitor plans.
  const { next: sunday, ...weekend } = weekendToPlan(now);
  return (
    <div className="grid gap-10">
      <Highlight
        city={city}
        id="highlight-today"
        range={rangeOf('today', now)}
        href={`${home}?date=today`}
        timeOnly
        title={`Ce soir à ${city}`}
        empty="Rien de prévu ce soir pour l’instant : jetez un œil au reste de l’agenda."
      />
      <Highlight
        city={city}
        id="highlight-weekend"
        range={weekend}
        href={sunday ? home : `${home}?date=weekend`}
        title={sunday ? 'Le week-end prochain' : 'Ce week-end'}
        empty="Le programme du week-end arrive bientôt."
      />
    </div>
  );
}

interface HighlightProps {
  city: string;
  id: string;
  range: { from: string; to: string };
  href: string;
  title: string;
  empty: string;
  timeOnly?: boolean;
}

function Highlight({ city, id, range, href, title, empty, timeOnly = false }: HighlightProps) {
  const query = useEventHighlights(id, city, range, HIGHLIGHTS);
  return (
    <section aria-labelledby={id}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <Link href={href} className="shrink-0 text-sm font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          Tout voir
        </Link>
      </div>
      <div className="mt-4">
        {query.status === 'loading' && <ListSkeleton grid rows={2} label="Chargement des événements…" />}
        {query.status === 'error' && <ErrorNotice error={query.error} onRetry={query.reload} />}
        {query.status === 'success' &&
          (query.data.items.length === 0 ? (
            <EmptyState>{empty}</EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {query.data.items.map((event) => (
                <li key={event._id}>
                  <EventCard event={event} timeOnly={timeOnly} />
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}

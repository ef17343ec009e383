import { useState, type ReactNode } from 'react';
import { eventQueries, type EventQuery } from '@sortie/core';
import { EmptyState, ListSkeleton, QueryView } from '../../data/QueryView';
import { useQuery } from '../../data/useQuery';
import { EventCard } from '../../components/EventCard';
import { Pager } from './Pager';

export const UPCOMING_PAGE_SIZE = 6;

/** The upcoming events of a place, an organisation or an artist, a page at a time; `action` beside the heading (the calendar feed to subscribe to). */
export function UpcomingEvents({ filter, empty, action }: { filter: Pick<EventQuery, 'placeId' | 'organizationId' | 'artistId'>; empty: string; action?: ReactNode }) {
  const [offset, setOffset] = useState(0);
  const query = useQuery(eventQueries.upcoming(filter, UPCOMING_PAGE_SIZE, offset));
  return (
    <section aria-labelledby="upcoming-title" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="upcoming-title" className="text-xl font-bold">
          Prochains événements
        </h2>
        {action}
      </div>
      <QueryView query={query} skeleton={<ListSkeleton label="Chargement des événements…" />}>
        {(page) =>
          page.items.length === 0 ? (
            <div className="mt-4">
              <EmptyState>{empty}</EmptyState>
            </div>
          ) : (
            <>
              <ul className="mt-4 space-y-3">
                {page.items.map((event) => (
                  <li key={event._id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
              <Pager meta={page.meta} onOffset={setOffset} label="Pages des événements" />
            </>
          )
        }
      </QueryView>
    </section>
  );
}

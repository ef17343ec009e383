import { useState } from 'react';
import { Link } from 'wouter';
import { DEFAULT_CITY, meQueries, pathFor, type CurrentUser } from '@sortie/core';
import { EmptyState, ListSkeleton, QueryView } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { EventCard } from '../components/EventCard';
import { Pager } from '../features/people/Pager';
import { SignedInGate } from '../components/SignedInGate';

export const SUGGESTIONS_PAGE_SIZE = 12;

/** /suggestions: upcoming events in the user's city, ranked by the server from their follows and likes. */
export default function SuggestionsPage() {
  return (
    <SignedInGate title="Suggestions" invitation="Connectez-vous : vos suggestions se font d’après les lieux, artistes et organisateurs que vous suivez et les événements que vous aimez.">
      {(user) => <Suggestions user={user} />}
    </SignedInGate>
  );
}

function Suggestions({ user }: { user: CurrentUser }) {
  const city = user.city || DEFAULT_CITY;
  const [offset, setOffset] = useState(0);
  const query = useQuery(meQueries.suggestions(SUGGESTIONS_PAGE_SIZE, offset));
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        Suggestions
      </h1>
      <p className="mt-2 text-muted">À {city}, d’après ce que vous suivez et aimez.</p>
      <div className="mt-6">
        <QueryView query={query} skeleton={<ListSkeleton label="Chargement de vos suggestions…" />}>
          {(page) =>
            page.items.length === 0 ? (
              <EmptyState>
                Aucun événement à venir à {city} pour le moment.{' '}
                <Link href={pathFor('places')} className="font-semibold text-accent hover:underline">
                  Suivez des lieux
                </Link>{' '}
                pour des suggestions plus justes.
              </EmptyState>
            ) : (
              <>
                <ul className="space-y-3">
                  {page.items.map((event) => (
                    <li key={event._id}>
                      <EventCard event={event} />
                    </li>
                  ))}
                </ul>
                <Pager meta={page.meta} onOffset={setOffset} label="Pages des suggestions" />
              </>
            )
          }
        </QueryView>
      </div>
    </section>
  );
}

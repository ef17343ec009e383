import { useState } from 'react';
import { mdiHeartOff } from '@mdi/js';
import { Link } from 'wouter';
import { meQueries, pathFor, RemoveFromMyList, type Event } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { usePreferredCity } from '../services/preferences';
import { Icon } from '../components/Icon';
import { EmptyState, ListSkeleton, QueryView } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { EventCard } from '../components/EventCard';
import { Pager } from '../features/people/Pager';
import { SignedInGate } from '../components/SignedInGate';
import { PageFrame } from '../components/ui';

export const LIKES_PAGE_SIZE = 20;

/** /users/likes: the events the user liked, by date; a like can be taken back here. */
export default function UserLikesPage() {
  return (
    <SignedInGate title="Mes favoris" invitation="Connectez-vous pour retrouver les événements que vous aimez.">
      {() => <Likes />}
    </SignedInGate>
  );
}

function Likes() {
  const removeFromMyList = useUseCase(RemoveFromMyList);
  const [city] = usePreferredCity();
  const [offset, setOffset] = useState(0);
  const query = useQuery(meQueries.likedEvents(LIKES_PAGE_SIZE, offset));
  const [error, setError] = useState<string | null>(null);

  // The line leaves the cached page at once and comes back if the server refuses.
  const unlike = async (event: Event) => {
    setError(null);
    const outcome = await removeFromMyList.execute({ list: 'likes', eventId: event._id });
    if (outcome.kind === 'failed') setError(`« ${event.title} » n’a pas pu être retiré de vos favoris. Réessayez.`);
  };

  return (
    <PageFrame title="Mes favoris">
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          {error}
        </p>
      )}
      <div className="mt-6">
        <QueryView query={query} skeleton={<ListSkeleton label="Chargement de vos favoris…" />}>
          {(page) => {
            const items = page.items;
            if (items.length === 0) {
              return (
                <EmptyState>
                  Vous n’avez encore aimé aucun événement.{' '}
                  <Link href={pathFor('home', { city })} className="font-semibold text-accent hover:underline">
                    Découvrir l’agenda de {city}
                  </Link>
                </EmptyState>
              );
            }
            return (
              <>
                <ul className="space-y-3">
                  {items.map((event) => (
                    <li key={event._id}>
                      <EventCard
                        event={event}
                        action={
                          <button
                            type="button"
                            onClick={() => unlike(event)}
                            aria-label={`Retirer « ${event.title} » de mes favoris`}
                            className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-white/10 hover:text-error focus-visible:outline-2 focus-visible:outline-accent"
                          >
                            <Icon path={mdiHeartOff} size={22} />
                          </button>
                        }
                      />
                    </li>
                  ))}
                </ul>
                <Pager meta={page.meta} onOffset={setOffset} label="Pages des favoris" />
              </>
            );
          }}
        </QueryView>
      </div>
    </PageFrame>
  );
}

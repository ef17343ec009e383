import { useState } from 'react';
import { Link } from 'wouter';
import { meQueries, pathFor, RemoveFromMyList, type Follow, type FollowedTarget } from '@sortie/core';
import { useUseCase } from '../services/container-context';
import { EmptyState, ListSkeleton, QueryView } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { Pager } from '../features/people/Pager';
import { SignedInGate } from '../components/SignedInGate';
import { PageFrame } from '../components/ui';

export const FOLLOWING_PAGE_SIZE = 20;

const KINDS: Record<Follow['target']['kind'], { label: string; route: string; missing: string }> = {
  place: { label: 'Lieu', route: 'place', missing: 'Lieu supprimé' },
  organization: { label: 'Organisation', route: 'organization', missing: 'Organisation supprimée' },
  artist: { label: 'Artiste', route: 'artist', missing: 'Artiste supprimé' },
  user: { label: 'Membre', route: 'user', missing: 'Membre parti' },
};

/** /users/following: the places, organisations, artists and members the user follows. */
export default function UserFollowingPage() {
  return (
    <SignedInGate title="Mes abonnements" invitation="Connectez-vous pour suivre vos lieux, organisateurs et artistes préférés.">
      {() => <Following />}
    </SignedInGate>
  );
}

function Following() {
  const removeFromMyList = useUseCase(RemoveFromMyList);
  const [offset, setOffset] = useState(0);
  const query = useQuery(meQueries.following(FOLLOWING_PAGE_SIZE, offset));
  const [error, setError] = useState<string | null>(null);

  // The line leaves the cached page at once and comes back if the server refuses.
  const unfollow = async (follow: FollowedTarget) => {
    setError(null);
    const outcome = await removeFromMyList.execute({ list: 'following', followId: follow._id });
    if (outcome.kind === 'failed') setError(`Impossible de ne plus suivre ${follow.name ?? 'ce compte'} pour le moment. Réessayez.`);
  };

  return (
    <PageFrame title="Mes abonnements">
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-error/40 bg-error/10 p-3 text-sm">
          {error}
        </p>
      )}
      <div className="mt-6">
        <QueryView query={query} skeleton={<ListSkeleton label="Chargement de vos abonnements…" />}>
          {(page) => {
            const items = page.items;
            if (items.length === 0) {
              return (
                <EmptyState>
                  Vous ne suivez encore personne.{' '}
                  <Link href={pathFor('places')} className="font-semibold text-accent hover:underline">
                    Parcourir les lieux
                  </Link>
                </EmptyState>
              );
            }
            return (
              <>
                <ul className="space-y-3">
                  {items.map((follow) => {
                    const kind = KINDS[follow.target.kind];
                    const name = follow.name ?? kind.missing;
                    return (
                      <li key={follow._id} className="flex items-center gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
                        <div className="min-w-0 flex-1">
                          <p className="text-xs font-semibold text-accent">{kind.label}</p>
                          {follow.name ? (
                            <Link href={pathFor(kind.route, { id: follow.target.id })} className="font-semibold break-words hover:underline focus-visible:outline-2 focus-visible:outline-accent">
                              {name}
                            </Link>
                          ) : (
                            <p className="font-semibold text-muted">{name}</p>
                          )}
                        </div>
                        <button
                          type="button"
                          onClick={() => unfollow(follow)}
                          aria-label={`Ne plus suivre ${name}`}
                          className="rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                        >
                          Ne plus suivre
                        </button>
                      </li>
                    );
                  })}
                </ul>
                <Pager meta={page.meta} onOffset={setOffset} label="Pages des abonnements" />
              </>
            );
          }}
        </QueryView>
      </div>
    </PageFrame>
  );
}

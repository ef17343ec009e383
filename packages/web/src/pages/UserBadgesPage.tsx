import { meQueries } from '@sortie/core';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { BadgeList, type AwardedBadge } from '../features/people/BadgeList';
import { SignedInGate } from '../components/SignedInGate';
import { PageFrame } from '../components/ui';

/** /users/badges: the badges the user has earned. */
export default function UserBadgesPage() {
  return (
    <SignedInGate title="Mes badges" invitation="Connectez-vous pour voir les badges que vous avez gagnés.">
      {() => <Badges />}
    </SignedInGate>
  );
}

function Badges() {
  const query = useQuery(meQueries.badges<AwardedBadge>());
  return (
    <PageFrame title="Mes badges">
      <p className="mt-2 text-muted">Sortez, aimez, suivez : chaque badge récompense une habitude de sortie.</p>
      <QueryView query={query} skeleton={<Skeleton lines={3} label="Chargement de vos badges…" />}>
        {(page) =>
          page.items.length ? (
            <BadgeList badges={page.items} headingLevel={2} />
          ) : (
            <div className="mt-6">
              <EmptyState>Pas encore de badge. Aimez votre premier événement pour gagner « Premier pas » !</EmptyState>
            </div>
          )
        }
      </QueryView>
    </PageFrame>
  );
}

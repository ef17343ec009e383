import { badgeRuleOf, meQueries } from '@sortie/core';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { BadgeList, type AwardedBadge } from '../features/people/BadgeList';
import { allBadgesQuery } from '../data/badges';
import { ReloadOnNotification } from '../features/people/ReloadOnNotification';
import { SignedInGate } from '../components/SignedInGate';
import { PageFrame } from '../components/ui';

/** /users/badges: the badges the user has earned, and those still to earn with how. */
export default function UserBadgesPage() {
  return (
    <SignedInGate title="Mes badges" invitation="Connectez-vous pour voir les badges que vous avez gagnés.">
      {() => <Badges />}
    </SignedInGate>
  );
}

function Badges() {
  const query = useQuery(meQueries.badges<AwardedBadge>());
  const all = useQuery(allBadgesQuery());
  const earned = new Set(query.data?.items.map((badge) => badge._id) ?? []);
  // Badges staff award by hand are not a goal a visitor can aim at.
  const toEarn = query.data ? (all.data?.items ?? []).filter((badge) => !earned.has(badge._id) && badgeRuleOf(badge.rule).kind !== 'manual') : [];
  return (
    <PageFrame title="Mes badges">
      {/* A badge just awarded comes as a notification over the socket: the lists are read again. */}
      <ReloadOnNotification reload={query.reload} />
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
      {toEarn.length > 0 && (
        <section aria-labelledby="to-earn-title" className="mt-10">
          <h2 id="to-earn-title" className="text-xl font-bold">
            À gagner
          </h2>
          <BadgeList badges={toEarn} />
        </section>
      )}
    </PageFrame>
  );
}

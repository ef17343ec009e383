import { peopleQueries } from '@sortie/core';
import { formatDate } from '../format';
import { usePageTitle } from '../components/usePageTitle';
import { EmptyState, QueryView, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { BadgeList, type AwardedBadge } from '../features/people/BadgeList';
import { ProfileAvatar, ProfileHeader } from '../features/people/ProfileHeader';
import { ReloadOnNotification } from '../features/people/ReloadOnNotification';
import { DetailView } from '../components/DetailView';
import type { PageProps } from './types';

/** /users/{id}: a member's public profile and badges. The e-mail is never shown, even to staff. */
export default function UserPage({ params }: PageProps) {
  const id = params.id ?? '';
  const profile = useQuery(peopleQueries.user(id));
  const badges = useQuery(profile.data ? peopleQueries.badges<AwardedBadge>(id) : null);
  usePageTitle(profile.data?.displayName ?? 'Profil');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <DetailView query={profile} title="Profil" loading="Chargement du profil…">
        {(user) => (
          <>
            <ProfileHeader name={user.displayName} follow={{ kind: 'user', id: user._id }} avatar={<ProfileAvatar src={user.avatar} size={80} round placeholder={user.displayName.charAt(0)} tone="bg-secondary text-3xl font-bold uppercase" />}>
              <p className="mt-1 text-sm text-muted">
                {user.city ? `${user.city} · ` : ''}Membre depuis le {formatDate(user.createdAt)}
              </p>
            </ProfileHeader>
            <section aria-labelledby="badges-title" className="mt-10">
              <h2 id="badges-title" className="text-xl font-bold">
                Badges
              </h2>
              {/* A badge just awarded (to this visitor, on their own profile) comes as a notification: the badges are read again. */}
              <ReloadOnNotification reload={badges.reload} />
              <QueryView query={badges} skeleton={<Skeleton lines={2} label="Chargement des badges…" />}>
                {(page) => (page.items.length ? <BadgeList badges={page.items} /> : <div className="mt-4"><EmptyState>Pas encore de badge.</EmptyState></div>)}
              </QueryView>
            </section>
          </>
        )}
      </DetailView>
    </article>
  );
}

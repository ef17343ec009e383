import { mdiAccountGroup } from '@mdi/js';
import { imageUrl, pathFor, recordQueries, type Organization } from '@sortie/core';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { usePageHead, usePageTitle } from '../components/usePageTitle';
import { breadcrumbsJsonLd, organizationJsonLd, summary } from '../seo/structured-data';
import { useQuery } from '../data/useQuery';
import { ExternalLink } from '../features/people/ExternalLink';
import { ProfileAvatar, ProfileHeader } from '../features/people/ProfileHeader';
import { UpcomingEvents } from '../features/people/UpcomingEvents';
import { SubscribeCalendarLink } from '../features/calendar/SubscribeCalendarLink';
import { DetailView } from '../components/DetailView';
import type { PageProps } from './types';

/** /organizations/{id}: an organiser, what it is and what it puts on next. */
export default function OrganizationPage({ params }: PageProps) {
  const id = params.id ?? '';
  const query = useQuery(recordQueries.one<Organization>('organizations', id));
  usePageTitle(query.data?.name ?? 'Organisation');
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <DetailView query={query} title="Organisation" loading="Chargement de l’organisation…">
        {(organization) => (
          <>
            <OrganizationHead organization={organization} />
            <ProfileHeader name={organization.name} kicker="Organisation" follow={{ kind: 'organization', id: organization._id }} avatar={<ProfileAvatar image={organization.logo} size={80} round={false} placeholder={<Icon path={mdiAccountGroup} size={36} />} />}>
              {organization.website && (
                <p className="mt-1 text-sm">
                  <ExternalLink href={organization.website}>Site web</ExternalLink>
                </p>
              )}
            </ProfileHeader>
            <div className="mt-8">
              {organization.description ? <Markdown source={organization.description} /> : <p className="text-muted">Cette organisation n’a pas encore de présentation.</p>}
            </div>
            <UpcomingEvents filter={{ organizationId: organization._id }} action={<SubscribeCalendarLink feed={{ kind: 'organization', id: organization._id }} name={organization.name} />} empty="Aucun événement à venir pour cette organisation." />
          </>
        )}
      </DetailView>
    </article>
  );
}

/** What a link to the organisation shows, and its structured data. */
function OrganizationHead({ organization }: { organization: Organization }) {
  usePageHead(
    {
      title: organization.name,
      description: summary(organization.description) ?? `${organization.name} : ses prochains événements sur Sortie.`,
      image: imageUrl(organization.logo),
      imageAlt: organization.name,
      // Its ActivityPub actor (issue 35).
      alternates: [{ type: 'application/activity+json', href: `/ap/actors/${organization._id}` }],
    },
    (origin) => [organizationJsonLd(organization, origin), breadcrumbsJsonLd([{ name: organization.name, path: pathFor('organization', { id: organization._id }) }], origin)],
  );
  return null;
}

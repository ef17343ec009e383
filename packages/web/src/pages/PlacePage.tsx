import { mdiBriefcaseOutline, mdiPhone, mdiSilverwareForkKnife, mdiWeb } from '@mdi/js';
import { Link } from 'wouter';
import { ClockPort, imageUrl, parisDay, pathFor, placeQueries, socialNetworkLabel, type PlaceDetails } from '@sortie/core';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { MAIN_IMAGE_SIZES, ResponsiveImage } from '../components/ResponsiveImage';
import { usePageHead, usePageTitle } from '../components/usePageTitle';
import { breadcrumbsJsonLd, placeJsonLd, summary } from '../seo/structured-data';
import { useQuery } from '../data/useQuery';
import { ExternalLink } from '../features/people/ExternalLink';
import { ProfileHeader } from '../features/people/ProfileHeader';
import { UpcomingEvents } from '../features/people/UpcomingEvents';
import { SubscribeCalendarLink } from '../features/calendar/SubscribeCalendarLink';
import { frenchDate, openingHoursLines, upcomingClosures } from '../features/places/opening-hours';
import { PlaceMapLink } from '../features/places/PlaceMapLink';
import { PlaceTonight } from '../features/places/PlaceTonight';
import { DetailView } from '../components/DetailView';
import type { PageProps } from './types';
import { useUseCase } from '../services/container-context';

const PILL = 'inline-flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** /places/{id}: a venue with its address, hours, map, upcoming events, menu and job offers. */
export default function PlacePage({ params }: PageProps) {
  const id = params.id ?? '';
  const query = useQuery(placeQueries.details(id));
  usePageTitle(query.data?.place.name ?? 'Lieu');

  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <DetailView query={query} title="Lieu" loading="Chargement du lieu…">
        {({ place, typeName, menu, jobOfferCount }) => <PlaceView place={place} typeName={typeName} menu={menu} jobOfferCount={jobOfferCount} />}
      </DetailView>
    </article>
  );
}

function PlaceView({ place, typeName, menu, jobOfferCount }: PlaceDetails) {
  usePageHead(
    {
      title: place.name,
      description: [[typeName, place.address.street, `${place.address.postalCode} ${place.address.city}`].filter(Boolean).join(' · '), summary(place.description)].filter(Boolean).join(' — '),
      image: imageUrl(place.images[0]),
      imageAlt: place.name,
      type: 'place',
      // Its ActivityPub actor (issue 35): Mastodon finds the place to follow from its page's address.
      alternates: [{ type: 'application/activity+json', href: `/ap/actors/${place._id}` }],
    },
    (origin) => [placeJsonLd(place, origin), breadcrumbsJsonLd([{ name: 'Lieux', path: pathFor('places') }, { name: place.name, path: pathFor('place', { id: place._id }) }], origin)],
  );
  const hours = openingHoursLines(place.openingHours);
  const closures = upcomingClosures(place.closures, parisDay(useUseCase(ClockPort).now())).slice(0, 10);
  const socials = Object.entries(place.socials ?? {});
  return (
    <>
      <ResponsiveImage image={place.images[0]} sizes={MAIN_IMAGE_SIZES} priority className="mb-6 aspect-[3/1] w-full rounded-2xl object-cover" />
      <ProfileHeader name={place.name} kicker={typeName} follow={{ kind: 'place', id: place._id }}>
        <address className="mt-2 not-italic text-muted">
          {place.address.street && <span className="block">{place.address.street}</span>}
          <span className="block">
            {place.address.postalCode} {place.address.city}
          </span>
        </address>
      </ProfileHeader>

      <nav aria-label="Autour du lieu" className="mt-6 flex flex-wrap gap-2">
        {menu && (
          <Link href={pathFor('menu', { id: menu._id })} className={PILL}>
            <Icon path={mdiSilverwareForkKnife} size={18} /> Voir le menu
          </Link>
        )}
        <Link href={pathFor('placeJobOffers', { id: place._id })} className={PILL}>
          <Icon path={mdiBriefcaseOutline} size={18} />
          {jobOfferCount > 0 ? `Offres d’emploi (${jobOfferCount})` : 'Offres d’emploi'}
        </Link>
      </nav>

      <PlaceTonight placeId={place._id} placeName={place.name} />

      <div className="mt-8 grid gap-8 md:grid-cols-[2fr_1fr]">
        <div className="min-w-0">
          {place.description ? <Markdown source={place.description} /> : <p className="text-muted">Ce lieu n’a pas encore de description.</p>}
        </div>
        <aside className="space-y-6" aria-label="Informations pratiques">
          <PlaceMapLink place={place} />
          <section aria-labelledby="hours-title">
            <h2 id="hours-title" className="text-lg font-bold">
              Horaires d’ouverture
            </h2>
            {hours.length ? (
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {hours.map(({ day, hours: ranges }) => (
                  <div key={day} className="contents">
                    <dt className="font-medium">{day}</dt>
                    <dd className={ranges === 'Fermé' ? 'text-muted' : ''}>{ranges}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-muted">Horaires non communiqués.</p>
            )}
            {closures.length > 0 && (
              <>
                <h3 className="mt-4 text-sm font-bold">Fermetures exceptionnelles</h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {closures.map((closure) => (
                    <li key={closure.date}>
                      <span className="font-medium">{frenchDate(closure.date)}</span>
                      {closure.note ? ` — ${closure.note}` : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          {(place.phone || place.website || socials.length > 0) && (
            <section aria-labelledby="contact-title">
              <h2 id="contact-title" className="text-lg font-bold">
                Contact
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {place.phone && (
                  <li className="flex items-center gap-2">
                    <Icon path={mdiPhone} size={18} className="text-muted" />
                    <a href={`tel:${place.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                      {place.phone}
                    </a>
                  </li>
                )}
                {place.website && (
                  <li className="flex items-center gap-2">
                    <Icon path={mdiWeb} size={18} className="text-muted" />
                    <ExternalLink href={place.website}>Site web</ExternalLink>
                  </li>
                )}
                {socials.map(([network, url]) => (
                  <li key={network}>
                    <ExternalLink href={url}>{socialNetworkLabel(network)}</ExternalLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>

      <UpcomingEvents filter={{ placeId: place._id }} action={<SubscribeCalendarLink feed={{ kind: 'place', id: place._id }} name={place.name} />} empty="Aucun événement à venir dans ce lieu pour le moment." />
    </>
  );
}

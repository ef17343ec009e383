import { mdiAccountGroup, mdiCalendar, mdiCurrencyEur, mdiMapMarker, mdiOpenInNew } from '@mdi/js';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { eventQueries, seriesQueries, imageUrl, OPERATION_ROUTES, operationPath, parisDay, pathFor, recordQueries, type Artist, type EventCategory, type Organization, type Place, type Event } from '@sortie/core';
import { breadcrumbsJsonLd, eventJsonLd, summary } from '../seo/structured-data';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { MAIN_IMAGE_SIZES, ResponsiveImage } from '../components/ResponsiveImage';
import { usePageHead, usePageTitle } from '../components/usePageTitle';
import { ErrorNotice, ListSkeleton, Skeleton } from '../data/QueryView';
import { useQuery } from '../data/useQuery';
import { EventActions } from '../features/events/EventActions';
import { CalendarLinks } from '../features/calendar/CalendarLinks';
import { EventGames } from '../features/events/EventGames';
import { SeriesDates } from '../features/events/SeriesDates';
import { EventCard } from '../components/EventCard';
import { MapView } from '../features/map/MapView';
import { formatDateTime, formatPriceRange, formatTime } from '../format';
import type { PageProps } from './types';

const isHttp = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);
const linkClass = 'font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/** /events/{id}: everything about one event, and how to go. */
export default function EventPage({ params }: PageProps) {
  const id = params['id'] ?? '';
  const query = useQuery(eventQueries.one(id));
  usePageTitle(query.status === 'success' ? query.data.title : 'Événement');

  // No heading while loading: the first h1 a visitor (or a test) reads is the event's title.
  if (query.status === 'loading') {
    return (
      <section className="mx-auto max-w-4xl px-4 py-8">
        <Skeleton lines={6} label="Chargement de l’événement…" />
      </section>
    );
  }
  if (query.status === 'error') {
    return (
      <section className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="page-title">
        <h1 id="page-title" className="text-3xl font-bold">
          Événement
        </h1>
        <div className="mt-4">
          <ErrorNotice error={query.error} onRetry={query.reload} />
        </div>
      </section>
    );
  }
  return <EventDetails event={query.data} />;
}

function EventDetails({ event }: { event: Event }) {
  // The place, the organisation, then every artist and every category in one request each.
  const place = useQuery(event.placeId ? recordQueries.one<Place>('places', event.placeId) : null);
  const organization = useQuery(event.organizationId ? recordQueries.one<Organization>('organizations', event.organizationId) : null);
  const artists = useQuery(event.artistIds.length ? recordQueries.byIds<Artist>('artists', event.artistIds) : null);
  const categories = useQuery(event.categoryIds.length ? recordQueries.byIds<EventCategory>('eventCategories', event.categoryIds) : null);
  const placeData = place.status === 'success' ? place.data : null;
  const location = placeData ? [placeData.name, placeData.address.street, `${placeData.address.postalCode} ${placeData.address.city}`].filter(Boolean).join(', ') : event.city;
  const sameDay = event.endsAt && parisDay(new Date(event.endsAt)) === parisDay(new Date(event.startsAt));
  const organizationData = organization.status === 'success' ? organization.data : null;
  const artistsData = artists.status === 'success' ? artists.data : [];
  const series = useQuery(event.seriesId ? seriesQueries.one(event.seriesId) : null);
  const seriesData = series.status === 'success' ? series.data : null;
  // A shared link shows the date and the place before anything else.
  usePageHead(
    {
      title: event.title,
      description: [`${formatDateTime(event.startsAt)} · ${placeData ? `${placeData.name}, ${placeData.address.city}` : event.city}`, summary(event.description)].filter(Boolean).join(' — '),
      // Without a cover, the designer's preview (title, date, place in the venue's colours).
      image: imageUrl(event.coverImage) ?? (event.status === 'published' ? operationPath(OPERATION_ROUTES.eventPreviewImage, { id: event._id }) : undefined),
      imageAlt: event.title,
      type: 'event',
    },
    (origin) => [
      eventJsonLd(event, origin, { place: placeData, organization: organizationData, artists: artistsData, schedule: seriesData?.schedule }),
      breadcrumbsJsonLd([{ name: event.city, path: pathFor('home', { city: event.city }) }, { name: event.title, path: pathFor('event', { id: event._id }) }], origin),
    ],
  );

  return (
    <article className="mx-auto max-w-4xl px-4 py-8" aria-labelledby="page-title">
      <ResponsiveImage image={event.coverImage} sizes={MAIN_IMAGE_SIZES} priority className="mb-6 aspect-[2/1] w-full rounded-3xl object-cover" />
      {categories.status === 'success' && categories.data.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Catégories">
          {categories.data.map((category) => (
            <li key={category._id} className="rounded-full border border-line px-2.5 py-0.5 text-xs text-muted">
              {category.name}
            </li>
          ))}
        </ul>
      )}
      <h1 id="page-title" className="text-3xl font-black tracking-tight sm:text-4xl">
        {event.title}
      </h1>
      {event.status === 'cancelled' && (
        <p role="alert" className="mt-3 rounded-lg bg-error/15 p-3 font-semibold text-error">
          Cet événement est annulé.
        </p>
      )}

      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        <Fact icon={mdiCalendar} label="Date">
          <time dateTime={event.startsAt}>{formatDateTime(event.startsAt)}</time>
          {event.endsAt && (
            <>
              {sameDay ? ' – ' : ' jusqu’au '}
              <time dateTime={event.endsAt}>{sameDay ? formatTime(event.endsAt) : formatDateTime(event.endsAt)}</time>
            </>
          )}
        </Fact>
        <Fact icon={mdiCurrencyEur} label="Prix">
          {formatPriceRange(event.price)}
        </Fact>
        <Fact icon={mdiMapMarker} label="Lieu">
          {placeData ? (
            <>
              <Link href={pathFor('place', { id: placeData._id })} className={linkClass}>
                {placeData.name}
              </Link>
              <span className="block text-sm text-muted">
                {[placeData.address.street, `${placeData.address.postalCode} ${placeData.address.city}`].filter(Boolean).join(', ')}
              </span>
            </>
          ) : (
            event.city
          )}
        </Fact>
        {organization.status === 'success' && organization.data && (
          <Fact icon={mdiAccountGroup} label="Organisation">
            Organisé par{' '}
            <Link href={pathFor('organization', { id: organization.data._id })} className={linkClass}>
              {organization.data.name}
            </Link>
          </Fact>
        )}
      </dl>

      {isHttp(event.ticketUrl) && event.status !== 'cancelled' && (
        <a
          href={event.ticketUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-5 inline-flex items-center gap-2 rounded-full bg-primary px-6 py-3 font-semibold text-background hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-white"
        >
          Réserver
          <Icon path={mdiOpenInNew} size={18} />
          <span className="sr-only">(nouvelle fenêtre)</span>
        </a>
      )}

      {seriesData && <SeriesDates view={seriesData} currentId={event._id} />}

      <EventActions event={event} />
      <CalendarLinks event={event} location={location} />

      {event.description && (
        <section className="mt-6" aria-labelledby="about-title">
          <h2 id="about-title" className="text-xl font-bold">
            À propos
          </h2>
          <Markdown source={event.description} headingOffset={2} className="mt-2" />
        </section>
      )}

      {artists.status === 'success' && artists.data.length > 0 && (
        <section className="mt-8" aria-labelledby="artists-title">
          <h2 id="artists-title" className="text-xl font-bold">
            Artistes
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {artists.data.map((artist) => (
              <li key={artist._id}>
                <Link href={pathFor('artist', { id: artist.slug || artist._id })} className="inline-block rounded-full bg-surface px-4 py-1.5 ring-1 ring-line hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary">
                  {artist.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <EventGames eventId={event._id} />

      {placeData?.location && (
        <section className="mt-8" aria-labelledby="where-title">
          <h2 id="where-title" className="text-xl font-bold">
            Comment s’y rendre
          </h2>
          <MapView
            label={`Carte : ${placeData.name}`}
            cluster={false}
            className="mt-3 h-56 w-full overflow-hidden rounded-2xl"
            markers={[{ id: placeData._id, kind: 'place', title: placeData.name, subtitle: location, href: pathFor('place', { id: placeData._id }), ...placeData.location }]}
          />
          <Link href={`${pathFor('map')}?place=${placeData._id}`} className={`mt-2 inline-block text-sm ${linkClass}`}>
            Voir sur la grande carte
          </Link>
        </section>
      )}

      <RelatedEvents event={event} />
    </article>
  );
}

/** One line of the event's facts: dt and dd straight under a div of the dl, as HTML wants. */
function Fact({ icon, label, children }: { icon: string; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt>
        <Icon path={icon} className="mt-0.5 shrink-0 text-primary" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

const RELATED = 4;

function RelatedEvents({ event }: { event: Event }) {
  const related = useQuery(eventQueries.related(event, RELATED));
  const items = related.status === 'success' ? related.data.items.filter((e) => e._id !== event._id).slice(0, RELATED) : [];
  if (related.status === 'error' || (related.status === 'success' && items.length === 0)) return null;
  return (
    <section className="mt-10" aria-labelledby="related-title">
      <h2 id="related-title" className="text-xl font-bold">
        À voir aussi à {event.city}
      </h2>
      <div className="mt-3">
        {related.status === 'loading' ? (
          <ListSkeleton grid rows={2} label="Chargement des événements…" />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item._id}>
                <EventCard event={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

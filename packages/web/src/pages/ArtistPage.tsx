import { mdiInstagram, mdiMicrophoneVariant, mdiSpotify, mdiWeb } from '@mdi/js';
import { imageUrl, pathFor, recordQueries, type Artist } from '@sortie/core';
import { Icon } from '../components/Icon';
import { Markdown } from '../components/Markdown';
import { usePageHead, usePageTitle } from '../components/usePageTitle';
import { artistJsonLd, breadcrumbsJsonLd, summary } from '../seo/structured-data';
import { useQuery } from '../data/useQuery';
import { ExternalLink } from '../features/people/ExternalLink';
import { ProfileAvatar, ProfileHeader } from '../features/people/ProfileHeader';
import { UpcomingEvents } from '../features/people/UpcomingEvents';
import { SubscribeCalendarLink } from '../features/calendar/SubscribeCalendarLink';
import { DetailView } from '../components/DetailView';
import type { PageProps } from './types';

const LINKS = [
  { key: 'spotify', label: 'Spotify', icon: mdiSpotify },
  { key: 'instagram', label: 'Instagram', icon: mdiInstagram },
  { key: 'website', label: 'Site officiel', icon: mdiWeb },
] as const;

/** /artists/{id}: an artist by 24-hex id or slug; bio, genres, links and upcoming dates. */
export default function ArtistPage({ params }: PageProps) {
  const ref = params.id ?? '';
  // The server finds an artist by its id or by its slug.
  const query = useQuery(recordQueries.one<Artist>('artists', ref));
  usePageTitle(query.data?.name ?? 'Artiste');
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <DetailView query={query} title="Artiste" loading="Chargement de l’artiste…">
        {(artist) => (
          <>
            <ArtistHead artist={artist} />
            <ProfileHeader name={artist.name} kicker="Artiste" follow={{ kind: 'artist', id: artist._id }} avatar={<ProfileAvatar image={artist.image} size={96} round placeholder={<Icon path={mdiMicrophoneVariant} size={40} />} />}>
              {artist.genres.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Genres">
                  {artist.genres.map((genre) => (
                    <li key={genre} className="rounded-full border border-line px-2.5 py-0.5 text-xs text-muted">
                      {genre}
                    </li>
                  ))}
                </ul>
              )}
            </ProfileHeader>
            {LINKS.some(({ key }) => artist.links?.[key]) && (
              <ul className="mt-6 flex flex-wrap gap-4 text-sm" aria-label="Liens">
                {LINKS.filter(({ key }) => artist.links?.[key]).map(({ key, label, icon }) => (
                  <li key={key} className="flex items-center gap-1.5">
                    <Icon path={icon} size={18} className="text-muted" />
                    <ExternalLink href={artist.links[key]}>{label}</ExternalLink>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-8">{artist.bio ? <Markdown source={artist.bio} /> : <p className="text-muted">Pas encore de biographie pour cet artiste.</p>}</div>
            <UpcomingEvents filter={{ artistId: artist._id }} action={<SubscribeCalendarLink feed={{ kind: 'artist', id: artist._id }} name={artist.name} />} empty="Aucune date à venir pour cet artiste." />
          </>
        )}
      </DetailView>
    </article>
  );
}

/** What a link to the artist shows, and its structured data. */
function ArtistHead({ artist }: { artist: Artist }) {
  usePageHead(
    { title: artist.name, description: summary(artist.bio) ?? `${artist.name}${artist.genres.length ? ` (${artist.genres.join(', ')})` : ''} : ses prochaines dates sur Sortie.`, image: imageUrl(artist.image), imageAlt: artist.name, type: 'profile' },
    (origin) => [artistJsonLd(artist, origin), breadcrumbsJsonLd([{ name: artist.name, path: pathFor('artist', { id: artist.slug || artist._id }) }], origin)],
  );
  return null;
}

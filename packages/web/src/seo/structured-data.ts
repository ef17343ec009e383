import { imageUrl, markdownToPlainText, pathFor, type Artist, type BlogPost, type Event, type Organization, type Place } from '@sortie/core';

/*
 * schema.org objects for a page's JSON-LD (search engines' rich results, link previews), built
 * from the records the page shows. Addresses are absolute on `origin`; descriptions are plain
 * text. Only what the record knows is written: no empty property.
 */

const CONTEXT = 'https://schema.org';
type Thing = Record<string, unknown>;

const compact = (thing: Thing): Thing => Object.fromEntries(Object.entries(thing).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
const text = (markdown: string, max = 500) => {
  const plain = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};

/** A short plain-text description for meta tags, from a markdown body. */
export const summary = (markdown: string) => text(markdown, 200) || undefined;

export function postalAddress(place: Pick<Place, 'address'>): Thing {
  return compact({ '@type': 'PostalAddress', streetAddress: place.address.street, postalCode: place.address.postalCode, addressLocality: place.address.city, addressCountry: 'FR' });
}

function placeThing(place: Place, origin: string, type = 'Place'): Thing {
  return compact({
    '@type': type,
    name: place.name,
    url: `${origin}${pathFor('place', { id: place._id })}`,
    address: postalAddress(place),
    geo: place.location ? { '@type': 'GeoCoordinates', latitude: place.location.lat, longitude: place.location.lng } : undefined,
    image: imageUrl(place.images[0], origin),
    telephone: place.phone,
  });
}

const organizationThing = (organization: Organization, origin: string): Thing =>
  compact({ '@type': 'Organization', name: organization.name, url: organization.website ?? `${origin}${pathFor('organization', { id: organization._id })}`, logo: imageUrl(organization.logo, origin) });

const performerThing = (artist: Artist, origin: string): Thing =>
  compact({ '@type': 'MusicGroup', name: artist.name, url: `${origin}${pathFor('artist', { id: artist.slug || artist._id })}`, image: imageUrl(artist.image, origin), genre: artist.genres });

const STATUS: Record<Event['status'], string> = { published: 'EventScheduled', cancelled: 'EventCancelled', draft: 'EventScheduled' };

/**
 * An event: when, where (the place with its address and coordinates, or its city), the price, who
 * plays and who organises; for a date of a series, the series as its `eventSchedule` (schema.org Schedule).
 */
export function eventJsonLd(event: Event, origin: string, related: { place?: Place | null; organization?: Organization | null; artists?: Artist[]; schedule?: Thing | null } = {}): Thing {
  const url = `${origin}${pathFor('event', { id: event._id })}`;
  const price = 'free' in event.price ? { price: '0' } : { lowPrice: (event.price.min / 100).toFixed(2), highPrice: (event.price.max / 100).toFixed(2) };
  return compact({
    '@context': CONTEXT,
    '@type': 'Event',
    name: event.title,
    description: text(event.description) || undefined,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: `${CONTEXT}/${STATUS[event.status]}`,
    eventAttendanceMode: `${CONTEXT}/OfflineEventAttendanceMode`,
    url,
    image: imageUrl(event.coverImage, origin),
    location: related.place ? placeThing(related.place, origin) : { '@type': 'Place', name: event.city, address: { '@type': 'PostalAddress', addressLocality: event.city, addressCountry: 'FR' } },
    offers: compact({ '@type': 'Offer', url: event.ticketUrl ?? url, priceCurrency: 'EUR', availability: `${CONTEXT}/InStock`, ...price }),
    performer: (related.artists ?? []).map((artist) => performerThing(artist, origin)),
    organizer: related.organization ? organizationThing(related.organization, origin) : undefined,
    eventSchedule: related.schedule ?? undefined,
  });
}

/** A place people go to: a local business with its address, coordinates and opening hours' page. */
export function placeJsonLd(place: Place, origin: string): Thing {
  return compact({ '@context': CONTEXT, ...placeThing(place, origin, 'LocalBusiness'), description: text(place.description) || undefined, sameAs: Object.values(place.socials ?? {}) });
}

export function organizationJsonLd(organization: Organization, origin: string): Thing {
  return compact({ '@context': CONTEXT, ...organizationThing(organization, origin), description: text(organization.description) || undefined });
}

export function artistJsonLd(artist: Artist, origin: string): Thing {
  const links = Object.values(artist.links ?? {}).filter((link): link is string => typeof link === 'string');
  return compact({ '@context': CONTEXT, ...performerThing(artist, origin), description: text(artist.bio) || undefined, sameAs: links });
}

export function blogPostingJsonLd(post: BlogPost, origin: string): Thing {
  return compact({
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    url: `${origin}${pathFor('blogPost', { slug: post.slug })}`,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    description: post.excerpt || text(post.body, 200) || undefined,
    image: post.coverImage,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: 'Sortie' },
  });
}

/** Where a page sits: Accueil › … › the page, each step an address. */
export function breadcrumbsJsonLd(steps: Array<{ name: string; path: string }>, origin: string): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Accueil', path: '/' }, ...steps].map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

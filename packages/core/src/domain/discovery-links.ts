import { OPERATION_ROUTES } from './operation-routes';
import { operationPath } from './operation-path';
import { matchRoute } from './routes';

/** A `<link rel="alternate">` of a page's head, as feed readers and oEmbed consumers look for it. */
export interface DiscoveryLink {
  type: 'application/rss+xml' | 'application/atom+xml' | 'application/json+oembed';
  title: string;
  href: string;
}

export type FeedKind = 'city' | 'place' | 'organization' | 'artist';

const FEED_ROUTES = {
  city: [OPERATION_ROUTES.cityFeedRss, OPERATION_ROUTES.cityFeedAtom],
  place: [OPERATION_ROUTES.placeFeedRss, OPERATION_ROUTES.placeFeedAtom],
  organization: [OPERATION_ROUTES.organizationFeedRss, OPERATION_ROUTES.organizationFeedAtom],
  artist: [OPERATION_ROUTES.artistFeedRss, OPERATION_ROUTES.artistFeedAtom],
} as const;

/** The feed's title, as its channel and the page's discovery link both say it: « Sortir à Poitiers — Sortie ». */
export const feedTitle = (kind: FeedKind, name: string) => (kind === 'city' ? `Sortir à ${name} — Sortie` : `${name} — Sortie`);

/** The RSS and Atom paths of a city (as its agenda spells it) or of a place's, organisation's or artist's id. */
export function feedPaths(kind: FeedKind, ref: string): { rss: string; atom: string } {
  const params = kind === 'city' ? { city: ref } : { id: ref };
  const [rss, atom] = FEED_ROUTES[kind];
  return { rss: operationPath(rss, params), atom: operationPath(atom, params) };
}

const PAGE_FEEDS: Record<string, { kind: FeedKind; param: string }> = {
  home: { kind: 'city', param: 'city' },
  place: { kind: 'place', param: 'id' },
  organization: { kind: 'organization', param: 'id' },
  artist: { kind: 'artist', param: 'id' },
};
const EMBEDDABLE = new Set(['event', 'place', 'tournament']);

/**
 * The discovery links of the page at `pathname` (issue 35): RSS and Atom on a city's, a
 * place's, an organisation's and an artist's page, oEmbed on an event's, a place's and a
 * tournament's. `name` is the page's subject (the place's name…); a city's comes from its address.
 */
export function discoveryLinks(pathname: string, origin: string, name?: string): DiscoveryLink[] {
  let match;
  try {
    match = matchRoute(pathname);
  } catch {
    return [];
  }
  if (match.kind !== 'page') return [];
  const links: DiscoveryLink[] = [];
  const feed = PAGE_FEEDS[match.route.name];
  const ref = feed ? match.params[feed.param] : undefined;
  if (feed && ref) {
    const title = feedTitle(feed.kind, feed.kind === 'city' ? ref : (name ?? ref));
    const paths = feedPaths(feed.kind, ref);
    links.push({ type: 'application/rss+xml', title: `${title} (RSS)`, href: `${origin}${paths.rss}` });
    links.push({ type: 'application/atom+xml', title: `${title} (Atom)`, href: `${origin}${paths.atom}` });
  }
  if (EMBEDDABLE.has(match.route.name)) {
    const query = new URLSearchParams({ url: `${origin}${pathname}`, format: 'json' });
    links.push({ type: 'application/json+oembed', title: name ?? 'Sortie', href: `${origin}${OPERATION_ROUTES.oembed.path}?${query}` });
  }
  return links;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The links as the head's HTML. */
export const discoveryLinksHtml = (links: DiscoveryLink[]) =>
  links.map((link) => `<link rel="alternate" type="${link.type}" title="${escapeAttribute(link.title)}" href="${escapeAttribute(link.href)}" />`);

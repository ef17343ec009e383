import { Feed, type Enclosure } from 'feed';
import { capitalise, feedPaths, feedTitle, formatDateTime, IMAGE_MIME_TYPES, markdownToPlainText, pathFor, type FeedKind, type ImageField } from '@sortie/core/domain';
import type { CalendarFeed } from '../calendar/calendar.service';
import { locationOf, type CalendarItem } from '../calendar/ics';

/** An item's description: when and where, then the start of the event's own text. */
const EXCERPT_LIMIT = 400;

export interface FeedOptions {
  kind: FeedKind;
  /** The city as its agenda spells it, or the place's, organisation's or artist's id (or slug). */
  ref: string;
  /** The page the feed follows (the city's agenda, the place's page…). */
  pagePath: string;
  origin: string;
  now: number;
}

/** The cover as an enclosure: an uploaded image's widest JPEG (every reader shows it), or an older record's address. */
function enclosureOf(image: ImageField | undefined, origin: string): Enclosure | undefined {
  if (!image) return undefined;
  if (typeof image === 'string') return { url: image, type: 'image/jpeg' };
  const variants = [...image.variants].sort((a, b) => b.width - a.width);
  const best = variants.find((variant) => variant.format === 'jpeg') ?? variants[0];
  return best ? { url: `${origin}${best.url}`, type: IMAGE_MIME_TYPES[best.format] } : undefined;
}

/** « Vendredi 4 décembre à 20:30 — Le Confort Moderne, 185 rue…, 86000 Poitiers », then the event's text. */
export function itemDescription({ event, place }: CalendarItem): string {
  let text = markdownToPlainText(event.description ?? '').replace(/\s+/g, ' ').trim();
  if (text.length > EXCERPT_LIMIT) text = `${text.slice(0, EXCERPT_LIMIT - 1).trimEnd()}…`;
  const when = `${capitalise(formatDateTime(event.startsAt))} — ${locationOf(event, place)}.`;
  return text ? `${when}\n\n${text}` : when;
}

/** A city's, a place's, an organisation's or an artist's upcoming events as a feed (RSS 2.0 and Atom from the same). */
export function buildFeed({ name, items }: CalendarFeed, options: FeedOptions): Feed {
  const page = `${options.origin}${options.pagePath}`;
  const paths = feedPaths(options.kind, options.ref);
  const feed = new Feed({
    id: page,
    title: feedTitle(options.kind, name),
    description: options.kind === 'city' ? `Les prochains événements à ${name}, sur Sortie.` : `Les prochains événements de ${name}, sur Sortie.`,
    link: page,
    language: 'fr',
    // What changed last (an event added or edited), else now: the feed has nothing older to say.
    updated: new Date(items.reduce((last, { event }) => Math.max(last, Date.parse(event.updatedAt)), 0) || options.now),
    generator: 'Sortie',
    image: `${options.origin}/icons/icon-512.png`,
    favicon: `${options.origin}/favicon.svg`,
    copyright: 'Sortie',
    ttl: 60,
    feedLinks: { rss: `${options.origin}${paths.rss}`, atom: `${options.origin}${paths.atom}` },
  });
  for (const item of items) {
    const link = `${options.origin}${pathFor('event', { id: item.event._id })}`;
    const image = enclosureOf(item.event.coverImage, options.origin);
    feed.addItem({
      title: item.event.title,
      id: link,
      link,
      description: itemDescription(item),
      date: new Date(item.event.updatedAt),
      published: new Date(item.event.createdAt),
      ...(image ? { image } : {}),
    });
  }
  return feed;
}

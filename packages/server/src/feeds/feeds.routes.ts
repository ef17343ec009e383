import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATIONS, pathFor, type FeedKind } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { publicOrigin } from '../seo/public-origin';
import type { CalendarFeed } from '../calendar/calendar.service';
import { buildFeed } from './feed-xml';
import { UpcomingEventsService } from './upcoming-events.service';

/** Readers poll every hour or so: the same public cache as the calendars spares the database a crowd of them. */
const CACHE = 'public, max-age=900';
const TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

interface FeedSource {
  kind: FeedKind;
  page: string;
  missing: string;
  find(ref: string): Promise<CalendarFeed | null>;
}

/**
 * RSS 2.0 and Atom feeds (the `feed` library) of a city, a place, an organisation and an
 * artist: their published events to come, each linking to its page, in French. Found as the
 * .ics calendars are (an unknown city or id answers 404), and answered from the one-second
 * public cache for anonymous readers.
 */
export function registerFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const events = new UpcomingEventsService(ctx);
  const sources: Record<FeedKind, FeedSource> = {
    city: { kind: 'city', page: 'home', missing: 'Ville inconnue.', find: (city) => events.cityFeed(city) },
    place: { kind: 'place', page: 'place', missing: 'Lieu introuvable.', find: (id) => events.placeFeed(id) },
    organization: { kind: 'organization', page: 'organization', missing: 'Organisation introuvable.', find: (id) => events.organizationFeed(id) },
    artist: { kind: 'artist', page: 'artist', missing: 'Artiste introuvable.', find: (ref) => events.artistFeed(ref) },
  };

  const answer = (source: FeedSource, format: keyof typeof TYPES) => async ({ path }: { path: { city: string } | { id: string } }, { request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const ref = 'city' in path ? path.city : path.id;
    reply.header('cache-control', CACHE);
    return ctx.cache.serve(request, reply, async () => {
      const feed = await source.find(ref);
      if (!feed) throw notFound(source.missing);
      // The city as its agenda spells it (the feed's name), whatever case the address used.
      const canonical = source.kind === 'city' ? feed.name : ref;
      const pageParam: Record<string, string> = source.kind === 'city' ? { city: canonical } : { id: canonical };
      const built = buildFeed(feed, { kind: source.kind, ref: canonical, pagePath: pathFor(source.page, pageParam), origin: publicOrigin(ctx.config, request), now: ctx.now() });
      return format === 'rss' ? built.rss2() : built.atom1();
    }, { type: TYPES[format] });
  };

  serve(app, OPERATIONS.cityFeedRss, answer(sources.city, 'rss'));
  serve(app, OPERATIONS.cityFeedAtom, answer(sources.city, 'atom'));
  serve(app, OPERATIONS.placeFeedRss, answer(sources.place, 'rss'));
  serve(app, OPERATIONS.placeFeedAtom, answer(sources.place, 'atom'));
  serve(app, OPERATIONS.organizationFeedRss, answer(sources.organization, 'rss'));
  serve(app, OPERATIONS.organizationFeedAtom, answer(sources.organization, 'atom'));
  serve(app, OPERATIONS.artistFeedRss, answer(sources.artist, 'rss'));
  serve(app, OPERATIONS.artistFeedAtom, answer(sources.artist, 'atom'));
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { OPERATIONS, slugify } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import { notFound } from '../http/errors';
import { serve } from '../http/serve';
import { publicOrigin } from '../seo/public-origin';
import { buildCalendar } from './ics';
import { CalendarService, type CalendarFeed } from './calendar.service';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Subscribed apps fetch every few hours; a short public cache spares the database a crowd of them. */
const CACHE = 'public, max-age=900';

/** « concert-au-confort-moderne.ics »: a file name a visitor recognises. */
export function icsFileName(title: string): string {
  const slug = slugify(title);
  return `${slug || 'evenement'}.ics`;
}

/**
 * The calendars of an event, a city, a place, an organisation and an artist (iCalendar, RFC 5545),
 * built with ical.js from the records the pages show: a draft is nobody's, an unknown or
 * malformed id answers 404. Feeds carry cancelled events too, so that a subscriber's agenda
 * shows the cancellation instead of silently dropping the event.
 */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const calendars = new CalendarService(ctx);

  function sendFeed(reply: FastifyReply, { name, items }: CalendarFeed) {
    const origin = publicOrigin(ctx.config, reply.request);
    const text = buildCalendar(items, { origin, name: `Sortie — ${name}`, description: `Les événements de ${name} sur Sortie.`, now: ctx.now() });
    return reply.header('cache-control', CACHE).type(CALENDAR_TYPE).send(text);
  }

  serve(app, OPERATIONS.eventCalendar, async ({ path }, { request, reply }) => {
    const item = await calendars.event(path.id);
    if (!item) throw notFound('Événement introuvable.');
    const text = buildCalendar([item], { origin: publicOrigin(ctx.config, request), now: ctx.now() });
    return reply.header('cache-control', 'public, max-age=300').header('content-disposition', `attachment; filename="${icsFileName(item.event.title)}"`).type(CALENDAR_TYPE).send(text);
  });

  serve(app, OPERATIONS.cityCalendar, async ({ path }, { reply }) => {
    // The city spelled the agenda's way, when it has events or places; else there is no such feed.
    const feed = await calendars.cityFeed(path.city);
    if (!feed) throw notFound('Ville inconnue.');
    return sendFeed(reply, feed);
  });

  serve(app, OPERATIONS.placeCalendar, async ({ path }, { reply }) => {
    const feed = await calendars.placeFeed(path.id);
    if (!feed) throw notFound('Lieu introuvable.');
    return sendFeed(reply, feed);
  });

  serve(app, OPERATIONS.organizationCalendar, async ({ path }, { reply }) => {
    const feed = await calendars.organizationFeed(path.id);
    if (!feed) throw notFound('Organisation introuvable.');
    return sendFeed(reply, feed);
  });

  serve(app, OPERATIONS.artistCalendar, async ({ path }, { reply }) => {
    // By id or by slug, like the artist's page.
    const feed = await calendars.artistFeed(path.id);
    if (!feed) throw notFound('Artiste introuvable.');
    return sendFeed(reply, feed);
  });
}

import { CalendarService, type CalendarFeed } from '../calendar/calendar.service';
import { whereClauses } from '../db/where';
import { EventSchema } from '@sortie/core/domain';

/** A feed lists this many events to come at most: a reader shows the first few dozen anyway. */
export const FEED_ITEM_LIMIT = 100;

/**
 * The RSS and Atom feeds' events: the same city, place, organisation and artist as the
 * calendars (CalendarService finds them), but only published events still to come — a feed
 * reader shows what one can still go to, and has no way to show a cancellation.
 */
export class UpcomingEventsService extends CalendarService {
  protected override async feed(name: string, clause: string, value: unknown): Promise<CalendarFeed> {
    const { where, params, add } = whereClauses();
    add(`status = 'published' AND starts_at >= {}`, new Date(this.ctx.now()).toISOString());
    add(clause, value);
    const page = await this.ctx.store.list('events', { where, params, order: 'starts_at ASC, id', limit: FEED_ITEM_LIMIT, offset: 0, count: 'none' });
    const events = page.items.flatMap((row) => {
      const parsed = EventSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    });
    return { name, items: await this.withPlaces(events) };
  }
}

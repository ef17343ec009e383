import { BlindTestSchema, isObjectId, PlaceSchema, TournamentSchema, type BlindTest, type EmbeddableKind, type Place, type Tournament } from '@sortie/core/domain';
import type { AppContext } from '../http/context';
import type { CalendarItem } from '../calendar/ics';
import { UpcomingEventsService } from '../feeds/upcoming-events.service';

/** A place's embed shows its next few events: a sidebar, not an agenda to scroll. */
export const EMBED_EVENT_LIMIT = 8;

const parsed = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, row: unknown): T | null => {
  const result = schema.safeParse(row);
  return result.success ? result.data : null;
};

/**
 * What the embed pages and oEmbed show, read through core's schemas: a place (by id or slug)
 * and its next published events, a published event, a tournament. Null for anything unknown,
 * malformed or not public, which the routes answer 404.
 */
export class EmbedService {
  private readonly upcoming: UpcomingEventsService;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'store' | 'now'>) {
    this.upcoming = new UpcomingEventsService(ctx);
  }

  async place(ref: string): Promise<Place | null> {
    if (isObjectId(ref)) return parsed(PlaceSchema, await this.ctx.store.get('places', ref));
    return /^[a-z0-9-]{1,80}$/.test(ref) ? parsed(PlaceSchema, await this.ctx.store.getBy('places', 'slug', ref)) : null;
  }

  /** The place and its next events, each with its place. */
  async placeAgenda(ref: string): Promise<{ place: Place; items: CalendarItem[] } | null> {
    const place = await this.place(ref);
    const feed = place ? await this.upcoming.placeFeed(place._id) : null;
    return place && feed ? { place, items: feed.items.slice(0, EMBED_EVENT_LIMIT) } : null;
  }

  async event(id: string): Promise<CalendarItem | null> {
    const item = await this.upcoming.event(id);
    return item && item.event.status !== 'draft' ? item : null;
  }

  async tournament(id: string): Promise<Tournament | null> {
    return isObjectId(id) ? parsed(TournamentSchema, await this.ctx.store.get('tournaments', id)) : null;
  }

  async blindTest(id: string): Promise<BlindTest | null> {
    return isObjectId(id) ? parsed(BlindTestSchema, await this.ctx.store.get('blindtests', id)) : null;
  }

  /** The title oEmbed gives an embeddable page, or null when there is no such public record. */
  async titleOf(kind: EmbeddableKind, id: string): Promise<string | null> {
    if (kind === 'event') return (await this.event(id))?.event.title ?? null;
    if (kind === 'place') return (await this.place(id))?.name ?? null;
    return (await this.tournament(id))?.name ?? null;
  }
}

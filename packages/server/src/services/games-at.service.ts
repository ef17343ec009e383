import { z } from 'zod';
import { DRAFT_STATUS, isNotOver, isObjectId, RESOURCES, raffleWindow, tonightRange, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import type { ListOptions } from '../db/store';
import { isStaff } from '../auth/user-roles';
import { projectedListJson } from '../resources/policy';
import { missing } from '../resources/missing';

/** An evening rarely has more of each kind; the pages show them all. */
const MAX_PER_KIND = 50;
/** « Ce soir » lists this many events at most. */
const MAX_TONIGHT = 10;

const EventStatus = z.object({ status: z.string() });

/**
 * What the public pages lead to, each in one read instead of one per kind: an event's games and
 * what is on at a venue tonight, as JSON text (the routes serve it through the public cache).
 * Whether the event or venue exists is checked apart, so that a 404 is never cached.
 */
export class GamesAtService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'store' | 'now'>) {}

  /** A kind's first records matching the clauses (`$1`… in `params`), without a count. */
  private page(where: string[], params: unknown[]): ListOptions {
    return { where, params, limit: MAX_PER_KIND, offset: 0, count: 'none' };
  }

  /**
   * A kind's records of the event, as the JSON text of an array, shown as the kind's own list
   * shows them (a raffle past its close says 'closed'): never a draft (core's
   * RESOURCES[…].drafts: the page shows what is to play), nor the game of a blind test (the store's `hidden`).
   */
  private async ofEvent(resource: ResourceName, id: string): Promise<string> {
    const where = ['event_id = $1', ...(RESOURCES[resource].drafts ? [`status <> '${DRAFT_STATUS}'`] : [])];
    return projectedListJson(resource, (await this.ctx.store.listJson(resource, this.page(where, [id]))).items, this.ctx.now());
  }

  /** 404 (as the event's own address) unless the event exists and `viewer` may see it: a draft is staff's, and its games with it. */
  async checkEvent(id: string, viewer: () => Promise<UserJson | null>): Promise<void> {
    const [found] = isObjectId(id) ? await this.ctx.db.query('SELECT status FROM events WHERE id = $1', [id]) : [];
    const event = found ? EventStatus.parse(found) : null;
    if (!event || (event.status === 'draft' && !isStaff(await viewer()))) throw missing('events');
  }

  /** The event's tournaments, championships, blind tests, raffles and forms (GET /api/events/:id/games). */
  async eventGames(id: string): Promise<string> {
    const tournaments = await this.ofEvent('tournaments', id);
    const championships = await this.ofEvent('championships', id);
    const blindTests = await this.ofEvent('blindtests', id);
    const raffles = await this.ofEvent('raffles', id);
    const forms = await this.ofEvent('forms', id);
    return `{"tournaments":${tournaments},"championships":${championships},"blindTests":${blindTests},"raffles":${raffles},"forms":${forms}}`;
  }

  /** 404 unless the venue exists. */
  async checkPlace(id: string): Promise<void> {
    const [place] = isObjectId(id) ? await this.ctx.db.query('SELECT 1 FROM places WHERE id = $1', [id]) : [];
    if (!place) throw missing('places');
  }

  /**
   * What is on at the venue tonight (GET /api/places/:id/tonight): its published events not over
   * yet, their running tournaments, its live blind tests and its raffles open now.
   */
  async tonight(id: string): Promise<string> {
    const { store } = this.ctx;
    const now = new Date(this.ctx.now());
    const { from, to } = tonightRange(now);
    const today = await store.list('events', this.page(["place_id = $1 AND status = 'published' AND starts_at >= $2 AND starts_at <= $3"], [id, from, to]));
    const events = today.items.filter((event) => isNotOver({ startsAt: String(event.startsAt), endsAt: typeof event.endsAt === 'string' ? event.endsAt : null }, now)).slice(0, MAX_TONIGHT);
    const tournaments = events.length ? (await store.list('tournaments', this.page(["event_id = ANY($1::text[]) AND status = 'running'"], [events.map((event) => event._id)]))).items : [];
    const blindTests = (await store.list('blindtests', this.page(["place_id = $1 AND status = 'live'"], [id]))).items;
    const raffles = (await store.list('raffles', this.page(["place_id = $1 AND status = 'open'"], [id]))).items.filter(
      (raffle) => raffleWindow({ status: String(raffle.status), opensAt: String(raffle.opensAt), closesAt: String(raffle.closesAt) }, now.getTime()) === 'open',
    );
    return JSON.stringify({ events, tournaments, blindTests, raffles });
  }
}

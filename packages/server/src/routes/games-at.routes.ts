import type { FastifyInstance } from 'fastify';
import { DRAFT_STATUS, isNotOver, isObjectId, OPERATIONS, RESOURCES, raffleWindow, tonightRange, type ResourceName } from '@sortie/core';
import type { AppContext } from '../http/context';
import { missing } from '../services/resources.service';
import { currentUser } from '../http/session';
import { isStaff } from '../auth/user-roles';
import { serve } from '../http/serve';
import { projectedListJson } from '../resources/policy';

/** An evening rarely has more of each kind; the pages show them all. */
const MAX_PER_KIND = 50;
/** « Ce soir » lists this many events at most. */
const MAX_TONIGHT = 10;

/**
 * What the public pages lead to, each in one request instead of one per kind: an event's games
 * (GET /api/events/:id/games) and what is on at a venue tonight (GET /api/places/:id/tonight).
 * Public, so an anonymous answer goes through the one-second cache that every write clears.
 */
export function registerGamesAtRoutes(app: FastifyInstance, ctx: AppContext): void {
  const store = ctx.store;
  /**
   * A kind's records matching the clauses (`$1`… in `params`), as the JSON text of an array, shown
   * as the kind's own list shows them (a raffle past its close says 'closed'): never a draft (core's
   * RESOURCES[…].drafts: the page shows what is to play), nor the game of a blind test (the store's `hidden`).
   */
  const jsonOf = async (resource: ResourceName, where: string[], params: unknown[]) =>
    projectedListJson(
      resource,
      (await store.listJson(resource, { where: RESOURCES[resource].drafts ? [...where, `status <> '${DRAFT_STATUS}'`] : where, params, limit: MAX_PER_KIND, offset: 0, count: 'none' })).items,
      ctx.now(),
    );

  serve(app, OPERATIONS.eventGames, async ({ path: { id } }, { request, reply }) => {
    // Checked before the cache: a draft is staff's, and its games with it (404, as the event's own address).
    const [event] = isObjectId(id) ? await ctx.db.query<{ status: string }>('SELECT status FROM events WHERE id = $1', [id]) : [];
    if (!event || (event.status === 'draft' && !isStaff(await currentUser(ctx, request)))) throw missing('events');
    return ctx.cache.serve(request, reply, async () => {
      const ofEvent = ['event_id = $1'];
      const [tournaments, championships, blindTests, raffles, forms] = [
        await jsonOf('tournaments', ofEvent, [id]),
        await jsonOf('championships', ofEvent, [id]),
        await jsonOf('blindtests', ofEvent, [id]),
        await jsonOf('raffles', ofEvent, [id]),
        await jsonOf('forms', ofEvent, [id]),
      ];
      return `{"tournaments":${tournaments},"championships":${championships},"blindTests":${blindTests},"raffles":${raffles},"forms":${forms}}`;
    });
  });

  serve(app, OPERATIONS.placeTonight, async ({ path: { id } }, { request, reply }) => {
    const [place] = isObjectId(id) ? await ctx.db.query('SELECT 1 FROM places WHERE id = $1', [id]) : [];
    if (!place) throw missing('places');
    return ctx.cache.serve(request, reply, async () => {
      const now = new Date(ctx.now());
      const { from, to } = tonightRange(now);
      const today = await store.list('events', { where: ["place_id = $1 AND status = 'published' AND starts_at >= $2 AND starts_at <= $3"], params: [id, from, to], limit: MAX_PER_KIND, offset: 0, count: 'none' });
      const events = today.items.filter((event) => isNotOver({ startsAt: String(event.startsAt), endsAt: typeof event.endsAt === 'string' ? event.endsAt : null }, now)).slice(0, MAX_TONIGHT);
      const tournaments = events.length
        ? (await store.list('tournaments', { where: ["event_id = ANY($1::text[]) AND status = 'running'"], params: [events.map((event) => event._id)], limit: MAX_PER_KIND, offset: 0, count: 'none' })).items
        : [];
      const blindTests = (await store.list('blindtests', { where: ["place_id = $1 AND status = 'live'"], params: [id], limit: MAX_PER_KIND, offset: 0, count: 'none' })).items;
      const raffles = (await store.list('raffles', { where: ["place_id = $1 AND status = 'open'"], params: [id], limit: MAX_PER_KIND, offset: 0, count: 'none' })).items.filter(
        (raffle) => raffleWindow({ status: String(raffle.status), opensAt: String(raffle.opensAt), closesAt: String(raffle.closesAt) }, now.getTime()) === 'open',
      );
      return JSON.stringify({ events, tournaments, blindTests, raffles });
    });
  });
}

import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db/database';
import { isoOf, recordOf } from '../db/rows';
import { eventObject, eventObjectUrl, FederatedEventRecord, FederatedPlaceRecord, AS_PUBLIC } from './event-object';
import { followerInboxes, queueDeliveries } from './deliveries';

/*
 * What each actor federated of each event (`federation_events`, its outbox) against the events
 * table: an event published since sends `Create`, changed since sends `Update`, cancelled sends
 * `Update` with eventStatus EventCancelled (Mobilizon and Gancio show it cancelled) then `Delete`
 * (Mastodon ignores updates of events: the Delete takes it off there), unpublished or deleted
 * sends `Delete`. Comparing states rather than hooking each write path, every path federates:
 * the dashboard, the API, the CLI, collectors and the series job; the events' writes kick it at
 * once and the `federation` job catches up every minute. Only actors with followers and
 * federation on are compared, under one lock, so two processes never send twice.
 */
const RECENT_MS = 24 * 3600_000;

export interface PublishOptions {
  db: Db;
  now: () => number;
  origin: string;
  actorUrl: (actorId: string) => string;
}

type Candidate = {
  actor_id: string;
  event_id: string;
  data: unknown;
  status: string;
  created_at: unknown;
  updated_at: unknown;
  current_version: string;
  place_data: unknown;
  state: string | null;
  version: string | null;
  /** The object last sent, to send no Update when nothing the fediverse shows changed. */
  sent: unknown;
};

export async function reconcileEvents(options: PublishOptions): Promise<{ created: number; updated: number; deleted: number }> {
  const { db } = options;
  const counts = { created: 0, updated: 0, deleted: 0 };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['federation:publish']);
    const at = options.now();
    const candidates = await tx.query<Candidate>(
      `WITH actors AS (
         SELECT a.record_id, a.kind FROM federation_actors a
         WHERE a.enabled AND EXISTS (SELECT 1 FROM federation_followers f WHERE f.actor_id = a.record_id))
       SELECT a.record_id AS actor_id, e.id AS event_id, e.data, e.status, e.created_at, e.updated_at, to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS current_version, p.data AS place_data, fe.state, fe.version, fe.object AS sent
       FROM actors a
       JOIN events e ON (a.kind = 'place' AND e.place_id = a.record_id) OR (a.kind = 'organization' AND e.organization_id = a.record_id)
       LEFT JOIN places p ON p.id = e.place_id
       LEFT JOIN federation_events fe ON fe.actor_id = a.record_id AND fe.event_id = e.id
       WHERE (fe.event_id IS NULL AND e.status = 'published' AND e.starts_at >= $1)
          OR (fe.state = 'published' AND fe.version IS DISTINCT FROM to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
       ORDER BY e.updated_at, e.id
       LIMIT 500`,
      // A past event never federated stays so (the baseline of a new follower starts a day back too).
      [new Date(at - RECENT_MS).toISOString()],
    );
    for (const row of candidates) {
      const event = FederatedEventRecord.safeParse({ ...recordOf(row.data), status: row.status });
      if (!event.success) continue;
      const place = row.place_data ? FederatedPlaceRecord.safeParse(recordOf(row.place_data)) : null;
      const actorUrl = options.actorUrl(row.actor_id);
      const version = row.current_version;
      const object = eventObject({ origin: options.origin, actorUrl, eventId: row.event_id, event: event.data, place: place?.success ? place.data : null, createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) });
      const inboxes = await followerInboxes(tx, row.actor_id);
      const send = (type: string, payload: unknown) => queueDeliveries(tx, row.actor_id, activity(type, actorUrl, object.id, version, payload), inboxes, at);
      if (row.status === 'published' && row.state === null) {
        await send('Create', object);
        await keep(tx, row, 'published', version, object, at);
        counts.created += 1;
      } else if (row.status === 'published' && sameShown(row.sent, object)) {
        // Written again, but nothing the fediverse shows changed (tags, a ticket link…): no Update.
        await keep(tx, row, 'published', version, object, at);
      } else if (row.status === 'published') {
        await send('Update', object);
        await keep(tx, row, 'published', version, object, at);
        counts.updated += 1;
      } else if (row.status === 'cancelled') {
        await send('Update', object);
        await send('Delete', tombstone(object));
        await keep(tx, row, 'cancelled', version, object, at);
        counts.updated += 1;
        counts.deleted += 1;
      } else {
        await send('Delete', tombstone(object));
        await keep(tx, row, 'deleted', version, object, at);
        counts.deleted += 1;
      }
    }
    // Events deleted outright: their copies are deleted too.
    const gone = await tx.query<{ actor_id: string; event_id: string; object: unknown }>(
      `SELECT fe.actor_id, fe.event_id, fe.object FROM federation_events fe
       JOIN federation_actors a ON a.record_id = fe.actor_id AND a.enabled
       WHERE fe.state = 'published' AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = fe.event_id) LIMIT 500`,
    );
    for (const row of gone) {
      const actorUrl = options.actorUrl(row.actor_id);
      const objectUrl = eventObjectUrl(actorUrl, row.event_id);
      const inboxes = await followerInboxes(tx, row.actor_id);
      await queueDeliveries(tx, row.actor_id, activity('Delete', actorUrl, objectUrl, new Date(at).toISOString(), { type: 'Tombstone', id: objectUrl, formerType: 'Event' }), inboxes, at);
      await tx.query(`UPDATE federation_events SET state = 'deleted', updated_at = $3 WHERE actor_id = $1 AND event_id = $2`, [row.actor_id, row.event_id, new Date(at).toISOString()]);
      counts.deleted += 1;
    }
  });
  return counts;
}

/**
 * Marks the actor's current published events as already known, without sending them: a new
 * follower gets what changes from now on (and finds the rest in the outbox).
 */
export async function baselineEvents(db: Db, actorId: string, options: Omit<PublishOptions, 'db'>): Promise<void> {
  const rows = await db.query<Candidate>(
    `SELECT $1::text AS actor_id, e.id AS event_id, e.data, e.status, e.created_at, e.updated_at, to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS current_version, p.data AS place_data, NULL AS state, NULL AS version, NULL AS sent
     FROM events e LEFT JOIN places p ON p.id = e.place_id
     WHERE e.status = 'published' AND (e.place_id = $1 OR e.organization_id = $1) AND e.starts_at >= $2
       AND NOT EXISTS (SELECT 1 FROM federation_events fe WHERE fe.actor_id = $1 AND fe.event_id = e.id)
     LIMIT 1000`,
    [actorId, new Date(options.now() - RECENT_MS).toISOString()],
  );
  for (const row of rows) {
    const event = FederatedEventRecord.safeParse({ ...recordOf(row.data), status: row.status });
    if (!event.success) continue;
    const place = row.place_data ? FederatedPlaceRecord.safeParse(recordOf(row.place_data)) : null;
    const object = eventObject({ origin: options.origin, actorUrl: options.actorUrl(actorId), eventId: row.event_id, event: event.data, place: place?.success ? place.data : null, createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) });
    await keep(db, row, 'published', row.current_version, object, options.now());
  }
}

async function keep(db: Db, row: Candidate, state: string, version: string, object: Record<string, unknown>, at: number): Promise<void> {
  const when = new Date(at).toISOString();
  await db.query(
    `INSERT INTO federation_events (actor_id, event_id, state, version, object, published_at, updated_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)
     ON CONFLICT (actor_id, event_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, object = EXCLUDED.object, updated_at = EXCLUDED.updated_at`,
    [row.actor_id, row.event_id, state, version, JSON.stringify(object), when],
  );
}

/** Whether two objects show the same (their `updated` apart). */
function sameShown(sent: unknown, object: Record<string, unknown>): boolean {
  if (typeof sent !== 'object' || sent === null) return false;
  const { updated: _before, ...was } = recordOf(sent);
  const { updated: _now, ...is } = object;
  // The stored copy is jsonb: its keys come back in another order.
  return isDeepStrictEqual(was, is);
}

const tombstone = (object: Record<string, unknown>) => ({ type: 'Tombstone', id: object.id, formerType: 'Event' });

function activity(type: string, actorUrl: string, objectId: unknown, version: string, object: unknown): Record<string, unknown> {
  const { '@context': context, ...inner } = typeof object === 'object' && object !== null ? recordOf(object) : {};
  return {
    '@context': context ?? 'https://www.w3.org/ns/activitystreams',
    id: `${String(objectId)}#${type.toLowerCase()}-${Date.parse(version) || Date.now()}`,
    type,
    actor: actorUrl,
    to: [AS_PUBLIC],
    cc: [`${actorUrl}/followers`],
    object: inner,
  };
}

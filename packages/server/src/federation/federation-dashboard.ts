import { z } from 'zod';
import type { FederationOverview } from '@sortie/core';
import type { Db } from '../db/database';
import { isoOf } from '../db/rows';
import type { LocalActor } from './actors';
import { actorUrlOf } from './deps';

/** What staff see of a place's or organisation's federation (the dashboard's « Fédération » card). */
const LIMIT = 100;
const textOrNull = z.string().nullable().catch(null);
/** The fields read from an activity received as it came (our Event objects, Mobilizon's, Mastodon's notes). */
const ReceivedObject = z.looseObject({
  object: z
    .union([
      z.string().transform((id) => ({ id, name: null, startTime: null, eventStatus: null })),
      z.looseObject({ id: textOrNull.optional(), name: textOrNull.optional(), startTime: textOrNull.optional(), eventStatus: textOrNull.optional() }),
    ])
    .optional()
    .catch(undefined),
});

export async function federationOverview(db: Db, origin: string, actor: LocalActor): Promise<FederationOverview> {
  const id = actor.id;
  const followers = await db.query<{ follower: string; handle: string | null; name: string | null; created_at: unknown }>(
    'SELECT follower, handle, name, created_at FROM federation_followers WHERE actor_id = $1 ORDER BY created_at DESC, follower LIMIT $2',
    [id, LIMIT],
  );
  const interactions = await db.query<{ kind: string; remote_actor: string; remote_handle: string | null; event_id: string | null; title: string | null; created_at: unknown }>(
    `SELECT i.kind, i.remote_actor, i.remote_handle, i.event_id, e.title, i.created_at FROM federation_interactions i LEFT JOIN events e ON e.id = i.event_id
     WHERE i.actor_id = $1 ORDER BY i.created_at DESC, i.id LIMIT $2`,
    [id, LIMIT],
  );
  const following = await db.query<{ remote_actor: string; handle: string | null; state: string; created_at: unknown }>(
    'SELECT remote_actor, handle, state, created_at FROM federation_following WHERE actor_id = $1 ORDER BY created_at DESC, remote_actor LIMIT $2',
    [id, LIMIT],
  );
  const received = await db.query<{ activity_type: string; remote_actor: string; activity_id: string | null; object_id: string | null; object: unknown; received_at: unknown }>(
    'SELECT activity_type, remote_actor, activity_id, object_id, object, received_at FROM federation_received WHERE actor_id = $1 ORDER BY received_at DESC, id DESC LIMIT $2',
    [id, LIMIT],
  );
  return {
    enabled: actor.enabled,
    handle: `@${actor.handle}@${new URL(origin).host}`,
    actorUrl: actorUrlOf(origin, id),
    followers: followers.map((row) => ({ actor: row.follower, handle: row.handle, name: row.name, since: isoOf(row.created_at) })),
    interactions: interactions.map((row) => ({
      kind: row.kind === 'announce' ? 'announce' : row.kind === 'join' ? 'join' : 'like',
      actor: row.remote_actor,
      handle: row.remote_handle,
      eventId: row.event_id,
      eventTitle: row.title,
      at: isoOf(row.created_at),
    })),
    following: following.map((row) => ({ actor: row.remote_actor, handle: row.handle, state: row.state === 'accepted' ? 'accepted' : 'pending', since: isoOf(row.created_at) })),
    received: received.map((row) => {
      const parsed = ReceivedObject.safeParse(row.object);
      const object = parsed.success ? parsed.data.object : undefined;
      return {
        type: row.activity_type,
        actor: row.remote_actor,
        activityId: row.activity_id,
        objectId: row.object_id,
        name: object?.name ?? null,
        startTime: object?.startTime ?? null,
        status: object?.eventStatus ?? null,
        at: isoOf(row.received_at),
      };
    }),
  };
}

import { Accept, Announce, Create, Delete, Follow, isActor, Join, Like, Undo, Update, type Activity, type InboxContext } from '@fedify/fedify';
import { newId } from '../db/store';
import { actorRow } from './actors';
import type { FederationDeps } from './deps';
import { queueDeliveries } from './deliveries';
import { baselineEvents } from './publish';

/*
 * What remote servers send to our inboxes, once fedify has checked the HTTP Signature against
 * the sender's published key (a request without a valid one is refused with 401 before this).
 */

/** Which of our actors an address names (/ap/actors/{id}, or one of its event copies), if any. */
function ourActor(ctx: InboxContext<FederationDeps>, uri: URL | null): { actorId: string; eventId: string | null } | null {
  if (!uri || uri.origin !== ctx.origin) return null;
  const match = /^\/ap\/actors\/([A-Za-z0-9_-]{1,100})(?:\/events\/([A-Za-z0-9_-]{1,100}))?$/.exec(uri.pathname);
  return match ? { actorId: match[1]!, eventId: match[2] ?? null } : null;
}

async function enabled(ctx: InboxContext<FederationDeps>, actorId: string): Promise<boolean> {
  const row = await actorRow(ctx.data.db, actorId);
  return row?.enabled ?? true;
}

/** A remote Follow: kept as a follower, and answered with a signed Accept. */
export async function onFollow(ctx: InboxContext<FederationDeps>, follow: Follow): Promise<void> {
  const target = ourActor(ctx, follow.objectId);
  if (!target || target.eventId || !follow.id || !follow.actorId) return;
  if (!(await enabled(ctx, target.actorId))) return;
  const { db, now } = ctx.data;
  const [exists] = await db.query('SELECT 1 FROM places WHERE id = $1 UNION ALL SELECT 1 FROM organizations WHERE id = $1', [target.actorId]);
  if (!exists) return;
  const follower = await follow.getActor(ctx);
  if (!follower || !isActor(follower) || !follower.inboxId) return;
  const handle = follower.preferredUsername ? `@${String(follower.preferredUsername)}@${follow.actorId.host}` : null;
  await db.query(
    `INSERT INTO federation_followers (actor_id, follower, inbox, shared_inbox, handle, name, follow_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (actor_id, follower) DO UPDATE SET inbox = EXCLUDED.inbox, shared_inbox = EXCLUDED.shared_inbox, handle = EXCLUDED.handle, name = EXCLUDED.name, follow_id = EXCLUDED.follow_id`,
    [target.actorId, follow.actorId.href, follower.inboxId.href, follower.endpoints?.sharedInbox?.href ?? null, handle, follower.name ? String(follower.name) : null, follow.id.href, new Date(now()).toISOString()],
  );
  const actorUrl = ctx.getActorUri(target.actorId).href;
  await baselineEvents(db, target.actorId, { now, origin: ctx.origin, actorUrl: (id) => ctx.getActorUri(id).href });
  const accept = {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${actorUrl}#accepts/${newId()}`,
    type: 'Accept',
    actor: actorUrl,
    object: { id: follow.id.href, type: 'Follow', actor: follow.actorId.href, object: actorUrl },
  };
  await queueDeliveries(db, target.actorId, accept, [follower.inboxId.href], now());
  ctx.data.kick();
}

/** Undo of a Follow (the follower leaves), a Like or an Announce (taken back). */
export async function onUndo(ctx: InboxContext<FederationDeps>, undo: Undo): Promise<void> {
  if (!undo.actorId) return;
  const object = await undo.getObject(ctx);
  const { db } = ctx.data;
  if (object instanceof Follow) {
    const target = ourActor(ctx, object.objectId);
    if (target) await db.query('DELETE FROM federation_followers WHERE actor_id = $1 AND follower = $2', [target.actorId, undo.actorId.href]);
    return;
  }
  if (object?.id) await db.query('DELETE FROM federation_interactions WHERE id = $1 AND remote_actor = $2', [object.id.href, undo.actorId.href]);
}

/** A remote Like, Announce (boost) or Join (Mobilizon's participation) of one of our events: kept for staff. */
export function onInteraction(kind: 'like' | 'announce' | 'join') {
  return async (ctx: InboxContext<FederationDeps>, activity: Like | Announce | Join): Promise<void> => {
    const target = ourActor(ctx, activity.objectId);
    if (!target?.eventId || !activity.actorId || !activity.id) return;
    const handle = await remoteHandle(ctx, activity);
    await ctx.data.db.query(
      `INSERT INTO federation_interactions (id, actor_id, kind, remote_actor, remote_handle, event_id, object, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO NOTHING`,
      [activity.id.href, target.actorId, kind, activity.actorId.href, handle, target.eventId, activity.objectId?.href ?? null, new Date(ctx.data.now()).toISOString()],
    );
  };
}

async function remoteHandle(ctx: InboxContext<FederationDeps>, activity: Activity): Promise<string | null> {
  try {
    const actor = await activity.getActor(ctx);
    return actor?.preferredUsername && activity.actorId ? `@${String(actor.preferredUsername)}@${activity.actorId.host}` : null;
  } catch {
    return null;
  }
}

/** Accept of a Follow one of our actors sent: that follow is now effective. */
export async function onAccept(ctx: InboxContext<FederationDeps>, accept: Accept): Promise<void> {
  if (!accept.actorId || !accept.objectId) return;
  await ctx.data.db.query(`UPDATE federation_following SET state = 'accepted' WHERE remote_actor = $1 AND follow_id = $2`, [accept.actorId.href, accept.objectId.href]);
}

/** Create, Update and Delete from an actor ours follow: kept in the log staff read (not imported as events). */
export async function onReceived(ctx: InboxContext<FederationDeps>, activity: Create | Update | Delete): Promise<void> {
  if (!activity.actorId) return;
  const { db, now } = ctx.data;
  const followers = await db.query<{ actor_id: string }>('SELECT actor_id FROM federation_following WHERE remote_actor = $1', [activity.actorId.href]);
  if (followers.length === 0) return;
  // As received (fedify keeps the original JSON of an activity it parsed), so that nothing it does not model is lost.
  const json = await activity.toJsonLd({ contextLoader: ctx.contextLoader });
  const type = activity instanceof Create ? 'Create' : activity instanceof Update ? 'Update' : 'Delete';
  for (const { actor_id: actorId } of followers) {
    await db.query(
      `INSERT INTO federation_received (id, actor_id, remote_actor, activity_type, activity_id, object_id, object, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
      [newId(), actorId, activity.actorId.href, type, activity.id?.href ?? null, activity.objectId?.href ?? null, JSON.stringify(json), new Date(now()).toISOString()],
    );
  }
}

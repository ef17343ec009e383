import './node20-compat';
import { Accept, Announce, createFederation, Create, Delete, Endpoints, Follow, getDocumentLoader, Image, Join, Like, Organization, parseSemVer, Undo, Update, type Federation } from '@fedify/fedify';
import { actorKeyPairs, findActor, idOfHandle } from './actors';
import { ACTOR_PATH, type FederationDeps } from './deps';
import { onAccept, onFollow, onInteraction, onReceived, onUndo } from './inbox';
import { documentLoaderOf } from './remote-request';
import type { KvStore } from '@fedify/fedify';

/**
 * Fedify's federation: WebFinger, the actor documents with their keys, the inboxes (personal
 * and shared; signatures checked, draft-cavage and RFC 9421) and the followers collection.
 * Remote documents are fetched on our private-address rule (remote-request.ts). Deliveries are
 * ours (deliveries.ts), not fedify's, so that they go through our queue on the database.
 */
export function buildFederation(kv: KvStore, allowedPrivateOrigins: readonly string[]): Federation<FederationDeps> {
  const loader = documentLoaderOf(allowedPrivateOrigins);
  const federation = createFederation<FederationDeps>({
    kv,
    documentLoaderFactory: () => loader,
    // JSON-LD contexts: fedify's preloaded ones (ActivityStreams, security…), others from public addresses only.
    contextLoaderFactory: () => getDocumentLoader(),
    authenticatedDocumentLoaderFactory: () => loader,
    firstKnock: 'rfc9421',
  });

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const actor = await findActor(ctx.data.db, ctx.origin, identifier);
      if (!actor || !actor.enabled) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Organization({
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: actor.summary || null,
        url: new URL(actor.page),
        icon: actor.icon ? new Image({ url: new URL(actor.icon) }) : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: new URL(`${ctx.getActorUri(identifier).href}/outbox`),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: false,
        discoverable: true,
        publicKey: keys[0]?.cryptographicKey ?? null,
        // RSA for draft-cavage signatures (publicKey), Ed25519 as the Multikey of object proofs (assertionMethod).
        assertionMethods: keys.filter((key) => key.publicKey.algorithm.name === 'Ed25519').map((key) => key.multikey),
      });
    })
    .mapHandle(async (ctx, username) => {
      const id = await idOfHandle(ctx.data.db, username);
      if (!id) return null;
      const actor = await findActor(ctx.data.db, ctx.origin, id);
      return actor?.enabled ? id : null;
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      const actor = await findActor(ctx.data.db, ctx.origin, identifier);
      if (!actor) return [];
      const keys = await actorKeyPairs(ctx.data.db, identifier, actor.kind);
      return [keys.rsa, keys.ed25519];
    });

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (ctx, identifier) => {
      const actor = await findActor(ctx.data.db, ctx.origin, identifier);
      if (!actor?.enabled) return null;
      const rows = await ctx.data.db.query<{ follower: string; inbox: string; shared_inbox: string | null }>(
        'SELECT follower, inbox, shared_inbox FROM federation_followers WHERE actor_id = $1 ORDER BY created_at, follower LIMIT 5000',
        [identifier],
      );
      return { items: rows.map((row) => ({ id: new URL(row.follower), inboxId: new URL(row.inbox), endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null })) };
    })
    .setCounter(async (ctx, identifier) => {
      const [row] = await ctx.data.db.query<{ count: number }>('SELECT count(*)::int AS count FROM federation_followers WHERE actor_id = $1', [identifier]);
      return row?.count ?? 0;
    });

  // What Mastodon, Mobilizon and Gancio show of the server (its software, its protocol); no user counts.
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', () => ({
    software: { name: 'sortie', version: parseSemVer('0.1.0') },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: { users: {}, localPosts: 0, localComments: 0 },
  }));

  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, '/ap/inbox')
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Like, onInteraction('like'))
    .on(Announce, onInteraction('announce'))
    .on(Join, onInteraction('join'))
    .on(Accept, onAccept)
    .on(Create, onReceived)
    .on(Update, onReceived)
    .on(Delete, onReceived);
  return federation;
}

import type { Federation } from '@fedify/fedify';
import { AppError, NotFoundError, type FederationOverview } from '@sortie/core';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { findActor, setFederationEnabled, type ActorKind } from './actors';
import { Deliveries, queueDeliveries } from './deliveries';
import { actorUrlOf, type FederationDeps } from './deps';
import { buildFederation } from './federation';
import { DbKvStore } from './kv-store';
import { reconcileEvents } from './publish';
import { federationOverview } from './federation-dashboard';
import { lookUpRemoteActor } from './remote-follow';
import { RemoteRefused } from './remote-request';

/** The origin outgoing activities name: SORTIE_PUBLIC_URL, else the one remote servers reached us on (kept). */
const ORIGIN_KEY = 'federation_origin';

/**
 * ActivityPub for the rest of the server: fedify's handler for the routes, the outbox and the
 * event copies, publishing (reconcile then deliver), and what the dashboard reads and sets.
 */
export class FederationService {
  readonly kv: DbKvStore;
  readonly federation: Federation<FederationDeps>;
  private readonly deliveries: Deliveries;
  private running: Promise<void> | null = null;
  private again = false;
  private knownOrigin: string | null;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<ServerConfig, 'publicUrl' | 'allowedPrivateOrigins'>,
    private readonly now: () => number,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.kv = new DbKvStore(db, now);
    this.federation = buildFederation(this.kv, config.allowedPrivateOrigins);
    this.knownOrigin = config.publicUrl;
    this.deliveries = new Deliveries({ db, kv: this.kv, now, allowedPrivateOrigins: config.allowedPrivateOrigins, actorUrl: (id) => actorUrlOf(this.knownOrigin ?? '', id), log });
  }

  private get deps(): FederationDeps {
    return { db: this.db, kv: this.kv, now: this.now, allowedPrivateOrigins: this.config.allowedPrivateOrigins, kick: () => this.kick() };
  }

  /** Fedify answers a request (WebFinger, an actor, an inbox, followers); `origin` is the one it came to. */
  async fetch(request: Request, origin: string): Promise<Response> {
    await this.rememberOrigin(origin);
    return this.federation.fetch(request, { contextData: this.deps, onNotAcceptable: (asked) => this.toPage(asked, origin) });
  }

  /** A browser opening an actor's address (it asks for HTML) is sent to the place's or organisation's page. */
  private async toPage(request: Request, origin: string): Promise<Response> {
    const id = /^\/ap\/actors\/([A-Za-z0-9_-]{1,100})$/.exec(new URL(request.url).pathname)?.[1];
    const actor = id ? await findActor(this.db, origin, id) : null;
    if (!actor?.enabled) return new Response('Introuvable.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    return new Response(null, { status: 303, headers: { location: actor.page, vary: 'Accept' } });
  }

  private async rememberOrigin(origin: string): Promise<void> {
    if (this.config.publicUrl || this.knownOrigin === origin) return;
    this.knownOrigin = origin;
    await this.db.query(`INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [ORIGIN_KEY, origin]);
  }

  async origin(): Promise<string | null> {
    if (this.knownOrigin) return this.knownOrigin;
    const [row] = await this.db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [ORIGIN_KEY]);
    this.knownOrigin = row?.value ?? null;
    return this.knownOrigin;
  }

  /** Compares the events with what was federated, queues the activities, sends what is due. */
  async run(): Promise<{ created: number; updated: number; deleted: number; attempted: number }> {
    const origin = await this.origin();
    const counts = origin ? await reconcileEvents({ db: this.db, now: this.now, origin, actorUrl: (id) => actorUrlOf(origin, id) }) : { created: 0, updated: 0, deleted: 0 };
    const attempted = origin ? await this.deliveries.drain() : 0;
    return { ...counts, attempted };
  }

  /** The same, soon and once at a time in this process (an event was written, a follow came). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.run().catch((error: unknown) => this.log(`Fédération : ${error instanceof Error ? error.message : String(error)}`));
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Waits for a kick under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** An actor's outbox: its events as `Create` activities, the newest first. */
  async outbox(origin: string, actorId: string): Promise<Record<string, unknown> | null> {
    const actor = await findActor(this.db, origin, actorId);
    if (!actor?.enabled) return null;
    const rows = await this.db.query<{ object: Record<string, unknown>; published_at: unknown }>(
      `SELECT object, published_at FROM federation_events WHERE actor_id = $1 AND state = 'published' ORDER BY published_at DESC, event_id LIMIT 50`,
      [actorId],
    );
    const actorUrl = actorUrlOf(origin, actorId);
    const items = rows.map(({ object }) => {
      const { '@context': _context, ...inner } = object;
      return { id: `${String(inner.id)}#create`, type: 'Create', actor: actorUrl, to: inner.to, cc: inner.cc, published: inner.published, object: inner };
    });
    const context = rows[0]?.object['@context'] ?? 'https://www.w3.org/ns/activitystreams';
    return { '@context': context, id: `${actorUrl}/outbox`, type: 'OrderedCollection', totalItems: items.length, orderedItems: items };
  }

  /** One event copy of an actor (what its activities name), or null; `gone` once deleted or cancelled. */
  async eventCopy(origin: string, actorId: string, eventId: string): Promise<{ gone: boolean; object: Record<string, unknown> } | null> {
    const actor = await findActor(this.db, origin, actorId);
    if (!actor?.enabled) return null;
    const [row] = await this.db.query<{ state: string; object: Record<string, unknown> }>('SELECT state, object FROM federation_events WHERE actor_id = $1 AND event_id = $2', [actorId, eventId]);
    if (!row) return null;
    return { gone: row.state === 'deleted', object: row.object };
  }

  /** The « Fédération » switch. Off: the actor answers 404 and whatever waited to leave is dropped. */
  async setEnabled(kind: ActorKind, id: string, enabled: boolean): Promise<void> {
    await this.mustExist(kind, id);
    await setFederationEnabled(this.db, id, kind, enabled);
    if (!enabled) await this.db.query(`UPDATE federation_deliveries SET status = 'failed', last_error = 'Fédération désactivée.' WHERE actor_id = $1 AND status = 'pending'`, [id]);
  }

  /** Staff make the place or organisation follow a remote actor: WebFinger, then a signed Follow. */
  async followRemote(kind: ActorKind, id: string, handle: string): Promise<void> {
    const actor = await this.mustExist(kind, id);
    const origin = await this.origin();
    if (!origin) throw new AppError('Adresse publique inconnue : définissez SORTIE_PUBLIC_URL pour fédérer.', { code: 'NO_PUBLIC_URL', statusCode: 409 });
    if (!actor.enabled) throw new AppError('La fédération est désactivée pour cette page.', { code: 'FEDERATION_OFF', statusCode: 409 });
    const remote = await lookUpRemoteActor(handle, this.config.allowedPrivateOrigins).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      // A private address is the caller's mistake (400); a server that does not answer, the remote's (502).
      if (error instanceof RemoteRefused) throw new AppError(`Compte distant ${handle} : ${error.message}`, { code: 'REMOTE_REFUSED', statusCode: 400 });
      throw new AppError(`Compte distant ${handle} introuvable : ${error instanceof Error ? error.message : String(error)}`, { code: 'REMOTE_ACTOR', statusCode: 502 });
    });
    const actorUrl = actorUrlOf(origin, id);
    const followId = `${actorUrl}#follows/${newId()}`;
    await this.db.query(
      `INSERT INTO federation_following (actor_id, remote_actor, handle, inbox, follow_id, state, created_at) VALUES ($1, $2, $3, $4, $5, 'pending', $6)
       ON CONFLICT (actor_id, remote_actor) DO UPDATE SET inbox = EXCLUDED.inbox, follow_id = EXCLUDED.follow_id, handle = EXCLUDED.handle`,
      [id, remote.id, remote.handle, remote.inbox, followId, new Date(this.now()).toISOString()],
    );
    const follow = { '@context': 'https://www.w3.org/ns/activitystreams', id: followId, type: 'Follow', actor: actorUrl, object: remote.id };
    await queueDeliveries(this.db, id, follow, [remote.inbox], this.now());
    this.kick();
  }

  /** What the dashboard shows of the actor (its followers, what came, the switch). */
  async overview(kind: ActorKind, id: string, requestOrigin: string): Promise<FederationOverview> {
    const origin = (await this.origin()) ?? requestOrigin;
    const actor = await this.mustExist(kind, id);
    return federationOverview(this.db, origin, actor);
  }

  private async mustExist(kind: ActorKind, id: string) {
    const actor = await findActor(this.db, (await this.origin()) ?? 'http://localhost', id);
    if (!actor || actor.kind !== kind) throw new NotFoundError(kind === 'place' ? 'Lieu introuvable.' : 'Organisation introuvable.');
    return actor;
  }
}

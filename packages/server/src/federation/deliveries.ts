import './node20-compat';
import { signRequest, type HttpMessageSignaturesSpec, type KvStore } from '@fedify/fedify';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { actorKeyPairs, type ActorKind } from './actors';
import { remoteRequest } from './remote-request';

/*
 * Outgoing activities wait in `federation_deliveries`, one row per inbox (a follower's shared
 * inbox when it offers one, so a server with many followers gets each activity once). Any
 * server process drains them (rows claimed with FOR UPDATE SKIP LOCKED and a lease); a failure
 * is tried again after 1, 2, 4… minutes, 8 times, then the row is marked failed.
 *
 * Each POST is signed with the actor's RSA key: RFC 9421 first, and when the server refuses it
 * (400 or 401) with draft-cavage HTTP Signatures as Mastodon checks them — the spec a server
 * took is remembered (« double knocking », as Fedify does).
 */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 60_000;
export const MAX_ATTEMPTS = 8;
const CAVAGE: HttpMessageSignaturesSpec = 'draft-cavage-http-signatures-12';

export interface DeliveryOptions {
  db: Db;
  kv: KvStore;
  now: () => number;
  allowedPrivateOrigins: readonly string[];
  /** The actor's address (its key id is `{actor}#main-key`). */
  actorUrl: (actorId: string) => string;
  log?: (message: string) => void;
}

/** Queues `activity` for each inbox (each once). */
export async function queueDeliveries(db: Db, actorId: string, activity: Record<string, unknown>, inboxes: Iterable<string>, now: number): Promise<number> {
  let queued = 0;
  for (const inbox of new Set(inboxes)) {
    await db.query(`INSERT INTO federation_deliveries (id, actor_id, inbox, activity, next_attempt_at, created_at) VALUES ($1, $2, $3, $4::jsonb, $5, $5)`, [
      newId(),
      actorId,
      inbox,
      JSON.stringify(activity),
      new Date(now).toISOString(),
    ]);
    queued += 1;
  }
  return queued;
}

/** The inboxes of an actor's followers: each server's shared inbox once, else the follower's own. */
export async function followerInboxes(db: Db, actorId: string): Promise<string[]> {
  const rows = await db.query<{ inbox: string }>('SELECT DISTINCT COALESCE(shared_inbox, inbox) AS inbox FROM federation_followers WHERE actor_id = $1', [actorId]);
  return rows.map((row) => row.inbox);
}

type Claimed = {
  id: string;
  actor_id: string;
  inbox: string;
  activity: unknown;
  attempts: number;
  kind: string | null;
};

type Outcome = { ok: true } | { ok: false; retry: boolean; message: string };

export class Deliveries {
  constructor(private readonly options: DeliveryOptions) {}

  /** Sends what is due, `batch` at a time, until nothing is; answers how many were attempted. */
  async drain(batch = 20): Promise<number> {
    let attempted = 0;
    for (;;) {
      const rows = await this.claim(batch);
      if (rows.length === 0) return attempted;
      for (const row of rows) {
        attempted += 1;
        const outcome = await this.send(row).catch((error: unknown): Outcome => ({ ok: false, retry: true, message: error instanceof Error ? error.message : String(error) }));
        await this.settle(row, outcome);
      }
    }
  }

  private async claim(batch: number): Promise<Claimed[]> {
    const { db, now } = this.options;
    const at = new Date(now());
    return db.query<Claimed>(
      `UPDATE federation_deliveries d SET locked_until = $2 FROM (
         SELECT id FROM federation_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
         ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) due
       WHERE d.id = due.id
       RETURNING d.id, d.actor_id, d.inbox, d.activity, d.attempts, (SELECT kind FROM federation_actors a WHERE a.record_id = d.actor_id) AS kind`,
      [at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), batch],
    );
  }

  private async settle(row: Claimed, outcome: Outcome): Promise<void> {
    const { db, now } = this.options;
    const at = now();
    if (outcome.ok) {
      await db.query(`UPDATE federation_deliveries SET status = 'sent', sent_at = $2, locked_until = NULL, attempts = attempts + 1, last_error = NULL WHERE id = $1`, [row.id, new Date(at).toISOString()]);
      return;
    }
    const attempts = row.attempts + 1;
    const give = !outcome.retry || attempts >= MAX_ATTEMPTS;
    this.options.log?.(`Livraison à ${row.inbox} : ${outcome.message}${give ? ' (abandonnée)' : ''}`);
    await db.query(`UPDATE federation_deliveries SET status = $2, attempts = $3, next_attempt_at = $4, locked_until = NULL, last_error = $5 WHERE id = $1`, [
      row.id,
      give ? 'failed' : 'pending',
      attempts,
      new Date(at + FIRST_RETRY_MS * 2 ** (attempts - 1)).toISOString(),
      outcome.message.slice(0, 1000),
    ]);
  }

  private async send(row: Claimed): Promise<Outcome> {
    const { kv, actorUrl } = this.options;
    const kind: ActorKind = row.kind === 'organization' ? 'organization' : 'place';
    const keys = await actorKeyPairs(this.options.db, row.actor_id, kind);
    const keyId = new URL(`${actorUrl(row.actor_id)}#main-key`);
    const body = JSON.stringify(row.activity);
    const inbox = new URL(row.inbox);
    const remembered = await kv.get<string>(['sortie', 'signature-spec', inbox.origin]);
    const first: HttpMessageSignaturesSpec = remembered === CAVAGE ? CAVAGE : 'rfc9421';
    let status = await this.post(inbox, body, keys.rsa.privateKey, keyId, first);
    let spec = first;
    if (first === 'rfc9421' && (status.status === 400 || status.status === 401)) {
      spec = CAVAGE;
      status = await this.post(inbox, body, keys.rsa.privateKey, keyId, CAVAGE);
    }
    if (status.status >= 200 && status.status < 300) {
      if (spec !== remembered) await kv.set(['sortie', 'signature-spec', inbox.origin], spec);
      return { ok: true };
    }
    const retry = status.status >= 500 || status.status === 429 || status.status === 408;
    return { ok: false, retry, message: `${inbox.host} a répondu ${status.status}${status.text ? ` : ${status.text.slice(0, 200)}` : ''}` };
  }

  private async post(inbox: URL, body: string, privateKey: CryptoKey, keyId: URL, spec: HttpMessageSignaturesSpec): Promise<{ status: number; text: string }> {
    const unsigned = new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json', date: new Date().toUTCString() }, body });
    const signed = await signRequest(unsigned, privateKey, keyId, { spec });
    const headers: Record<string, string> = { 'user-agent': 'Sortie/1.0 (ActivityPub)' };
    signed.headers.forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = inbox.host;
    headers['content-length'] = String(Buffer.byteLength(body));
    const answer = await remoteRequest(inbox, { method: 'POST', headers, body }, this.options.allowedPrivateOrigins);
    return { status: answer.status, text: answer.text };
  }
}

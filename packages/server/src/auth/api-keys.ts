import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_LAST_USED_PRECISION_MS, API_KEY_MAX_PER_USER, API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH, ApiKeySchema, type ApiKey, type ApiKeyScope, type CreatedApiKey,
} from '@sortie/core/domain';
import type { Db } from '../db/database';
import { newId } from '../db/store';
import { ConflictError, notFound } from '../http/errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';

/** A key is 32 random bytes: its SHA-256 is as good as a slow hash, and costs nothing per request. */
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

type Row = { id: string; user_id: string; name: string; scopes: ApiKeyScope[]; prefix: string; created_at: string | Date; last_used_at: string | Date | null };
const iso = (value: string | Date) => new Date(value).toISOString();
const toApiKey = (row: Row): ApiKey =>
  ApiKeySchema.parse({ id: row.id, name: row.name, scopes: row.scopes, prefix: row.prefix, createdAt: iso(row.created_at), lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null });

/** What a valid key stands for: its owner and what it may do. */
export interface KeyGrant {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
}

/**
 * Staff's API keys. Each request looks its key up in the database (one indexed read, as a
 * session does), so that a revoked key is refused at once by every server process.
 */
export class ApiKeys {
  /** When this process last wrote each key's last use: at most one write a minute per key. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async list(userId: string): Promise<ApiKey[]> {
    const rows = await this.db.query<Row>('SELECT * FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id', [userId]);
    return rows.map(toApiKey);
  }

  /** Makes a key; with an actor, its creation (name, scopes, prefix: never the key) goes to the audit log in the same transaction. */
  async create(userId: string, input: { name: string; scopes: ApiKeyScope[] }, actor?: AuditActor): Promise<CreatedApiKey> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    return this.db.transaction(async (tx) => {
      // One statement: the count and the insert cannot be split by a concurrent creation.
      const [row] = await tx.query<Row>(
        `INSERT INTO api_keys (id, user_id, name, scopes, prefix, key_hash)
         SELECT $1, $2, $3, $4::jsonb, $5, $6
         WHERE (SELECT count(*) FROM api_keys WHERE user_id = $2 AND revoked_at IS NULL) < $7
         RETURNING *`,
        [newId(), userId, input.name, JSON.stringify(input.scopes), key.slice(0, API_KEY_VISIBLE_LENGTH), hashOf(key), API_KEY_MAX_PER_USER],
      );
      if (!row) throw new ConflictError(`Vous avez déjà ${API_KEY_MAX_PER_USER} clés actives : révoquez-en une avant d’en créer une autre.`, 'TOO_MANY_API_KEYS');
      const created = toApiKey(row);
      if (actor) await recordAudit(tx, { actor, action: 'apiKeys.create', targetType: 'apiKeys', targetId: created.id, after: { name: created.name, scopes: created.scopes, prefix: created.prefix } });
      return { ...created, key };
    });
  }

  /** Revokes one of the user's keys; with an actor, in the audit log too (same transaction). */
  async revoke(userId: string, id: string, actor?: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ name: string }>('UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING name', [id, userId]);
      if (rows.length === 0) throw notFound('Clé d’API introuvable (déjà révoquée ?).');
      if (actor) await recordAudit(tx, { actor, action: 'apiKeys.revoke', targetType: 'apiKeys', targetId: id, before: { name: rows[0]!.name, revoked: false }, after: { revoked: true } });
    });
  }

  /** The grant of a key sent by a client, or null when it is unknown or revoked. */
  async authenticate(key: string): Promise<KeyGrant | null> {
    if (key.length > 200) return null;
    const [row] = await this.db.query<{ id: string; user_id: string; scopes: ApiKeyScope[]; last_used_at: string | Date | null }>(
      'SELECT id, user_id, scopes, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [hashOf(key)],
    );
    if (!row) return null;
    await this.touch(row.id, row.last_used_at);
    return { id: row.id, userId: row.user_id, scopes: row.scopes };
  }

  /** Records the last use when the stored one is over a minute old (and this process has not just written it). */
  private async touch(id: string, lastUsedAt: string | Date | null): Promise<void> {
    const now = this.now();
    const stored = lastUsedAt ? new Date(lastUsedAt).getTime() : 0;
    if (now - Math.max(stored, this.touched.get(id) ?? 0) < API_KEY_LAST_USED_PRECISION_MS) return;
    this.touched.set(id, now);
    if (this.touched.size > 10_000) this.touched.clear();
    await this.db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [id, new Date(now).toISOString()]);
  }
}

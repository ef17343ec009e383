import type { KvKey, KvStore, KvStoreSetOptions } from '@fedify/fedify';
import type { Db } from '../db/database';

/**
 * Fedify's key-value store (remote keys it fetched, activities already handled, which signature
 * spec a server accepts) on our own table, shared by every server process on the database.
 */
export class DbKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private static keyOf(key: KvKey): string {
    return JSON.stringify(key);
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.db.query<{ value: T }>('SELECT value FROM federation_kv WHERE key = $1 AND (expires_at IS NULL OR expires_at > $2)', [
      DbKvStore.keyOf(key),
      new Date(this.now()).toISOString(),
    ]);
    return row?.value;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = options?.ttl?.total('millisecond');
    const expires = ttl == null ? null : new Date(this.now() + ttl).toISOString();
    await this.db.query(
      `INSERT INTO federation_kv (key, value, expires_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [DbKvStore.keyOf(key), JSON.stringify(value ?? null), expires],
    );
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.query('DELETE FROM federation_kv WHERE key = $1', [DbKvStore.keyOf(key)]);
  }
}

import type { AppContext } from '../http/context';
import { toJson, type Json } from '../db/store';
import { ENTITIES } from '../db/entities';

/** A user's own notifications: their page with the unread count, and marking them read. */
export class NotificationService {
  constructor(private readonly ctx: AppContext) {}

  async page(userId: string, page: { limit: number; offset: number }): Promise<{ total: number; items: Json[]; unread: number }> {
    const rows = await this.ctx.db.query('SELECT id, data, created_at, updated_at, count(*) OVER () AS total FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3', [
      userId, page.limit, page.offset,
    ]);
    const [unread] = await this.ctx.db.query('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
    return { total: Number(rows[0]?.total ?? 0), items: rows.map((r) => toJson(ENTITIES.notifications, r)), unread: Number(unread?.n ?? 0) };
  }

  /** Marks one of the user's notifications read (the first time only); null when they have none by that id. */
  async markRead(userId: string, id: string): Promise<Json | null> {
    const now = new Date(this.ctx.now()).toISOString();
    const [row] = await this.ctx.db.query(
      `UPDATE notifications SET read_at = COALESCE(read_at, $3::timestamptz), data = jsonb_set(data, '{readAt}', CASE WHEN read_at IS NULL THEN to_jsonb($4::text) ELSE data->'readAt' END), updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING id, data, created_at, updated_at`,
      [id, userId, now, now],
    );
    return row ? toJson(ENTITIES.notifications, row) : null;
  }

  /** Marks every unread notification of the user read; answers how many. */
  async markAllRead(userId: string): Promise<number> {
    const now = new Date(this.ctx.now()).toISOString();
    const rows = await this.ctx.db.query(
      `UPDATE notifications SET read_at = $2::timestamptz, data = jsonb_set(data, '{readAt}', to_jsonb($3::text)), updated_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id`,
      [userId, now, now],
    );
    return rows.length;
  }
}

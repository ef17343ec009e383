import type { AppContext } from '../http/context';
import { newId, toJson, type Json } from '../db/store';
import { ENTITIES } from '../db/entities';
import { notFound } from '../http/errors';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';

/** Likes of events: one per user and event, counted in the event's `likeCount` in the same transaction. */
export class LikeService {
  constructor(private readonly ctx: AppContext) {}

  /** A page of the events the user likes, by start. */
  async likedEvents(userId: string, page: { limit: number; offset: number }): Promise<{ total: number; items: Json[] }> {
    const rows = await this.ctx.db.query(
      `SELECT e.id, e.data, e.created_at, e.updated_at, count(*) OVER () AS total FROM likes l JOIN events e ON e.id = l.event_id
       WHERE l.user_id = $1 ORDER BY e.starts_at LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    );
    return { total: Number(rows[0]?.total ?? 0), items: rows.map((r) => toJson(ENTITIES.events, r)) };
  }

  /** Whether the user likes the event (what the event page's « J’aime » button starts from). */
  async isLiked(userId: string, eventId: string): Promise<boolean> {
    const rows = await this.ctx.db.query('SELECT 1 FROM likes WHERE user_id = $1 AND event_id = $2', [userId, eventId]);
    return rows.length > 0;
  }

  async like(userId: string, eventId: string) {
    const liked = await this.ctx.db.transaction(async (tx) => {
      const event = await this.ctx.store.getRow('events', eventId, { db: tx, forUpdate: true });
      if (!event) throw notFound('Événement introuvable.');
      const inserted = await tx.query('INSERT INTO likes (id, user_id, event_id, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id', [
        newId(), userId, eventId, JSON.stringify({ userId, eventId }),
      ]);
      if (inserted.length) await this.ctx.store.bump('events', eventId, 'likeCount', 1, tx);
      return { liked: true, eventId };
    });
    await awardEarnedBadgesQuietly(this.ctx, [userId]);
    return liked;
  }

  async unlike(userId: string, eventId: string) {
    return this.ctx.db.transaction(async (tx) => {
      const deleted = await tx.query('DELETE FROM likes WHERE user_id = $1 AND event_id = $2 RETURNING id', [userId, eventId]);
      if (deleted.length) await this.ctx.store.bump('events', eventId, 'likeCount', -1, tx);
      return { liked: false, eventId };
    });
  }
}

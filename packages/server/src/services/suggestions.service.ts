import { DEFAULT_CITY } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { UserJson } from '../auth/users';
import { toJson } from '../db/store';
import { ENTITIES } from '../db/entities';

/** Upcoming published events of the user's city, scored by what they follow and like. */
export class SuggestionService {
  constructor(private readonly ctx: AppContext) {}

  async forUser(user: UserJson, page: { limit: number; offset: number }) {
    const follows = await this.ctx.db.query<{ target_kind: string; target_id: string }>('SELECT target_kind, target_id FROM follows WHERE user_id = $1', [user._id]);
    const ids = (kind: string) => JSON.stringify(follows.filter((f) => f.target_kind === kind).map((f) => f.target_id));
    const likedCategories = await this.ctx.db.query<{ c: string }>(
      `SELECT DISTINCT jsonb_array_elements_text(e.data->'categoryIds') AS c FROM likes l JOIN events e ON e.id = l.event_id WHERE l.user_id = $1`,
      [user._id],
    );
    // Followed places and artists weigh most, then organisations, then categories the user liked.
    const rows = await this.ctx.db.query(
      `SELECT id, data, created_at, updated_at, count(*) OVER () AS total,
        (CASE WHEN $2::jsonb ? COALESCE(place_id, '') THEN 3 ELSE 0 END)
        + (CASE WHEN $3::jsonb ? COALESCE(organization_id, '') THEN 2 ELSE 0 END)
        + (CASE WHEN data->'artistIds' ?| ARRAY(SELECT jsonb_array_elements_text($4::jsonb)) THEN 3 ELSE 0 END)
        + (CASE WHEN data->'categoryIds' ?| ARRAY(SELECT jsonb_array_elements_text($5::jsonb)) THEN 1 ELSE 0 END) AS score
       FROM events WHERE status = 'published' AND starts_at >= $6 AND lower(city) = lower($1)
       ORDER BY score DESC, starts_at, id LIMIT $7 OFFSET $8`,
      [user.city ?? DEFAULT_CITY, ids('place'), ids('organization'), ids('artist'), JSON.stringify(likedCategories.map((r) => r.c)), new Date(this.ctx.now()).toISOString(), page.limit, page.offset],
    );
    return { total: Number(rows[0]?.total ?? 0), items: rows.map((r) => ({ ...toJson(ENTITIES.events, r), score: Number(r.score) })) };
  }
}

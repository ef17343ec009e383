import type { AppContext } from '../http/context';
import { toJson } from '../db/store';
import { ENTITIES } from '../db/entities';

/** Badges awarded to users, in the order they were awarded. */
export class BadgeService {
  constructor(private readonly ctx: AppContext) {}

  async awardedTo(userId: string) {
    const rows = await this.ctx.db.query(
      `SELECT b.id, b.data, b.created_at, b.updated_at, ub.data->>'awardedAt' AS awarded_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id WHERE ub.user_id = $1 ORDER BY ub.created_at`,
      [userId],
    );
    return rows.map((r) => ({ ...toJson(ENTITIES.badges, r), awardedAt: r.awarded_at }));
  }

  async userExists(id: string): Promise<boolean> {
    const [user] = await this.ctx.db.query('SELECT id FROM users WHERE id = $1', [id]);
    return Boolean(user);
  }
}

import { FOLLOW_ONESELF_MESSAGE, FollowSchema, followsOneself, ValidationError, type Follow, type FollowTarget } from '@sortie/core';
import type { AppContext } from '../http/context';
import type { Row } from '../db/database';
import { newId } from '../db/store';
import { rowJson } from '../db/rows';
import { notFound } from '../http/errors';
import { awardEarnedBadgesQuietly } from '../badges/badge-awards';

/** The table of each kind of followed record, and the field that names it. */
const TARGETS = {
  place: { table: 'places', name: 'name' },
  organization: { table: 'organizations', name: 'name' },
  artist: { table: 'artists', name: 'name' },
  user: { table: 'users', name: 'displayName' },
} as const satisfies Record<FollowTarget['kind'], { table: string; name: string }>;
// Object.keys is typed string[] whatever the object: TARGETS' keys are exactly the kinds (its `satisfies` above).
const KINDS = Object.keys(TARGETS) as Array<FollowTarget['kind']>;

/** A follow as the API shows it (the row's own order of keys), checked against core's schema first. */
function followOf(row: Row): { json: ReturnType<typeof rowJson>; follow: Follow } {
  const json = rowJson(row);
  return { json, follow: FollowSchema.parse(json) };
}

const COLUMNS = 'id, data, created_at, updated_at';

/** Who follows what: a user's follows of places, organisations, artists and other users. */
export class FollowService {
  constructor(private readonly ctx: AppContext) {}

  /** A page of the user's follows, newest first, with the total. */
  async page(userId: string, page: { limit: number; offset: number }) {
    const rows = await this.ctx.db.query(`SELECT ${COLUMNS}, count(*) OVER () AS total FROM follows WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [userId, page.limit, page.offset]);
    return { total: Number(rows[0]?.total ?? 0), follows: rows.map(followOf) };
  }

  /** The user's follow of one target, or null. */
  async of(userId: string, target: FollowTarget) {
    const [row] = await this.ctx.db.query(`SELECT ${COLUMNS} FROM follows WHERE user_id = $1 AND target_kind = $2 AND target_id = $3`, [userId, target.kind, target.id]);
    return row ? followOf(row).json : null;
  }

  /** Follows a target that exists (404 otherwise); following twice keeps the first follow. */
  async follow(userId: string, target: FollowTarget) {
    if (followsOneself(userId, target)) throw new ValidationError(FOLLOW_ONESELF_MESSAGE, [{ path: 'id', message: FOLLOW_ONESELF_MESSAGE }]);
    const [exists] = await this.ctx.db.query(`SELECT id FROM ${TARGETS[target.kind].table} WHERE id = $1`, [target.id]);
    if (!exists) throw notFound('Cible introuvable.');
    await this.ctx.db.query('INSERT INTO follows (id, user_id, target_kind, target_id, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
      newId(), userId, target.kind, target.id, JSON.stringify({ userId, target }),
    ]);
    const follow = await this.of(userId, target);
    if (!follow) throw notFound('Cible introuvable.');
    await awardEarnedBadgesQuietly(this.ctx, [userId]);
    return follow;
  }

  /** Removes one of the user's follows; false when they have none by that id. */
  async unfollow(userId: string, id: string): Promise<boolean> {
    const deleted = await this.ctx.db.query('DELETE FROM follows WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return deleted.length > 0;
  }

  /** A page of follows, each with the followed record's name (null once it is deleted): one query per kind. */
  async following(userId: string, page: { limit: number; offset: number }) {
    const { total, follows } = await this.page(userId, page);
    const names = new Map<string, string>();
    for (const kind of KINDS) {
      const ids = follows.filter(({ follow }) => follow.target.kind === kind).map(({ follow }) => follow.target.id);
      if (!ids.length) continue;
      const { table, name } = TARGETS[kind];
      const found = await this.ctx.db.query<{ id: string; name: string }>(`SELECT id, data->>'${name}' AS name FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
      for (const r of found) names.set(`${kind}:${r.id}`, r.name);
    }
    return { total, items: follows.map(({ json, follow }) => ({ ...json, name: names.get(`${follow.target.kind}:${follow.target.id}`) ?? null })) };
  }
}

import { ActivitySummarySchema, type ActivitySummary } from '@sortie/core/domain';
import type { Db } from '../db/database';

/**
 * Every visitor's counts in one statement, each a count of distinct things: the events liked,
 * what they follow, the events attended through a form entry (a form's eventId, or the form
 * itself when it names no event), the finished tournaments won as a participant linked to their
 * account, their blind-test podiums, the raffles entered signed in (confirmed), and the distinct cities of
 * the events liked or attended. `$1` null: every user.
 */
const SUMMARY_SQL = `
WITH
  l AS (SELECT user_id, count(*)::int AS n FROM likes WHERE $1::text[] IS NULL OR user_id = ANY($1) GROUP BY user_id),
  f AS (SELECT user_id, count(*)::int AS n FROM follows WHERE $1::text[] IS NULL OR user_id = ANY($1) GROUP BY user_id),
  attended AS (
    SELECT fe.user_id, COALESCE(fo.data->>'eventId', 'form:' || fe.form_id) AS what
    FROM form_entries fe JOIN forms fo ON fo.id = fe.form_id
    WHERE fe.user_id IS NOT NULL AND ($1::text[] IS NULL OR fe.user_id = ANY($1))
  ),
  a AS (SELECT user_id, count(DISTINCT what)::int AS n FROM attended GROUP BY user_id),
  t AS (
    SELECT p->>'userId' AS user_id, count(DISTINCT t.id)::int AS n
    FROM tournaments t CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(t.data->'participants') = 'array' THEN t.data->'participants' ELSE '[]'::jsonb END) p
    WHERE t.status = 'finished' AND p->>'id' = t.data->>'winnerId' AND p->>'userId' IS NOT NULL AND ($1::text[] IS NULL OR p->>'userId' = ANY($1))
    GROUP BY 1
  ),
  b AS (SELECT user_id, count(*)::int AS n FROM blind_test_podiums WHERE $1::text[] IS NULL OR user_id = ANY($1) GROUP BY user_id),
  r AS (
    SELECT re.data->>'userId' AS user_id, count(DISTINCT re.raffle_id)::int AS n FROM raffle_entries re
    WHERE re.data ? 'userId' AND ($1::text[] IS NULL OR re.data->>'userId' = ANY($1))
      -- An entry still waiting for its e-mail confirmation does not count (migration 0012).
      AND re.confirmed_at IS NOT NULL
    GROUP BY 1
  ),
  places AS (
    SELECT lk.user_id, e.city FROM likes lk JOIN events e ON e.id = lk.event_id WHERE $1::text[] IS NULL OR lk.user_id = ANY($1)
    UNION
    SELECT at.user_id, e.city FROM attended at JOIN events e ON e.id = at.what
  ),
  c AS (SELECT user_id, count(DISTINCT lower(trim(city)))::int AS n FROM places WHERE trim(city) <> '' GROUP BY user_id)
SELECT u.id,
  COALESCE(l.n, 0) AS likes, COALESCE(f.n, 0) AS follows, COALESCE(a.n, 0) AS "eventsAttended", COALESCE(t.n, 0) AS "tournamentsWon",
  COALESCE(b.n, 0) AS "blindTestPodiums", COALESCE(r.n, 0) AS "rafflesEntered", COALESCE(c.n, 0) AS cities
FROM users u
  LEFT JOIN l ON l.user_id = u.id LEFT JOIN f ON f.user_id = u.id LEFT JOIN a ON a.user_id = u.id LEFT JOIN t ON t.user_id = u.id
  LEFT JOIN b ON b.user_id = u.id LEFT JOIN r ON r.user_id = u.id LEFT JOIN c ON c.user_id = u.id
WHERE $1::text[] IS NULL OR u.id = ANY($1)`;

/** The activity of the given users (every user when null), read through core's schema. */
export async function activitySummaries(db: Db, userIds: string[] | null): Promise<Map<string, ActivitySummary>> {
  const rows = await db.query<{ id: string } & Record<string, unknown>>(SUMMARY_SQL, [userIds]);
  return new Map(rows.map(({ id, ...counts }) => [id, ActivitySummarySchema.parse(counts)]));
}

/** One user's activity (no activity for an unknown id). */
export async function activitySummary(db: Db, userId: string): Promise<ActivitySummary> {
  return (await activitySummaries(db, [userId])).get(userId) ?? ActivitySummarySchema.parse({});
}

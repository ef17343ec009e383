import { ActivitySummarySchema, type ActivitySummary } from '@sortie/core/domain';
import type { Db } from '../db/database';

/**
 * Every visitor's counts in one statement, each a count of distinct things: the events liked,
 * what they follow, the events attended through a form entry (a form's eventId, or the form
 * itself when it names no event), the finished tournaments won as a participant linked to their
 * account, their blind-test podiums, the raffles entered signed in (confirmed), and the distinct
 * cities of the events liked or attended: for a badge evaluated over every visitor at once.
 */
const EVERY_USER_SQL = `
WITH
  l AS (SELECT user_id, count(*)::int AS n FROM likes GROUP BY user_id),
  f AS (SELECT user_id, count(*)::int AS n FROM follows GROUP BY user_id),
  attended AS (
    SELECT fe.user_id, COALESCE(fo.data->>'eventId', 'form:' || fe.form_id) AS what
    FROM form_entries fe JOIN forms fo ON fo.id = fe.form_id
    WHERE fe.user_id IS NOT NULL
  ),
  a AS (SELECT user_id, count(DISTINCT what)::int AS n FROM attended GROUP BY user_id),
  t AS (
    SELECT p->>'userId' AS user_id, count(DISTINCT t.id)::int AS n
    FROM tournaments t CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(t.data->'participants') = 'array' THEN t.data->'participants' ELSE '[]'::jsonb END) p
    WHERE t.status = 'finished' AND p->>'id' = t.data->>'winnerId' AND p->>'userId' IS NOT NULL
    GROUP BY 1
  ),
  b AS (SELECT user_id, count(*)::int AS n FROM blind_test_podiums GROUP BY user_id),
  r AS (
    SELECT re.data->>'userId' AS user_id, count(DISTINCT re.raffle_id)::int AS n FROM raffle_entries re
    WHERE re.data ? 'userId'
      -- An entry still waiting for its e-mail confirmation does not count (migration 0012).
      AND re.confirmed_at IS NOT NULL
    GROUP BY 1
  ),
  places AS (
    SELECT lk.user_id, e.city FROM likes lk JOIN events e ON e.id = lk.event_id
    UNION
    SELECT at.user_id, e.city FROM attended at JOIN events e ON e.id = at.what
  ),
  c AS (SELECT user_id, count(DISTINCT lower(trim(city)))::int AS n FROM places WHERE trim(city) <> '' GROUP BY user_id)
SELECT u.id,
  COALESCE(l.n, 0) AS likes, COALESCE(f.n, 0) AS follows, COALESCE(a.n, 0) AS "eventsAttended", COALESCE(t.n, 0) AS "tournamentsWon",
  COALESCE(b.n, 0) AS "blindTestPodiums", COALESCE(r.n, 0) AS "rafflesEntered", COALESCE(c.n, 0) AS cities
FROM users u
  LEFT JOIN l ON l.user_id = u.id LEFT JOIN f ON f.user_id = u.id LEFT JOIN a ON a.user_id = u.id LEFT JOIN t ON t.user_id = u.id
  LEFT JOIN b ON b.user_id = u.id LEFT JOIN r ON r.user_id = u.id LEFT JOIN c ON c.user_id = u.id`;

/**
 * The same counts for one user ($1), each its own scalar subquery: planned in a millisecond where
 * the joins above take some 50 (this runs after every like).
 */
const ONE_USER_SQL = `
SELECT
  (SELECT count(*)::int FROM likes WHERE user_id = $1) AS likes,
  (SELECT count(*)::int FROM follows WHERE user_id = $1) AS follows,
  (SELECT count(DISTINCT COALESCE(fo.data->>'eventId', 'form:' || fe.form_id))::int FROM form_entries fe JOIN forms fo ON fo.id = fe.form_id WHERE fe.user_id = $1) AS "eventsAttended",
  (SELECT count(DISTINCT t.id)::int
   FROM tournaments t CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(t.data->'participants') = 'array' THEN t.data->'participants' ELSE '[]'::jsonb END) p
   WHERE t.status = 'finished' AND p->>'id' = t.data->>'winnerId' AND p->>'userId' = $1) AS "tournamentsWon",
  (SELECT count(*)::int FROM blind_test_podiums WHERE user_id = $1) AS "blindTestPodiums",
  (SELECT count(DISTINCT raffle_id)::int FROM raffle_entries WHERE data ? 'userId' AND (data->>'userId') = $1 AND confirmed_at IS NOT NULL) AS "rafflesEntered",
  (SELECT count(DISTINCT lower(trim(city)))::int FROM (
     SELECT e.city FROM likes lk JOIN events e ON e.id = lk.event_id WHERE lk.user_id = $1
     UNION
     SELECT e.city FROM form_entries fe JOIN forms fo ON fo.id = fe.form_id JOIN events e ON e.id = fo.data->>'eventId' WHERE fe.user_id = $1
   ) visited WHERE trim(city) <> '') AS cities`;


/** Every user's activity, by user id, read through core's schema. */
export async function everyActivitySummary(db: Db): Promise<Map<string, ActivitySummary>> {
  const rows = await db.query<{ id: string } & Record<string, unknown>>(EVERY_USER_SQL);
  return new Map(rows.map(({ id, ...counts }) => [id, ActivitySummarySchema.parse(counts)]));
}

/** One user's activity (none for an unknown id), read through core's schema. */
export async function activitySummary(db: Db, userId: string): Promise<ActivitySummary> {
  const [row] = await db.query(ONE_USER_SQL, [userId]);
  return ActivitySummarySchema.parse(row ?? {});
}

// The statements that store visits, apart from how a batch is sorted (visit-batches.ts): the
// journal replays its batches with them without reading a visit's details again.

/**
 * Stores visits given as JSON ($1, VisitBatchRow[]): one row a link and hour. The visits of a
 * link written together are one row (issue 36): each row costs the embedded database about
 * 0.2 ms whatever it carries, where a row a visit cost 10 µs more a visit (measured, 32 visits a
 * write). The view dyna_link_visits (migration 0028) shows them again one row a visit.
 */
export const INSERT_VISIT_BATCHES = `INSERT INTO link_visit_batches (link_id, day, hour, at, kinds, visit_kinds, offsets)
  SELECT r.link, r.day, r.hour, r.at, r.kinds, string_to_array(r.visit_kinds, ',')::int2[], string_to_array(r.offsets, ',')::int4[]
  FROM jsonb_to_recordset($1::jsonb) AS r(link text, day text, hour int2, at timestamptz, kinds jsonb, visit_kinds text, offsets text)`;

/**
 * The statement that stores a batch of visits (INSERT_VISIT_BATCHES, $1) and bumps each link's
 * visitCount ($2 the links, $3 their new visits), in one transaction.
 *
 * Its transaction commits without waiting for the disk (synchronous_commit off, for it alone:
 * set_config's third argument ends the setting with the transaction). A short link's 302 waits
 * for this commit, and a commit that waits for the disk waits for its slowest moments: on this
 * machine's PostgreSQL, with 4 searches running, 6 runs each way, alternated, /r's p99 was
 * 10.8–25.1 ms with the wait and 8.5–10.4 ms without, for 7,100–8,300 redirects a second against
 * 14,400–16,700 (issue 34). The visits are committed all the same, seen at once by every server,
 * and no server's death loses them. PostgreSQL writes them to the disk within three times
 * wal_writer_delay (0.6 s by default): only a crash of PostgreSQL itself, or of its machine,
 * within that time would lose them. (The embedded database runs without fsync: its machine's
 * crash loses its last writes too.)
 */
export const WRITE_VISITS = `WITH ins AS (${INSERT_VISIT_BATCHES})
UPDATE dyna_links d SET data = jsonb_set(d.data, '{visitCount}', to_jsonb(COALESCE((d.data->>'visitCount')::int, 0) + c.n))
FROM unnest($2::text[], $3::int4[]) AS c(id, n), (SELECT set_config('synchronous_commit', 'off', true)) AS commit_mode WHERE d.id = c.id`;

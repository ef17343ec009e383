import { visitDetails, type RawVisit, type VisitDetails } from './visit-details';

/** A visit as it is stored: its link and instant, and what its request said. */
export interface VisitToStore extends Omit<RawVisit, 'datetime'> {
  linkId: string;
  /** When, in milliseconds since the epoch. */
  at: number;
}

/**
 * What visits alike tell, stored once per row (link_visit_batches.kinds): the fields of
 * VisitDetails but the day and hour (the row's), false and null left out.
 */
export interface VisitKind {
  userAgent: string;
  referrerHost?: string;
  device: VisitDetails['device'];
  system?: string;
  browser?: string;
  bot?: true;
  qr?: true;
  utm?: NonNullable<VisitDetails['utm']>;
}

/** One row of link_visit_batches, as the statement reads it from JSON (jsonb_to_recordset). */
export interface VisitBatchRow {
  link: string;
  day: string;
  hour: number;
  /** The first visit's instant (ISO): each visit's is this plus its offset. */
  at: string;
  kinds: VisitKind[];
  /** Each visit's kind (1-based), comma-separated. */
  visit_kinds: string;
  /** Each visit's milliseconds after `at`, comma-separated. */
  offsets: string;
}

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

/** The visits of a batch as rows of link_visit_batches, and how many each link received. */
export interface VisitBatches {
  /** JSON of VisitBatchRow[]: the parameter of INSERT_VISIT_BATCHES. */
  rows: string;
  links: string[];
  visits: number[];
}

interface Slot {
  row: Omit<VisitBatchRow, 'visit_kinds' | 'offsets'>;
  first: number;
  visitKinds: number[];
  offsets: number[];
}

/**
 * Sorts a batch into rows (one a link and hour: Paris is a whole number of hours from UTC, so a
 * UTC hour is one Paris day and hour) and, in each, into kinds. What a visit tells is read once
 * a kind (a phone model from one story is one kind, however many visits it made), not in the
 * redirect; each visit then costs two numbers.
 */
export function visitBatches(visits: readonly VisitToStore[]): VisitBatches {
  const slots = new Map<string, Slot>();
  const kindOf = new Map<string, number>();
  // A crowd on one poster sends the same thing visit after visit: a visit like the one before
  // is of its kind at once, without the key (building and hashing it was most of a flush).
  let last: VisitToStore | undefined;
  let lastHour = -1;
  let slot: Slot | undefined;
  let kind = 0;
  for (const v of visits) {
    const hour = Math.floor(v.at / 3_600_000);
    if (
      last === undefined ||
      hour !== lastHour ||
      v.linkId !== last.linkId ||
      v.userAgent !== last.userAgent ||
      v.referrer !== last.referrer ||
      v.target !== last.target ||
      v.qr !== last.qr ||
      v.head !== last.head
    ) {
      const slotKey = `${v.linkId}\n${hour}`;
      const kindKey = `${slotKey}\n${v.qr ? 1 : 0}${v.head ? 1 : 0}\n${v.target}\n${v.referrer}\n${v.userAgent}`;
      slot = slots.get(slotKey);
      const known = slot && kindOf.get(kindKey);
      if (slot && known !== undefined) kind = known;
      else {
        const datetime = new Date(v.at).toISOString();
        const d = visitDetails({ ...v, datetime });
        if (!slot) {
          slot = { row: { link: v.linkId, day: d.day, hour: d.hour, at: datetime, kinds: [] }, first: v.at, visitKinds: [], offsets: [] };
          slots.set(slotKey, slot);
        }
        kind = slot.row.kinds.push(kindOfDetails(v.userAgent, d));
        kindOf.set(kindKey, kind);
      }
      last = v;
      lastHour = hour;
    }
    slot!.visitKinds.push(kind);
    slot!.offsets.push(v.at - slot!.first);
  }
  // Each link's new visits: the sum of its rows' (one a link and hour).
  const perLink = new Map<string, number>();
  for (const s of slots.values()) perLink.set(s.row.link, (perLink.get(s.row.link) ?? 0) + s.visitKinds.length);
  const rows: VisitBatchRow[] = [...slots.values()].map((s) => ({ ...s.row, visit_kinds: s.visitKinds.join(','), offsets: s.offsets.join(',') }));
  return { rows: JSON.stringify(rows), links: [...perLink.keys()], visits: [...perLink.values()] };
}

function kindOfDetails(userAgent: string, d: VisitDetails): VisitKind {
  return {
    userAgent,
    ...(d.referrerHost ? { referrerHost: d.referrerHost } : {}),
    device: d.device,
    ...(d.system ? { system: d.system } : {}),
    ...(d.browser ? { browser: d.browser } : {}),
    ...(d.bot ? { bot: true as const } : {}),
    ...(d.qr ? { qr: true as const } : {}),
    ...(d.utm ? { utm: d.utm } : {}),
  };
}

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

import { z } from 'zod';

/*
 * The rows of form_entries and raffle_entries, read through a schema once where the services
 * query them, so that nothing downstream casts a column. Shared by the form and raffle entries,
 * as fair-entries.ts is.
 */

/** A timestamp column: a Date from node-postgres and PGlite, its text from a JSON path. */
const At = z.union([z.string(), z.date()]);
export const iso = (value: z.infer<typeof At>): string => new Date(value).toISOString();

/** What every entry row holds: its id, its record (checked to be an object: the routes' schemas checked its content on the way in) and its dates. */
const StoredEntry = z.object({ id: z.string(), data: z.record(z.string(), z.unknown()), created_at: At, updated_at: At });

/** A form_entries row: the code that reads it back, and its author when signed in. */
export const FormEntryRow = StoredEntry.extend({ entry_code: z.string(), user_id: z.string().nullable() });
export type FormEntryRow = z.infer<typeof FormEntryRow>;

/** A raffle_entries row: its account when signed in, and since when it counts (null while its e-mail link waits). */
export const RaffleEntryRow = StoredEntry.extend({ user_key: z.string().nullable(), confirmed_at: At.nullable() });
export type RaffleEntryRow = z.infer<typeof RaffleEntryRow>;

/** An entry as the API shows it: `_id`, its record, `createdAt`, `updatedAt`. */
export interface EntryJson {
  _id: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export const entryJson = (row: z.infer<typeof StoredEntry>): EntryJson => ({ _id: row.id, ...row.data, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });

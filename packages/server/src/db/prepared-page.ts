import { createHash } from 'node:crypto';

/**
 * The rows a prepared first page reads (ListOptions.onePlan): its own and, by cursor, the one
 * that says whether another page follows, rounded up to one of a few sizes. The count is written
 * into the statement, where a parameter would make the planner guess a tenth of the rows and keep
 * planning afresh; rounded, so that a list has a handful of statements and not one per size a
 * caller may ask, each kept by every connection. The rows past the page are read and dropped.
 */
const PREPARED_ROWS = [11, 21, 51, 101] as const;

export function preparedRows(limit: number, withNext: boolean): number | null {
  if (limit < 1) return null;
  return PREPARED_ROWS.find((rows) => rows >= limit + (withNext ? 1 : 0)) ?? null;
}

/** A prepared statement's name, from its text: the same on every connection of every node. */
export function statementName(sql: string): string {
  let name = namesByText.get(sql);
  if (name === undefined) {
    if (namesByText.size >= NAMES_KEPT) namesByText.clear();
    name = `list_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    namesByText.set(sql, name);
  }
  return name;
}

/** The names already drawn: a list has a handful of statements, each named at every read (1.2 % of the server's time under the feed's crowd). */
const NAMES_KEPT = 1000;
const namesByText = new Map<string, string>();

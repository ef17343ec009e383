import { createHash } from 'node:crypto';
import { memo } from '../memo';

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

/**
 * A prepared statement's name, from its text: the same on every connection of every node.
 * Remembered (memo): a list has a handful of statements, each named at every read (1.2 % of the
 * server's time under the feed's crowd).
 */
export const statementName: (sql: string) => string = memo(1000, (sql) => `list_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`);

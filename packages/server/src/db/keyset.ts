import { encodeListCursor, INVALID_CURSOR_MESSAGE, ValidationError, type ListPosition } from '@sortie/core';
import type { Row } from './database';

/** One term of a list's ORDER BY, with PostgreSQL's default place for nulls (last ascending, first descending). */
interface OrderTerm {
  expression: string;
  descending: boolean;
  nullsFirst: boolean;
  /** A NOT NULL column: no branch for nulls, and a bound the index can start from. */
  notNull?: boolean;
}

/** An ORDER BY's terms, split at its top-level commas (a `ts_rank(…, …) DESC` term holds one). */
export function orderTerms(order: string): OrderTerm[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < order.length; i += 1) {
    if (order[i] === '(') depth += 1;
    else if (order[i] === ')') depth -= 1;
    else if (order[i] === ',' && depth === 0) {
      parts.push(order.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(order.slice(start));
  return parts.map((part) => {
    const [, expression, direction, nulls] = /^(.*?)(?:\s+(ASC|DESC))?(?:\s+NULLS\s+(FIRST|LAST))?$/is.exec(part.trim())!;
    const descending = direction?.toUpperCase() === 'DESC';
    return { expression: `(${expression})`, descending, nullsFirst: nulls ? nulls.toUpperCase() === 'FIRST' : descending };
  });
}

/** A short tag of a list and its order (FNV-1a): a cursor carries it, so that one from another list or sort is refused. */
export function orderTag(table: string, order: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${table}|${order}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * The rows after a position in `terms`' order: for each term, the rows equal on the terms
 * before it and after it on this one. The values travel as parameters, typed by PostgreSQL
 * from the expression they are compared with (a date with a date, a rank with a rank). When no
 * row after can have a null first key, that key bounds the clause too: the index scan then
 * starts at the position instead of walking to it (as slow as an offset otherwise).
 */
function afterClause(terms: OrderTerm[], keys: ReadonlyArray<string | null>, params: unknown[]): string {
  const placeholders = keys.map((key) => {
    if (key === null) return null;
    params.push(key);
    return `$${params.length}`;
  });
  const alternatives: string[] = [];
  const equal: string[] = [];
  terms.forEach(({ expression, descending, nullsFirst, notNull }, i) => {
    const value = placeholders[i] ?? null;
    const nullsAfter = !nullsFirst && !notNull;
    const after = value === null ? (nullsFirst ? `${expression} IS NOT NULL` : null) : `(${expression} ${descending ? '<' : '>'} ${value}${nullsAfter ? ` OR ${expression} IS NULL` : ''})`;
    if (after) alternatives.push([...equal, after].join(' AND '));
    equal.push(value === null ? `${expression} IS NULL` : `${expression} = ${value}`);
  });
  if (alternatives.length === 0) return 'FALSE';
  const [first] = terms;
  const bound = first && placeholders[0] && (first.notNull || first.nullsFirst) ? `${first.expression} ${first.descending ? '<=' : '>='} ${placeholders[0]} AND ` : '';
  return `(${bound}(${alternatives.map((clause) => `(${clause})`).join(' OR ')}))`;
}

/** The 400 of a cursor this list cannot read, in French. */
export const cursorRefusal = (message = INVALID_CURSOR_MESSAGE) => new ValidationError(`Requête invalide. cursor : ${message}`, [{ path: 'cursor', message }]);

export interface KeysetPlan {
  /** The WHERE clause of the rows after the cursor; null on the first page. */
  clause: string | null;
  /** The sort key of each row, as text, selected beside it (`, (…)::text AS sort_key_0`…). */
  columns: string;
  /** The cursor of the page after `row`. */
  cursorOf(row: Row): string;
}

/**
 * Cursor pagination of a list ordered by `order` (its last term unique, the id): where the page
 * starts (after `position`, or at the top) and how the next one's cursor is written; `notNull`,
 * the table's NOT NULL columns. Refuses, in French, a cursor written for another list or sort.
 */
export function keysetPlan(table: string, order: string, position: ListPosition | null, params: unknown[], notNull: ReadonlySet<string> = new Set()): KeysetPlan {
  const terms = orderTerms(order).map((term) => ({ ...term, notNull: notNull.has(term.expression.slice(1, -1).trim()) }));
  const tag = orderTag(table, order);
  if (position && (position.o !== tag || position.k.length !== terms.length)) throw cursorRefusal();
  const names = terms.map((_, i) => `sort_key_${i}`);
  return {
    clause: position ? afterClause(terms, position.k, params) : null,
    columns: terms.map((term, i) => `, ${term.expression}::text AS ${names[i]}`).join(''),
    cursorOf: (row) => encodeListCursor({ o: tag, k: names.map((name) => (row[name] === null || row[name] === undefined ? null : String(row[name]))) }),
  };
}

/** A database's refusal of a value (SQLSTATE class 22): from a cursor, the client's mistake. */
export const isDataException = (error: unknown): boolean => {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' && code.startsWith('22');
};

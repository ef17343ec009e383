import { formatNumericDateTimeSeconds } from '@sortie/core';

/** An ISO date as a person in Poitiers reads it; anything unparsable is shown as given. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : formatNumericDateTimeSeconds(date);
}

/** Cuts a cell to `max` characters with an ellipsis, so that a table stays on one line per row. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

export interface Column<T> {
  title: string;
  value(row: T): string;
  /** Longest cell before it is cut. */
  max?: number;
  align?: 'left' | 'right';
}

/** A plain-text table: a header, a rule, then one line per row, columns padded to fit. */
export function formatTable<T>(columns: readonly Column<T>[], rows: readonly T[]): string[] {
  const cells = rows.map((row) => columns.map((column) => truncate(column.value(row).replace(/\s+/g, ' '), column.max ?? 80)));
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const render = (line: readonly string[]) =>
    line
      .map((cell, i) => (columns[i]?.align === 'right' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(columns.map((c) => c.title)), render(widths.map((w) => '─'.repeat(w))), ...cells.map(render)];
}

/** Labelled lines ("Adresse : …"), labels padded to one width; empty values are left out. */
export function formatFields(fields: ReadonlyArray<readonly [string, string | number | undefined | null]>): string[] {
  const shown = fields.filter(([, value]) => value !== undefined && value !== null && value !== '');
  const width = Math.max(0, ...shown.map(([label]) => label.length));
  return shown.map(([label, value]) => `  ${label.padEnd(width)} : ${value}`);
}

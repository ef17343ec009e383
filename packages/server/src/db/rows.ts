import type { Row } from './database';
import type { Data } from './entities';

/**
 * The checks a stored row goes through before anything reads it: `data` is a JSON object
 * (jsonb), or its text when a list asked for `data::text`; dates come back as Date or text.
 * A row that is not what the table promises fails here, loudly, instead of flowing on as a cast.
 */
export function recordOf(value: unknown): Data {
  if (!isRecord(value)) throw new TypeError('Enregistrement illisible : un objet JSON était attendu.');
  return value;
}

const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

export function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError('Enregistrement illisible : un texte était attendu.');
  return value;
}

export const isoOf = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/** A row as the API shows it, without a kind's hidden fields: `_id`, the record, `createdAt`, `updatedAt`. */
export function rowJson(row: Row): Data & { _id: string; createdAt: string; updatedAt: string } {
  return { _id: textOf(row.id), ...recordOf(row.data), createdAt: isoOf(row.created_at), updatedAt: isoOf(row.updated_at) };
}

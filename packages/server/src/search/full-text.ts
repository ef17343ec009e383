import type { Db } from '../db/database';
import { normalizeText } from '../db/entities';

/** At most this many words of a query are looked up (a pasted paragraph is not a search). */
const MAX_WORDS = 8;
/** Words shorter than this are taken as typed: too few letters to guess a typo from. */
export const MIN_TYPO_LENGTH = 4;
/** Spellings tried for an unknown word, the closest first. */
const SPELLINGS_PER_WORD = 3;

/** The words of a query as the vocabulary stores them: lower case, no accents, letters and digits. */
export function queryWords(q: string): string[] {
  const words = normalizeText(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * What a visitor typed, as a French full-text query (`tsquery` text) ready for
 * `search_tsv @@ $n::tsquery`, or null when nothing in it can be searched (only stop words).
 *
 * Every word must match (AND). A word the vocabulary knows is used as typed; an unknown word of
 * four letters or more is replaced by its closest known spellings (OR), by trigram similarity
 * over the vocabulary (`search_words`, trigram-indexed), so `concrt` finds concert and
 * `exposiiton` exposition. Stemming and accents are the `french_unaccent` configuration's:
 * `theatre` finds Théâtre, `concerts` finds concert. The common case (every word known) costs
 * one indexed lookup; only a typo pays for the similarity search. The lexemes come from the
 * database's own tsquery output, so joining them with & and | builds a valid query.
 */
export async function resolveTsQuery(db: Db, q: string): Promise<string | null> {
  const words = queryWords(q);
  if (!words.length) return null;
  const looked = await db.query<{ w: string; known: boolean; lexemes: string | null }>(
    `SELECT q.w, EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) AS known, nullif(plainto_tsquery('french_unaccent', q.w)::text, '') AS lexemes
     FROM unnest($1::text[]) AS q(w)`,
    [words],
  );
  const typos = looked.filter((row) => !row.known && row.w.length >= MIN_TYPO_LENGTH).map((row) => row.w);
  const spellings = new Map<string, string[]>();
  if (typos.length) {
    const near = await db.query<{ w: string; lexemes: string | null }>(
      `SELECT q.w, nullif(plainto_tsquery('french_unaccent', s.word)::text, '') AS lexemes
       FROM unnest($1::text[]) AS q(w),
       LATERAL (SELECT word FROM search_words WHERE word % q.w ORDER BY similarity(word, q.w) DESC, word LIMIT $2) AS s`,
      [typos, SPELLINGS_PER_WORD],
    );
    for (const row of near) if (row.lexemes) spellings.set(row.w, [...(spellings.get(row.w) ?? []), row.lexemes]);
  }
  // A word with no close spelling stays as typed: it then matches nothing, as it should.
  const terms = looked
    .map((row) => [...new Set(spellings.get(row.w) ?? (row.lexemes ? [row.lexemes] : []))])
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => `(${alternatives.map((lexemes) => `(${lexemes})`).join(' | ')})`);
  return terms.length ? terms.join(' & ') : null;
}

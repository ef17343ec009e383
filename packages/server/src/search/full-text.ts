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
 * over the vocabulary (`search_words`, a few thousand rows, trigram-indexed), so `concrt` finds
 * concert and `exposiiton` exposition. Stemming and accents are the `french_unaccent`
 * configuration's: `theatre` finds Théâtre, `concerts` finds concert.
 */
export async function resolveTsQuery(db: Db, q: string): Promise<string | null> {
  const words = queryWords(q);
  if (!words.length) return null;
  const [row] = await db.query<{ tsq: string | null }>(
    `WITH q AS (SELECT w, ord FROM unnest($1::text[]) WITH ORDINALITY AS q(w, ord)),
     spelled AS (
       SELECT q.ord,
         CASE WHEN length(q.w) < $2 OR EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) THEN ARRAY[q.w]
              ELSE coalesce(nullif(ARRAY(SELECT s.word FROM search_words s WHERE s.word % q.w ORDER BY similarity(s.word, q.w) DESC, s.word LIMIT $3), '{}'), ARRAY[q.w])
         END AS spellings
       FROM q),
     terms AS (
       SELECT ord, (SELECT string_agg('(' || t || ')', ' | ') FROM unnest(spellings) AS s(w), nullif(plainto_tsquery('french_unaccent', s.w)::text, '') AS t) AS term
       FROM spelled)
     SELECT string_agg('(' || term || ')', ' & ' ORDER BY ord) AS tsq FROM terms WHERE term IS NOT NULL`,
    [words, MIN_TYPO_LENGTH, SPELLINGS_PER_WORD],
  );
  return row?.tsq ?? null;
}

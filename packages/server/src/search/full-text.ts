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
 * `theatre` finds Théâtre, `concerts` finds concert. One statement, typos or not: the common
 * case (every word known) costs one indexed lookup per word; only a typo pays for the
 * similarity search, run for it alone. The lexemes come from the database's own tsquery
 * output (stored with each word of the vocabulary), so joining them with & and | builds a valid query.
 */
export async function resolveTsQuery(db: Db, q: string): Promise<string | null> {
  const words = queryWords(q);
  if (!words.length) return null;
  const looked = await db.query<{ lexemes: string | null; spellings: Array<string | null> | null }>(
    // A known word's lexemes, and its spellings', are the vocabulary's (computed once, when the
    // word came in: migration 0027); only a word it does not hold (or one stored without them) is stemmed here.
    `SELECT nullif(COALESCE(s.lexemes, plainto_tsquery('french_unaccent', q.w)::text), '') AS lexemes,
       CASE WHEN s.word IS NULL AND length(q.w) >= $2 THEN
         ARRAY(SELECT nullif(COALESCE(t.lexemes, plainto_tsquery('french_unaccent', t.word)::text), '') FROM search_words t WHERE t.word % q.w ORDER BY similarity(t.word, q.w) DESC, t.word LIMIT $3)
       END AS spellings
     FROM unnest($1::text[]) WITH ORDINALITY AS q(w, n) LEFT JOIN search_words s ON s.word = q.w
     ORDER BY q.n`,
    [words, MIN_TYPO_LENGTH, SPELLINGS_PER_WORD],
    // Prepared: one text for every query; its plan (indexed lookups) does not depend on the words.
    'search_resolve_lexemes',
  );
  // A word with no close spelling stays as typed: it then matches nothing, as it should.
  const terms = looked
    .map((row) => {
      const spellings = (row.spellings ?? []).filter((lexemes): lexemes is string => Boolean(lexemes));
      return [...new Set(spellings.length ? spellings : row.lexemes ? [row.lexemes] : [])];
    })
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => `(${alternatives.map((lexemes) => `(${lexemes})`).join(' | ')})`);
  return terms.length ? terms.join(' & ') : null;
}

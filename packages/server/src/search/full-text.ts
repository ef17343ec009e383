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
 * The resolution of a query's words (`words`: a `text[]` parameter, queryWords's) as one SQL
 * expression: the French full-text query (`tsquery` text) ready for `search_tsv @@ …::tsquery`,
 * or NULL when nothing in it can be searched (only stop words).
 *
 * Every word must match (AND). A word the vocabulary knows is used as typed; an unknown word of
 * four letters or more is replaced by its closest known spellings (OR), by trigram similarity
 * over the vocabulary (`search_words`, trigram-indexed), so `concrt` finds concert and
 * `exposiiton` exposition. Stemming and accents are the `french_unaccent` configuration's:
 * `theatre` finds Théâtre, `concerts` finds concert. The common case (every word known) costs
 * one indexed lookup per word; only a typo pays for the similarity search, run for it alone.
 * A known word's lexemes, and its spellings', are the vocabulary's (computed once, when the word
 * came in: migration 0027); only a word it does not hold (or one stored without them) is stemmed
 * here. They are the database's own tsquery output, so joining them with & and | builds a valid
 * query. A word with no close spelling stays as typed: it then matches nothing, as it should.
 *
 * An expression rather than a statement of its own, so that the search reads it inside its one
 * statement (search-statement.ts): a round trip fewer per search.
 */
export function resolvedTsQuery(words: string): string {
  const lexemes = (alias: string, word: string) => `nullif(COALESCE(${alias}.lexemes, plainto_tsquery('french_unaccent', ${word})::text), '')`;
  // The closest spellings' lexemes, each once (two spellings can share them), the closest first.
  const closest = `SELECT ${lexemes('t', 't.word')} AS l FROM search_words t WHERE t.word % q.w ORDER BY similarity(t.word, q.w) DESC, t.word LIMIT ${SPELLINGS_PER_WORD}`;
  const spellings = `ARRAY(SELECT l FROM (SELECT l, row_number() OVER () AS o FROM (${closest}) AS c) AS c GROUP BY l ORDER BY min(o))`;
  // A word's alternatives, `(a) | (b)`: its spellings when it is unknown and has some, else its
  // own lexemes (NULL for a stop word: the word is then left out). Plain expressions rather than
  // a subquery aggregating each word's: 0.42 ms rather than 0.53 on the embedded database.
  const own = `'(' || ${lexemes('s', 'q.w')} || ')'`;
  const term = `CASE WHEN s.word IS NOT NULL OR length(q.w) < ${MIN_TYPO_LENGTH} THEN ${own} ELSE COALESCE('(' || nullif(array_to_string(${spellings}, ') | ('), '') || ')', ${own}) END`;
  // The words read through a subquery: given as a constant, a query's few words made each custom
  // plan look cheaper than the generic one, which PostgreSQL then never kept: it planned the
  // statement at every search (1.3 ms on PostgreSQL, more on the embedded database).
  return `(SELECT string_agg('(' || term || ')', ' & ' ORDER BY n) FROM (SELECT q.n, ${term} AS term FROM unnest((SELECT ${words})) WITH ORDINALITY AS q(w, n) LEFT JOIN search_words s ON s.word = q.w) AS terms WHERE term IS NOT NULL)`;
}

/**
 * What a visitor typed, as a French full-text query (`tsquery` text), or null when nothing in
 * it can be searched: resolvedTsQuery, in a statement of its own (the store's lists).
 */
export async function resolveTsQuery(db: Db, q: string): Promise<string | null> {
  const words = queryWords(q);
  if (!words.length) return null;
  // Prepared: one text for every query; its plan (indexed lookups) does not depend on the words.
  const [row] = await db.query<{ tsquery: string | null }>(`SELECT ${resolvedTsQuery('$1::text[]')} AS tsquery`, [words], 'search_resolve_lexemes');
  return row?.tsquery ?? null;
}

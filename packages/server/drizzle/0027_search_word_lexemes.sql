-- A search resolves each word of its query against the vocabulary (search/full-text.ts). The word's
-- lexemes (plainto_tsquery with the french_unaccent configuration) were computed at every search,
-- for the word and for each of its closest spellings: most of the resolution's time on the embedded
-- database (issue 34). They depend on the word alone, so they are computed once, when the word
-- enters the vocabulary, and read with it. '' for a word with none (a stop word).
ALTER TABLE search_words ADD COLUMN IF NOT EXISTS lexemes text;
--> statement-breakpoint
UPDATE search_words SET lexemes = plainto_tsquery('french_unaccent', word)::text WHERE lexemes IS NULL;
--> statement-breakpoint
-- Only the words the vocabulary does not hold yet have their lexemes computed: a batch of events
-- costs one lookup per distinct word, and a stemming per new word.
CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, lexemes)
  SELECT w, plainto_tsquery('french_unaccent', w)::text
  FROM (SELECT DISTINCT w FROM new_rows, regexp_split_to_table(new_rows.search, '[^a-z0-9]+') AS w WHERE length(w) BETWEEN 2 AND 40) AS found
  WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = found.w)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

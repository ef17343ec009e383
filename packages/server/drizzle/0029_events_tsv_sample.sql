-- Issue 34: a search counts a word's published events up to the cap (100, « 100+ »). From the
-- full-text index, PostgreSQL first lists every event the word is on: `jazz`, on 7,556 of 100,000
-- events, cost the embedded database 6 ms to count to 100. This index holds the published events
-- of one sixteenth of the table (ids are random hex: their last digit picks the sixteenth), so that
-- a common word reaches the cap there in a few hundred entries; the whole index then counts only
-- the words on fewer than one event in sixty (search/search-statement.ts).
-- It indexes strip(search_tsv), which matches the search's queries as search_tsv does (they have
-- neither weights nor phrases): only this index can answer for it, so that the plan prepared for
-- any word reads it, never the whole index with the sample as a filter.
CREATE INDEX IF NOT EXISTS events_tsv_sample_idx ON events USING gin (strip(search_tsv)) WHERE status = 'published' AND right(id, 1) = '0';

-- Search and lists at 100,000 events.
--
-- Typos are corrected against the vocabulary of the indexed text (a few thousand words, with a
-- trigram index), not by trigram-matching every row's whole text: `concrt` becomes `concert`,
-- then one full-text query runs on the GIN index of the stored tsvectors. The vocabulary is
-- filled by statement-level triggers, so every writer (API, imports, seeders, other nodes)
-- keeps it complete, at one INSERT per statement whatever the number of rows.
CREATE TABLE IF NOT EXISTS search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows, regexp_split_to_table(new_rows.search, '[^a-z0-9]+') AS w
  WHERE length(w) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_words_ins ON events;
--> statement-breakpoint
CREATE TRIGGER events_words_ins AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_words_upd ON events;
--> statement-breakpoint
CREATE TRIGGER events_words_upd AFTER UPDATE ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS places_words_ins ON places;
--> statement-breakpoint
CREATE TRIGGER places_words_ins AFTER INSERT ON places REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS places_words_upd ON places;
--> statement-breakpoint
CREATE TRIGGER places_words_upd AFTER UPDATE ON places REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_words_ins ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_words_ins AFTER INSERT ON organizations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS organizations_words_upd ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_words_upd AFTER UPDATE ON organizations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS artists_words_ins ON artists;
--> statement-breakpoint
CREATE TRIGGER artists_words_ins AFTER INSERT ON artists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
DROP TRIGGER IF EXISTS artists_words_upd ON artists;
--> statement-breakpoint
CREATE TRIGGER artists_words_upd AFTER UPDATE ON artists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT search FROM events UNION ALL SELECT search FROM places UNION ALL SELECT search FROM organizations UNION ALL SELECT search FROM artists
) t, regexp_split_to_table(t.search, '[^a-z0-9]+') AS w
WHERE length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The whole-text trigram indexes served the old typo matching; they cost every write and no read uses them now.
DROP INDEX IF EXISTS events_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS places_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS organizations_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS artists_trgm_idx;
--> statement-breakpoint
-- The city feed filters on lower(city): the (city, starts_at) index could not serve it.
CREATE INDEX IF NOT EXISTS events_lower_city_starts_idx ON events (lower(city), starts_at);
--> statement-breakpoint
DROP INDEX IF EXISTS events_city_starts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_categories_idx ON events USING gin ((data->'categoryIds') jsonb_path_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_artists_idx ON events USING gin ((data->'artistIds') jsonb_path_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_created_idx ON events (created_at DESC, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_lower_city_idx ON places (lower(city), name);

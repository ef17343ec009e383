-- The French tsvector computed once per write (to_tsvector with unaccent is the costly part of a search).
ALTER TABLE events ADD COLUMN IF NOT EXISTS search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('french_unaccent'::regconfig, search)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS events_fts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_tsv_idx ON events USING gin (search_tsv);
--> statement-breakpoint
ALTER TABLE places ADD COLUMN IF NOT EXISTS search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('french_unaccent'::regconfig, search)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS places_fts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_tsv_idx ON places USING gin (search_tsv);
--> statement-breakpoint
ALTER TABLE organizations ADD COLUMN IF NOT EXISTS search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('french_unaccent'::regconfig, search)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS organizations_fts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS organizations_tsv_idx ON organizations USING gin (search_tsv);
--> statement-breakpoint
ALTER TABLE artists ADD COLUMN IF NOT EXISTS search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('french_unaccent'::regconfig, search)) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS artists_fts_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS artists_tsv_idx ON artists USING gin (search_tsv);

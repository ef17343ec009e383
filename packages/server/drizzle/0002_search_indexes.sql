-- Full-text (french, accents ignored) and trigram indexes over the searchable kinds; `search` holds lower-cased, accent-free text.

CREATE INDEX IF NOT EXISTS events_fts_idx ON events USING gin (to_tsvector('french_unaccent'::regconfig, search));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_trgm_idx ON events USING gin (search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_fts_idx ON places USING gin (to_tsvector('french_unaccent'::regconfig, search));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS places_trgm_idx ON places USING gin (search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS organizations_fts_idx ON organizations USING gin (to_tsvector('french_unaccent'::regconfig, search));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS organizations_trgm_idx ON organizations USING gin (search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS artists_fts_idx ON artists USING gin (to_tsvector('french_unaccent'::regconfig, search));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS artists_trgm_idx ON artists USING gin (search gin_trgm_ops);

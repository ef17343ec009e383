-- Lists and search at volume. The dashboard sorts 100,000 events by title and shows the latest written: both from an index, not a sort of every row.
CREATE INDEX IF NOT EXISTS events_title_idx ON events (title, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_updated_idx ON events (updated_at DESC, id);
--> statement-breakpoint
-- GIN's fast update parks new entries in a pending list that every search then scans linearly,
-- until a vacuum merges it. PGlite runs no autovacuum, so the list only grew: entries now go
-- straight into the index (a little more per write, much less per read), and what is parked is merged.
ALTER INDEX events_tsv_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX places_tsv_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX organizations_tsv_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX artists_tsv_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX search_words_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX events_categories_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX events_artists_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list(c.oid) FROM pg_class c JOIN pg_am am ON am.oid = c.relam WHERE am.amname = 'gin' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace;
--> statement-breakpoint
-- What visitors see is published: the feed's page and its capped count read this index alone.
CREATE INDEX IF NOT EXISTS events_published_city_starts_idx ON events (lower(city), starts_at, id) WHERE status = 'published';

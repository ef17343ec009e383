-- Issue 34: a city's feed of one category (« concerts à Poitiers ») walked the city's date index
-- and read each event's record for its categories until it found 100 (the capped count): 1,500
-- rows and 4–7 ms of the embedded database for a category on one upcoming event in fifteen.
-- This table lists each published event once per category, by city and date, so that such a
-- feed reads its events in order from one index (services/events.service.ts). Derived, as
-- search_words: the triggers below keep it, every write of events included; only the published
-- events are in it, and only the published ones are shown by a category.
CREATE TABLE IF NOT EXISTS events_by_category (
  category_id text NOT NULL,
  city_key text NOT NULL,
  starts_at timestamptz NOT NULL,
  id text NOT NULL,
  -- A category in every city. Unique as its city's: the planner then knows that each row is one
  -- event, and joins the events to them in their order rather than gathering and sorting them.
  PRIMARY KEY (category_id, starts_at, id)
);
--> statement-breakpoint
-- A category in one city.
CREATE UNIQUE INDEX IF NOT EXISTS events_by_category_city_idx ON events_by_category (category_id, city_key, starts_at, id);
--> statement-breakpoint
-- An event's own rows, dropped when it changes.
CREATE INDEX IF NOT EXISTS events_by_category_event_idx ON events_by_category (id);
--> statement-breakpoint
-- An event's categories as text (none when the field is missing or not a list).
CREATE OR REPLACE FUNCTION event_category_ids(data jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT c FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(data->'categoryIds') = 'array' THEN data->'categoryIds' END) AS c
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_by_category_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events_by_category (category_id, city_key, starts_at, id)
  SELECT c, lower(n.city), n.starts_at, n.id FROM new_rows n, event_category_ids(n.data) AS c WHERE n.status = 'published';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_by_category_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM events_by_category WHERE id = OLD.id;
  IF TG_OP = 'UPDATE' AND NEW.status = 'published' THEN
    INSERT INTO events_by_category (category_id, city_key, starts_at, id)
    SELECT c, lower(NEW.city), NEW.starts_at, NEW.id FROM event_category_ids(NEW.data) AS c;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_category_ins ON events;
--> statement-breakpoint
-- Once a statement: a bulk import adds its rows in one insert.
CREATE TRIGGER events_by_category_ins AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_by_category_added();
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_category_upd ON events;
--> statement-breakpoint
-- Once a row, and only when what the table holds changed: a like's count written into the
-- record (Store.bump) costs nothing more.
CREATE TRIGGER events_by_category_upd AFTER UPDATE ON events FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.city IS DISTINCT FROM NEW.city OR OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.data->'categoryIds' IS DISTINCT FROM NEW.data->'categoryIds')
  EXECUTE FUNCTION events_by_category_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_category_del ON events;
--> statement-breakpoint
CREATE TRIGGER events_by_category_del AFTER DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_by_category_changed();
--> statement-breakpoint
INSERT INTO events_by_category (category_id, city_key, starts_at, id)
SELECT c, lower(e.city), e.starts_at, e.id FROM events e, event_category_ids(e.data) AS c WHERE e.status = 'published'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Its statistics now: PGlite's next VACUUM ANALYZE may be hours away, and a planner that takes
-- the table for empty gathers and sorts a category's every event.
ANALYZE events_by_category;

-- Issue 34: a city's agenda (« à Poitiers », its month) read the events table, whose many indexes
-- the planner weighed at each read (0.4–0.5 ms of the embedded database's 1.0–1.2 for the
-- statement), and whose generic plan could not be kept: for a month it guessed a few rows of
-- a partial index and sorted the month (the revert of b265fae says how). This table lists each
-- published event by city and date, as events_by_category does by category (migration 0030): one
-- index in the list's order, whose plan is the same for every city, month and table size, so the
-- first page is prepared and planned once a connection (services/events.service.ts). Derived:
-- the triggers below keep it, every write of events included.
CREATE TABLE IF NOT EXISTS events_by_city (
  city_key text NOT NULL,
  starts_at timestamptz NOT NULL,
  id text NOT NULL,
  PRIMARY KEY (city_key, starts_at, id)
);
--> statement-breakpoint
-- An event's own row, dropped when it changes.
CREATE INDEX IF NOT EXISTS events_by_city_event_idx ON events_by_city (id);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_by_city_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events_by_city (city_key, starts_at, id)
  SELECT lower(n.city), n.starts_at, n.id FROM new_rows n WHERE n.status = 'published';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_by_city_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM events_by_city WHERE id = OLD.id;
  IF TG_OP = 'UPDATE' AND NEW.status = 'published' THEN
    INSERT INTO events_by_city (city_key, starts_at, id) VALUES (lower(NEW.city), NEW.starts_at, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_city_ins ON events;
--> statement-breakpoint
-- Once a statement: a bulk import adds its rows in one insert.
CREATE TRIGGER events_by_city_ins AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_by_city_added();
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_city_upd ON events;
--> statement-breakpoint
-- Once a row, and only when what the table holds changed: a like's count written into the
-- record (Store.bump) costs nothing more.
CREATE TRIGGER events_by_city_upd AFTER UPDATE ON events FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.city IS DISTINCT FROM NEW.city OR OLD.starts_at IS DISTINCT FROM NEW.starts_at)
  EXECUTE FUNCTION events_by_city_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_by_city_del ON events;
--> statement-breakpoint
CREATE TRIGGER events_by_city_del AFTER DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_by_city_changed();
--> statement-breakpoint
INSERT INTO events_by_city (city_key, starts_at, id)
SELECT lower(e.city), e.starts_at, e.id FROM events e WHERE e.status = 'published'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Its statistics now: PGlite's next VACUUM ANALYZE may be hours away.
ANALYZE events_by_city;

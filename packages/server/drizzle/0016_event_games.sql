-- Issue 24: an event page lists its forms (its tournaments, blind tests, raffles and championships already carry event_id).
ALTER TABLE "forms" ADD COLUMN IF NOT EXISTS "event_id" text;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN IF NOT EXISTS "place_id" text;--> statement-breakpoint
UPDATE "forms" SET "event_id" = "data"->>'eventId', "place_id" = "data"->>'placeId';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "forms_event_idx" ON "forms" USING btree ("event_id");

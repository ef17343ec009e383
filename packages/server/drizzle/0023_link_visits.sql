-- Issue 36: what a short link's visit tells, read from its request when the visit buffer is
-- written (never in the redirect): its day and hour in Paris, the referrer's host, the device
-- class, system and browser, whether a bot or a QR code made it, and the target's UTM
-- parameters. No IP address is stored.
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "day" text;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "hour" smallint;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "referrer_host" text;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "device" text;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "system" text;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "browser" text;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "qr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dyna_link_visits" ADD COLUMN IF NOT EXISTS "utm" jsonb;--> statement-breakpoint
UPDATE "dyna_link_visits" SET "day" = to_char("datetime" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD'), "hour" = extract(hour FROM "datetime" AT TIME ZONE 'Europe/Paris')::smallint WHERE "day" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dyna_link_visits_link_day_idx" ON "dyna_link_visits" USING btree ("link_id","day");--> statement-breakpoint
-- The link's index before it is this one's first column: one index to keep up at each flush, not two.
DROP INDEX IF EXISTS "dyna_link_visits_link_idx";

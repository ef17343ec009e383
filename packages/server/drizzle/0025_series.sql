-- Issue 35: series, events that repeat. A series keeps its rule (an iCalendar RRULE read in Paris
-- wall-clock time), its template (the fields of each event), its pauses and its place or
-- organisation in `data`; its next occurrences (8 weeks ahead) are ordinary rows of `events`,
-- made by the `series` job and linked by series_id and the Paris day the rule gave them. The
-- unique index makes each occurrence once, whichever server process runs the job.
CREATE TABLE IF NOT EXISTS "series" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"place_id" text,
	"organization_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "series_status_idx" ON "series" USING btree ("status");--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "series_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN IF NOT EXISTS "occurrence_date" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "events_series_occurrence_unique" ON "events" USING btree ("series_id", "occurrence_date") WHERE "series_id" IS NOT NULL;

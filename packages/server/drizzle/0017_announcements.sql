-- Issue 24: staff's announcements to a place's or an organisation's followers, or an event's participants.
-- Sent at once or at send_at by the jobs runner (sent_at set in the same transaction as the notifications);
-- the per-target rate limit counts these rows, so it holds across server processes.
CREATE TABLE IF NOT EXISTS "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL DEFAULT '',
	"link" text,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer NOT NULL DEFAULT 0,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_target_idx" ON "announcements" USING btree ("target_kind", "target_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE "sent_at" IS NULL;

-- Issue 33: one durable fan-out for every notification. Each delivery of a notification to one of
-- its person's channels (the app, a phone's push subscription, the e-mail) is a row: queued, then
-- sent or failed with what the service answered. A process claims queued rows with
-- FOR UPDATE SKIP LOCKED and a lease (locked_until, claim), so that among several processes, and
-- across restarts, one sends each; (notification_id, device_id) is unique: never twice to one
-- device for one notification.
CREATE TABLE IF NOT EXISTS "notification_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"notification_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"device_id" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim" text,
	"status_code" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "notification_deliveries_device_idx" ON "notification_deliveries" USING btree ("notification_id","device_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'queued';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_deliveries_user_idx" ON "notification_deliveries" USING btree ("user_id");

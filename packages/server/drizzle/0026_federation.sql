-- Issue 35: ActivityPub. Every place and organisation is an actor; its key pairs are made once and
-- stay here (the private halves never leave the server). `enabled` is the dashboard's
-- « Fédération » switch. `handle` is an organisation's (a place's is its slug).
CREATE TABLE IF NOT EXISTS "federation_actors" (
	"record_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"handle" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"keys" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "federation_actors_handle_idx" ON "federation_actors" ("handle") WHERE "handle" IS NOT NULL;
--> statement-breakpoint
-- The remote actors following ours (accepted Follows), with where to deliver to them.
CREATE TABLE IF NOT EXISTS "federation_followers" (
	"actor_id" text NOT NULL,
	"follower" text NOT NULL,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"handle" text,
	"name" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("actor_id", "follower")
);
--> statement-breakpoint
-- Remote Like, Announce and Join (Mobilizon) of our events, shown to staff.
CREATE TABLE IF NOT EXISTS "federation_interactions" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"kind" text NOT NULL,
	"remote_actor" text NOT NULL,
	"remote_handle" text,
	"event_id" text,
	"object" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "federation_interactions_actor_idx" ON "federation_interactions" ("actor_id", "created_at");
--> statement-breakpoint
-- The remote actors ours follow (staff asked), and what they sent.
CREATE TABLE IF NOT EXISTS "federation_following" (
	"actor_id" text NOT NULL,
	"remote_actor" text NOT NULL,
	"handle" text,
	"inbox" text NOT NULL,
	"follow_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("actor_id", "remote_actor")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "federation_received" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"remote_actor" text NOT NULL,
	"activity_type" text NOT NULL,
	"activity_id" text,
	"object_id" text,
	"object" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "federation_received_actor_idx" ON "federation_received" ("actor_id", "received_at");
--> statement-breakpoint
-- What each actor last federated of each event (its outbox): compared with the events table to
-- send Create, Update and Delete whatever path changed the event.
CREATE TABLE IF NOT EXISTS "federation_events" (
	"actor_id" text NOT NULL,
	"event_id" text NOT NULL,
	"state" text NOT NULL,
	"version" text NOT NULL,
	"object" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("actor_id", "event_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "federation_events_event_idx" ON "federation_events" ("event_id");
--> statement-breakpoint
-- Signed deliveries waiting, retried with a growing delay (any process claims one with SKIP LOCKED).
CREATE TABLE IF NOT EXISTS "federation_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"inbox" text NOT NULL,
	"activity" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "federation_deliveries_due_idx" ON "federation_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
-- Fedify's key-value store (remote keys cache, activity idempotence, the signature spec per server).
CREATE TABLE IF NOT EXISTS "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);

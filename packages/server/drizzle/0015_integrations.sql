-- Issue 23: Stripe subscriptions, Instagram publications, designer visuals.
-- Stripe (Sortie Pro): each subscription's state as Stripe's signed webhooks and the success
-- page's check last told it, and the ids of the events already applied (a webhook sent twice
-- is applied once).
CREATE TABLE IF NOT EXISTS "stripe_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"checkout_session_id" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_subscriptions_user_idx" ON "stripe_subscriptions" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stripe_subscriptions_customer_idx" ON "stripe_subscriptions" ("customer_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Instagram: what was published (or refused) from /dashboard/instagram, by whom, with the post's permalink or the error.
CREATE TABLE IF NOT EXISTS "instagram_publications" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_title" text NOT NULL,
	"user_id" text,
	"user_name" text,
	"caption" text NOT NULL,
	"image_url" text NOT NULL,
	"status" text NOT NULL,
	"media_id" text,
	"permalink" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY,
	-- The designer's square as a JPEG, which Instagram reads at /api/instagram/visuals/{visual_token}.jpg.
	"visual_token" text,
	"visual" bytea
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "instagram_publications_visual_idx" ON "instagram_publications" ("visual_token");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "instagram_publications_created_idx" ON "instagram_publications" ("created_at", "seq");

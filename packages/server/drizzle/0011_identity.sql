-- Issue 22: verified e-mails, one-time links (verification, password reset), sessions' devices.
-- email_verified_at: when the address was proven (a link followed, or a provider that vouches for it); null = not yet.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Accounts are verified at creation unless the code that creates them says otherwise (a sign-up with
-- the embedded provider, or a provider that does not vouch for the address, writes null): the demo's,
-- the CLI's and the dashboard's accounts count as verified.
ALTER TABLE "users" ALTER COLUMN "email_verified_at" SET DEFAULT now();
--> statement-breakpoint
-- One-time links mailed to an address: e-mail verification (24 h) and password reset (1 h).
-- Only the SHA-256 of the token is kept; a link works once (used_at) and until expires_at.
CREATE TABLE IF NOT EXISTS "identity_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "identity_tokens_user_idx" ON "identity_tokens" USING btree ("user_id", "purpose", "created_at");
--> statement-breakpoint
-- Sessions, as their owner sees them on /account: an id to name one (never the token's hash), the
-- browser that opened it (summarised when shown), and when it was last used.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "id" text DEFAULT gen_random_uuid()::text NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "user_agent" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sessions_id_idx" ON "sessions" USING btree ("id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_user_idx" ON "sessions" USING btree ("user_id");

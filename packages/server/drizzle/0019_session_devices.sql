-- Issue 30: a device that signs in again reuses its session's row (same id, same first use) instead
-- of adding another « Chrome sur Linux » to the list on /account. A browser is recognised by a
-- long-lived httpOnly cookie of random bytes (sortie_device, see http/session.ts); only its SHA-256
-- is kept here. Null for the sessions opened before this migration and for the CLI's.
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "device_hash" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_device_idx" ON "sessions" USING btree ("user_id", "device_hash");

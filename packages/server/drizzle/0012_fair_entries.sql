-- Issue 22: one entry per person in raffles and forms (normalised e-mails, confirmation by link, entry policy).
-- email_key: core's emailIdentity() of the entrant's address (case, Gmail's dots, webmail +tags folded);
-- user_key: the entrant's account. Either is unique per raffle (and per form that keeps one answer per
-- person), so that a second entry of one person fails on the index, whatever races it.
-- Entries taken before this migration keep no key (folding them could collide and fail the index).
ALTER TABLE "raffle_entries" ADD COLUMN IF NOT EXISTS "email_key" text;
--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD COLUMN IF NOT EXISTS "user_key" text;
--> statement-breakpoint
-- When the entry started to count (null: waiting for its e-mail link; such entries are never drawn).
-- Entries stored before (and those written by code that knows no confirmation, as the demo's) count.
ALTER TABLE "raffle_entries" ADD COLUMN IF NOT EXISTS "confirmed_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
-- The SHA-256 of the one-time link's token (never the token), until it is followed or expires.
ALTER TABLE "raffle_entries" ADD COLUMN IF NOT EXISTS "confirm_token_hash" text;
--> statement-breakpoint
ALTER TABLE "raffle_entries" ADD COLUMN IF NOT EXISTS "confirm_expires_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "raffle_entries_email_key_unique" ON "raffle_entries" USING btree ("raffle_id", "email_key") WHERE "email_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "raffle_entries_user_key_unique" ON "raffle_entries" USING btree ("raffle_id", "user_key") WHERE "user_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "raffle_entries_confirm_token_unique" ON "raffle_entries" USING btree ("confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;
--> statement-breakpoint
-- Forms keep the keys only when they keep one answer per person.
ALTER TABLE "form_entries" ADD COLUMN IF NOT EXISTS "email_key" text;
--> statement-breakpoint
ALTER TABLE "form_entries" ADD COLUMN IF NOT EXISTS "user_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "form_entries_email_key_unique" ON "form_entries" USING btree ("form_id", "email_key") WHERE "email_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "form_entries_user_key_unique" ON "form_entries" USING btree ("form_id", "user_key") WHERE "user_key" IS NOT NULL;
--> statement-breakpoint
-- Raffles created before the entry policy took entries from anyone: they stay open to all, but an
-- entry now counts once its e-mail is confirmed (a new raffle is for verified accounts by default).
UPDATE "raffles" SET "data" = "data" || '{"entryPolicy":"emailLink"}'::jsonb WHERE NOT ("data" ? 'entryPolicy');

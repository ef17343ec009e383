-- Issue 24: badge rules, announcements to followers.
-- Badges: a rule is core's BadgeRuleSchema ({kind, count?}); the free text of earlier versions
-- was read by nothing, so it becomes « attribué à la main » (never awarded by itself), and the
-- demo's « Premier pas » is earned by a first like, as its empty state promises.
UPDATE "badges" SET "data" = jsonb_set("data", '{rule}', '{"kind":"firstLike"}'::jsonb)
WHERE "name" = 'Premier pas' AND jsonb_typeof("data"->'rule') IS DISTINCT FROM 'object';
--> statement-breakpoint
UPDATE "badges" SET "data" = jsonb_set("data", '{rule}', '{"kind":"manual"}'::jsonb)
WHERE jsonb_typeof("data"->'rule') IS DISTINCT FROM 'object';
--> statement-breakpoint
-- Which signed-in visitor a blind test's player is (players are nicknames on a phone): their
-- podium counts for their badges.
CREATE TABLE IF NOT EXISTS "blind_test_players" (
	"blind_test_id" text NOT NULL,
	"player_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("blind_test_id", "player_id")
);
--> statement-breakpoint
-- The visitors who ended a blind test in its first three, written when it reaches its podium.
CREATE TABLE IF NOT EXISTS "blind_test_podiums" (
	"blind_test_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("blind_test_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blind_test_podiums_user" ON "blind_test_podiums" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "form_entries_user" ON "form_entries" USING btree ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "raffle_entries_user" ON "raffle_entries" USING btree (("data"->>'userId')) WHERE "data" ? 'userId';
--> statement-breakpoint
-- Announcements (staff to an entity's followers) come below.
SELECT 1;

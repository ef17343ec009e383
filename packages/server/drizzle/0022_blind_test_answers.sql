-- Issue 32: a blind test's answers in their own table, not inside the game's row (blind_tests.data->'game'),
-- so that storing an answer costs the same at the fifth question as at the first with 2,000 players.
-- One row per player and question of a game (its 6-digit code, and its round: « Rejouer » plays it again), written in batches by the server's
-- authority in one statement with the game row's version check; what a report per question and per
-- player needs is kept: right or wrong, the time taken, the points, and what was typed or chosen.
CREATE TABLE IF NOT EXISTS "blind_test_answers" (
	"blind_test_id" text NOT NULL,
	"code" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"question_index" integer NOT NULL,
	"player_id" text NOT NULL,
	"at" bigint NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "blind_test_answers_pk" PRIMARY KEY ("blind_test_id", "code", "round", "question_index", "player_id")
);
--> statement-breakpoint
ALTER TABLE "blind_test_answers" ADD CONSTRAINT "blind_test_answers_blind_test_id_blind_tests_id_fk" FOREIGN KEY ("blind_test_id") REFERENCES "public"."blind_tests"("id") ON DELETE cascade ON UPDATE no action;

-- Issue 36: the visits of a link written together (the /r group commit, or one visit alone)
-- are one row: what visits alike tell is stored once in `kinds`, and each visit is its kind
-- (1-based) and its milliseconds after `at`. One row a visit cost the embedded database about
-- 10 µs more a visit (a heap tuple, two index entries and their WAL each); a row a write costs
-- about the same whatever it carries. No IP address is stored, as before.
CREATE TABLE IF NOT EXISTS "link_visit_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_visit_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" text NOT NULL,
	"day" text NOT NULL,
	"hour" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kinds" jsonb NOT NULL,
	"visit_kinds" smallint[] NOT NULL,
	"offsets" integer[] NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "link_visit_batches_link_day_idx" ON "link_visit_batches" USING btree ("link_id","day");--> statement-breakpoint
-- The visits stored so far: one row each, in their order.
INSERT INTO "link_visit_batches" ("link_id", "day", "hour", "at", "kinds", "visit_kinds", "offsets")
SELECT "link_id",
	COALESCE("day", to_char("datetime" AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD')),
	COALESCE("hour", extract(hour FROM "datetime" AT TIME ZONE 'Europe/Paris')::smallint),
	"datetime",
	jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
		'userAgent', "user_agent", 'referrerHost', "referrer_host", 'device', "device", 'system', "system", 'browser', "browser",
		'bot', CASE WHEN "bot" THEN true END, 'qr', CASE WHEN "qr" THEN true END, 'utm', "utm"))),
	'{1}', '{0}'
FROM "dyna_link_visits" ORDER BY "id";--> statement-breakpoint
DROP TABLE "dyna_link_visits";--> statement-breakpoint
-- One row a visit again, for every reader (statistics, the visits' list, counts): a row's
-- id × 4096 + the visit's place in it (a write carries 2,000 visits at most) keeps their order.
CREATE VIEW "dyna_link_visits" AS
SELECT (b."id"::bigint * 4096 + v.n) AS "id",
	b."link_id",
	b."at" + v.ms * interval '1 millisecond' AS "datetime",
	k.kind->>'userAgent' AS "user_agent",
	b."day",
	b."hour",
	k.kind->>'referrerHost' AS "referrer_host",
	k.kind->>'device' AS "device",
	k.kind->>'system' AS "system",
	k.kind->>'browser' AS "browser",
	COALESCE((k.kind->>'bot')::boolean, false) AS "bot",
	COALESCE((k.kind->>'qr')::boolean, false) AS "qr",
	k.kind->'utm' AS "utm"
FROM "link_visit_batches" b
CROSS JOIN LATERAL unnest(b."visit_kinds", b."offsets") WITH ORDINALITY AS v(kind, ms, n)
CROSS JOIN LATERAL (SELECT b."kinds"->(v.kind - 1) AS kind) k;

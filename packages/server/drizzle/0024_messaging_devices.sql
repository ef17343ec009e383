-- Issue 33: the browsers that receive notifications through Firebase Cloud Messaging. Their FCM
-- device tokens stay in the account's record (users.data.messagingTokens, SPEC §7); this row tells
-- which browser registered each one (its User-Agent) and in which session, so that /account and
-- /dashboard/test list it beside the Web Push subscriptions, and so that a browser subscribed both
-- ways receives each notification once (the fan-out skips the FCM token of a session that has a
-- Web Push subscription). Its id is the deliveries' device id for the token: 'fcm:' and its md5.
CREATE TABLE IF NOT EXISTS "messaging_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_devices" ADD CONSTRAINT "messaging_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messaging_devices_user_idx" ON "messaging_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messaging_devices_session_idx" ON "messaging_devices" USING btree ("session_id");

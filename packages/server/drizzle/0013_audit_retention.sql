-- Issue 22: the audit log of every staff and admin write, read by admins newest first, filtered
-- by who (an account's id, or the label kept with the entry: an e-mail, « sortie-admin »), and
-- pruned after SORTIE_AUDIT_RETENTION_DAYS (by "at", audit_log_at_idx of 0009).
CREATE INDEX IF NOT EXISTS "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_label_idx" ON "audit_log" USING btree (lower("actor_label"),"at");

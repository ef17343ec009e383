-- Issue 22: verified e-mails, one-time links (verification, password reset), sessions' devices.
-- email_verified_at: when the address was proven (a link followed, or a provider that vouches for it); null = not yet.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email_verified_at" timestamp with time zone;

-- Issue 23: Stripe subscriptions, Instagram publications, designer visuals.
-- (placeholder until its tables land)
SELECT 1;

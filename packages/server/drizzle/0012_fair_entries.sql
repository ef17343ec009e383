-- Issue 22: one entry per person in raffles and forms (normalised e-mails, confirmation by link, entry policy).
-- (placeholder until its tables land)
SELECT 1;

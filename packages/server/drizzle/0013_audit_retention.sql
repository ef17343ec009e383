-- Issue 22: the audit log of every staff and admin write, kept a configurable time.
-- (placeholder until its tables land)
SELECT 1;

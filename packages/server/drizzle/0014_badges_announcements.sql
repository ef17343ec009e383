-- Issue 24: badge rules, announcements to followers.
-- (placeholder until its tables land)
SELECT 1;

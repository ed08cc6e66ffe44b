-- Commits that write events notify other processes after the commit, not in it: the
-- PostgreSQL translation (migrations/postgres/0077_events_notify_after_commit.sql) says
-- it there. SQLite sends no notifications: nothing to change.
SELECT 1;

-- Events take their ids in commit order. SQLite's single writer gives it already: its
-- rowids are taken by one writer at a time, in the order the writer commits. The
-- PostgreSQL translation (migrations/postgres/0072_events_commit_order.sql) says it there;
-- here there is nothing to change.
SELECT 1;

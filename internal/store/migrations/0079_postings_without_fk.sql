-- PostgreSQL's translation drops the foreign key of a ledger posting to its entry, whose
-- check cost a query per posting there. SQLite's check is a lookup in the same process,
-- and dropping it would rebuild the table: nothing to change here.
SELECT 1;

-- The version of each user book a unit of work locked (PostgreSQL's LockLedgerBooks bumps
-- it, see migrations/postgres/0073_ledger_book_versions.sql). SQLite's single writer
-- needs none: nothing to change here.
SELECT 1;

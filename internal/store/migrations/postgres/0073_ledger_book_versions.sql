-- A version per ledger book that a unit of work locks (store LockLedgerBooks), bumped in
-- the statement that takes the book's lock.
--
-- Swaps run at READ COMMITTED (they lock what they decide on), other units of work at
-- SERIALIZABLE, whose snapshot may be older than the lock they wait for: PostgreSQL's
-- serializable checks do not see what a READ COMMITTED transaction read or wrote, so a
-- SERIALIZABLE withdrawal could read a balance a swap had just spent and hold it. Every
-- unit that locks a book also writes the book's version row: a SERIALIZABLE unit whose
-- snapshot predates another transaction's commit on that book then fails its write with
-- a serialization failure (40001) and runs again on a new snapshot.
CREATE TABLE ledger_book_versions (
    book_key BIGINT PRIMARY KEY,
    version  BIGINT NOT NULL
);

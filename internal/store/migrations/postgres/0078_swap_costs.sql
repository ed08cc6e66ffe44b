-- What a swap costs PostgreSQL, cut (issue 25).
--
-- ledger_postings_book indexed every posting by (book, asset): five index entries per
-- swap, their WAL and CPU, for a lookup no statement makes (postings are read by entry,
-- the primary key, or all of them).
DROP INDEX IF EXISTS ledger_postings_book;

-- A trade claims a house shard without waiting, then reads what the shard owes of the
-- asset it pays: two round trips per shard tried. This is both in one. A VOLATILE
-- function's queries take a new snapshot each at READ COMMITTED, so the balance is read
-- after the lock is held, as a statement of its own would read it (a single statement's
-- snapshot would be taken before its lock, and could miss the commit of the transaction
-- that held the shard just before). NULL when another transaction holds the shard; '0'
-- when the book has no balance of the asset.
CREATE FUNCTION dtwgate_try_lock_balance(lock_key BIGINT, at_book TEXT, at_asset TEXT) RETURNS TEXT
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    held TEXT;
BEGIN
    IF NOT pg_try_advisory_xact_lock(lock_key) THEN
        RETURN NULL;
    END IF;
    SELECT balance INTO held FROM ledger_balances WHERE book = at_book AND asset = at_asset;
    RETURN COALESCE(held, '0');
END $$;

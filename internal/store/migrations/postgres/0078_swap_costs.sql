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

-- A unit of work locks the user books it moves (store LockLedgerBooks: in one global
-- order, waiting or, after other units of its transaction, trying), bumps their versions
-- (migration 0073), then reads what it decides on, their balances and open holds: two
-- round trips. This is both in one, the read taking its snapshot after the locks (a
-- VOLATILE function's queries take a new snapshot each at READ COMMITTED). One row of
-- NULLs when a lock tried (wait false) is held by another transaction: nothing bumped,
-- nothing read. Else a row per balance ('b' || asset) and per open hold ('h' || asset)
-- of the books.
CREATE FUNCTION dtwgate_lock_books(keys BIGINT[], wait BOOLEAN, books TEXT[])
RETURNS TABLE (lb_book TEXT, lb_key TEXT, lb_amount TEXT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    k BIGINT;
    all_held BOOLEAN := TRUE;
BEGIN
    FOREACH k IN ARRAY keys LOOP
        IF wait THEN
            PERFORM pg_advisory_xact_lock(k);
        ELSIF NOT pg_try_advisory_xact_lock(k) THEN
            all_held := FALSE;
        END IF;
    END LOOP;
    IF NOT all_held THEN
        lb_book := NULL;
        RETURN NEXT;
        RETURN;
    END IF;
    INSERT INTO ledger_book_versions (book_key, version) SELECT u, 1 FROM unnest(keys) AS u
        ON CONFLICT (book_key) DO UPDATE SET version = ledger_book_versions.version + 1;
    RETURN QUERY SELECT b.book, 'b' || b.asset, b.balance FROM ledger_balances b WHERE b.book = ANY (books)
        UNION ALL SELECT h.book, 'h' || h.asset, h.amount FROM ledger_holds h WHERE h.book = ANY (books) AND h.state = 'OPEN';
END $$;

-- A swap's first round trip takes what it decides on (issue 25): it read its account
-- (store.TraderReads), then locked its book and read the book's balances and holds
-- (dtwgate_lock_books), claimed a house shard and read its balance
-- (dtwgate_try_lock_balance, once per shard tried) and, writing its receipt, locked and
-- read the account's receipt head: four round trips at least, each a fixed cost to both
-- processes. store.TraderReadsLocking sends this function's rows and the account's reads
-- in one statement.
--
-- In the order every unit locks (the account's book, then house shards without waiting,
-- then rows): lock the book at lock_key (waiting when wait, else trying: one row of kind
-- 9 and nothing else when another transaction holds it), bump its version as
-- dtwgate_lock_books does (migration 0073), then read, each query in a snapshot of its
-- own taken after the locks (a VOLATILE function at READ COMMITTED), the book's balances
-- (kind 12) and open holds (kind 7), the account's receipt head, locked (kind 6, as
-- store.ReceiptHead; its hash in hex), and try the shards in turn (shard_keys, shard_books; 0-based
-- index): each busy one gives a row of kind 11, the first claimed a row of kind 8 with
-- its balance of shard_asset ('0' without a row), and no more are tried. Kind 10 says
-- the book is locked. An account with an active introducer moves two user books, which
-- the caller locks together in their order: then nothing is locked nor read here.
CREATE FUNCTION dtwgate_swap_locks(acct TEXT, at_book TEXT, lock_key BIGINT, wait BOOLEAN,
    shard_keys BIGINT[], shard_books TEXT[], shard_asset TEXT)
RETURNS TABLE (r_kind INTEGER, r_a TEXT, r_b TEXT, r_c TEXT, r_d TEXT, r_e TEXT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    i INTEGER;
    held TEXT;
BEGIN
    IF EXISTS (SELECT 1 FROM introducer_relationships WHERE client_id = acct AND active = 1) THEN
        RETURN;
    END IF;
    IF wait THEN
        PERFORM pg_advisory_xact_lock(lock_key);
    ELSIF NOT pg_try_advisory_xact_lock(lock_key) THEN
        RETURN QUERY SELECT 9, '', '', '', '', '';
        RETURN;
    END IF;
    INSERT INTO ledger_book_versions (book_key, version) VALUES (lock_key, 1)
        ON CONFLICT (book_key) DO UPDATE SET version = ledger_book_versions.version + 1;
    RETURN QUERY SELECT 10, '', '', '', '', '';
    RETURN QUERY SELECT 12, b.asset, b.balance, '', '', '' FROM ledger_balances b WHERE b.book = at_book;
    RETURN QUERY SELECT 7, h.asset, h.amount, '', '', '' FROM ledger_holds h WHERE h.book = at_book AND h.state = 'OPEN';
    RETURN QUERY SELECT 6, CAST(r.seq AS TEXT), encode(r.hash, 'hex'), CAST(r.created_ms AS TEXT), '', '' FROM receipts r
        WHERE r.account_id = acct ORDER BY r.seq DESC LIMIT 1 FOR UPDATE;
    FOR i IN 1 .. COALESCE(array_length(shard_keys, 1), 0) LOOP
        IF pg_try_advisory_xact_lock(shard_keys[i]) THEN
            SELECT b.balance INTO held FROM ledger_balances b WHERE b.book = shard_books[i] AND b.asset = shard_asset;
            RETURN QUERY SELECT 8, CAST(i - 1 AS TEXT), COALESCE(held, '0'), '', '', '';
            RETURN;
        END IF;
        RETURN QUERY SELECT 11, CAST(i - 1 AS TEXT), '', '', '', '';
    END LOOP;
END $$;

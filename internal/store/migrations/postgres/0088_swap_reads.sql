-- A group commit's first swaps say ahead what their first statement reads (store
-- readahead.go): this function reads it for all of them in one call, set-oriented, so
-- that the statement's fixed cost (its parse, plan and executor start, the round trip)
-- is paid once per group instead of once per swap. For unit u (1-based; each row leads
-- with u - 1), in the units' order: what migration 0084's dtwgate_swap_locks takes and
-- reads, in its order and with its kinds (the first unit waiting for its book's lock when
-- wait_first, the others trying; a unit whose book another transaction holds gets one row
-- of kind 9 and nothing else), ids for its order and ledger entry (kind 13), then
-- store.TraderReads' rows (kinds 0 to 5). Each unit tries n_shards shards, its part of
-- shard_keys and shard_books ((u - 1) * n_shards + 1 on). Each query sees what committed
-- before it (a VOLATILE function at READ COMMITTED). dtwgate_swap_locks' body is inlined
-- here: called once per unit from this function, its call cost more than its queries.
-- A swap not read ahead calls it for itself alone (store.TraderReadsLocking), so that
-- a swap's first statement is this one function either way; dtwgate_swap_locks is no
-- longer called.
-- Each array element is taken into a variable before a query uses it.
CREATE FUNCTION dtwgate_swap_reads(accts TEXT[], books TEXT[], lock_keys BIGINT[], wait_first BOOLEAN,
    n_shards INTEGER, shard_keys BIGINT[], shard_books TEXT[], shard_assets TEXT[],
    sources TEXT[], kinds TEXT[], instruction_ids TEXT[])
RETURNS TABLE (r_unit INTEGER, r_kind INTEGER, r_a TEXT, r_b TEXT, r_c TEXT, r_d TEXT, r_e TEXT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    u INTEGER;
    i INTEGER;
    acct TEXT;
    bk TEXT;
    src TEXT;
    knd TEXT;
    iid TEXT;
    sbook TEXT;
    sasset TEXT;
    locked BOOLEAN;
    held TEXT;
BEGIN
    FOR u IN 1 .. COALESCE(array_length(accts, 1), 0) LOOP
        acct := accts[u]; bk := books[u]; src := sources[u]; knd := kinds[u]; iid := instruction_ids[u]; sasset := shard_assets[u];
        -- An account with an active introducer moves two user books, which the caller
        -- locks together in their order: nothing is locked nor read for it here.
        IF NOT EXISTS (SELECT 1 FROM introducer_relationships WHERE client_id = acct AND active = 1) THEN
            IF wait_first AND u = 1 THEN
                PERFORM pg_advisory_xact_lock(lock_keys[u]);
                locked := true;
            ELSE
                locked := pg_try_advisory_xact_lock(lock_keys[u]);
            END IF;
            IF NOT locked THEN
                RETURN QUERY SELECT u - 1, 9, '', '', '', '', '';
                CONTINUE;
            END IF;
            INSERT INTO ledger_book_versions (book_key, version) VALUES (lock_keys[u], 1)
                ON CONFLICT (book_key) DO UPDATE SET version = ledger_book_versions.version + 1;
            RETURN QUERY SELECT u - 1, 10, '', '', '', '', '';
            RETURN QUERY SELECT u - 1, 12, b.asset, b.balance, '', '', '' FROM ledger_balances b WHERE b.book = bk;
            RETURN QUERY SELECT u - 1, 7, h.asset, h.amount, '', '', '' FROM ledger_holds h WHERE h.book = bk AND h.state = 'OPEN';
            RETURN QUERY SELECT u - 1, 6, CAST(r.seq AS TEXT), encode(r.hash, 'hex'), CAST(r.created_ms AS TEXT), '', '' FROM receipts r
                WHERE r.account_id = acct ORDER BY r.seq DESC LIMIT 1 FOR UPDATE;
            FOR i IN 1 .. n_shards LOOP
                IF pg_try_advisory_xact_lock(shard_keys[(u - 1) * n_shards + i]) THEN
                    sbook := shard_books[(u - 1) * n_shards + i];
                    SELECT b.balance INTO held FROM ledger_balances b WHERE b.book = sbook AND b.asset = sasset;
                    RETURN QUERY SELECT u - 1, 8, CAST(i - 1 AS TEXT), COALESCE(held, '0'), '', '', '';
                    EXIT;
                END IF;
                RETURN QUERY SELECT u - 1, 11, CAST(i - 1 AS TEXT), '', '', '', '';
            END LOOP;
        END IF;
        RETURN QUERY SELECT u - 1, 13, CAST(nextval('offchain_orders_id_seq') AS TEXT), CAST(nextval('ledger_entries_id_seq') AS TEXT), '', '', '';
        RETURN QUERY SELECT u - 1, 0, a.id, a.parent_id, a.label, a.account_asset, CAST(a.created_at AS TEXT) FROM accounts a WHERE a.id = acct;
        RETURN QUERY SELECT u - 1, 1, s.setting_type, s.value, '', '', '' FROM account_settings s WHERE s.account_id = acct;
        RETURN QUERY SELECT u - 1, 2, c.source, c.pair, CAST(c.bps AS TEXT), CAST(c.updated_at AS TEXT), '' FROM account_commissions c
            WHERE c.account_id = acct AND c.source = src;
        RETURN QUERY SELECT u - 1, 3, r.introducer_id, r.share, CAST(r.created_at AS TEXT), CAST(r.updated_at AS TEXT), '' FROM introducer_relationships r
            WHERE r.client_id = acct AND r.active = 1;
        RETURN QUERY SELECT u - 1, 4, b.asset, b.balance, '', '', '' FROM ledger_balances b WHERE b.book = bk;
        -- Planned for its values each time: as a cached plan (made while the table was
        -- small) it took ten times as long once the table had grown.
        RETURN QUERY EXECUTE 'SELECT $1, 5, CAST(o.id AS TEXT), $5, $5, $5, $5 FROM offchain_orders o
            WHERE o.account_id = $2 AND o.kind = $3 AND o.instruction_id = $4' USING u - 1, acct, knd, iid, ''::text;
    END LOOP;
END $$;

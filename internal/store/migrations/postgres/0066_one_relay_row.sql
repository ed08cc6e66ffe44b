-- PostgreSQL translation of migrations/0066_one_relay_row.sql.
-- One row per relayed request, (source, trader, nonce), instead of relay_requests, relays
-- and failed_relays joined with NOT EXISTS. Its state moves one way:
--
--   REQUESTED -> SENT -> CONFIRMED      an API process stored it; the settler journaled its
--        |         |                    transaction (tx_hash) in the same store transaction;
--        +---------+--> FAILED          the journal confirmed it (a reorg may move it back
--                                       to SENT), or the contract refused it before sending
--                                       (tx_hash empty), or it reverted or was dropped.
--
-- A FAILED row frees the trader's nonce: another signed request of it makes the row
-- REQUESTED again, and the failed attempt that was sent (prev_tx, prev_kind, prev_reason)
-- still answers its instructionId FAILED with its reason.
CREATE TABLE relays_0066 (
    id          BIGSERIAL PRIMARY KEY,
    source      TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    trader      TEXT    NOT NULL,
    nonce       TEXT    NOT NULL,
    digest      TEXT    NOT NULL,
    account_id  TEXT    NOT NULL,
    data        BYTEA   NOT NULL,
    state       TEXT    NOT NULL,
    tx_hash     TEXT    NOT NULL DEFAULT '',
    reason      TEXT    NOT NULL DEFAULT '',
    prev_tx     TEXT    NOT NULL DEFAULT '',
    prev_kind   TEXT    NOT NULL DEFAULT '',
    prev_reason TEXT    NOT NULL DEFAULT '',
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL,
    UNIQUE (source, trader, nonce)
);

-- Relays sent: SENT, or CONFIRMED when a transaction at its operator nonce confirmed; the
-- calldata of the request it relays when the digests agree.
INSERT INTO relays_0066 (source, kind, trader, nonce, digest, account_id, data, state, tx_hash, created_at, updated_at)
SELECT r.source, r.kind, r.trader, r.nonce, r.digest, r.account_id, COALESCE(q.data, '\x'::bytea),
    CASE WHEN EXISTS (SELECT 1 FROM tx_journal j0 JOIN tx_journal k ON k.source = j0.source AND k.sender = j0.sender
        AND k.nonce = j0.nonce AND k.state = 'CONFIRMED' WHERE j0.tx_hash = r.tx_hash) THEN 'CONFIRMED' ELSE 'SENT' END,
    r.tx_hash, COALESCE(q.created_at, r.created_at), r.created_at
FROM relays r LEFT JOIN relay_requests q ON q.source = r.source AND q.trader = r.trader AND q.nonce = r.nonce
    AND q.digest = r.digest
ORDER BY r.created_at;

-- Requests not sent: REQUESTED (PENDING) or FAILED.
INSERT INTO relays_0066 (source, kind, trader, nonce, digest, account_id, data, state, tx_hash, reason, created_at, updated_at)
SELECT q.source, q.kind, q.trader, q.nonce, q.digest, q.account_id, q.data,
    CASE q.state WHEN 'PENDING' THEN 'REQUESTED' ELSE 'FAILED' END, q.failed_tx, q.reason, q.created_at, q.updated_at
FROM relay_requests q WHERE NOT EXISTS (SELECT 1 FROM relays r WHERE r.source = q.source AND r.trader = q.trader
    AND r.nonce = q.nonce)
ORDER BY q.id;

-- Failed relays whose request is gone: FAILED, the newest of each nonce.
INSERT INTO relays_0066 (source, kind, trader, nonce, digest, account_id, data, state, tx_hash, reason, created_at, updated_at)
SELECT f.source, f.kind, f.trader, f.nonce, f.digest, f.account_id, '\x'::bytea, 'FAILED', f.tx_hash, f.reason, f.failed_at, f.failed_at
FROM failed_relays f WHERE NOT EXISTS (SELECT 1 FROM relays_0066 n WHERE n.source = f.source AND n.trader = f.trader
    AND n.nonce = f.nonce) AND NOT EXISTS (SELECT 1 FROM failed_relays g WHERE g.source = f.source AND g.trader = f.trader
    AND g.nonce = f.nonce AND (g.failed_at, g.tx_hash) > (f.failed_at, f.tx_hash))
ORDER BY f.failed_at;

-- The newest other failed attempt of each nonce.
UPDATE relays_0066 SET (prev_tx, prev_kind, prev_reason) = (SELECT f.tx_hash, f.kind, f.reason FROM failed_relays f
    WHERE f.source = relays_0066.source AND f.trader = relays_0066.trader AND f.nonce = relays_0066.nonce
    AND f.tx_hash <> relays_0066.tx_hash ORDER BY f.failed_at DESC, f.tx_hash DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM failed_relays f WHERE f.source = relays_0066.source AND f.trader = relays_0066.trader
    AND f.nonce = relays_0066.nonce AND f.tx_hash <> relays_0066.tx_hash);

DROP TABLE failed_relays;
DROP TABLE relay_requests;
DROP TABLE relays;
ALTER TABLE relays_0066 RENAME TO relays;
CREATE INDEX relays_state ON relays(source, state);
CREATE INDEX relays_tx ON relays(tx_hash);
CREATE INDEX relays_prev_tx ON relays(prev_tx);

-- Every commit that wrote relays notifies dtwgate_relays, as events notify dtwgate_events
-- (migration 0004): an API process waiting for a relay's answer wakes when the settler,
-- in any process, sends or fails it. The payload is the writing store's origin.
CREATE FUNCTION dtwgate_relays_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('dtwgate_relays', COALESCE(current_setting('dtwgate.origin', true), ''));
    RETURN NULL;
END $$;
CREATE TRIGGER relays_changed AFTER INSERT OR UPDATE ON relays
    FOR EACH STATEMENT EXECUTE FUNCTION dtwgate_relays_changed();

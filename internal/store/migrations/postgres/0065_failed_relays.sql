-- PostgreSQL translation of migrations/0065_failed_relays.sql.
-- A relay whose transaction reverted on chain, or was dropped (its operator nonce used by
-- another transaction), leaves relays: the DTW contract consumed nothing, so the trader's
-- nonce is free again for another signed request. It is kept here, by the transaction
-- hash the client was given as its instructionId, with the reason the status endpoints
-- answer FAILED with.
CREATE TABLE failed_relays (
    tx_hash    TEXT    PRIMARY KEY,
    source     TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    trader     TEXT    NOT NULL,
    nonce      TEXT    NOT NULL,
    digest     TEXT    NOT NULL,
    account_id TEXT    NOT NULL,
    reason     TEXT    NOT NULL,
    failed_at  BIGINT  NOT NULL
);

-- The transaction a FAILED request was sent in, if it was sent (empty when the contract
-- refused it before sending): the API answers a sent request's instructionId even when
-- it failed before the API saw it sent.
ALTER TABLE relay_requests ADD COLUMN failed_tx TEXT NOT NULL DEFAULT '';

-- PostgreSQL translation of migrations/0068_receipts.sql.
-- Signed receipts of the OFFCHAIN ledger's movements (api/receipt): one per account a
-- movement touches, written by internal/ledger in the movement's own transaction, so a
-- receipt exists exactly when its movement does. seq numbers an account's receipts from
-- 1 without gaps (the primary key refuses a second writer of the same number); prev_hash
-- is the hash of the account's receipt seq-1. body is the receipt's JSON (the typed
-- data's message); hash its EIP-712 digest. signature is NULL until the receipt key signs
-- it (inline, or the signer job soon after the commit).
CREATE TABLE receipts (
    account_id TEXT    NOT NULL,
    seq        BIGINT  NOT NULL,
    entry_id   BIGINT  NOT NULL,
    kind       TEXT    NOT NULL,
    reference  TEXT    NOT NULL,
    created_ms BIGINT  NOT NULL,
    body       TEXT    NOT NULL,
    prev_hash  TEXT    NOT NULL,
    hash       TEXT    NOT NULL,
    signature  TEXT,
    PRIMARY KEY (account_id, seq)
);
CREATE INDEX receipts_reference ON receipts(account_id, reference);
CREATE INDEX receipts_unsigned ON receipts(created_ms) WHERE signature IS NULL;

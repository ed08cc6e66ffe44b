-- PostgreSQL translation of migrations/0082_receipt_signatures.sql.
-- Receipts cost the swap path less (issue 24): their signatures leave the receipt rows.
--
-- The signer used to UPDATE each receipt's row with its signature (a new version of a
-- wide row, and the partial index receipts_unsigned that found the rows to sign, written
-- in every movement's transaction and again at each signature). Now:
--   * receipts carry pos, their transaction's 64-bit id shifted left by 20 bits plus
--     their ordinal in it, numbered as events' ids are and in one sequence with them
--     (dtwgate_event_id, migration 0076), and keep their hashes as 32
--     bytes, not hex text. The signer reads receipts in pos order below its snapshot's
--     horizon (pos < pg_snapshot_xmin << 20): every transaction that could still insert
--     a lower pos has ended, so a receipt is never passed over;
--   * a signature is a narrow row of receipt_signatures under its receipt's pos;
--   * receipt_signer.signed_through is the pos up to which the signer has looked at
--     every receipt.
CREATE TABLE receipts_new (
    pos        BIGINT  NOT NULL DEFAULT dtwgate_event_id(),
    account_id TEXT    NOT NULL,
    seq        BIGINT  NOT NULL,
    entry_id   BIGINT  NOT NULL,
    kind       TEXT    NOT NULL,
    reference  TEXT    NOT NULL,
    created_ms BIGINT  NOT NULL,
    body       TEXT    NOT NULL,
    prev_hash  BYTEA   NOT NULL,
    hash       BYTEA   NOT NULL,
    PRIMARY KEY (account_id, seq)
);
-- Rows written before take small positions in their old order (below every transaction
-- id's range).
INSERT INTO receipts_new (pos, account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
    SELECT ROW_NUMBER() OVER (ORDER BY created_ms, account_id, seq), account_id, seq, entry_id, kind, reference, created_ms, body,
        decode(substr(prev_hash, 3), 'hex'), decode(substr(hash, 3), 'hex') FROM receipts;
CREATE UNIQUE INDEX receipts_pos ON receipts_new(pos);
CREATE TABLE receipt_signatures (
    pos       BIGINT PRIMARY KEY,
    signature BYTEA  NOT NULL
);
INSERT INTO receipt_signatures (pos, signature)
    SELECT n.pos, decode(substr(o.signature, 3), 'hex') FROM receipts o JOIN receipts_new n USING (account_id, seq)
    WHERE o.signature IS NOT NULL;
CREATE TABLE receipt_signer (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    signed_through BIGINT  NOT NULL
);
INSERT INTO receipt_signer (id, signed_through) SELECT 1, COALESCE(
    (SELECT MIN(n.pos) - 1 FROM receipts o JOIN receipts_new n USING (account_id, seq) WHERE o.signature IS NULL),
    (SELECT MAX(pos) FROM receipts_new), 0);
DROP TABLE receipts;
ALTER TABLE receipts_new RENAME TO receipts;
ALTER TABLE receipts RENAME CONSTRAINT receipts_new_pkey TO receipts_pkey;

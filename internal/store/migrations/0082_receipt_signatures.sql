-- Receipts cost the swap path less (issue 24): their signatures leave the receipt rows.
--
-- The signer used to UPDATE each receipt's row with its signature (a wide row grown in
-- place, and the partial index receipts_unsigned that found the rows to sign, written
-- in every movement's transaction and again at each signature). Now:
--   * receipts are numbered in their insertion order (pos, the rowid: one writer inserts
--     them, so a row never commits after a row of a higher pos is visible), and keep
--     their hashes as 32 bytes, not hex text;
--   * a signature is a narrow row of receipt_signatures, appended under its receipt's pos;
--   * receipt_signer.signed_through is the pos up to which the signer has looked at
--     every receipt: it reads the receipts after it, in order, with no index of its own.
CREATE TABLE receipts_new (
    pos        INTEGER PRIMARY KEY,
    account_id TEXT    NOT NULL,
    seq        INTEGER NOT NULL,
    entry_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    reference  TEXT    NOT NULL,
    created_ms INTEGER NOT NULL,
    body       TEXT    NOT NULL,
    prev_hash  BLOB    NOT NULL,
    hash       BLOB    NOT NULL,
    UNIQUE (account_id, seq)
);
INSERT INTO receipts_new (pos, account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
    SELECT rowid, account_id, seq, entry_id, kind, reference, created_ms, body, unhex(substr(prev_hash, 3)), unhex(substr(hash, 3))
    FROM receipts;
CREATE TABLE receipt_signatures (
    pos       INTEGER PRIMARY KEY,
    signature BLOB    NOT NULL
);
INSERT INTO receipt_signatures (pos, signature)
    SELECT rowid, unhex(substr(signature, 3)) FROM receipts WHERE signature IS NOT NULL;
CREATE TABLE receipt_signer (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    signed_through INTEGER NOT NULL
);
INSERT INTO receipt_signer (id, signed_through) SELECT 1, COALESCE(
    (SELECT MIN(rowid) - 1 FROM receipts WHERE signature IS NULL), (SELECT MAX(rowid) FROM receipts), 0);
DROP TABLE receipts;
ALTER TABLE receipts_new RENAME TO receipts;

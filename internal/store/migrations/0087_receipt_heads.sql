-- Receipts cost the single writer fewer pages per commit (issue 24). The unique index of
-- the receipts' (account_id, seq) took a page per account in every group commit: an
-- account's receipts append at the end of its own key range, so a commit of swaps of n
-- accounts wrote n of its leaf pages. Now:
--   * receipt_heads holds each account's latest receipt (sequence, position, time,
--     hash), one narrow row per account updated in place: the accounts trading together
--     share its pages, as they share ledger_balances'. A receipt is inserted only when it
--     moves its account's head from seq-1 (the store's compare-and-set), so an account's
--     receipts stay numbered from 1 without gaps or a second writer of a number;
--   * each receipt links to the position of its account's receipt seq-1 (prev_pos, 0
--     for the first), and the partial index receipts_mark finds every 64th receipt of an
--     account: a receipt of any sequence is found by walking at most 63 links down from
--     the mark at or above it (or the head).
-- PostgreSQL keeps its primary key (migrations/postgres/0087_receipt_heads.sql).
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
    prev_pos   INTEGER NOT NULL
);
INSERT INTO receipts_new (pos, account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash, prev_pos)
    SELECT r.pos, r.account_id, r.seq, r.entry_id, r.kind, r.reference, r.created_ms, r.body, r.prev_hash, r.hash,
        COALESCE((SELECT p.pos FROM receipts p WHERE p.account_id = r.account_id AND p.seq = r.seq - 1), 0)
    FROM receipts r ORDER BY r.pos;
CREATE TABLE receipt_heads (
    account_id TEXT    PRIMARY KEY,
    seq        INTEGER NOT NULL,
    pos        INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    hash       BLOB    NOT NULL
) WITHOUT ROWID;
INSERT INTO receipt_heads (account_id, seq, pos, created_ms, hash)
    SELECT r.account_id, r.seq, r.pos, r.created_ms, r.hash FROM receipts r
    WHERE r.seq = (SELECT MAX(m.seq) FROM receipts m WHERE m.account_id = r.account_id);
DROP TABLE receipts;
ALTER TABLE receipts_new RENAME TO receipts;
CREATE UNIQUE INDEX receipts_mark ON receipts(account_id, seq) WHERE seq % 64 = 0;

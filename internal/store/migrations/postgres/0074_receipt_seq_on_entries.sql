-- PostgreSQL translation of migrations/0074_receipt_seq_on_entries.sql.
-- An entry's receipt of its own account is found through the entry (its external key's
-- unique index, then the receipt's primary key), not through an index of the receipts'
-- references: receipt_seq is the sequence of the entry's account's receipt (0 when it has
-- none), set by InsertReceipt in the movement's transaction. receipts_reference added an
-- index page per account to every commit of the single writer (issue 24).
ALTER TABLE ledger_entries ADD COLUMN receipt_seq BIGINT NOT NULL DEFAULT 0;
UPDATE ledger_entries SET receipt_seq = r.seq FROM receipts r
    WHERE r.entry_id > 0 AND r.entry_id = ledger_entries.id AND r.account_id = ledger_entries.account_id;
DROP INDEX receipts_reference;

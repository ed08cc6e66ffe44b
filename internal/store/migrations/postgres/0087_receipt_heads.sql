-- PostgreSQL translation of migrations/0087_receipt_heads.sql: nothing to change. Its
-- receipts keep their primary key (account_id, seq), under which ReceiptHead locks an
-- account's head; the replicas' writers are not one, and a page per account per commit
-- is not what bounds them.
SELECT 1;

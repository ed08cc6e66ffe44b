-- PostgreSQL translation of migrations/0030_subaccounts.sql.
ALTER TABLE accounts ADD COLUMN parent_id TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN account_asset TEXT NOT NULL DEFAULT 'usd';
CREATE INDEX accounts_parent ON accounts(parent_id, created_at);

-- Sub-accounts: an account may own sub-accounts (parent_id, '' for a top-level account);
-- every account has a label and an account asset (its valuation currency, e.g. usd).
ALTER TABLE accounts ADD COLUMN parent_id TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE accounts ADD COLUMN account_asset TEXT NOT NULL DEFAULT 'usd';
CREATE INDEX accounts_parent ON accounts(parent_id, created_at);

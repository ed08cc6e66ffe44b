-- PostgreSQL translation of migrations/0001_init.sql. Every INTEGER column is BIGINT
-- (times are unix milliseconds).
CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    label       TEXT NOT NULL,
    permissions TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    generation  BIGINT NOT NULL DEFAULT 1,
    created_at  BIGINT NOT NULL,
    rotated_at  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE wallets (
    address    TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    linked_at  BIGINT NOT NULL
);
CREATE INDEX wallets_account ON wallets(account_id);

CREATE TABLE whitelist (
    address  TEXT PRIMARY KEY,
    added_at BIGINT NOT NULL
);

CREATE TABLE siwe_nonces (
    nonce      TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX siwe_nonces_expires ON siwe_nonces(expires_at);

CREATE TABLE ws_tickets (
    hash       TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    api_key_id TEXT NOT NULL,
    generation BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX ws_tickets_expires ON ws_tickets(expires_at);

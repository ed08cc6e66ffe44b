-- PostgreSQL translation of migrations/0020_ledger.sql: the OFFCHAIN venue's double-entry
-- ledger. Amounts are exact decimal strings.
CREATE TABLE ledger_entries (
    id           BIGSERIAL PRIMARY KEY,
    external_key TEXT   NOT NULL UNIQUE,
    kind         TEXT   NOT NULL,
    account_id   TEXT   NOT NULL DEFAULT '',
    meta         TEXT   NOT NULL DEFAULT '{}',
    created_at   BIGINT NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, kind, created_at, id);

CREATE TABLE ledger_postings (
    entry_id BIGINT NOT NULL REFERENCES ledger_entries(id),
    seq      BIGINT NOT NULL,
    book     TEXT   NOT NULL,
    asset    TEXT   NOT NULL,
    amount   TEXT   NOT NULL,
    PRIMARY KEY (entry_id, seq)
);
CREATE INDEX ledger_postings_book ON ledger_postings(book, asset);

CREATE TABLE ledger_balances (
    book    TEXT NOT NULL,
    asset   TEXT NOT NULL,
    balance TEXT NOT NULL,
    PRIMARY KEY (book, asset)
);

CREATE TABLE ledger_holds (
    hold_key   TEXT   PRIMARY KEY,
    book       TEXT   NOT NULL,
    asset      TEXT   NOT NULL,
    amount     TEXT   NOT NULL,
    state      TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX ledger_holds_open ON ledger_holds(book, asset, state);

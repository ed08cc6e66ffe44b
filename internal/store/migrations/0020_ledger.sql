-- The OFFCHAIN venue's double-entry ledger. Every movement is one entry whose postings
-- sum to zero per asset; a book is a user's account ("user:<accountId>") or one of the
-- house's ("house:..."). Amounts are exact decimal strings. ledger_balances is derived:
-- it is updated in the transaction that inserts the postings, and a test checks it
-- equals their sums.
CREATE TABLE ledger_entries (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    external_key TEXT    NOT NULL UNIQUE,
    kind         TEXT    NOT NULL,
    account_id   TEXT    NOT NULL DEFAULT '',
    meta         TEXT    NOT NULL DEFAULT '{}',
    created_at   INTEGER NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, kind, created_at, id);

CREATE TABLE ledger_postings (
    entry_id INTEGER NOT NULL REFERENCES ledger_entries(id),
    seq      INTEGER NOT NULL,
    book     TEXT    NOT NULL,
    asset    TEXT    NOT NULL,
    amount   TEXT    NOT NULL,
    PRIMARY KEY (entry_id, seq)
);
CREATE INDEX ledger_postings_book ON ledger_postings(book, asset);

CREATE TABLE ledger_balances (
    book    TEXT NOT NULL,
    asset   TEXT NOT NULL,
    balance TEXT NOT NULL,
    PRIMARY KEY (book, asset)
);

-- Holds reserve a book's funds (a pending withdrawal): OPEN until RELEASED or CAPTURED.
CREATE TABLE ledger_holds (
    hold_key   TEXT    PRIMARY KEY,
    book       TEXT    NOT NULL,
    asset      TEXT    NOT NULL,
    amount     TEXT    NOT NULL,
    state      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX ledger_holds_open ON ledger_holds(book, asset, state);

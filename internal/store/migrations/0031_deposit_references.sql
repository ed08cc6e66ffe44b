-- Each account's unique reference, quoted on the bank transfers that fund it.
CREATE TABLE deposit_references (
    account_id TEXT    PRIMARY KEY REFERENCES accounts(id),
    reference  TEXT    NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

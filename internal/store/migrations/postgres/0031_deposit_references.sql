-- PostgreSQL translation of migrations/0031_deposit_references.sql.
CREATE TABLE deposit_references (
    account_id TEXT   PRIMARY KEY REFERENCES accounts(id),
    reference  TEXT   NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

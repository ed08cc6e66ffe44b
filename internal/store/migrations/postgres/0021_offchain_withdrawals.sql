-- PostgreSQL translation of migrations/0021_offchain_withdrawals.sql.
CREATE TABLE offchain_withdrawals (
    account_id     TEXT   NOT NULL,
    instruction_id TEXT   NOT NULL,
    asset          TEXT   NOT NULL,
    amount         TEXT   NOT NULL,
    kind           TEXT   NOT NULL,             -- CRYPTO or FIAT
    location       TEXT   NOT NULL,             -- a chain's source, or a bank's name
    destination    TEXT   NOT NULL,             -- an address, or a bank detail's id
    request_hash   TEXT   NOT NULL,             -- the request's digest: a retry must match it
    status         TEXT   NOT NULL,             -- PENDING, SENT, COMPLETED, FAILED, REJECTED
    tx_hash        TEXT   NOT NULL DEFAULT '',
    reason         TEXT   NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (account_id, instruction_id)
);
CREATE INDEX offchain_withdrawals_work ON offchain_withdrawals(kind, location, status);
CREATE INDEX offchain_withdrawals_account ON offchain_withdrawals(account_id, created_at);

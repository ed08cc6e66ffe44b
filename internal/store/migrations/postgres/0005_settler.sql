-- PostgreSQL translation of migrations/0005_settler.sql: what the settlers of each chain
-- tell the API processes through the store.
CREATE TABLE settler_heads (
    source     TEXT   PRIMARY KEY,
    head       BIGINT NOT NULL,
    synced     BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE settler_inventory (
    source     TEXT   NOT NULL,
    token      TEXT   NOT NULL,
    operator   TEXT   NOT NULL,
    balance    TEXT   NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (source, token)
);

CREATE TABLE relay_requests (
    id         BIGSERIAL PRIMARY KEY,
    source     TEXT   NOT NULL,
    kind       TEXT   NOT NULL,
    trader     TEXT   NOT NULL,
    nonce      TEXT   NOT NULL,
    digest     TEXT   NOT NULL,
    account_id TEXT   NOT NULL,
    data       BYTEA  NOT NULL,
    state      TEXT   NOT NULL,
    reason     TEXT   NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (source, trader, nonce)
);
CREATE INDEX relay_requests_state ON relay_requests(source, state);

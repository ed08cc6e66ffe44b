-- PostgreSQL translation of migrations/0061_server_keys.sql.
-- Server keys every replica must share, by name: "apikey-hmac", the key under which API
-- key secrets are hashed and from which SIWE nonces and paging cursors are MAC'd. Stored
-- once, by the first process that starts, and never changed.
CREATE TABLE server_keys (
    name       TEXT    PRIMARY KEY,
    secret     TEXT    NOT NULL,  -- hex
    created_at BIGINT  NOT NULL
);

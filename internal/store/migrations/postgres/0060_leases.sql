-- PostgreSQL translation of migrations/0060_leases.sql: leases electing the one process
-- that runs each piece of work, with their fencing tokens, and the shared JWT signing keys.
CREATE TABLE leases (
    name        TEXT   PRIMARY KEY,
    holder      TEXT   NOT NULL,  -- '' once released
    token       BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,  -- unix ms; 0 once released
    acquired_at BIGINT NOT NULL,  -- when the holder took it
    renewed_at  BIGINT NOT NULL
);

CREATE TABLE signing_keys (
    id          BIGINT PRIMARY KEY,
    secret      TEXT   NOT NULL,  -- hex
    created_at  BIGINT NOT NULL,
    active_from BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL DEFAULT 0
);

-- Leases elect the one process that runs work which must run once per store: the settler
-- of each chain ("settler:<source>") and the OFFCHAIN matcher ("offchain-matcher"). The
-- token fences the holder's writes: it grows with every change of holder (and on a
-- release), so a write checked against an old token is refused.
CREATE TABLE leases (
    name        TEXT    PRIMARY KEY,
    holder      TEXT    NOT NULL,  -- '' once released
    token       INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,  -- unix ms; 0 once released
    acquired_at INTEGER NOT NULL,  -- when the holder took it
    renewed_at  INTEGER NOT NULL
);

-- The HS256 keys that sign and verify bearer JWTs, shared by every replica. The key
-- with the latest active_from at or before now signs; every key not yet expired
-- verifies (expires_at 0: no expiry). A rotated key becomes active a little after it is
-- written, so every replica knows it before any signs with it.
CREATE TABLE signing_keys (
    id          INTEGER PRIMARY KEY,
    secret      TEXT    NOT NULL,  -- hex
    created_at  INTEGER NOT NULL,
    active_from INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL DEFAULT 0
);

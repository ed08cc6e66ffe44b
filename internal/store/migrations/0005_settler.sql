-- What the settler of each chain tells the API processes through the store.

-- The chain head the settler's follower last saw, and the last block it applied: order
-- and withdrawal confirmations are counted from head.
CREATE TABLE settler_heads (
    source     TEXT    PRIMARY KEY,
    head       INTEGER NOT NULL,
    synced     INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);

-- The operator's free balance of each token in the DTW contract, as of updated_at
-- (quantity estimates read it). Balances are base-unit decimal strings.
CREATE TABLE settler_inventory (
    source     TEXT    NOT NULL,
    token      TEXT    NOT NULL,
    operator   TEXT    NOT NULL,
    balance    TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (source, token)
);

-- Signed orders and withdrawals an API process accepted for relaying. The settler of the
-- source sends each pending one; its transaction is the relays row of the same (source,
-- trader, nonce), written with the journal entry. A request the contract refuses is
-- FAILED with the reason. One request per trader nonce and chain, for orders and
-- withdrawals alike.
CREATE TABLE relay_requests (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    source     TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    trader     TEXT    NOT NULL,
    nonce      TEXT    NOT NULL,
    digest     TEXT    NOT NULL,
    account_id TEXT    NOT NULL,
    data       BLOB    NOT NULL,
    state      TEXT    NOT NULL,
    reason     TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (source, trader, nonce)
);
CREATE INDEX relay_requests_state ON relay_requests(source, state);

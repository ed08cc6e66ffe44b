-- PostgreSQL translation of migrations/0033_custody.sql.
CREATE TABLE deposit_addresses (
    source      TEXT   NOT NULL,
    account_id  TEXT   NOT NULL,
    address     TEXT   NOT NULL,
    salt        TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    deployed_at BIGINT NOT NULL DEFAULT 0,  -- 0 until the forwarder's code is on chain
    PRIMARY KEY (source, account_id)
);
CREATE UNIQUE INDEX deposit_addresses_address ON deposit_addresses(source, address);
CREATE INDEX deposit_addresses_undeployed ON deposit_addresses(source, deployed_at);

CREATE TABLE custody_cursors (
    source TEXT   NOT NULL PRIMARY KEY,
    block  BIGINT NOT NULL,  -- deposits of blocks up to this one are credited
    hash   TEXT   NOT NULL   -- that block's hash: a reorg deeper than the depth changes it
);

CREATE TABLE custody_sweeps (
    source  TEXT   NOT NULL,
    address TEXT   NOT NULL,  -- a forwarder holding funds
    token   TEXT   NOT NULL,  -- the token (the zero address: native ETH)
    since   BIGINT NOT NULL,
    PRIMARY KEY (source, address, token)
);

CREATE TABLE journal_refs (
    source     TEXT   NOT NULL,
    ref        TEXT   NOT NULL,
    sender     TEXT   NOT NULL,
    nonce      BIGINT NOT NULL,
    tx_hash    TEXT   NOT NULL,  -- the first transaction; fee bumps share its nonce
    created_at BIGINT NOT NULL,
    PRIMARY KEY (source, ref)
);

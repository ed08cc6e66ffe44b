-- PostgreSQL translation of migrations/0066_custody_deposits.sql.
CREATE TABLE custody_deposits (
    source          TEXT    NOT NULL,
    tx_hash         TEXT    NOT NULL,
    forwarder       TEXT    NOT NULL,
    token           TEXT    NOT NULL,  -- the zero address: native ETH
    amount          TEXT    NOT NULL,  -- base units
    occurrence      BIGINT  NOT NULL,  -- the nth equal transfer of the transaction, from 0
    log_index       BIGINT  NOT NULL,  -- where it was last seen: a re-mined transaction can move
    block_number    BIGINT  NOT NULL,
    block_hash      TEXT    NOT NULL,
    account_id      TEXT    NOT NULL,
    asset           TEXT    NOT NULL,
    credited_amount TEXT    NOT NULL,  -- in the asset's units, as credited
    ledger_key      TEXT    NOT NULL,
    credited_at     BIGINT  NOT NULL,
    missing_since   BIGINT  NOT NULL DEFAULT 0,  -- not 0: a deep reorg took it out of the chain
    PRIMARY KEY (source, tx_hash, forwarder, token, amount, occurrence)
);
CREATE INDEX custody_deposits_block ON custody_deposits(source, block_number);
CREATE INDEX custody_deposits_key ON custody_deposits(source, ledger_key);

CREATE TABLE custody_blocks (
    source TEXT    NOT NULL,
    block  BIGINT  NOT NULL,  -- a block through which deposits were read
    hash   TEXT    NOT NULL,
    PRIMARY KEY (source, block)
);
INSERT INTO custody_blocks (source, block, hash) SELECT source, block, hash FROM custody_cursors;

CREATE TABLE custody_reorgs (
    source       TEXT    NOT NULL PRIMARY KEY,
    detected_at  BIGINT  NOT NULL,
    checked_at   BIGINT  NOT NULL,
    block        BIGINT  NOT NULL,  -- the credited block (the cursor) no longer canonical
    hash         TEXT    NOT NULL,
    fork_known   BIGINT  NOT NULL,  -- 1: fork_block is the newest recorded block still canonical
    fork_block   BIGINT  NOT NULL,
    missing      BIGINT  NOT NULL,  -- credited deposits after fork_block not on the chain
    waiting      BIGINT  NOT NULL   -- credited deposits mined again, not at the depth yet
);

CREATE TABLE custody_rescans (
    source       TEXT    NOT NULL PRIMARY KEY,
    from_block   BIGINT  NOT NULL,
    requested_at BIGINT  NOT NULL
);

-- What a deep reorg needs to be handled without guessing: every credited OFFCHAIN crypto
-- deposit with the block it was read from, the blocks whose deposits were read (the custody
-- cursor's history), the open deep reorg of a chain, and an operator's rescan request.
CREATE TABLE custody_deposits (
    source          TEXT    NOT NULL,
    tx_hash         TEXT    NOT NULL,
    forwarder       TEXT    NOT NULL,
    token           TEXT    NOT NULL,  -- the zero address: native ETH
    amount          TEXT    NOT NULL,  -- base units
    occurrence      INTEGER NOT NULL,  -- the nth equal transfer of the transaction, from 0
    log_index       INTEGER NOT NULL,  -- where it was last seen: a re-mined transaction can move
    block_number    INTEGER NOT NULL,
    block_hash      TEXT    NOT NULL,
    account_id      TEXT    NOT NULL,
    asset           TEXT    NOT NULL,
    credited_amount TEXT    NOT NULL,  -- in the asset's units, as credited
    ledger_key      TEXT    NOT NULL,
    credited_at     INTEGER NOT NULL,
    missing_since   INTEGER NOT NULL DEFAULT 0,  -- not 0: a deep reorg took it out of the chain
    PRIMARY KEY (source, tx_hash, forwarder, token, amount, occurrence)
);
CREATE INDEX custody_deposits_block ON custody_deposits(source, block_number);
CREATE INDEX custody_deposits_key ON custody_deposits(source, ledger_key);

CREATE TABLE custody_blocks (
    source TEXT    NOT NULL,
    block  INTEGER NOT NULL,  -- a block through which deposits were read
    hash   TEXT    NOT NULL,
    PRIMARY KEY (source, block)
);
INSERT INTO custody_blocks (source, block, hash) SELECT source, block, hash FROM custody_cursors;

CREATE TABLE custody_reorgs (
    source       TEXT    NOT NULL PRIMARY KEY,
    detected_at  INTEGER NOT NULL,
    checked_at   INTEGER NOT NULL,
    block        INTEGER NOT NULL,  -- the credited block (the cursor) no longer canonical
    hash         TEXT    NOT NULL,
    fork_known   INTEGER NOT NULL,  -- 1: fork_block is the newest recorded block still canonical
    fork_block   INTEGER NOT NULL,
    missing      INTEGER NOT NULL,  -- credited deposits after fork_block not on the chain
    waiting      INTEGER NOT NULL   -- credited deposits mined again, not at the depth yet
);

CREATE TABLE custody_rescans (
    source       TEXT    NOT NULL PRIMARY KEY,
    from_block   INTEGER NOT NULL,
    requested_at INTEGER NOT NULL
);

-- PostgreSQL translation of migrations/0002_chain.sql.

-- Blocks the follower applied (a window of refs to find a reorg's fork point).
CREATE TABLE chain_blocks (
    source TEXT   NOT NULL,
    number BIGINT NOT NULL,
    hash   TEXT   NOT NULL,
    PRIMARY KEY (source, number)
);

-- DTW events at the confirmation depth. Amounts are base-unit decimal strings.
CREATE TABLE chain_events (
    source         TEXT   NOT NULL,
    block_number   BIGINT NOT NULL,
    log_index      BIGINT NOT NULL,
    block_hash     TEXT   NOT NULL,
    block_time     BIGINT NOT NULL,
    tx_hash        TEXT   NOT NULL,
    kind           TEXT   NOT NULL,
    trader         TEXT   NOT NULL,
    token          TEXT   NOT NULL DEFAULT '',
    amount         TEXT   NOT NULL DEFAULT '',
    to_address     TEXT   NOT NULL DEFAULT '',
    order_id       BIGINT,
    sell_token     TEXT   NOT NULL DEFAULT '',
    buy_token      TEXT   NOT NULL DEFAULT '',
    sell_amount    TEXT   NOT NULL DEFAULT '',
    min_buy_amount TEXT   NOT NULL DEFAULT '',
    buy_amount     TEXT   NOT NULL DEFAULT '',
    deadline       BIGINT NOT NULL DEFAULT 0,
    order_kind     BIGINT NOT NULL DEFAULT 0,
    closer         TEXT   NOT NULL DEFAULT '',
    PRIMARY KEY (source, block_number, log_index)
);
CREATE INDEX chain_events_order ON chain_events(source, order_id, kind);
CREATE INDEX chain_events_trader ON chain_events(source, trader, kind, block_time);
CREATE INDEX chain_events_tx ON chain_events(source, tx_hash);

-- Return transactions (settle or cancel) whose receipts were checked at the confirmation
-- depth. A reorg below block_number removes the row with the event.
CREATE TABLE order_returns (
    source       TEXT   NOT NULL,
    order_id     BIGINT NOT NULL,
    status       TEXT   NOT NULL,
    tx_hash      TEXT   NOT NULL,
    block_number BIGINT NOT NULL,
    buy_amount   TEXT   NOT NULL DEFAULT '',
    verified_at  BIGINT NOT NULL,
    PRIMARY KEY (source, order_id)
);

-- Every transaction the operator signed, written before it is broadcast.
CREATE TABLE tx_journal (
    id           BIGSERIAL PRIMARY KEY,
    source       TEXT   NOT NULL,
    sender       TEXT   NOT NULL,
    nonce        BIGINT NOT NULL,
    tx_hash      TEXT   NOT NULL UNIQUE,
    raw          BYTEA  NOT NULL,
    kind         TEXT   NOT NULL,
    order_ids    TEXT   NOT NULL DEFAULT '',
    state        TEXT   NOT NULL,
    replaces     BIGINT NOT NULL DEFAULT 0,
    block_number BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX tx_journal_open ON tx_journal(source, sender, state);

-- Relayed gasless orders and withdrawals: one relay transaction per (trader, nonce), so a
-- retried request returns the first transaction instead of sending another.
CREATE TABLE relays (
    source     TEXT   NOT NULL,
    kind       TEXT   NOT NULL,
    trader     TEXT   NOT NULL,
    nonce      TEXT   NOT NULL,
    tx_hash    TEXT   NOT NULL,
    account_id TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (source, kind, trader, nonce)
);
CREATE INDEX relays_tx ON relays(tx_hash);

-- Withdrawal destinations of accounts; PENDING until an operator approves them.
CREATE TABLE withdrawal_addresses (
    id         TEXT   PRIMARY KEY,
    account_id TEXT   NOT NULL REFERENCES accounts(id),
    source     TEXT   NOT NULL,
    address    TEXT   NOT NULL,
    status     TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (account_id, source, address)
);

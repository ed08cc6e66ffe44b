-- PostgreSQL translation of migrations/0034_trading.sql: OFFCHAIN swaps and RFQ trades,
-- and RFQ quotes.
CREATE TABLE offchain_orders (
    id                      BIGSERIAL PRIMARY KEY,
    account_id              TEXT   NOT NULL,
    kind                    TEXT   NOT NULL,             -- SWAP or RFQ
    instruction_id          TEXT   NOT NULL,
    order_type              TEXT   NOT NULL,             -- MARKET or LIMIT
    selling_asset           TEXT   NOT NULL,
    buying_asset            TEXT   NOT NULL,
    amount_to_sell          TEXT   NOT NULL,
    limit_amount_to_receive TEXT   NOT NULL DEFAULT '',  -- LIMIT: the least to receive
    quantity_sold           TEXT   NOT NULL DEFAULT '0',
    quantity_bought         TEXT   NOT NULL DEFAULT '0',
    price                   TEXT   NOT NULL DEFAULT '',  -- buying per selling, after commission
    commission              TEXT   NOT NULL DEFAULT '0', -- in the buying asset
    status                  TEXT   NOT NULL,             -- OPEN, SETTLED, CANCELLED
    reason                  TEXT   NOT NULL DEFAULT '',
    request_hash            TEXT   NOT NULL,
    expires_at              BIGINT NOT NULL DEFAULT 0,   -- LIMIT: when it is cancelled unfilled
    created_at              BIGINT NOT NULL,
    updated_at              BIGINT NOT NULL,
    UNIQUE (account_id, kind, instruction_id)
);
CREATE INDEX offchain_orders_open ON offchain_orders(status, expires_at) WHERE status = 'OPEN';
CREATE INDEX offchain_orders_history ON offchain_orders(account_id, created_at, id);

CREATE TABLE rfq_quotes (
    account_id     TEXT   NOT NULL,
    instruction_id TEXT   NOT NULL,
    selling_asset  TEXT   NOT NULL,
    buying_asset   TEXT   NOT NULL,
    amount_to_buy  TEXT   NOT NULL,
    amount_to_sell TEXT   NOT NULL,
    price          TEXT   NOT NULL,
    commission     TEXT   NOT NULL,
    request_hash   TEXT   NOT NULL,
    created_at     BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    actioned_at    BIGINT NOT NULL DEFAULT 0,
    order_id       BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, instruction_id)
);

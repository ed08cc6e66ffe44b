-- PostgreSQL translation of migrations/0035_commissions.sql.
CREATE TABLE account_commissions (
    account_id TEXT   NOT NULL,
    source     TEXT   NOT NULL,
    pair       TEXT   NOT NULL,  -- "sell/buy", or '' for every pair
    bps        BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, source, pair)
);

CREATE TABLE introducer_relationships (
    introducer_id TEXT   NOT NULL,
    client_id     TEXT   NOT NULL,
    share         TEXT   NOT NULL,  -- the fraction of the commission, 0 < share <= 1
    active        BIGINT NOT NULL,  -- 1 or 0, as in SQLite
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (introducer_id, client_id)
);
CREATE UNIQUE INDEX introducer_active_client ON introducer_relationships(client_id) WHERE active = 1;

CREATE TABLE introducer_revenue (
    id             BIGSERIAL PRIMARY KEY,
    introducer_id  TEXT   NOT NULL,
    client_id      TEXT   NOT NULL,
    order_id       BIGINT NOT NULL,
    kind           TEXT   NOT NULL,  -- SWAP or RFQ
    instruction_id TEXT   NOT NULL,
    asset          TEXT   NOT NULL,
    amount         TEXT   NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX introducer_revenue_page ON introducer_revenue(introducer_id, id);

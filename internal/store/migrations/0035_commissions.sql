-- Commissions an operator set for an account on a source (pair '' for every pair), over
-- the configured ones; and introducers: an introducer account takes a share of the
-- commission its active clients pay on OFFCHAIN trades, credited in the trade's own
-- ledger entry and recorded here for GET /v3/introducer-revenue.
CREATE TABLE account_commissions (
    account_id TEXT    NOT NULL,
    source     TEXT    NOT NULL,
    pair       TEXT    NOT NULL,  -- "sell/buy", or '' for every pair
    bps        INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, source, pair)
);

CREATE TABLE introducer_relationships (
    introducer_id TEXT    NOT NULL,
    client_id     TEXT    NOT NULL,
    share         TEXT    NOT NULL,  -- the fraction of the commission, 0 < share <= 1
    active        INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    PRIMARY KEY (introducer_id, client_id)
);
CREATE UNIQUE INDEX introducer_active_client ON introducer_relationships(client_id) WHERE active = 1;

CREATE TABLE introducer_revenue (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    introducer_id  TEXT    NOT NULL,
    client_id      TEXT    NOT NULL,
    order_id       INTEGER NOT NULL,
    kind           TEXT    NOT NULL,  -- SWAP or RFQ
    instruction_id TEXT    NOT NULL,
    asset          TEXT    NOT NULL,
    amount         TEXT    NOT NULL,
    created_at     INTEGER NOT NULL
);
CREATE INDEX introducer_revenue_page ON introducer_revenue(introducer_id, id);

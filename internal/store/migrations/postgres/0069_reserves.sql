-- PostgreSQL translation of migrations/0069_reserves.sql.
-- Proof-of-reserves snapshots (internal/solvency): each holds the signed statement of the
-- liabilities' roots at one ledger position, the holdings listed beside it and the
-- snapshot's secret (never published: it salts the leaves), so that the trees, and every
-- account's inclusion proof, can be built again from the balances kept per asset.
CREATE TABLE reserves_snapshots (
    id         BIGSERIAL PRIMARY KEY,
    position   BIGINT NOT NULL,
    statement  TEXT   NOT NULL,
    holdings   TEXT   NOT NULL,
    secret     BYTEA  NOT NULL,
    created_at BIGINT NOT NULL
);

-- The balances of every account of one asset at a snapshot's position, encoded by
-- internal/solvency (account and balance pairs); dropped with older snapshots' (only the
-- latest snapshots' proofs are served).
CREATE TABLE reserves_balances (
    snapshot_id BIGINT  NOT NULL REFERENCES reserves_snapshots(id) ON DELETE CASCADE,
    asset       TEXT    NOT NULL,
    decimals    INTEGER NOT NULL,
    balances    BYTEA   NOT NULL,
    PRIMARY KEY (snapshot_id, asset)
);

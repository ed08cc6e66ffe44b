-- PostgreSQL translation of migrations/0070_inventory.sql.
-- Inventory moves between the operator's DTW inventory and its treasury wallet on a chain
-- (internal/inventory): each is recorded before its transaction is sent, and the
-- transaction is journaled under the move's reference (inventory-move:ID), so a crash at
-- any point moves the funds once. The settler writes automatic moves; `dtwgate admin
-- inventory move` writes manual ones for the settler to carry out.
CREATE TABLE inventory_moves (
    id          BIGSERIAL PRIMARY KEY,
    source      TEXT    NOT NULL,
    asset       TEXT    NOT NULL,
    from_place  TEXT    NOT NULL,
    amount      TEXT    NOT NULL,
    reason      TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    tx_hash     TEXT    NOT NULL DEFAULT '',
    error       TEXT    NOT NULL DEFAULT '',
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);
CREATE INDEX inventory_moves_open ON inventory_moves(source, state);

-- Where each watched place (dtw, treasury) of each asset stood when the settler last read
-- it, with its band: `dtwgate admin inventory` prints it.
CREATE TABLE inventory_places (
    source      TEXT    NOT NULL,
    asset       TEXT    NOT NULL,
    place       TEXT    NOT NULL,
    balance     TEXT    NOT NULL,
    band_min    TEXT    NOT NULL,
    band_target TEXT    NOT NULL,
    band_max    TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    updated_at  BIGINT  NOT NULL,
    PRIMARY KEY (source, asset, place)
);

-- Per-trader order ids (issue 27): the DTW contract numbers a trader's orders itself (per
-- sell token when placed directly, 1<<62 | nonce when relayed) and names an order in the
-- events that close it by its key, keccak256(id << 160 | trader, w). order_id stays the
-- gateway's id of an order on its chain, assigned by the follower to each OrderPlaced in
-- chain order; order_key is the key every order event names (hex), trader_order_id the
-- on-chain id OrderPlaced carries (what settle and cancel take with the order).
ALTER TABLE chain_events ADD COLUMN order_key TEXT NOT NULL DEFAULT '';
ALTER TABLE chain_events ADD COLUMN trader_order_id BIGINT;

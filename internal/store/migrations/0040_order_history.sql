-- Order history pages one wallet's placed orders by (block_time, order_id): search by
-- (source, trader, kind) and read them already in key order from either end of a range,
-- instead of sorting every order after the cursor. It serves whatever
-- chain_events_trader served (its columns are a prefix of this one's), so that one goes.
CREATE INDEX chain_events_trader_orders ON chain_events(source, trader, kind, block_time, order_id);
DROP INDEX chain_events_trader;

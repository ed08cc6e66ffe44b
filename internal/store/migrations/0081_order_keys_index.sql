-- The follower resolves each closing event's key to its order (the OrderPlaced of that
-- key) while it applies a block; the order-cancel relay finds an order by key too.
CREATE INDEX chain_events_key ON chain_events(source, order_key);

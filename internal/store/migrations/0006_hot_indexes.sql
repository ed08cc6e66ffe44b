-- Order status reads one order's events in chain order: search by (source, order_id) and
-- read them already sorted, instead of walking the source's events by primary key.
CREATE INDEX chain_events_order_seq ON chain_events(source, order_id, block_number, log_index);

-- PostgreSQL translation of migrations/0040_order_history.sql.
CREATE INDEX chain_events_trader_orders ON chain_events(source, trader, kind, block_time, order_id);
DROP INDEX chain_events_trader;

-- PostgreSQL translation of migrations/0006_hot_indexes.sql.
CREATE INDEX chain_events_order_seq ON chain_events(source, order_id, block_number, log_index);

-- PostgreSQL translation of migrations/0003_relay_digest.sql.
ALTER TABLE relays ADD COLUMN digest TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX relays_trader_nonce ON relays(source, trader, nonce);

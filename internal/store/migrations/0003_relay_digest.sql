-- A relay keeps the EIP-712 digest of the signed request it relays: only the identical
-- request is answered with the relay's transaction. A trader nonce is relayed once per
-- chain, for orders and withdrawals alike, as the DTW contract accepts it once. Relays
-- written before this migration have digest '' and match no request.
ALTER TABLE relays ADD COLUMN digest TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX relays_trader_nonce ON relays(source, trader, nonce);

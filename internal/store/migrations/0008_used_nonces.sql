-- SIWE nonces are now issued without a write (auth.Nonces: expiry under a MAC); the table
-- records the nonces logins used. Rows from before were issued, not used: drop them.
DELETE FROM siwe_nonces;

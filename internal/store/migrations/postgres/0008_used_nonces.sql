-- PostgreSQL translation of migrations/0008_used_nonces.sql.
DELETE FROM siwe_nonces;

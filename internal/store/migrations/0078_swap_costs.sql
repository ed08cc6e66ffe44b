-- ledger_postings_book indexed every posting by (book, asset) for a lookup no statement
-- makes (postings are read by entry, the primary key, or all of them): its writes cost
-- every entry. (PostgreSQL's translation also adds the function that claims a house shard
-- and reads its balance in one round trip; SQLite's calls cost no round trip.)
DROP INDEX IF EXISTS ledger_postings_book;

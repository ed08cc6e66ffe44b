-- PostgreSQL's translation adds the function that takes a swap's locks and reads what it
-- decides on in its first round trip (store.TraderReadsLocking). SQLite has one writer and
-- no round trips: nothing to change here.
SELECT 1;

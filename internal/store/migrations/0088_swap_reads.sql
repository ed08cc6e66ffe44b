-- PostgreSQL's translation adds the function that reads ahead for a group's first swaps
-- in one call (store readahead.go). SQLite has one writer and no round trips: nothing to
-- change here.
SELECT 1;

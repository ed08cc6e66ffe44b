-- Events are numbered by their transaction, readers stop at their snapshot's horizon: the
-- PostgreSQL translation (migrations/postgres/0076_events_xid_order.sql) says it there.
-- SQLite's single writer numbers events in commit order already: nothing to change.
SELECT 1;

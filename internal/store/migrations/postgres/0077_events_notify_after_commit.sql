-- Commits that write events no longer NOTIFY dtwgate_events in their own transaction
-- (drops migration 0004's statement trigger; its access trigger stays).
--
-- A transaction that NOTIFYs takes, at its commit, PostgreSQL's one lock of all
-- notifying transactions (the "database 0" object lock that keeps the notification queue
-- in commit order) and holds it through the commit's WAL flush. With every swap writing
-- an event, that lock took the place of migration 0072's: on three replicas the swaps'
-- backends waited on it (wait event Lock:object) more than on anything but CPU. The store
-- now notifies after its commit, from a connection of its own with synchronous_commit
-- off, one notification at a time for all the commits made meanwhile (store.pgBell).
DROP TRIGGER events_before ON events;
DROP FUNCTION dtwgate_events_before();

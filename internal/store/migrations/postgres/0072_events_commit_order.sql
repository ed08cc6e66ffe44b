-- Events take their ids at commit, not at insert (replaces migration 0004's lock).
--
-- Readers page by id and must never see id n+1 committed before id n. Migration 0004 made
-- every transaction that inserts events take one advisory lock at its first insert and
-- hold it to its commit, so any two transactions that wrote events (every swap writes
-- one) ran one after the other, however long the first stayed open: a global lock.
--
-- Now an event's insert takes a provisional id from the sequence, and a deferred trigger
-- gives each event of the transaction its final id at COMMIT, under the same advisory
-- lock, which is then held only from the ids' numbering to the end of the commit: ids
-- are still handed out and committed one transaction after another, but a transaction
-- left open no longer holds anyone back. The deferred triggers fire in insert order, so
-- a transaction's events keep their order. Ids stay increasing with gaps, as before.
CREATE OR REPLACE FUNCTION dtwgate_events_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('dtwgate_events', COALESCE(current_setting('dtwgate.origin', true), ''));
    RETURN NULL;
END $$;

CREATE FUNCTION dtwgate_events_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7310868060730310658);
    UPDATE events SET id = nextval('events_id_seq') WHERE id = NEW.id;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER events_number AFTER INSERT ON events
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION dtwgate_events_number();

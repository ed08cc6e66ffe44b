-- Events are numbered by their transaction, and no lock is held across any commit
-- (replaces migration 0072's numbering at COMMIT under one advisory lock).
--
-- Readers page by id and must never see id n+1 committed before id n (they would skip n
-- forever). 0072 kept that by numbering each transaction's events at its COMMIT under one
-- advisory lock, held through the commit's WAL flush: every event-writing commit of every
-- replica waited for the one before (4.9-8.2 ms a swap on three replicas).
--
-- Now an event's id is its transaction's 64-bit id (xid8) shifted left by 20 bits, plus
-- the event's ordinal in its transaction (at most 2^20 events a transaction), taken at
-- insert without a lock. Ids still increase, with gaps, but in the order transactions took
-- their ids, not the order they commit. What makes paging by id safe is the reader's side
-- (store.Events, LastEventID, AccessEpoch): it returns only events below its snapshot's
-- horizon, id < pg_snapshot_xmin(pg_current_snapshot()) << 20. Every transaction with an
-- id below xmin has ended (committed, and visible to that snapshot, or rolled back), and
-- every transaction still to commit has an id at or above it, so an event with an id
-- below the horizon can never be followed by a smaller one, and the horizon only grows.
-- That is PgQ's (Skytools) cut of event batches by txid snapshots. The price: an event
-- becomes readable only once every transaction that took its id before the event's
-- transaction did has ended, a few milliseconds under load; a writer (of any database of
-- the cluster) that holds a transaction open holds events back that long. The alternative,
-- a leased sequencer that numbers committed events in a transaction of its own, costs a
-- write and a commit per batch and a hop between commit and push, and stalls pushes for a
-- lease's failover; docs/scaling.md weighs both.
--
-- Subtransactions share their parent's id, so a group commit's units (savepoints) number
-- their events in one sequence, and a unit rolled back to its savepoint gives its
-- ordinals back with its rows (set_config's local value is rolled back with it).
DROP TRIGGER events_number ON events;
DROP FUNCTION dtwgate_events_number();

CREATE FUNCTION dtwgate_event_id() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    n bigint := COALESCE(NULLIF(current_setting('dtwgate.event_ordinal', true), ''), '0')::bigint;
BEGIN
    IF n >= 1048576 THEN
        RAISE EXCEPTION 'events: a transaction writes at most 1048576 events';
    END IF;
    PERFORM set_config('dtwgate.event_ordinal', (n + 1)::text, true);
    RETURN (pg_current_xact_id()::text::bigint << 20) + n;
END $$;

-- Ids written so far came from the sequence: every new id must be above them (a
-- transaction id counts at least one event of its own, so this holds by far).
DO $$
BEGIN
    IF (SELECT COALESCE(MAX(id), 0) FROM events) >= (pg_current_xact_id()::text::bigint << 20) THEN
        RAISE EXCEPTION 'events: existing ids reach the transaction-numbered range';
    END IF;
END $$;

ALTER TABLE events ALTER COLUMN id SET DEFAULT dtwgate_event_id();
DROP SEQUENCE events_id_seq;

-- PostgreSQL translation of migrations/0004_events.sql: the event outbox.
CREATE TABLE events (
    id         BIGSERIAL PRIMARY KEY,
    kind       TEXT   NOT NULL,
    source     TEXT   NOT NULL DEFAULT '',
    account_id TEXT   NOT NULL DEFAULT '',
    trader     TEXT   NOT NULL DEFAULT '',
    payload    TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX events_account ON events(account_id, id);

-- What SQLite's single writer gives the outbox for free, PostgreSQL needs said:
--
-- Readers page by id and must never see id n+1 committed before id n. A sequence hands out
-- ids at insert time, so two transactions could commit out of id order. Every statement
-- that inserts events first takes a transaction-level advisory lock (held until commit),
-- so event-writing transactions take their ids, and commit, one after another.
--
-- Every commit that wrote events notifies dtwgate_events (and dtwgate_access when it wrote
-- an access change): each store LISTENs, so readers in other processes wake at once.
-- NOTIFY is delivered at commit, once per transaction and channel, never on rollback. The
-- payload is the writing store's dtwgate.origin (a setting of its connections), so a
-- store skips its own commits, which it signals itself.
CREATE FUNCTION dtwgate_events_before() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7310868060730310658);
    PERFORM pg_notify('dtwgate_events', COALESCE(current_setting('dtwgate.origin', true), ''));
    RETURN NULL;
END $$;
CREATE TRIGGER events_before BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION dtwgate_events_before();

CREATE FUNCTION dtwgate_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('dtwgate_access', COALESCE(current_setting('dtwgate.origin', true), ''));
    RETURN NULL;
END $$;
CREATE TRIGGER events_access AFTER INSERT ON events
    FOR EACH ROW WHEN (NEW.kind = 'ACCESS_CHANGED') EXECUTE FUNCTION dtwgate_access_changed();

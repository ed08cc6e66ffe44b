-- The event outbox: every change a client can be told about (deposit, withdrawal, order
-- settled or cancelled, withdrawal address status) is written here in the transaction of
-- the change. AUTOINCREMENT keeps ids increasing and never reused, so readers page by id.
-- account_id is '' when no account owned the trader address when the event was written;
-- readers resolve it from trader (and source) then.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL,
    source     TEXT    NOT NULL DEFAULT '',
    account_id TEXT    NOT NULL DEFAULT '',
    trader     TEXT    NOT NULL DEFAULT '',
    payload    TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX events_account ON events(account_id, id);

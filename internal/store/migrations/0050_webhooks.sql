-- Webhook subscriptions and their deliveries. A delivery is created from an outbox event,
-- in the transaction that moves webhook_cursor past the event, so a crash neither loses
-- nor repeats the fan-out; it is then attempted until delivered or out of time. The
-- secret is kept as is: the gateway needs it to sign (the store's files are private).
CREATE TABLE webhook_subscriptions (
    id             TEXT    PRIMARY KEY,
    account_id     TEXT    NOT NULL,
    event_types    TEXT    NOT NULL,  -- comma-separated channel types
    url            TEXT    NOT NULL,
    headers        TEXT    NOT NULL,  -- JSON object of header name to value
    secret         TEXT    NOT NULL,
    after_event_id INTEGER NOT NULL,  -- the newest event id at creation: later events only
    created_at     INTEGER NOT NULL
);
CREATE INDEX webhook_subscriptions_account ON webhook_subscriptions(account_id);

-- Deleting a subscription deletes its deliveries: nothing more is sent.
CREATE TABLE webhook_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id TEXT    NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
    event_id        INTEGER NOT NULL,
    message_id      TEXT    NOT NULL,  -- the webhook-id header, the same on every attempt
    payload         TEXT    NOT NULL,  -- the body, the same on every attempt
    status          TEXT    NOT NULL,  -- PENDING, DELIVERED or FAILED
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    lease_owner     TEXT    NOT NULL DEFAULT '',
    lease_until     INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT    NOT NULL DEFAULT '',
    event_at        INTEGER NOT NULL,  -- the event's created_at
    created_at      INTEGER NOT NULL,
    finished_at     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (subscription_id, event_id)
);
-- The claim takes each subscription's oldest pending delivery.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(subscription_id, id) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries(finished_at) WHERE status <> 'PENDING';

-- The last outbox event the fan-out has handled; it starts at the newest event, as no
-- subscription existed before.
CREATE TABLE webhook_cursor (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    event_id INTEGER NOT NULL
);
INSERT INTO webhook_cursor (id, event_id) SELECT 1, COALESCE(MAX(id), 0) FROM events;

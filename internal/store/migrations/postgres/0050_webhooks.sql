-- PostgreSQL translation of migrations/0050_webhooks.sql: webhook subscriptions and their
-- deliveries.

-- rowid stands in for SQLite's implicit rowid: subscriptions are listed in insertion order.
CREATE TABLE webhook_subscriptions (
    id             TEXT   PRIMARY KEY,
    rowid          BIGSERIAL NOT NULL,
    account_id     TEXT   NOT NULL,
    event_types    TEXT   NOT NULL,  -- comma-separated channel types
    url            TEXT   NOT NULL,
    headers        TEXT   NOT NULL,  -- JSON object of header name to value
    secret         TEXT   NOT NULL,
    after_event_id BIGINT NOT NULL,  -- the newest event id at creation: later events only
    created_at     BIGINT NOT NULL
);
CREATE INDEX webhook_subscriptions_account ON webhook_subscriptions(account_id);

-- Deleting a subscription deletes its deliveries: nothing more is sent.
CREATE TABLE webhook_deliveries (
    id              BIGSERIAL PRIMARY KEY,
    subscription_id TEXT   NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
    event_id        BIGINT NOT NULL,
    message_id      TEXT   NOT NULL,  -- the webhook-id header, the same on every attempt
    payload         TEXT   NOT NULL,  -- the body, the same on every attempt
    status          TEXT   NOT NULL,  -- PENDING, DELIVERED or FAILED
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner     TEXT   NOT NULL DEFAULT '',
    lease_until     BIGINT NOT NULL DEFAULT 0,
    last_error      TEXT   NOT NULL DEFAULT '',
    event_at        BIGINT NOT NULL,  -- the event's created_at
    created_at      BIGINT NOT NULL,
    finished_at     BIGINT NOT NULL DEFAULT 0,
    UNIQUE (subscription_id, event_id)
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(subscription_id, id) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries(finished_at) WHERE status <> 'PENDING';

CREATE TABLE webhook_cursor (
    id       BIGINT PRIMARY KEY CHECK (id = 1),
    event_id BIGINT NOT NULL
);
INSERT INTO webhook_cursor (id, event_id) SELECT 1, COALESCE(MAX(id), 0) FROM events;

-- Caches of callers read the newest access change (AccessEpoch) several times a second.
CREATE INDEX events_kind ON events(kind, id);

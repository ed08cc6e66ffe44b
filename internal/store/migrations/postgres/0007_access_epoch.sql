-- PostgreSQL translation of migrations/0007_access_epoch.sql.
CREATE INDEX events_kind ON events(kind, id);

-- PostgreSQL translation of migrations/0065_custody_sweep_refs.sql.
ALTER TABLE custody_sweeps ADD COLUMN sweep_ref TEXT NOT NULL DEFAULT '';
ALTER TABLE custody_sweeps ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE custody_sweeps ADD COLUMN retry_at BIGINT NOT NULL DEFAULT 0;

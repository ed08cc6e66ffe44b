-- A forwarder's sweep marks stay until the sweep that took them is confirmed successful:
-- sweep_ref names the journaled sweep in flight ('' when none), attempts counts the sweeps
-- of the mark that reverted or were dropped, and retry_at (unix ms) is when the next may go.
ALTER TABLE custody_sweeps ADD COLUMN sweep_ref TEXT NOT NULL DEFAULT '';
ALTER TABLE custody_sweeps ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE custody_sweeps ADD COLUMN retry_at INTEGER NOT NULL DEFAULT 0;

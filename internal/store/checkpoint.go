package store

import (
	"context"
	"fmt"
	"os"
	"time"
)

// checkpointer copies the WAL back into the database and keeps it bounded. At every look
// (every walCheckEvery and every kickEveryCommits commits) it runs a PASSIVE checkpoint on
// its own connection: it copies what no reader still needs while the writer and the
// readers go on, so the writer can restart the WAL from its beginning at its next commit.
// When the WAL has grown past walLimit all the same (readers overlapping without a gap
// keep the writer from restarting it) it runs a TRUNCATE checkpoint, which empties the
// file: writers queue behind it, and this process's new reads wait for it, for that
// moment (milliseconds).
func (s *SQLite) checkpointer() {
	defer close(s.done)
	t := time.NewTicker(walCheckEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		case <-s.kick:
		}
		ctx, cancel := context.WithTimeout(context.Background(), busyTimeout)
		if s.WALSize() < s.walLimit {
			_, _ = s.ckpt.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`) // retried at the next look
		} else {
			_, _ = s.checkpoint(ctx) // a busy checkpoint is retried at the next look
		}
		cancel()
	}
}

// Checkpoint bounds: how long reads are held back, and how long the checkpoint may wait
// (writers queue behind it meanwhile).
const (
	checkpointReadPause = 100 * time.Millisecond
	checkpointTimeout   = 2 * time.Second
)

// checkpoint runs a TRUNCATE checkpoint on the write connection, holding back this
// process's new reads meanwhile, and reports whether it completed (false when readers of
// another process kept it from reaching the WAL's end).
func (s *SQLite) checkpoint(ctx context.Context) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, checkpointTimeout)
	defer cancel()
	resume := s.gate.pause(checkpointReadPause)
	defer resume()
	var busy, logPages, done int
	err := s.writer.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done)
	if err != nil {
		return false, fmt.Errorf("wal checkpoint: %w", err)
	}
	return busy == 0, nil
}

// WALSize returns the size of the database's write-ahead log in bytes, 0 when there is none.
func (s *SQLite) WALSize() int64 {
	fi, err := os.Stat(s.path + "-wal")
	if err != nil {
		return 0
	}
	return fi.Size()
}

package store

import (
	"database/sql/driver"
	"sync/atomic"
	"time"
)

// readGate lets the checkpointer hold back this process's new reads for a moment. A
// TRUNCATE checkpoint must wait until no reader uses the WAL; under a steady stream of
// overlapping reads that moment never comes (readers sharing a read mark keep its lock
// held between them) and the WAL grows without bound. Reads never wait longer than
// readPauseMax, so a read nested inside another (rows still open) cannot deadlock.
type readGate struct {
	inFlight atomic.Int64
	paused   atomic.Pointer[chan struct{}]
}

// readPauseMax is the longest a read waits for a checkpoint.
const readPauseMax = 100 * time.Millisecond

// enter marks a read in flight, first waiting (up to readPauseMax) while paused.
func (g *readGate) enter() {
	g.inFlight.Add(1)
	p := g.paused.Load()
	if p == nil {
		return
	}
	g.inFlight.Add(-1)
	t := time.NewTimer(readPauseMax)
	select {
	case <-*p:
	case <-t.C:
	}
	t.Stop()
	g.inFlight.Add(1)
}

// exit ends a read.
func (g *readGate) exit() { g.inFlight.Add(-1) }

// pause holds back new reads and waits up to wait for those in flight to end; it returns
// the function that lets reads go on.
func (g *readGate) pause(wait time.Duration) (resume func()) {
	ch := make(chan struct{})
	g.paused.Store(&ch)
	for deadline := time.Now().Add(wait); g.inFlight.Load() > 0 && time.Now().Before(deadline); {
		time.Sleep(100 * time.Microsecond)
	}
	return func() {
		g.paused.Store(nil)
		close(ch)
	}
}

// gatedTx ends a read transaction's hold on the gate when it ends.
type gatedTx struct {
	driver.Tx
	exit func()
}

// Commit implements driver.Tx.
func (t *gatedTx) Commit() error {
	defer t.done()
	return t.Tx.Commit()
}

// Rollback implements driver.Tx.
func (t *gatedTx) Rollback() error {
	defer t.done()
	return t.Tx.Rollback()
}

func (t *gatedTx) done() {
	if t.exit != nil {
		t.exit()
		t.exit = nil
	}
}

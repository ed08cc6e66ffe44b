package store

import (
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Cross-process wake-ups on SQLite. PostgreSQL tells every replica of a commit (NOTIFY);
// SQLite has no such channel, but every commit of any process appends to the one
// write-ahead log: a watch on it (inotify, kqueue) wakes this process's relay waiters
// when an API process and a settler process share a database.
const (
	// walSettle is how long after the WAL's last write a waiter is woken once more: a
	// write wakes before its commit is visible (the WAL index is updated after the
	// frames), so the second wake reads what the first could have missed.
	walSettle = 5 * time.Millisecond
	// walFallbackEvery is how often relay waiters are woken when the WAL cannot be
	// watched (the system's watch limit reached): they then read as a poll would.
	walFallbackEvery = 100 * time.Millisecond
)

// RelaysNotify implements Store. The first call starts the watch of the WAL, so other
// processes' commits close the channel too; a store nobody waits on watches nothing.
func (s *SQLite) RelaysNotify() <-chan struct{} {
	s.walWatchOnce.Do(s.watchWAL)
	return s.relays.wait()
}

// watchWAL starts the goroutine that wakes relay waiters on writes to the WAL, by this
// or any other process; Close stops it.
func (s *SQLite) watchWAL() {
	stop := make(chan struct{})
	done := make(chan struct{})
	s.walWatchStop = func() { close(stop); <-done }
	w, err := fsnotify.NewWatcher()
	if err == nil {
		// The directory, not the file: SQLite deletes and recreates the WAL when the last
		// connection of all processes closes and the next opens.
		if err = w.Add(filepath.Dir(s.path)); err != nil {
			_ = w.Close()
		}
	}
	if err != nil {
		go s.wakeRelaysEvery(walFallbackEvery, stop, done)
		return
	}
	go s.followWAL(w, stop, done)
}

// followWAL signals relay waiters at every write of the WAL, and once more walSettle
// after the last of a burst.
func (s *SQLite) followWAL(w *fsnotify.Watcher, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	defer w.Close()
	wal := filepath.Base(s.path) + "-wal"
	settle := time.NewTimer(walSettle)
	settle.Stop()
	defer settle.Stop()
	for {
		select {
		case <-stop:
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if filepath.Base(ev.Name) != wal || ev.Op&(fsnotify.Write|fsnotify.Create) == 0 {
				continue
			}
			s.relays.signal()
			settle.Reset(walSettle)
		case <-settle.C:
			s.relays.signal()
		case _, ok := <-w.Errors:
			if !ok {
				return
			}
			s.relays.signal() // an overflow may have lost events: waiters read again
		}
	}
}

// wakeRelaysEvery signals relay waiters every interval until stop.
func (s *SQLite) wakeRelaysEvery(interval time.Duration, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			s.relays.signal()
		}
	}
}

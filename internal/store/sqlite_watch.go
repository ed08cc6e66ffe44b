package store

import (
	"os"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Cross-process wake-ups on SQLite. PostgreSQL tells every replica of a commit (NOTIFY);
// SQLite has no such channel. So each commit that moves a relay, once it is visible, also
// writes a byte to a bell file beside the database (DB-relays), and a process whose API
// waits for relays watches that file (inotify, kqueue): an API process and a settler
// process sharing a database wake each other's waiters without a timer. The WAL itself
// is no bell: it is written before a commit is visible (the fsync and the WAL index
// follow), and by every commit.

// bellFallbackEvery is how often relay waiters are woken when the bell cannot be watched
// (the system's watch limit reached): they then read as a poll would.
const bellFallbackEvery = 100 * time.Millisecond

// relayBellSuffix names the bell file: the database's path with it appended.
const relayBellSuffix = "-relays"

// relayBell returns the function that rings the bell of the database at path.
func relayBell(path string) func() {
	bell := path + relayBellSuffix
	return func() {
		f, err := os.OpenFile(bell, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return // waiters of other processes read at their deadline, as before the bell
		}
		_, _ = f.Write([]byte{1})
		_ = f.Close()
	}
}

// RelaysNotify implements Store. The first call starts the watch of the bell, so other
// processes' commits close the channel too; a store nobody waits on watches nothing.
func (s *SQLite) RelaysNotify() <-chan struct{} {
	s.bellWatchOnce.Do(s.watchBell)
	return s.relays.wait()
}

// watchBell starts the goroutine that wakes relay waiters when the bell rings, in this
// or any other process; Close stops it.
func (s *SQLite) watchBell() {
	stop := make(chan struct{})
	done := make(chan struct{})
	s.bellWatchStop = func() { close(stop); <-done }
	bell := s.path + relayBellSuffix
	w, err := fsnotify.NewWatcher()
	if err == nil {
		var f *os.File
		if f, err = os.OpenFile(bell, os.O_WRONLY|os.O_CREATE, 0o600); err == nil {
			_ = f.Close()
			err = w.Add(bell)
		}
		if err != nil {
			_ = w.Close()
		}
	}
	if err != nil {
		go s.wakeRelaysEvery(bellFallbackEvery, stop, done)
		return
	}
	go s.followBell(w, stop, done)
}

// followBell signals relay waiters at every ring.
func (s *SQLite) followBell(w *fsnotify.Watcher, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	defer w.Close()
	for {
		select {
		case <-stop:
			return
		case _, ok := <-w.Events:
			if !ok {
				return
			}
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

package client

import "sync"

// keptQueue is the capacity a drained watchQueue keeps: a burst does not pin its size.
const keptQueue = 16

// watchQueue holds a Watch's messages for Next, at most watchBuffer of them, in memory
// that grows with what waits: a channel of watchBuffer messages would hold each Watch's
// whole buffer for its life (about 100 kB, which the garbage collector scans on every
// cycle, however empty; a process with thousands of Watches spent more on it than on
// its messages). One goroutine puts, one takes.
type watchQueue struct {
	mu   sync.Mutex
	ring []Message
	head int
	n    int
	// ready is signalled after a put, space after a take.
	ready, space chan struct{}
}

func newWatchQueue() *watchQueue {
	return &watchQueue{ready: make(chan struct{}, 1), space: make(chan struct{}, 1)}
}

// put adds m, waiting while the queue is full until done is closed (false then).
func (q *watchQueue) put(m Message, done <-chan struct{}) bool {
	for {
		if q.tryPut(m) {
			signal(q.ready)
			return true
		}
		select {
		case <-q.space:
		case <-done:
			return false
		}
	}
}

func (q *watchQueue) tryPut(m Message) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n == watchBuffer {
		return false
	}
	if q.n == len(q.ring) {
		grown := make([]Message, min(max(2*len(q.ring), 4), watchBuffer))
		q.copyTo(grown)
		q.ring, q.head = grown, 0
	}
	q.ring[(q.head+q.n)%len(q.ring)] = m
	q.n++
	return true
}

// take removes the oldest message; ok is false when there is none.
func (q *watchQueue) take() (m Message, ok bool) {
	q.mu.Lock()
	if q.n == 0 {
		q.mu.Unlock()
		return Message{}, false
	}
	m = q.ring[q.head]
	q.ring[q.head] = Message{}
	q.head = (q.head + 1) % len(q.ring)
	q.n--
	if q.n == 0 && len(q.ring) > keptQueue {
		q.ring, q.head = make([]Message, keptQueue), 0
	}
	q.mu.Unlock()
	signal(q.space)
	return m, true
}

// copyTo copies the waiting messages, oldest first, to the start of dst; q.mu is held.
func (q *watchQueue) copyTo(dst []Message) {
	k := copy(dst, q.ring[q.head:min(q.head+q.n, len(q.ring))])
	copy(dst[k:], q.ring[:q.n-k])
}

// signal wakes whoever waits on c, or the next to wait.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

package push

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"sync"

	"github.com/coder/websocket"
)

// maxBatchBytes bounds the bytes a socket's writer gathers into one write: enough for
// a burst of pushes (a price change of many followed pairs), little enough that a
// batch's buffer is not kept per socket.
const maxBatchBytes = 32 << 10

// batchBufs are the buffers of the batches being written; a socket holds one only while
// it writes a batch.
var batchBufs = sync.Pool{New: func() any { b := make([]byte, 0, maxBatchBytes+4<<10); return &b }}

// Accept upgrades a request to a websocket served by a Session: Session.Run takes both
// results. The connection under the websocket gathers the messages queued for the
// socket into one write to the network (each message otherwise costs a write system
// call of its own), and is the one a session judged dead is reset through.
func Accept(w http.ResponseWriter, r *http.Request, opts *websocket.AcceptOptions) (*websocket.Conn, net.Conn, error) {
	hj := &hijackRecorder{ResponseWriter: w}
	conn, err := websocket.Accept(hj, r, opts)
	if err != nil {
		return nil, nil, err
	}
	if hj.conn == nil { // not through Hijack: write unbatched
		return conn, nil, nil
	}
	return conn, hj.conn, nil
}

// hijackRecorder keeps the connection a websocket was upgraded from, wrapped in a
// batchConn that the websocket writes through.
type hijackRecorder struct {
	http.ResponseWriter
	conn *batchConn
}

// Hijack implements http.Hijacker.
func (h *hijackRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, fmt.Errorf("hijack: %w", err)
	}
	if err := rw.Writer.Flush(); err != nil { // net/http's is empty; keep its order if not
		_ = c.Close()
		return nil, nil, fmt.Errorf("hijack: %w", err)
	}
	h.conn = &batchConn{Conn: c}
	rw.Writer.Reset(h.conn)
	return h.conn, rw, nil
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (h *hijackRecorder) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// batchConn is a websocket's network connection. Between hold and the write that
// follows last, what the websocket writes (its messages, and any ping or close frame
// written meanwhile) is gathered in order, and that write sends it all at once. So the
// batch goes to the network inside the websocket's write of its last message, holding
// the websocket's own write lock as an unbatched write does: a ping waits for it there,
// as it waits for any write (its timeout does not tear the connection down).
type batchConn struct {
	net.Conn
	mu sync.Mutex
	// buf is the batch gathered, non-nil while held; flush makes the next write send it.
	buf         *[]byte
	held, flush bool
}

// Write implements net.Conn.
func (b *batchConn) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.held {
		return b.Conn.Write(p)
	}
	*b.buf = append(*b.buf, p...)
	if !b.flush {
		return len(p), nil
	}
	if err := b.sendLocked(); err != nil {
		return 0, err
	}
	return len(p), nil
}

// NetConn returns the connection b wraps (a session judged dead resets it).
func (b *batchConn) NetConn() net.Conn { return b.Conn }

// hold starts gathering writes.
func (b *batchConn) hold() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.held, b.flush = true, false
	b.buf = batchBufs.Get().(*[]byte)
}

// last makes the next write send the batch with it, and write through again.
func (b *batchConn) last() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.flush = b.held
}

// release sends what is still gathered (nothing once the write after last has sent it)
// and writes through again.
func (b *batchConn) release() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.held {
		return nil
	}
	return b.sendLocked()
}

// sendLocked writes the batch and ends it; b.mu is held.
func (b *batchConn) sendLocked() error {
	var err error
	if len(*b.buf) > 0 {
		_, err = b.Conn.Write(*b.buf)
	}
	if cap(*b.buf) <= 2*maxBatchBytes { // a batch passes maxBatchBytes by one message at most
		*b.buf = (*b.buf)[:0]
		batchBufs.Put(b.buf)
	}
	b.buf, b.held, b.flush = nil, false, false
	return err
}

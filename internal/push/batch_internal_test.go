package push

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// countingListener counts the writes to the connections it accepts.
type countingListener struct {
	net.Listener
	writes *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{Conn: c, writes: l.writes}, nil
}

type countingConn struct {
	net.Conn
	writes *atomic.Int64
}

func (c countingConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

func (c countingConn) NetConn() net.Conn { return c.Conn }

// accepted is a websocket served over a countingListener.
type accepted struct {
	conn *websocket.Conn
	raw  net.Conn
}

// serveOne starts a server whose one websocket, upgraded with Accept, is sent on the
// returned channel, and counts the writes to its connections.
func serveOne(t *testing.T) (string, <-chan accepted, *atomic.Int64) {
	t.Helper()
	got := make(chan accepted, 1)
	writes := &atomic.Int64{}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, raw, err := Accept(w, r, nil)
		if err != nil {
			return
		}
		got <- accepted{conn, raw}
	}))
	srv.Listener = countingListener{Listener: srv.Listener, writes: writes}
	srv.Start()
	t.Cleanup(srv.Close)
	return "ws://" + strings.TrimPrefix(srv.URL, "http://"), got, writes
}

// TestWritesBatched: the messages queued for a socket while its writer was busy reach
// the client whole and in order, written to the network in one write, not one each.
func TestWritesBatched(t *testing.T) {
	url, got, writes := serveOne(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, _, err := websocket.Dial(ctx, url, nil)
	require.NoError(t, err)
	defer client.CloseNow()
	a := <-got
	require.IsType(t, &batchConn{}, a.raw)

	h := New(Config{SendBuffer: 100, PingInterval: time.Minute, PollInterval: time.Minute}, nil, nil)
	s := newSession(h, "account", nil)
	const n = 50
	for i := range n {
		s.enqueue(fmt.Appendf(nil, `{"type":"PRICE_FEED_UPDATES","data":{"n":%d}}`, i))
	}
	before := writes.Load()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.writeLoop(a.conn, a.raw.(*batchConn))
	}()
	for i := range n {
		typ, data, err := client.Read(ctx)
		require.NoError(t, err)
		require.Equal(t, websocket.MessageText, typ)
		require.Equal(t, fmt.Sprintf(`{"type":"PRICE_FEED_UPDATES","data":{"n":%d}}`, i), string(data))
	}
	require.LessOrEqual(t, writes.Load()-before, int64(2), "got %d writes for %d queued messages, want them in one", writes.Load()-before, n)

	// A message alone is written at once, as before.
	s.enqueue([]byte(`{"type":"ORDERS"}`))
	_, data, err := client.Read(ctx)
	require.NoError(t, err)
	require.Equal(t, `{"type":"ORDERS"}`, string(data))

	s.closeWith(websocket.StatusNormalClosure, "")
	go func() { _, _, _ = client.Read(ctx) }() // answers the close frame
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the writer did not end after the session was killed")
	}
}

// TestResetThroughWrappers: a session judged dead resets its TCP connection through the
// connections wrapped around it (the batching one, the gateway's listener's), so that
// the client sees a reset, not an orderly end.
func TestResetThroughWrappers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer client.Close()
	server, err := ln.Accept()
	require.NoError(t, err)
	wrapped := &batchConn{Conn: countingConn{Conn: server, writes: &atomic.Int64{}}}

	resetOnClose(wrapped)
	require.NoError(t, wrapped.Close())
	require.NoError(t, client.SetReadDeadline(time.Now().Add(10*time.Second)))
	_, err = client.Read(make([]byte, 1))
	require.True(t, errors.Is(err, syscall.ECONNRESET), "got %v, want a connection reset", err)
}

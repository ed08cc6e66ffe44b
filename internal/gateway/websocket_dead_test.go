package gateway_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
)

// tcpStates returns the states (hex, as /proc/net/tcp shows them: 01 is ESTABLISHED) of
// the loopback TCP sockets with port at either end.
func tcpStates(t *testing.T, port int) []string {
	t.Helper()
	var states []string
	for _, file := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 4 || fields[0] == "sl" {
				continue
			}
			for _, addr := range fields[1:3] {
				_, hexPort, _ := strings.Cut(addr, ":")
				if p, err := strconv.ParseUint(hexPort, 16, 32); err == nil && int(p) == port {
					states = append(states, fields[3])
					break
				}
			}
		}
		f.Close()
	}
	return states
}

// TestWebsocketDeadSessionEnds: a client that stops reading while it floods SUBSCRIBEs is
// judged a slow consumer; within a bounded time the gateway drops its TCP connection (no
// socket of it stays ESTABLISHED with the answers queued) and frees its slot, so that
// the account, at its cap of sockets, can open a new one.
func TestWebsocketDeadSessionEnds(t *testing.T) {
	if _, err := os.Stat("/proc/net/tcp"); err != nil {
		t.Skip("needs /proc/net/tcp")
	}
	e := newEnvWith(t, func(c *config.Config) {
		c.Websocket.SendBuffer = 64
		c.Websocket.MaxConnectionsPerAccount = 1
	})
	smallSendBuffers(e)
	tok := e.token(e.createKey(api.PermRead))

	localPort := make(chan int, 1)
	d := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
		if err != nil {
			return err
		}
		return serr
	}}
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := d.DialContext(ctx, network, addr)
		if err == nil {
			localPort <- c.LocalAddr().(*net.TCPAddr).Port
		}
		return c, err
	}
	slow, resp, err := e.dialWS(tok, "", &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: dial}}})
	if err != nil {
		require.FailNow(t, "dial", "%v: %s", err, describeResponse(resp))
	}
	port := <-localPort
	// 100 pairs (unpriced ones: no price messages): every SUBSCRIPTIONS answer lists them
	// all, some kilobytes, so that the writer is stuck in a write before the buffer fills.
	var pairs []string
	for i := range api.WSMaxPairs {
		pairs = append(pairs, fmt.Sprintf("asset%03d/other%03d", i, i))
	}
	slow.subscribe(priceSub(pairs...))
	slow.pause()
	// Each SUBSCRIBE is answered with SUBSCRIPTIONS the client never reads.
	sub := fmt.Sprintf(`{"type":%q,"metadata":{"subscriptions":[{"channelType":%q}]}}`, api.WSSubscribe, api.ChannelOrders)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for range 3000 {
		if slow.conn.Write(ctx, websocket.MessageText, []byte(sub)) != nil {
			break // the gateway dropped the connection already
		}
	}

	const within = 15 * time.Second // the close handshake's bound, with slack for a busy machine
	require.Eventually(t, func() bool {
		c, _, err := e.dialWS(tok, "", nil)
		if err == nil {
			_ = c.conn.CloseNow()
		}
		return err == nil
	}, within, 100*time.Millisecond, "the dead socket still counts against the account")
	require.Eventually(t, func() bool {
		for _, st := range tcpStates(t, port) {
			if st == "01" {
				return false
			}
		}
		return true
	}, within, 100*time.Millisecond, "a TCP socket of the dead session is still ESTABLISHED: %v", tcpStates(t, port))
}

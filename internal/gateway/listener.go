package gateway

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// cannedHeadersTooLarge is what net/http writes to the connection itself, past every
// handler, when a request's headers exceed Server.MaxHeaderBytes.
const cannedHeadersTooLarge = "HTTP/1.1 431 Request Header Fields Too Large\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
	"431 Request Header Fields Too Large"

// headersTooLargeResponse is cannedHeadersTooLarge as the interface's JSON error body.
var headersTooLargeResponse = func() []byte {
	body, err := json.Marshal(api.Error{
		Code:        api.CodeHeadersTooLarge,
		Description: fmt.Sprintf("request line and headers exceed %d bytes", maxHeaderBytes),
	})
	if err != nil {
		panic(err)
	}
	body = append(body, '\n')
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		http.StatusRequestHeaderFieldsTooLarge, http.StatusText(http.StatusRequestHeaderFieldsTooLarge), len(body), body)
}()

// jsonErrorListener hands the gateway's server connections that send net/http's own
// plain-text 431 as the interface's JSON error body, so that every error a client gets
// has the same shape.
type jsonErrorListener struct {
	net.Listener
}

// Accept implements net.Listener.
func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &jsonErrorConn{Conn: c}, nil
}

// jsonErrorConn rewrites cannedHeadersTooLarge, which net/http writes in one Write.
type jsonErrorConn struct {
	net.Conn
}

// Write implements net.Conn.
func (c *jsonErrorConn) Write(b []byte) (int, error) {
	if string(b) != cannedHeadersTooLarge {
		return c.Conn.Write(b)
	}
	if _, err := c.Conn.Write(headersTooLargeResponse); err != nil {
		return 0, err
	}
	return len(b), nil
}

// NetConn returns the connection c wraps (a websocket judged dead is reset through it).
func (c *jsonErrorConn) NetConn() net.Conn { return c.Conn }

// CloseWrite half-closes a TCP connection: net/http does so after an error response, so
// that the client reads the response before the connection closes.
func (c *jsonErrorConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

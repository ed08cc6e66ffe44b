package push

import (
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// Metricer records what the hub does. Implementations are safe for concurrent use.
type Metricer interface {
	// SocketOpened counts a socket upgraded; SocketClosed one ended, with the close code
	// the gateway sent (1000 when the client ended it).
	SocketOpened()
	SocketClosed(code int)
	// Pushed counts one message of channel queued for sockets sockets.
	Pushed(channel api.ChannelType, sockets int)
	// Dispatched observes how long after its commit an event was sent to its sockets'
	// buffers.
	Dispatched(sinceCommit time.Duration)
}

// NopMetrics records nothing.
type NopMetrics struct{}

var _ Metricer = NopMetrics{}

// SocketOpened implements Metricer.
func (NopMetrics) SocketOpened() {}

// SocketClosed implements Metricer.
func (NopMetrics) SocketClosed(int) {}

// Pushed implements Metricer.
func (NopMetrics) Pushed(api.ChannelType, int) {}

// Dispatched implements Metricer.
func (NopMetrics) Dispatched(time.Duration) {}

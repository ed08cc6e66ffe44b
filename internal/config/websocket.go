package config

import "time"

// Websocket defaults.
const (
	// DefaultWSMaxConnectionsPerAccount is websocket.maxConnectionsPerAccount's default.
	DefaultWSMaxConnectionsPerAccount = 20
	// DefaultWSSendBuffer is websocket.sendBuffer's default.
	DefaultWSSendBuffer = 256
	// DefaultWSPingInterval is websocket.pingInterval's default.
	DefaultWSPingInterval = 20 * time.Second
	// DefaultWSPollInterval is websocket.pollInterval's default.
	DefaultWSPollInterval = 250 * time.Millisecond
)

// Websocket bounds the websocket (GET /v2/websocket). Zero values take the defaults.
type Websocket struct {
	// MaxConnectionsPerAccount caps the sockets one account holds open at once; one more
	// is refused with 429 RATE_LIMITED. Default 20.
	MaxConnectionsPerAccount int `yaml:"maxConnectionsPerAccount"`
	// SendBuffer is how many messages may wait to be sent to one socket, in messages. A
	// socket whose buffer is full is closed with 4429 (slow consumer), so that one slow
	// reader never holds back the others. Default 256.
	SendBuffer int `yaml:"sendBuffer"`
	// PingInterval is the wait between two pings of a socket; a socket that does not
	// answer one within the same time is closed. Default 20s.
	PingInterval time.Duration `yaml:"pingInterval"`
	// PollInterval is how often the websocket reads the event outbox for events other
	// processes committed (a settler process's, another replica's); this process's own
	// commits wake it at once. Default 250ms.
	PollInterval time.Duration `yaml:"pollInterval"`
}

// WithDefaults returns w with its zero values replaced by the defaults.
func (w Websocket) WithDefaults() Websocket {
	if w.MaxConnectionsPerAccount == 0 {
		w.MaxConnectionsPerAccount = DefaultWSMaxConnectionsPerAccount
	}
	if w.SendBuffer == 0 {
		w.SendBuffer = DefaultWSSendBuffer
	}
	if w.PingInterval == 0 {
		w.PingInterval = DefaultWSPingInterval
	}
	if w.PollInterval == 0 {
		w.PollInterval = DefaultWSPollInterval
	}
	return w
}

// checkWebsocket validates the websocket section (zero values are the defaults).
func (c *Config) checkWebsocket(bad func(field, format string, args ...any)) {
	w := c.Websocket.WithDefaults()
	if w.MaxConnectionsPerAccount < 1 || w.MaxConnectionsPerAccount > 100_000 {
		bad("websocket.maxConnectionsPerAccount", "%d: want 1 to 100000", w.MaxConnectionsPerAccount)
	}
	if w.SendBuffer < 1 || w.SendBuffer > 1_000_000 {
		bad("websocket.sendBuffer", "%d: want 1 to 1000000 messages", w.SendBuffer)
	}
	if w.PingInterval < time.Second || w.PingInterval > 10*time.Minute {
		bad("websocket.pingInterval", "%s: want 1s to 10m", w.PingInterval)
	}
	if w.PollInterval < 10*time.Millisecond || w.PollInterval > time.Minute {
		bad("websocket.pollInterval", "%s: want 10ms to 1m", w.PollInterval)
	}
}

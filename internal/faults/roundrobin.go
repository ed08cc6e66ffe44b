package faults

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync/atomic"
)

// RoundRobin is an http.RoundTripper that spreads requests over replicas, as a load
// balancer in front of them would: each request goes to the next replica in turn, and a
// replica that refuses the connection (down, restarting) is skipped for the next one.
// Only a failed dial moves a request on, so nothing a replica may have acted on is sent
// twice; any later failure is the caller's to retry. Safe for concurrent use.
type RoundRobin struct {
	// Addrs are the replicas' host:port.
	Addrs []string
	// Base sends the requests; nil means http.DefaultTransport.
	Base http.RoundTripper

	next atomic.Uint64
}

// RoundTrip implements http.RoundTripper: req's host is replaced by a replica's.
func (r *RoundRobin) RoundTrip(req *http.Request) (*http.Response, error) {
	base := r.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if len(r.Addrs) == 0 {
		return nil, errors.New("round robin: no replicas")
	}
	start := r.next.Add(1)
	var lastErr error
	for i := range uint64(len(r.Addrs)) {
		out := req.Clone(req.Context())
		out.URL.Host = r.Addrs[(start+i)%uint64(len(r.Addrs))]
		out.Host = ""
		if i > 0 && req.Body != nil && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, fmt.Errorf("round robin: %w", err)
			}
			out.Body = body
		}
		resp, err := base.RoundTrip(out)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		if !isDialError(err) || (req.Body != nil && req.GetBody == nil) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("round robin: every replica refused: %w", lastErr)
}

// isDialError reports whether err failed to connect: the request never left.
func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

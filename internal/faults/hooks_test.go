package faults

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/dtwgate/dtwgate/api/webhook"
)

// hookReceiver receives the webhook deliveries of every account (one path each) on a
// real HTTP server, verifies them with the subscription's secret and records them.
type hookReceiver struct {
	*httptest.Server
	mu    sync.Mutex
	sinks map[string]*hookSink
}

// hookSink is one account's subscription: the event ids delivered, how often.
type hookSink struct {
	mu        sync.Mutex
	secret    string
	delivered map[string]int // eventId -> deliveries
	total     int
	bad       []string
}

func newHookReceiver(t *testing.T) *hookReceiver {
	h := &hookReceiver{sinks: map[string]*hookSink{}}
	h.Server = httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(h.Close)
	return h
}

func (h *hookReceiver) sink(name string) *hookSink {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := &hookSink{delivered: map[string]int{}}
	h.sinks[name] = s
	return s
}

func (h *hookReceiver) serve(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	s := h.sinks[strings.TrimPrefix(r.URL.Path, "/")]
	h.mu.Unlock()
	if s == nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.secret == "" { // not subscribed yet: the gateway delivers again
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	d, _, err := webhook.Read(r, s.secret)
	if err != nil {
		s.bad = append(s.bad, err.Error())
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	s.delivered[d.Data.EventID]++
	s.total++
	w.WriteHeader(http.StatusNoContent)
}

func (s *hookSink) setSecret(secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.secret = secret
}

// missing returns the event ids of want not delivered yet.
func (s *hookSink) missing(want []string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, id := range want {
		if s.delivered[id] == 0 {
			out = append(out, id)
		}
	}
	return out
}

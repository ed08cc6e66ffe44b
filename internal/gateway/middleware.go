package gateway

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// HeaderRequestID carries the request id on every response.
const HeaderRequestID = "X-Request-Id"

type ctxKey int

const requestIDKey ctxKey = iota

// Request ids: a random per-process prefix and a counter, 16 hex digits. They name a
// request in logs and error bodies; they are not secrets, so they need no randomness of
// their own (reading crypto/rand per request was 4% of a read's CPU).
var (
	requestIDPrefix = func() uint64 {
		var b [4]byte
		_, _ = rand.Read(b[:]) // never fails on supported platforms
		return uint64(binary.BigEndian.Uint32(b[:])) << 32
	}()
	requestCounter atomic.Uint64
)

// newRequestID returns a fresh request id.
func newRequestID() string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], requestIDPrefix|(requestCounter.Add(1)&0xffffffff))
	return hex.EncodeToString(b[:])
}

// requestID returns the request's id, or "" outside a request.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusWriter records the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// instrument gives each request an id, recovers panics as 500s, records metrics and logs
// one line per request at accessLevel (DEBUG unless the config's accessLog asks for INFO).
func (s *Service) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
		w.Header().Set(HeaderRequestID, id)
		sw := &statusWriter{ResponseWriter: w}
		s.metrics.inFlight.Add(1)
		defer func() {
			s.metrics.inFlight.Add(-1)
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic", slog.String("request_id", id), slog.Any("panic", p))
				if sw.status == 0 {
					s.respondError(sw, r, errPanic)
				}
			}
			if sw.status == 0 {
				sw.status = http.StatusOK
			}
			route := r.Pattern
			if route == "" || route == "/" {
				route = "unmatched"
			}
			d := time.Since(start)
			s.metrics.observe(route, r.Method, sw.status, d)
			if s.log.Enabled(r.Context(), s.accessLevel) { // off the hot path unless asked for
				s.log.LogAttrs(r.Context(), s.accessLevel, "request",
					slog.String("request_id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
					slog.String("route", route), slog.Int("status", sw.status), slog.Duration("duration", d),
					slog.String("remote", r.RemoteAddr))
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// errPanic is what a recovered panic reports; it maps to a 500.
var errPanic = errors.New("handler panicked")

// limitRequest refuses, with the interface's JSON error body and before any handler
// reads the request, a request line and headers over maxHeaderBytes (431) and a declared
// body over cfg.MaxBodyBytes (413). A body without a declared length is bounded where it
// is read (decode).
func (s *Service) limitRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headerBytes(r) > maxHeaderBytes {
			w.Header().Set("Connection", "close")
			s.respondError(w, r, fail(errs.ErrHeadersTooLarge, "request line and headers exceed %d bytes", maxHeaderBytes))
			return
		}
		if r.ContentLength > s.cfg.MaxBodyBytes {
			w.Header().Set("Connection", "close")
			s.respondError(w, r, fail(errs.ErrBodyTooLarge, "request body exceeds %d bytes", s.cfg.MaxBodyBytes))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// headerBytes is the size of r's request line and headers as they were sent, give or
// take optional whitespace.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto) + 2
	n += len("Host: ") + len(r.Host) + 2
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + 2 + len(v) + 2
		}
	}
	return n
}

// Package webhook signs and verifies webhook deliveries the Standard Webhooks way
// (https://www.standardwebhooks.com): every delivery carries the headers webhook-id (the
// same on every retry of one event: drop the duplicates), webhook-timestamp (Unix
// seconds of this attempt) and webhook-signature ("v1," and the base64 of the
// HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" under the subscription's
// secret). The secret is "whsec_" and the base64 of the key; the gateway returns it once,
// when the subscription is created.
//
// A receiver verifies each delivery before acting on it:
//
//	func handle(w http.ResponseWriter, r *http.Request) {
//		d, id, err := webhook.Read(r, secret)
//		if err != nil {
//			http.Error(w, "bad signature", http.StatusBadRequest)
//			return
//		}
//		if seen(id) { // a retry of a delivery already handled
//			w.WriteHeader(http.StatusNoContent)
//			return
//		}
//		... act on d.Data, then answer 2xx within the gateway's timeout
//	}
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// Header names of a delivery.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

const (
	// SecretPrefix starts every secret.
	SecretPrefix = "whsec_"
	// DefaultTolerance is how far a delivery's timestamp may be from the receiver's clock
	// (Verify refuses older deliveries, so a captured one cannot be replayed later).
	DefaultTolerance = 5 * time.Minute
	// MaxBody is the largest body Read accepts.
	MaxBody = 1 << 20
	// secretBytes is the size of a new secret's key (the standard asks for 24 to 64).
	secretBytes = 32
	// version is the signature scheme: symmetric HMAC-SHA256.
	version = "v1"
)

// Errors of Verify and Read.
var (
	ErrBadSecret      = errors.New("webhook secret is not whsec_ and base64")
	ErrMissingHeaders = errors.New("webhook-id, webhook-timestamp or webhook-signature header missing")
	ErrBadTimestamp   = errors.New("webhook-timestamp is not Unix seconds")
	ErrTooOld         = errors.New("webhook-timestamp is too old")
	ErrTooNew         = errors.New("webhook-timestamp is in the future")
	ErrNoMatch        = errors.New("no webhook-signature matches")
	ErrBody           = errors.New("webhook body unreadable or too large")
)

// NewSecret returns a fresh random secret.
func NewSecret() (string, error) {
	key := make([]byte, secretBytes)
	if _, err := rand.Read(key); err != nil {
		return "", fmt.Errorf("webhook secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(key), nil
}

// key decodes a secret's HMAC key.
func key(secret string) ([]byte, error) {
	b64, ok := strings.CutPrefix(secret, SecretPrefix)
	if !ok {
		return nil, ErrBadSecret
	}
	k, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(k) == 0 {
		return nil, ErrBadSecret
	}
	return k, nil
}

// mac is the HMAC-SHA256 of the signed content "{id}.{timestamp}.{body}".
func mac(k []byte, id string, unix int64, body []byte) []byte {
	h := hmac.New(sha256.New, k)
	h.Write([]byte(id))
	h.Write([]byte{'.'})
	h.Write(strconv.AppendInt(nil, unix, 10))
	h.Write([]byte{'.'})
	h.Write(body)
	return h.Sum(nil)
}

// Sign returns the webhook-signature header value of a delivery: "v1,<base64>".
func Sign(secret, id string, at time.Time, body []byte) (string, error) {
	k, err := key(secret)
	if err != nil {
		return "", err
	}
	return version + "," + base64.StdEncoding.EncodeToString(mac(k, id, at.Unix(), body)), nil
}

// Headers returns the three headers of a delivery of body with id, signed at at.
func Headers(secret, id string, at time.Time, body []byte) (http.Header, error) {
	sig, err := Sign(secret, id, at, body)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set(HeaderID, id)
	h.Set(HeaderTimestamp, strconv.FormatInt(at.Unix(), 10))
	h.Set(HeaderSignature, sig)
	return h, nil
}

// Verify checks a delivery's signature headers against its raw body, with the receiver's
// clock and DefaultTolerance.
func Verify(secret string, header http.Header, body []byte) error {
	return VerifyAt(secret, header, body, time.Now(), DefaultTolerance)
}

// VerifyAt checks a delivery's signature headers against its raw body: the timestamp
// within tolerance of now, and one of the space-separated v1 signatures matching (a
// constant-time comparison).
func VerifyAt(secret string, header http.Header, body []byte, now time.Time, tolerance time.Duration) error {
	k, err := key(secret)
	if err != nil {
		return err
	}
	id, ts, sigs := header.Get(HeaderID), header.Get(HeaderTimestamp), header.Get(HeaderSignature)
	if id == "" || ts == "" || sigs == "" {
		return ErrMissingHeaders
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadTimestamp
	}
	switch at := time.Unix(unix, 0); {
	case now.Sub(at) > tolerance:
		return ErrTooOld
	case at.Sub(now) > tolerance:
		return ErrTooNew
	}
	want := mac(k, id, unix, body)
	for _, s := range strings.Fields(sigs) {
		v, b64, ok := strings.Cut(s, ",")
		if !ok || v != version {
			continue
		}
		if got, err := base64.StdEncoding.DecodeString(b64); err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrNoMatch
}

// Read reads a delivery from a receiver's request (at most MaxBody bytes), verifies it
// with Verify and decodes it. id is its webhook-id: the same on every retry of one event.
func Read(r *http.Request, secret string) (d api.WebhookDelivery, id string, err error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	if err != nil || len(body) > MaxBody {
		return d, "", ErrBody
	}
	if err := Verify(secret, r.Header, body); err != nil {
		return d, "", err
	}
	if err := json.Unmarshal(body, &d); err != nil {
		return d, "", fmt.Errorf("%w: %w", ErrBody, err)
	}
	return d, r.Header.Get(HeaderID), nil
}

package webhook_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/webhook"
)

// The Standard Webhooks documentation's example (checked with `openssl dgst -sha256 -mac
// HMAC`): secret, id, timestamp and body, and the signature they give.
const (
	vecSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	vecID     = "msg_p5jXN8AQM9LWM0D4loKWxJek"
	vecUnix   = 1614265330
	vecBody   = `{"test": 2432232314}`
	vecSig    = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
)

func vecHeader() http.Header {
	h := http.Header{}
	h.Set(webhook.HeaderID, vecID)
	h.Set(webhook.HeaderTimestamp, strconv.Itoa(vecUnix))
	h.Set(webhook.HeaderSignature, vecSig)
	return h
}

func TestSignMatchesTheStandardsExample(t *testing.T) {
	got, err := webhook.Sign(vecSecret, vecID, time.Unix(vecUnix, 0), []byte(vecBody))
	require.NoError(t, err)
	require.Equal(t, vecSig, got)
}

func TestVerify(t *testing.T) {
	at := time.Unix(vecUnix, 0)
	other, err := webhook.NewSecret()
	require.NoError(t, err)
	cases := []struct {
		name   string
		secret string
		edit   func(http.Header)
		body   string
		now    time.Time
		want   error
	}{
		{name: "valid", now: at},
		{name: "valid within tolerance", now: at.Add(webhook.DefaultTolerance)},
		{name: "one of several signatures", now: at, edit: func(h http.Header) {
			h.Set(webhook.HeaderSignature, "v1,AAAA v2,xyz "+vecSig)
		}},
		{name: "body changed", now: at, body: `{"test": 2432232315}`, want: webhook.ErrNoMatch},
		{name: "id changed", now: at, edit: func(h http.Header) { h.Set(webhook.HeaderID, "msg_other") }, want: webhook.ErrNoMatch},
		{name: "timestamp changed", now: at, edit: func(h http.Header) { h.Set(webhook.HeaderTimestamp, strconv.Itoa(vecUnix+1)) }, want: webhook.ErrNoMatch},
		{name: "other secret", secret: other, now: at, want: webhook.ErrNoMatch},
		{name: "other version", now: at, edit: func(h http.Header) { h.Set(webhook.HeaderSignature, "v1a"+vecSig[2:]) }, want: webhook.ErrNoMatch},
		{name: "too old", now: at.Add(webhook.DefaultTolerance + time.Second), want: webhook.ErrTooOld},
		{name: "too new", now: at.Add(-webhook.DefaultTolerance - time.Second), want: webhook.ErrTooNew},
		{name: "no id", now: at, edit: func(h http.Header) { h.Del(webhook.HeaderID) }, want: webhook.ErrMissingHeaders},
		{name: "no signature", now: at, edit: func(h http.Header) { h.Del(webhook.HeaderSignature) }, want: webhook.ErrMissingHeaders},
		{name: "bad timestamp", now: at, edit: func(h http.Header) { h.Set(webhook.HeaderTimestamp, "1.5") }, want: webhook.ErrBadTimestamp},
		{name: "secret without prefix", secret: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", now: at, want: webhook.ErrBadSecret},
		{name: "secret not base64", secret: "whsec_!!", now: at, want: webhook.ErrBadSecret},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := vecHeader()
			if tc.edit != nil {
				tc.edit(h)
			}
			secret, body := tc.secret, tc.body
			if secret == "" {
				secret = vecSecret
			}
			if body == "" {
				body = vecBody
			}
			err := webhook.VerifyAt(secret, h, []byte(body), tc.now, webhook.DefaultTolerance)
			if tc.want == nil {
				require.NoError(t, err)
			} else {
				require.ErrorIs(t, err, tc.want)
			}
		})
	}
}

func TestHeadersAndReadRoundTrip(t *testing.T) {
	secret, err := webhook.NewSecret()
	require.NoError(t, err)
	body := []byte(`{"type":"ACCOUNT_ACTIVITY","timestamp":"2025-01-01T00:00:00.000Z","data":{"eventId":"7","activityType":"DEPOSIT","source":"OFFCHAIN","accountId":"a","asset":"eur","amount":"250","timestampMillis":"1735689600000"}}`)
	h, err := webhook.Headers(secret, "msg_1", time.Now(), body)
	require.NoError(t, err)
	r := httptest.NewRequest(http.MethodPost, "/hook", bytes.NewReader(body))
	for k, v := range h {
		r.Header[k] = v
	}
	d, id, err := webhook.Read(r, secret)
	require.NoError(t, err)
	require.Equal(t, "msg_1", id)
	require.Equal(t, "DEPOSIT", d.Data.ActivityType)
	require.Equal(t, "250", d.Data.Amount)

	r = httptest.NewRequest(http.MethodPost, "/hook", bytes.NewReader(append(body, ' ')))
	for k, v := range h {
		r.Header[k] = v
	}
	_, _, err = webhook.Read(r, secret)
	require.ErrorIs(t, err, webhook.ErrNoMatch)
}

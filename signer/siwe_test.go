package signer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/spruceid/siwe-go"
	"github.com/stretchr/testify/require"
)

func TestSignSIWE(t *testing.T) {
	s := cowKey(t)
	defer s.Close()
	issued := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	req := signer.SIWERequest{
		Domain:         "gw.example.com",
		URI:            "https://gw.example.com/api",
		ChainID:        31337,
		Nonce:          "n0nce12345",
		IssuedAt:       issued,
		ExpirationTime: issued.Add(10 * time.Minute),
		Statement:      "Sign in to dtwgate",
	}
	text, sigHex, err := signer.SignSIWE(context.Background(), s, req)
	require.NoError(t, err)

	want := strings.Join([]string{
		"gw.example.com wants you to sign in with your Ethereum account:",
		s.Address().Hex(),
		"",
		"Sign in to dtwgate",
		"",
		"URI: https://gw.example.com/api",
		"Version: 1",
		"Chain ID: 31337",
		"Nonce: n0nce12345",
		"Issued At: 2026-11-01T12:00:00Z",
		"Expiration Time: 2026-11-01T12:10:00Z",
	}, "\n")
	require.Equal(t, want, text, "got message\n%s\nwant\n%s", text, want)
	require.Regexp(t, `^0x[0-9a-f]{128}(1b|1c)$`, sigHex)

	// The verifier's view: siwe-go parses the text and recovers the signer.
	msg, err := siwe.ParseMessage(text)
	require.NoError(t, err)
	domain, nonce, at := req.Domain, req.Nonce, issued.Add(time.Minute)
	pub, err := msg.Verify(sigHex, &domain, &nonce, &at)
	require.NoError(t, err)
	require.Equal(t, s.Address(), crypto.PubkeyToAddress(*pub), "recovered signer")

	late := issued.Add(time.Hour)
	_, err = msg.Verify(sigHex, &domain, &nonce, &late)
	require.Error(t, err, "an expired message must not verify")
}

func TestBuildSIWEInvalid(t *testing.T) {
	s := cowKey(t)
	defer s.Close()
	valid := signer.SIWERequest{Domain: "gw.example.com", URI: "https://gw.example.com/api", ChainID: 1, Nonce: "n0nce12345"}
	tests := []struct {
		name   string
		mutate func(*signer.SIWERequest)
	}{
		{"no chain id", func(r *signer.SIWERequest) { r.ChainID = 0 }},
		{"no domain", func(r *signer.SIWERequest) { r.Domain = "" }},
		{"bad uri", func(r *signer.SIWERequest) { r.URI = "not a uri" }},
		{"no nonce", func(r *signer.SIWERequest) { r.Nonce = "" }},
		{"multi-line statement", func(r *signer.SIWERequest) { r.Statement = "a\nb" }},
		{"expired before issued", func(r *signer.SIWERequest) {
			r.IssuedAt = time.Now()
			r.ExpirationTime = r.IssuedAt.Add(-time.Second)
		}},
		{"relative resource", func(r *signer.SIWERequest) { r.Resources = []string{"/x"} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := valid
			tc.mutate(&req)
			_, err := signer.BuildSIWE(s.Address(), req)
			require.ErrorIs(t, err, signer.ErrInvalidSIWE, "got %v, want ErrInvalidSIWE", err)
		})
	}
	_, err := signer.BuildSIWE(s.Address(), valid)
	require.NoError(t, err, "the valid request")
}

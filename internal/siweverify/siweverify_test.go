package siweverify_test

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/spruceid/siwe-go"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/siwetest"
	"github.com/dtwgate/dtwgate/internal/siweverify"
)

const (
	domain = "127.0.0.1:8080"
	uri    = "http://127.0.0.1:8080/api"
	nonce  = "0123456789abcdef0123456789abcdef"
)

var now = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func newVerifier() *siweverify.Verifier {
	return siweverify.New(siweverify.Config{Domain: domain, URI: uri, ChainIDs: []uint64{1, 10}, ClockSkew: 30 * time.Second}, nil)
}

func baseMessage(s *siwetest.Signer) siwetest.Message {
	return siwetest.Message{Domain: domain, Address: s.Address.Hex(), URI: uri, Nonce: nonce, ChainID: 1, IssuedAt: now.Add(-time.Minute)}
}

// highS turns a valid signature into its malleable twin (s -> n - s, v flipped).
func highS(sig []byte) []byte {
	out := append([]byte(nil), sig...)
	n := crypto.S256().Params().N
	s := new(big.Int).Sub(n, new(big.Int).SetBytes(out[32:64]))
	s.FillBytes(out[32:64])
	out[64] = 55 - out[64] // 27 <-> 28
	return out
}

func TestVerify(t *testing.T) {
	signer := siwetest.NewSigner(t)
	other := siwetest.NewSigner(t)
	v := newVerifier()
	type tc struct {
		name   string
		edit   func(m *siwetest.Message)
		msg    func(t *testing.T, m string) string // rewrites the rendered message
		sig    func(t *testing.T, m string) string // overrides the signature
		want   error
		reason string
	}
	cases := []tc{
		{name: "valid"},
		{name: "valid with v 0/1", sig: func(t *testing.T, m string) string {
			b := signer.SignBytes(t, m)
			b[64] -= 27
			return hexutil.Encode(b)
		}},
		{name: "valid chain 10", edit: func(m *siwetest.Message) { m.ChainID = 10 }},
		{name: "valid window", edit: func(m *siwetest.Message) {
			m.NotBefore = now.Add(-time.Second)
			m.ExpirationTime = now.Add(time.Minute)
		}},
		{name: "issued-at within skew", edit: func(m *siwetest.Message) { m.IssuedAt = now.Add(20 * time.Second) }},
		{name: "wrong domain", edit: func(m *siwetest.Message) { m.Domain = "evil.example:8080" }, want: siweverify.ErrRejected, reason: "domain"},
		{name: "wrong uri", edit: func(m *siwetest.Message) { m.URI = "http://127.0.0.1:8080/other" }, want: siweverify.ErrRejected, reason: "uri"},
		{name: "wrong chain", edit: func(m *siwetest.Message) { m.ChainID = 5 }, want: siweverify.ErrRejected, reason: "chain id"},
		{name: "expired", edit: func(m *siwetest.Message) { m.ExpirationTime = now.Add(-time.Second) }, want: siweverify.ErrRejected, reason: "expired"},
		{name: "not yet valid", edit: func(m *siwetest.Message) { m.NotBefore = now.Add(time.Minute) }, want: siweverify.ErrRejected, reason: "not valid before"},
		{name: "issued in future", edit: func(m *siwetest.Message) { m.IssuedAt = now.Add(5 * time.Minute) }, want: siweverify.ErrRejected, reason: "future"},
		{name: "high s", sig: func(t *testing.T, m string) string { return hexutil.Encode(highS(signer.SignBytes(t, m))) }, want: siweverify.ErrRejected, reason: "high"},
		{name: "short signature", sig: func(t *testing.T, m string) string { return hexutil.Encode(signer.SignBytes(t, m)[:64]) }, want: siweverify.ErrMalformed, reason: "64 bytes"},
		{name: "empty signature", sig: func(*testing.T, string) string { return "0x" }, want: siweverify.ErrMalformed, reason: "0 bytes"},
		{name: "bad v", sig: func(t *testing.T, m string) string {
			b := signer.SignBytes(t, m)
			b[64] = 29
			return hexutil.Encode(b)
		}, want: siweverify.ErrRejected, reason: "recovery id"},
		{name: "not hex", sig: func(*testing.T, string) string { return "zz" }, want: siweverify.ErrMalformed, reason: "hex"},
		{name: "other signer", sig: func(t *testing.T, m string) string { return other.Sign(t, m) }, want: siweverify.ErrRejected, reason: "not by"},
		{name: "tampered after signing", msg: func(t *testing.T, m string) string {
			return strings.Replace(m, "Sign in to dtwgate", "Sign in to dtwgatE", 1)
		}, want: siweverify.ErrRejected, reason: "not by"},
		{name: "non-checksummed address", msg: func(t *testing.T, m string) string {
			return strings.Replace(m, signer.Address.Hex(), strings.ToLower(signer.Address.Hex()), 1)
		}, want: siweverify.ErrMalformed, reason: "EIP-55"},
		{name: "non-canonical (trailing newline)", msg: func(t *testing.T, m string) string { return m + "\n" }, want: siweverify.ErrMalformed},
		{name: "garbage", msg: func(*testing.T, string) string { return "hello" }, want: siweverify.ErrMalformed},
		{name: "statement with a NUL byte", msg: statement("Sign in\x00to dtwgate"), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement with a percent sign", msg: statement("Sign in 100%"), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement with a tab", msg: statement("Sign\tin"), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement with a carriage return", msg: statement("Sign in\r"), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement with a quote", msg: statement(`Sign "in"`), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement outside ASCII", msg: statement("Sign in to dtwgaté"), want: siweverify.ErrMalformed, reason: "statement"},
		{name: "statement with every allowed character", msg: statement("Az09 -._~ :/?#[]@ !$&'()*+,;="), want: siweverify.ErrRejected, reason: "not by"},
		{name: "short nonce", edit: func(m *siwetest.Message) { m.Nonce = "abc1234" }, want: siweverify.ErrInvalidNonce, reason: "nonce"},
		{name: "nonce with a dash", edit: func(m *siwetest.Message) { m.Nonce = "0123-4567-89ab" }, want: siweverify.ErrInvalidNonce, reason: "nonce"},
		{name: "nonce with a space", edit: func(m *siwetest.Message) { m.Nonce = "01234567 89ab" }, want: siweverify.ErrInvalidNonce, reason: "nonce"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := baseMessage(signer)
			if c.edit != nil {
				c.edit(&m)
			}
			text := m.String(t)
			sig := signer.Sign(t, text)
			if c.sig != nil {
				sig = c.sig(t, text)
			}
			if c.msg != nil { // rewrites after signing
				text = c.msg(t, text)
			}
			res, err := v.Verify(context.Background(), text, sig, now)
			if c.want == nil {
				require.NoError(t, err)
				require.Equal(t, signer.Address, res.Address)
				require.Equal(t, nonce, res.Nonce)
				return
			}
			require.ErrorIs(t, err, c.want)
			var ve *siweverify.Error
			require.ErrorAs(t, err, &ve)
			require.Contains(t, ve.Description(), c.reason)
		})
	}
}

// statement returns a rewrite that replaces the message's statement with st.
func statement(st string) func(*testing.T, string) string {
	return func(t *testing.T, m string) string {
		t.Helper()
		require.Contains(t, m, "\nSign in to dtwgate\n")
		return strings.Replace(m, "\nSign in to dtwgate\n", "\n"+st+"\n", 1)
	}
}

// contractWallet accepts one address as a contract whose isValidSignature says yes.
type contractWallet struct{ addr common.Address }

func (c contractWallet) VerifyContractSignature(_ context.Context, _ uint64, addr common.Address, _ common.Hash, sig []byte) (bool, error) {
	return addr == c.addr && len(sig) > 0, nil
}

func TestVerifyContractWallet(t *testing.T) {
	signer := siwetest.NewSigner(t)
	wallet := common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	v := siweverify.New(siweverify.Config{Domain: domain, URI: uri, ChainIDs: []uint64{1}}, contractWallet{addr: wallet})
	m := baseMessage(signer)
	m.Address = wallet.Hex()
	text := m.String(t)
	res, err := v.Verify(context.Background(), text, "0x"+strings.Repeat("ab", 130), now)
	require.NoError(t, err, "ERC-1271 signatures may have any length")
	require.Equal(t, wallet, res.Address)

	m.Address = signer.Address.Hex()
	_, err = v.Verify(context.Background(), m.String(t), "0xabab", now)
	require.ErrorIs(t, err, siweverify.ErrMalformed, "an EOA still needs 65 bytes")
}

func FuzzVerify(f *testing.F) {
	signer := siwetest.NewSigner(f)
	text := baseMessage(signer).String(f)
	sig := signer.Sign(f, text)
	f.Add(text, sig)
	f.Add(text, sig[:len(sig)-2])
	f.Add(text, "0x")
	f.Add("", "")
	f.Add(strings.ReplaceAll(text, "\n", "\r\n"), sig)
	f.Add(text+"\nResources:\n- http://x", sig)
	v := newVerifier()
	f.Fuzz(func(t *testing.T, msg, sig string) {
		res, err := v.Verify(context.Background(), msg, sig, now)
		if err != nil {
			var ve *siweverify.Error
			require.ErrorAs(t, err, &ve)
			return
		}
		// Anything accepted must be bound to this gateway.
		require.Contains(t, msg, domain+" wants you to sign in")
		require.NotEqual(t, common.Address{}, res.Address)
	})
}

// BenchmarkVerify measures SIWE verification next to the raw crypto.Ecrecover it contains.
// The "interleaved" case alternates the two in one loop, so both see the same machine load,
// and reports the throughput ratio (ecrecover time / verify time; 1.0 = no overhead).
func BenchmarkVerify(b *testing.B) {
	signer := siwetest.NewSigner(b)
	text := baseMessage(signer).String(b)
	sig := signer.Sign(b, text)
	hash := siwetest.HashMessage(text)
	raw := signer.SignBytes(b, text)
	raw[64] -= 27
	v := newVerifier()
	ctx := context.Background()
	verify := func(b *testing.B) {
		if _, err := v.Verify(ctx, text, sig, now); err != nil {
			b.Fatal(err)
		}
	}
	recover := func(b *testing.B) {
		if _, err := crypto.Ecrecover(hash, raw); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("siwe", func(b *testing.B) {
		for b.Loop() {
			verify(b)
		}
	})
	b.Run("ecrecover", func(b *testing.B) {
		for b.Loop() {
			recover(b)
		}
	})
	b.Run("interleaved", func(b *testing.B) {
		var inVerify, inRecover time.Duration
		for b.Loop() {
			t0 := time.Now()
			verify(b)
			t1 := time.Now()
			recover(b)
			inRecover += time.Since(t1)
			inVerify += t1.Sub(t0)
		}
		b.ReportMetric(float64(inRecover)/float64(inVerify), "ratio")
	})
}

// FuzzParse holds Parse to siwe-go's own parser: whatever Parse accepts, siwe.ParseMessage
// accepts too, with the same fields and rendering.
func FuzzParse(f *testing.F) {
	signer := siwetest.NewSigner(f)
	m := baseMessage(signer)
	f.Add(m.String(f))
	m.ExpirationTime = now.Add(time.Hour)
	m.NotBefore = now
	f.Add(m.String(f))
	f.Add(strings.Replace(m.String(f), "\nSign in to dtwgate\n", "\n", 1))
	f.Add(m.String(f) + "\nRequest ID: abc\nResources:\n- https://example.com/a\n- ipfs://x")
	f.Add("example.com wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000000\n\n\nURI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2026-01-01T00:00:00Z")
	f.Fuzz(func(t *testing.T, msg string) {
		got, err := siweverify.Parse(msg)
		if err != nil {
			var ve *siweverify.Error
			require.ErrorAs(t, err, &ve)
			return
		}
		want, err := siwe.ParseMessage(msg)
		require.NoError(t, err, "siwe-go rejects what Parse accepted")
		require.Equal(t, want.String(), got.String())
		require.Equal(t, want.GetAddress(), got.GetAddress())
		require.Equal(t, want.GetNonce(), got.GetNonce())
		require.Equal(t, want.GetChainID(), got.GetChainID())
		require.Equal(t, want.GetDomain(), got.GetDomain())
		require.Equal(t, want.GetURI(), got.GetURI())
		require.Equal(t, want.GetIssuedAt(), got.GetIssuedAt())
		require.Equal(t, want.GetExpirationTime(), got.GetExpirationTime())
		require.Equal(t, want.GetNotBefore(), got.GetNotBefore())
	})
}

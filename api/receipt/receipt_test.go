package receipt_test

import (
	"context"
	"encoding/json"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/signer"
)

// t0 is the first receipt's time in the tests.
var t0 = uint64(time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC).UnixMilli())

func newKey(t *testing.T) signer.Signer {
	t.Helper()
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	s := signer.NewPrivateKeySigner(k)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// movements are an account's deposit, swap and withdrawal.
func movements() []receipt.Receipt {
	return []receipt.Receipt{
		{Account: "acc-1", EntryID: 10, Kind: "DEPOSIT", Reference: "0xabc:3",
			Postings: []receipt.Posting{{Asset: "usdt", Amount: "100"}},
			Balances: []receipt.Balance{{Asset: "usdt", Balance: "100"}}},
		{Account: "acc-1", EntryID: 12, Kind: "TRADE", Reference: "swap-1",
			Postings: []receipt.Posting{{Asset: "usdt", Amount: "-40"}, {Asset: "dai", Amount: "39.9"}, {Asset: "usdt", Amount: "-0.04"}},
			Balances: []receipt.Balance{{Asset: "usdt", Balance: "59.96"}, {Asset: "dai", Balance: "39.9"}}},
		{Account: "acc-1", EntryID: 0, Kind: "HOLD", Reference: "wd-1",
			Balances: []receipt.Balance{{Asset: "dai", Balance: "39.9"}}},
		{Account: "acc-1", EntryID: 15, Kind: "WITHDRAWAL", Reference: "wd-1",
			Postings: []receipt.Posting{{Asset: "dai", Amount: "-39.9"}},
			Balances: []receipt.Balance{{Asset: "dai", Balance: "0"}}},
	}
}

// signChain signs rs in order as one chain, the i-th at t0 + i seconds.
func signChain(t *testing.T, key signer.Signer, rs []receipt.Receipt) []receipt.Signed {
	t.Helper()
	var head receipt.Head
	out := make([]receipt.Signed, len(rs))
	for i, r := range rs {
		r.TimestampMillis = t0 + uint64(i)*1000
		s, err := receipt.Sign(context.Background(), key, head.Next(r))
		require.NoError(t, err)
		out[i], head = s, s.Head()
	}
	return out
}

func keysOf(s signer.Signer) receipt.Keys {
	return receipt.Keys{{Address: s.Address(), ValidFromMillis: t0 - 1000}}
}

var final = map[string]decimal.Decimal{"usdt": decimal.RequireFromString("59.96"), "dai": decimal.Zero}

// TestSignAndVerify: a signed chain verifies, through JSON as served, and its head is the
// last receipt's; the signature recovers through the signer package's own EIP-712 path.
func TestSignAndVerify(t *testing.T) {
	key := newKey(t)
	chain := signChain(t, key, movements())
	blob, err := json.Marshal(chain)
	require.NoError(t, err)
	require.Contains(t, string(blob), `"sequence":"2"`)
	var served []receipt.Signed
	require.NoError(t, json.Unmarshal(blob, &served))

	head, err := receipt.Verify("acc-1", served, keysOf(key), final)
	require.NoError(t, err)
	require.Equal(t, chain[3].Head(), head)
	require.Equal(t, uint64(4), head.Sequence)

	addr, err := signer.RecoverTypedData(chain[1].TypedData(), chain[1].Signature)
	require.NoError(t, err)
	require.Equal(t, key.Address(), addr)
	require.Equal(t, chain[0].Hash, chain[1].Previous)
}

// TestVerifyCatches: each way a chain can be wrong is refused with its error, naming the
// receipt.
func TestVerifyCatches(t *testing.T) {
	key, other := newKey(t), newKey(t)
	ctx := context.Background()
	good := func() []receipt.Signed { return signChain(t, key, movements()) }
	resign := func(s receipt.Signed, by signer.Signer) receipt.Signed {
		out, err := receipt.Sign(ctx, by, s.Receipt)
		require.NoError(t, err)
		return out
	}
	cases := []struct {
		name     string
		chain    func() []receipt.Signed
		balances map[string]decimal.Decimal
		err      error
		says     string
	}{
		{"receipt omitted", func() []receipt.Signed { c := good(); return append(c[:1], c[2:]...) }, final,
			receipt.ErrChain, "receipt #2 is missing"},
		{"receipts reordered", func() []receipt.Signed { c := good(); c[1], c[2] = c[2], c[1]; return c }, final,
			receipt.ErrChain, "receipt #2 is missing"},
		{"receipts omitted", func() []receipt.Signed { c := good(); return append(c[:1], c[3:]...) }, final,
			receipt.ErrChain, "receipts #2 to #3 are missing"},
		{"receipt repeated", func() []receipt.Signed { c := good(); return append(c[:2], c[1:]...) }, final,
			receipt.ErrChain, "out of order or repeated"},
		{"amount rewritten, hash kept", func() []receipt.Signed {
			c := good()
			c[1].Postings = []receipt.Posting{{Asset: "usdt", Amount: "-30"}, {Asset: "dai", Amount: "39.9"}, {Asset: "usdt", Amount: "-0.04"}}
			c[1].Balances[0].Balance = "69.96"
			return c
		}, final, receipt.ErrChain, "rewritten"},
		{"amount rewritten, hash recomputed", func() []receipt.Signed {
			c := good()
			c[0].Postings[0].Amount, c[0].Balances[0].Balance = "1000", "1000"
			h, err := c[0].Receipt.Hash()
			require.NoError(t, err)
			c[0].Hash = h
			return c
		}, final, receipt.ErrSignature, "receipt #1"},
		{"receipt rewritten and re-signed by another key", func() []receipt.Signed {
			c := good()
			c[3] = resign(c[3], other)
			return c
		}, final, receipt.ErrSignature, "no published receipt key"},
		{"receipt replaced, re-signed by the key, chain not relinked", func() []receipt.Signed {
			c := good()
			r := c[1].Receipt
			r.Reference = "swap-other"
			c[1] = resign(receipt.Signed{Receipt: r}, key)
			return c
		}, final, receipt.ErrChain, "names previous"},
		{"another account's receipt", func() []receipt.Signed {
			c := good()
			r := c[0].Receipt
			r.Account = "acc-2"
			c[0] = resign(receipt.Signed{Receipt: r}, key)
			return c
		}, final, receipt.ErrChain, `account "acc-2"'s`},
		{"balance that does not add up, signed", func() []receipt.Signed {
			rs := movements()
			rs[1].Balances[0].Balance = "60"
			return signChain(t, key, rs)
		}, final, receipt.ErrBalance, "usdt balance 60 is not the previous 100 plus its postings -40.04 (= 59.96)"},
		{"latest balances differ from the account's", good,
			map[string]decimal.Decimal{"usdt": decimal.RequireFromString("59.96"), "dai": decimal.RequireFromString("1")},
			receipt.ErrBalance, "dai: receipts say 0, balances say 1"},
		{"an asset the receipts never mention", good,
			map[string]decimal.Decimal{"usdt": decimal.RequireFromString("59.96"), "eth": decimal.RequireFromString("2")},
			receipt.ErrBalance, "eth: receipts say 0, balances say 2"},
		{"receipt dated back, signed", func() []receipt.Signed {
			var head receipt.Head
			var out []receipt.Signed
			for i, r := range movements() {
				r.TimestampMillis = t0 + uint64(i)*1000
				if i == 2 {
					r.TimestampMillis = t0
				}
				s, err := receipt.Sign(ctx, key, head.Next(r))
				require.NoError(t, err)
				out, head = append(out, s), s.Head()
			}
			return out
		}, final, receipt.ErrChain, "receipt #3 (entry 0, HOLD \"wd-1\") is dated"},
		{"signature cut", func() []receipt.Signed { c := good(); c[2].Signature = c[2].Signature[:64]; return c }, final,
			receipt.ErrSignature, "signature is 64 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := receipt.Verify("acc-1", tc.chain(), keysOf(key), tc.balances)
			require.ErrorIs(t, err, tc.err)
			require.ErrorContains(t, err, tc.says)
		})
	}
}

// TestKeyRotation: a rotated key's receipts verify within its window and not after it.
func TestKeyRotation(t *testing.T) {
	old, cur := newKey(t), newKey(t)
	rotated := t0 + 2000 // receipts #1, #2 before; #3, #4 after
	keys := receipt.Keys{
		{Address: old.Address(), ValidFromMillis: 0, ValidUntilMillis: rotated},
		{Address: cur.Address(), ValidFromMillis: rotated},
	}
	sign := func(after func(i int) signer.Signer) []receipt.Signed {
		var head receipt.Head
		var out []receipt.Signed
		for i, r := range movements() {
			r.TimestampMillis = t0 + uint64(i)*1000
			s, err := receipt.Sign(context.Background(), after(i), head.Next(r))
			require.NoError(t, err)
			out, head = append(out, s), s.Head()
		}
		return out
	}
	rotatedChain := sign(func(i int) signer.Signer {
		if i < 2 {
			return old
		}
		return cur
	})
	_, err := receipt.Verify("acc-1", rotatedChain, keys, final)
	require.NoError(t, err)

	oldEverywhere := sign(func(int) signer.Signer { return old })
	_, err = receipt.Verify("acc-1", oldEverywhere, keys, final)
	require.ErrorIs(t, err, receipt.ErrSignature)
	require.ErrorContains(t, err, "receipt #3")
}

// TestVerifyFromAnchor: a chain verified in pages continues from the previous page's
// anchor; a page that does not continue it is refused.
func TestVerifyFromAnchor(t *testing.T) {
	key := newKey(t)
	chain := signChain(t, key, movements())
	mid, err := receipt.VerifyChain("acc-1", chain[:2], keysOf(key), receipt.Anchor{})
	require.NoError(t, err)
	end, err := receipt.VerifyChain("acc-1", chain[2:], keysOf(key), mid)
	require.NoError(t, err)
	require.NoError(t, receipt.CheckBalances(end.Balances, final))
	_, err = receipt.VerifyChain("acc-1", chain[3:], keysOf(key), mid)
	require.ErrorIs(t, err, receipt.ErrChain)
}

// TestCheckRefusesMalformed: bounds and forms are checked before hashing or signing.
func TestCheckRefusesMalformed(t *testing.T) {
	base := func() receipt.Receipt {
		r := movements()[1]
		r.Sequence, r.Previous, r.TimestampMillis = 2, common.HexToHash("0x01"), t0
		return r
	}
	many := make([]receipt.Posting, receipt.MaxPostings+1)
	for i := range many {
		many[i] = receipt.Posting{Asset: "usdt", Amount: "1"}
	}
	cases := map[string]func(r *receipt.Receipt){
		"exponent":              func(r *receipt.Receipt) { r.Postings[0].Amount = "1e5" },
		"leading zero":          func(r *receipt.Receipt) { r.Postings[0].Amount = "01" },
		"plus sign":             func(r *receipt.Receipt) { r.Balances[0].Balance = "+1" },
		"empty amount":          func(r *receipt.Receipt) { r.Postings[0].Amount = "" },
		"huge amount":           func(r *receipt.Receipt) { r.Postings[0].Amount = strings.Repeat("9", receipt.MaxAmountLen+1) },
		"too many postings":     func(r *receipt.Receipt) { r.Postings = many },
		"long account":          func(r *receipt.Receipt) { r.Account = strings.Repeat("a", receipt.MaxStringLen+1) },
		"no account":            func(r *receipt.Receipt) { r.Account = "" },
		"no kind":               func(r *receipt.Receipt) { r.Kind = "" },
		"bad asset":             func(r *receipt.Receipt) { r.Postings[0].Asset = "us dt" },
		"posted, no balance":    func(r *receipt.Receipt) { r.Balances = r.Balances[1:] },
		"balance listed twice":  func(r *receipt.Receipt) { r.Balances = append(r.Balances, r.Balances[0]) },
		"sequence 0":            func(r *receipt.Receipt) { r.Sequence = 0 },
		"first with a previous": func(r *receipt.Receipt) { r.Sequence = 1 },
		"later without one":     func(r *receipt.Receipt) { r.Previous = common.Hash{} },
	}
	key := newKey(t)
	for name, mutate := range cases {
		t.Run(name, func(t *testing.T) {
			r := base()
			mutate(&r)
			_, err := receipt.Sign(context.Background(), key, r)
			require.ErrorIs(t, err, receipt.ErrMalformed)
		})
	}
	_, err := receipt.Sign(context.Background(), key, base())
	require.NoError(t, err)
}

// TestHashIsDocumentedEncoding: a receipt's hash is the EIP-712 digest of the types the
// package documents, computed here by hand as another language's verifier would.
func TestHashIsDocumentedEncoding(t *testing.T) {
	r := receipt.Receipt{Account: "acc-1", Sequence: 2, EntryID: 12, Kind: "TRADE", Reference: "swap-1",
		Postings:        []receipt.Posting{{Asset: "usdt", Amount: "-40"}},
		Balances:        []receipt.Balance{{Asset: "usdt", Balance: "60"}},
		TimestampMillis: t0, Previous: common.HexToHash("0x1234")}
	got, err := r.Hash()
	require.NoError(t, err)

	k := crypto.Keccak256
	str := func(s string) []byte { return k([]byte(s)) }
	u := func(v uint64) []byte { return common.LeftPadBytes(new(big.Int).SetUint64(v).Bytes(), 32) }
	cat := func(parts ...[]byte) []byte {
		var b []byte
		for _, p := range parts {
			b = append(b, p...)
		}
		return b
	}
	postingType := "Posting(string asset,string amount)"
	balanceType := "Balance(string asset,string balance)"
	receiptType := "Receipt(string account,uint64 sequence,uint64 entryId,string kind,Posting[] postings,Balance[] balances,uint64 timestampMillis,string reference,bytes32 previous)" + balanceType + postingType
	posting := k(cat(str(postingType), str("usdt"), str("-40")))
	balance := k(cat(str(balanceType), str("usdt"), str("60")))
	msg := k(cat(str(receiptType), str("acc-1"), u(2), u(12), str("TRADE"), k(posting), k(balance), u(t0), str("swap-1"), r.Previous[:]))
	domain := k(cat(str("EIP712Domain(string name,string version)"), str("dtwgate"), str("1")))
	want := common.BytesToHash(k(cat([]byte{0x19, 0x01}, domain, msg)))
	require.Equal(t, want, got)
}

// TestFastHashIsEIP712: the receipt's written-out EIP-712 hash is the generic encoder's
// digest of its typed data, for receipts with no, one and several postings, hashed twice
// (the second time with the asset ids' and kinds' hashes cached).
func TestFastHashIsEIP712(t *testing.T) {
	for i, r := range slices.Repeat([]receipt.Receipt{
		{Account: "a", Sequence: 1, Kind: "HOLD", Postings: []receipt.Posting{}, Balances: []receipt.Balance{{Asset: "usdt", Balance: "0"}}},
		{Account: "acc_62296e3515922c21da3fd66f", Sequence: 7, EntryID: 1 << 40, Kind: "TRADE", Reference: "swap-1",
			Postings:        []receipt.Posting{{Asset: "eur", Amount: "-10"}, {Asset: "usdc", Amount: "10.978011"}},
			Balances:        []receipt.Balance{{Asset: "eur", Balance: "90"}, {Asset: "usdc", Balance: "-0.5"}},
			TimestampMillis: 1795753710389, Previous: common.HexToHash("0x03dde5f1a5396cef25fd21339e23e0fa525e008fc5b63d1816fd4dfc8c40b6bb")},
	}, 2) {
		want, err := signer.TypedDataDigest(r.TypedData())
		require.NoError(t, err)
		got, err := r.Hash()
		require.NoError(t, err)
		require.Equal(t, want, got, "receipt %d", i)
	}
}

// TestSignIsTypedDataSignature: Sign, which signs the receipt's own hash as a ready
// EIP-712 digest, gives byte for byte the signature of the generic typed-data path
// (SignTypedData over TypedData), for every receipt of a chain.
func TestSignIsTypedDataSignature(t *testing.T) {
	ctx := context.Background()
	key := newKey(t)
	for i, s := range signChain(t, key, movements()) {
		want, err := key.SignTypedData(ctx, s.TypedData())
		require.NoError(t, err)
		require.Equal(t, want, []byte(s.Signature), "receipt %d", i)
		digest, err := signer.TypedDataDigest(s.TypedData())
		require.NoError(t, err)
		require.Equal(t, digest, s.Hash, "receipt %d", i)
	}
}

// TestFormsAreThePatterns: the amounts and asset ids Check accepts are exactly those of
// the documented patterns, which it checks without regular expressions.
func TestFormsAreThePatterns(t *testing.T) {
	decimalRE := regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)
	assetRE := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]*$`)
	for _, s := range []string{"", "-", "0", "-0", "00", "01", "1", "10", "-10.5", "1.", ".5", "-.5", "1.0", "1.05", "1..2", "1.2.3",
		"+1", "1e5", " 1", "1 ", "0.000001", "-0.0", "12a", "a12", "--1", "1-", "٣", "10.978011"} {
		_, err := receipt.ParseAmount(s)
		require.Equal(t, decimalRE.MatchString(s), err == nil, "amount %q", s)
	}
	for _, a := range []string{"", "usdt", "USDC", "eth.e", "a:b", "a-b", "a_b", "0x", "-a", ".a", "_a", ":a", "a b", "a/b", "é", "a\x00",
		strings.Repeat("a", receipt.MaxAssetLen)} {
		require.Equal(t, assetRE.MatchString(a), receipt.CheckAsset(a) == nil, "asset %q", a)
	}
}

// TestHashWithParts: a receipt hashed with parts computed before (PartsOf) hashes as it
// does alone, whether the parts are its own, another receipt's (a price that moved, a
// balance that changed meanwhile: each differing part is hashed again), or none.
func TestHashWithParts(t *testing.T) {
	r := receipt.Receipt{Account: "acc-1", Sequence: 3, EntryID: 12, Kind: "TRADE", Reference: "swap-1",
		Postings:        []receipt.Posting{{Asset: "eur", Amount: "-10"}, {Asset: "usdc", Amount: "10.978011"}},
		Balances:        []receipt.Balance{{Asset: "eur", Balance: "90"}, {Asset: "usdc", Balance: "-0.5"}},
		TimestampMillis: t0, Previous: common.HexToHash("0x1234")}
	want, err := r.Hash()
	require.NoError(t, err)
	other := r
	other.Account, other.Reference = "acc-2", "swap-2"
	other.Postings = []receipt.Posting{{Asset: "eur", Amount: "-10"}, {Asset: "usdc", Amount: "10.978012"}}
	other.Balances = []receipt.Balance{{Asset: "eur", Balance: "91"}, {Asset: "usdc", Balance: "-0.5"}}
	mine := receipt.PartsOf(r)
	require.True(t, mine.Of(r))
	require.False(t, receipt.PartsOf(other).Of(r))
	for name, p := range map[string]*receipt.Parts{"its own": mine, "another's": receipt.PartsOf(other), "none": nil} {
		got, err := r.HashWith(p)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
	r.Postings[1].Amount = "10.97801" // PartsOf kept its own copy: this is another receipt now
	changed, err := r.Hash()
	require.NoError(t, err)
	got, err := r.HashWith(mine)
	require.NoError(t, err)
	require.Equal(t, changed, got)
	require.NotEqual(t, want, got)
}

package chain_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
)

func TestParseAmount(t *testing.T) {
	usdt := chain.Asset{ID: "usdt", Decimals: 6}
	dai := chain.Asset{ID: "dai", Decimals: 18}
	maxUint256 := "115792089237316195423570985008687907853269984665640564039457584007913129639935"
	for _, tc := range []struct {
		name  string
		asset chain.Asset
		in    string
		want  string // base units; "" means refused
		why   string
	}{
		{"integer", usdt, "1", "1000000", ""},
		{"fraction", usdt, "1.5", "1500000", ""},
		{"zero point", usdt, "0.5", "500000", ""},
		{"trailing zeros beyond precision", usdt, "1.000000000000", "1000000", ""},
		{"largest uint256", chain.Asset{ID: "raw"}, maxUint256, maxUint256, ""},
		{"largest uint256 of an 18-decimal token", dai, maxUint256[:60] + "." + maxUint256[60:], maxUint256, ""},
		{"one over uint256", chain.Asset{ID: "raw"}, "115792089237316195423570985008687907853269984665640564039457584007913129639936", "", "too large"},
		{"too large with decimals", dai, "1" + strings.Repeat("0", 60), "", "too large"},
		{"more decimals than the token", usdt, "0.0000001", "", "more than 6 decimals"},
		{"zero", usdt, "0", "", "positive"},
		{"zero point zero", usdt, "0.0", "", "positive"},
		{"too long", usdt, "1" + strings.Repeat("0", chain.MaxAmountText), "", "longer than"},
		{"exponent", usdt, "1.5e3", "", "not a decimal"},
		{"negative exponent", usdt, "15e-6", "", "not a decimal"},
		{"huge exponent", dai, "1e10000000", "", "not a decimal"},
		{"largest int32 exponent", dai, "1e2147483647", "", "not a decimal"},
		{"huge negative exponent", usdt, "1e-10000000", "", "not a decimal"},
		{"zero with a huge exponent", usdt, "0e10000000", "", "not a decimal"},
		{"negative", usdt, "-1", "", "not a decimal"},
		{"negative huge", usdt, "-1e10000000", "", "not a decimal"},
		{"not a number", usdt, "1.2.3", "", "not a decimal"},
		{"hex", usdt, "0x10", "", "not a decimal"},
		{"empty", usdt, "", "", "empty"},
		{"exponent out of int32", usdt, "1e99999999999", "", "not a decimal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			got, err := tc.asset.ParseAmount(tc.in)
			require.Less(t, time.Since(start), 50*time.Millisecond, "parsing %q must be cheap", tc.in)
			if tc.want == "" {
				require.ErrorIs(t, err, chain.ErrBadAmount)
				require.Contains(t, err.Error(), tc.why)
				require.Less(t, len(err.Error()), 120, "got %q, want a short error", err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got.String())
		})
	}
}

func TestParseUnitsAllowsZero(t *testing.T) {
	usdt := chain.Asset{ID: "usdt", Decimals: 6}
	got, err := usdt.ParseUnits("0")
	require.NoError(t, err)
	require.Zero(t, got.Sign())
	_, err = usdt.ParseUnits("-0.1")
	require.ErrorIs(t, err, chain.ErrBadAmount)
}

func TestParseDecimal(t *testing.T) {
	for _, tc := range []struct {
		in, want, why string
	}{
		{"1.5", "1.5", ""},
		{"2.50", "2.5", ""},
		{"0", "0", ""},
		{"1" + strings.Repeat("0", 77), "1" + strings.Repeat("0", 77), ""},
		{"1" + strings.Repeat("0", 78), "", "digits before the point"},
		{"0." + strings.Repeat("0", 77) + "1", "0." + strings.Repeat("0", 77) + "1", ""},
		{"0." + strings.Repeat("0", 78) + "1", "", "longer than"},
		{"2.50e2", "", "not a decimal"},
		{"1e10000000", "", "not a decimal"},
		{"-3", "", "not a decimal"},
		{strings.Repeat("1", chain.MaxAmountText+1), "", "longer than"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := chain.ParseDecimal(tc.in)
			if tc.want == "" {
				require.ErrorIs(t, err, chain.ErrBadAmount)
				require.Contains(t, err.Error(), tc.why)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got.String())
		})
	}
}

func TestParseAddress(t *testing.T) {
	const checksummed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	want := common.HexToAddress(checksummed)
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"checksummed", checksummed, true},
		{"all lower", strings.ToLower(checksummed), true},
		{"all upper after 0x", "0x" + strings.ToUpper(checksummed[2:]), true},
		{"wrong checksum", "0x70997970c51812dc3A010C7d01b50e0d17dc79C8", false},
		{"no 0x", checksummed[2:], false},
		{"0X", "0X" + checksummed[2:], false},
		{"short", checksummed[:41], false},
		{"long", checksummed + "0", false},
		{"not hex", "0x70997970C51812dc3A010C7d01b50e0d17dc79CG", false},
		{"empty", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := chain.ParseAddress(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, chain.ErrBadAddress)
				return
			}
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
	_, err := chain.ParseAddress(strings.Repeat("z", 1<<20))
	require.Less(t, len(err.Error()), 120, "got %d bytes, want the input cut short", len(err.Error()))
}

func TestSourceAssetStrictAddress(t *testing.T) {
	token := common.HexToAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")
	src := chain.Source{Name: "ETHEREUM", Assets: []chain.Asset{{ID: "usdt", Address: token, Decimals: 6}}}
	for _, ok := range []string{"usdt", "USDT", token.Hex(), strings.ToLower(token.Hex())} {
		a, err := src.Asset(ok)
		require.NoError(t, err, ok)
		require.Equal(t, "usdt", a.ID)
	}
	for _, bad := range []string{token.Hex()[2:], "0xE7f1725E7734CE288F8367e1Bb143E90bb3F0512"} {
		_, err := src.Asset(bad)
		require.ErrorIs(t, err, chain.ErrUnknownAsset, bad)
	}
	_, err := src.Asset(strings.Repeat("x", 1<<20))
	require.Less(t, len(err.Error()), 120)
}

// TestAmountGrammar: amount text is exactly AmountPattern, nothing trimmed or guessed;
// every parser (ParseDecimal, ParseAmount, ParseUnits) reads the same grammar.
func TestAmountGrammar(t *testing.T) {
	pattern := regexp.MustCompile(chain.AmountPattern)
	dai := chain.Asset{ID: "dai", Decimals: 18}
	for _, in := range []string{"0.5", "10", "1.25", "0", "0.0", "1.000", "100", "0.000000000000000001"} {
		require.True(t, pattern.MatchString(in), "pattern refuses %q", in)
		_, err := chain.ParseDecimal(in)
		require.NoError(t, err, in)
		_, err = dai.ParseUnits(in)
		require.NoError(t, err, in)
	}
	for _, in := range []string{" 1", "1 ", "\t1", "1\t", "1\n", "1\u00a0", "\u00a01", "\u20071", "+1", "-1", ".5", "5.", ".",
		"0001", "00", "01.5", "00.5", "1e-1", "1E1", "1e0", "0x1", "1_000", "1,5", "1.2.3", "１", "NaN", "Inf", "1..2", "", "1.5\x00"} {
		require.False(t, pattern.MatchString(in), "pattern accepts %q", in)
		_, err := chain.ParseDecimal(in)
		require.ErrorIs(t, err, chain.ErrBadAmount, "ParseDecimal %q", in)
		_, err = dai.ParseAmount(in)
		require.ErrorIs(t, err, chain.ErrBadAmount, "ParseAmount %q", in)
		_, err = dai.ParseUnits(in)
		require.ErrorIs(t, err, chain.ErrBadAmount, "ParseUnits %q", in)
	}
}

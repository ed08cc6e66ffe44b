package dtwcli_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
)

// newTraderCLI is newCLIEnv with dtw configured from the devnet for the gateway, and the
// trader whitelisted and logged in with SIWE.
func newTraderCLI(t *testing.T) *cliEnv {
	t.Helper()
	e := newCLIEnv(t)
	e.cli.ok(t, "config", "init", "--devnet", e.dir, "--api-url", e.gw.base())
	e.gw.admin(t, "whitelist", "add", e.trader.Address.Hex())
	e.cli.ok(t, "login")
	return e
}

// dtwFree is the trader's free balance of token in the DTW contract, read from the chain.
func (e *cliEnv) dtwFree(t *testing.T, token common.Address) *big.Int {
	t.Helper()
	b, err := e.c.DTWBalance(testCtx(t), e.trader.Address, token)
	require.NoError(t, err)
	return b
}

// requireDecimal checks a decimal string the CLI printed against want.
func requireDecimal(t *testing.T, want, got, field string) {
	t.Helper()
	g, err := decimal.NewFromString(got)
	require.NoError(t, err, "%s %q", field, got)
	require.True(t, g.Equal(decimal.RequireFromString(want)), "%s: got %s, want %s", field, got, want)
}

// TestCLIAssets trades a 6-decimal token (USDT) and native ETH through the dtw binary,
// selling and buying each, directly and gasless, up to independent verification. The
// amounts bought follow the default book (eth 3000, dai 1, usdt 1, less half the 20 bps
// spread and the 10 bps commission) and the trader's DTW balances, read from the chain,
// move by exactly those base units. Amounts with more decimals than the token fail with
// exit 2 before anything is sent.
func TestCLIAssets(t *testing.T) {
	t.Parallel()
	e := newTraderCLI(t)
	dtw := e.cli
	usdt, eth := e.c.MustToken("USDT").Address, e.c.MustToken("ETH").Address

	// Deposits of USDT (6 decimals), native ETH and DAI, credited in exact base units.
	dtw.ok(t, "deposit", "ETHEREUM", "usdt", "100")
	dtw.ok(t, "deposit", "ETHEREUM", "eth", "1")
	dtw.ok(t, "deposit", "ETHEREUM", "dai", "30")
	require.Equal(t, "100000000", e.dtwFree(t, usdt).String())
	require.Equal(t, "1000000000000000000", e.dtwFree(t, eth).String())

	// Too many decimals, with the balances to cover them: refused with a usage error,
	// nothing sent (the nonce and the balances stay).
	before := e.state(t)
	dtw.fails(t, exitUsage, msgs("--amount", "more than 6 decimals"), "order", "place", "--sell", "usdt", "--buy", "dai", "--amount", "1.0000001", "--min", "1", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("--amount", "more than 6 decimals"), "order", "place", "--gasless", "--sell", "usdt", "--buy", "eth", "--amount", "1.0000001", "--slippage", "1", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("--amount", "more than 18 decimals"), "order", "place", "--sell", "eth", "--buy", "usdt", "--amount", "0.0000000000000000001", "--min", "1", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("--min", "more than 6 decimals"), "order", "place", "--sell", "eth", "--buy", "usdt", "--amount", "0.01", "--min", "29.0000001", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("more than 6 decimals"), "deposit", "ETHEREUM", "usdt", "1.0000001")
	dtw.fails(t, exitUsage, msgs("more than 18 decimals"), "deposit", "ETHEREUM", "eth", "0.0000000000000000001")
	dtw.fails(t, exitUsage, msgs("more than 18 decimals"), "withdraw", "--gasless", "ETHEREUM", "eth", "0.0000000000000000001")
	after := e.state(t)
	require.Equal(t, before.nonce, after.nonce, "amounts with too many decimals sent a transaction")
	require.Equal(t, before, after, "amounts with too many decimals changed the chain")

	cases := []struct {
		name                   string
		sell, buy              string
		args                   []string
		sold, bought           string // decimals, as the CLI prints them
		soldUnits, boughtUnits string // base units
	}{
		// 10 usdt at 1/3000 * 0.999 * 0.999 eth per usdt.
		{name: "sell usdt buy eth direct", sell: "usdt", buy: "eth", args: []string{"--amount", "10", "--min", "0.003"},
			sold: "10", bought: "0.00332667", soldUnits: "10000000", boughtUnits: "3326670000000000"},
		// 0.01 eth at 2994.003 usdt per eth, priced by the gateway with 1% slippage.
		{name: "sell eth buy usdt gasless", sell: "eth", buy: "usdt", args: []string{"--amount", "0.01", "--slippage", "1", "--gasless"},
			sold: "0.01", bought: "29.94003", soldUnits: "10000000000000000", boughtUnits: "29940030"},
		// 10.5 usdt at 0.998001 dai per usdt: 6 decimals in, 18 out.
		{name: "sell usdt buy dai gasless", sell: "usdt", buy: "dai", args: []string{"--amount", "10.5", "--min", "10", "--gasless"},
			sold: "10.5", bought: "10.4790105", soldUnits: "10500000", boughtUnits: "10479010500000000000"},
		// 30 dai at 0.999/3000 * 0.999 eth per dai.
		{name: "sell dai buy eth direct", sell: "dai", buy: "eth", args: []string{"--amount", "30", "--slippage", "0.5"},
			sold: "30", bought: "0.00998001", soldUnits: "30000000000000000000", boughtUnits: "9980010000000000"},
	}
	for _, tc := range cases {
		sellT, buyT := e.c.MustToken(tc.sell).Address, e.c.MustToken(tc.buy).Address
		sellBefore, buyBefore := e.dtwFree(t, sellT), e.dtwFree(t, buyT)
		var res struct {
			placeResult
			Amount       string `json:"amount"`
			Min          string `json:"min"`
			QuantitySold string `json:"quantitySold"`
		}
		args := append(append([]string{"order", "place", "--sell", tc.sell, "--buy", tc.buy}, tc.args...), "--wait", "--json", "ETHEREUM")
		progress := dtw.okJSON(t, &res, args...)
		require.Contains(t, progress, "verified:", tc.name)
		require.True(t, res.Verified, tc.name)
		require.Equal(t, "SETTLED", res.Status, tc.name)
		require.NotEmpty(t, res.ReturnTxID, tc.name)

		// The JSON output's amounts against the price.
		requireDecimal(t, tc.sold, res.Amount, tc.name+": amount")
		requireDecimal(t, tc.sold, res.QuantitySold, tc.name+": quantitySold")
		requireDecimal(t, tc.bought, res.QuantityBought, tc.name+": quantityBought")
		require.True(t, decimal.RequireFromString(res.Min).LessThanOrEqual(decimal.RequireFromString(tc.bought)), "%s: min %s above what it bought", tc.name, res.Min)

		// The trader's DTW balances, read from the chain, in exact base units.
		soldU, _ := new(big.Int).SetString(tc.soldUnits, 10)
		boughtU, _ := new(big.Int).SetString(tc.boughtUnits, 10)
		require.Equal(t, new(big.Int).Sub(sellBefore, soldU).String(), e.dtwFree(t, sellT).String(), "%s: free %s", tc.name, tc.sell)
		require.Equal(t, new(big.Int).Add(buyBefore, boughtU).String(), e.dtwFree(t, buyT).String(), "%s: free %s", tc.name, tc.buy)
	}
}

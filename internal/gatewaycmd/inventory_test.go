package gatewaycmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/store"
)

const inventoryConfig = `chains:
  - source: ETHEREUM
    chainId: 1
    rpcUrls: ["http://127.0.0.1:1"]
    dtwAddress: "0x00000000000000000000000000000000000000d7"
    operator: "keystore:/nonexistent/operator.json"
    rebalance: auto
    tokens:
      - {symbol: DAI, address: "0x0000000000000000000000000000000000000da1", decimals: 18}
      - {symbol: ETH, address: "0x0000000000000000000000000000000000000000", decimals: 18}
    inventory:
      - asset: dai
        dtw: {min: "10", target: "50", max: "100"}
        treasury: {min: "1", target: "5", max: "20"}
pricing:
  prices: {dai: "1", eth: "3000"}
`

// TestInventoryAdmin: `admin inventory` prints the settler's last report as a table (and
// JSON); `admin inventory move` says what it will do, refuses what cannot be done, and
// records the move for the settler only with --yes.
func TestInventoryAdmin(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	cfgPath := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(inventoryConfig), 0o600))
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		a := gatewaycmd.App()
		a.Writer, a.ErrWriter = &out, &out
		err := a.RunContext(ctx, append(append([]string{"dtwgate", "admin", "inventory"}, args...), "--config", cfgPath, "--data-dir", data))
		return out.String(), err
	}
	out, err := run()
	require.NoError(t, err)
	require.Contains(t, out, "no inventory report yet")

	cfg := config.Default()
	cfg.DataDir = data
	st, err := app.OpenStore(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	at := time.Date(2026, 11, 27, 2, 0, 0, 0, time.UTC)
	d := decimal.RequireFromString
	require.NoError(t, st.PutInventoryPlaces(ctx, "ETHEREUM", []store.InventoryPlace{
		{Asset: "dai", Place: "dtw", Balance: d("7.5"), Min: d("10"), Target: d("50"), Max: d("100"), State: "below", UpdatedAt: at},
		{Asset: "dai", Place: "treasury", Balance: d("12"), Min: d("1"), Target: d("5"), Max: d("20"), State: "within", UpdatedAt: at},
	}))
	out, err = run()
	require.NoError(t, err)
	require.Regexp(t, `ETHEREUM\s+dai\s+dtw\s+7.5\s+10 / 50 / 100\s+BELOW\s+2026-11-27T02:00:00Z`, out)
	require.Regexp(t, `ETHEREUM\s+dai\s+treasury\s+12\s+1 / 5 / 20\s+WITHIN`, out)
	out, err = run("--json")
	require.NoError(t, err)
	var rows []struct{ Chain, Asset, Place, Balance, Min, State string }
	require.NoError(t, json.Unmarshal([]byte(out), &rows))
	require.Len(t, rows, 2)
	require.Equal(t, "7.5", rows[0].Balance)

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown chain", []string{"--chain", "POLYGON", "--asset", "dai", "--from", "dtw", "--amount", "1"}, "not a configured chain"},
		{"unknown asset", []string{"--chain", "ETHEREUM", "--asset", "usdc", "--from", "dtw", "--amount", "1"}, "usdc"},
		{"bad place", []string{"--chain", "ETHEREUM", "--asset", "dai", "--from", "vault", "--amount", "1"}, "use dtw or treasury"},
		{"too many decimals", []string{"--chain", "ETHEREUM", "--asset", "dai", "--from", "dtw", "--amount", "0.0000000000000000001"}, "--amount"},
		{"not there", []string{"--chain", "ETHEREUM", "--asset", "dai", "--from", "dtw", "--amount", "8", "--yes"}, "holds only 7.5 dai"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := run(append([]string{"move"}, c.args...)...)
			require.ErrorContains(t, err, c.want)
		})
	}
	move := []string{"move", "--chain", "ETHEREUM", "--asset", "DAI", "--from", "treasury", "--amount", "10"}
	out, err = run(move...)
	require.NoError(t, err)
	require.Contains(t, out, "Move of 10 dai on ETHEREUM from the operator's treasury wallet to its DTW inventory")
	require.Contains(t, out, "approve(DTW, amount), then DTW deposit(dai, amount)")
	require.Contains(t, out, "Nothing done: run again with --yes")
	open, err := st.OpenInventoryMoves(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Empty(t, open)

	out, err = run(append(move, "--yes")...)
	require.NoError(t, err)
	require.Contains(t, out, "Move 1 recorded")
	open, err = st.OpenInventoryMoves(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Len(t, open, 1)
	require.Equal(t, "treasury", open[0].From)
	require.Equal(t, "10", open[0].Amount.String())
	require.Equal(t, "manual", open[0].Reason)
}

package app_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestSettlerReportsInventory: a settler with chains[].inventory reports where each place
// stands on /metrics (dtwgate_inventory_*) and in the store (admin inventory), and with
// rebalance: auto brings the DTW inventory above its band back to target.
func TestSettlerReportsInventory(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	cfg := chainConfig(t, c)
	// The operator holds 5,000,000 DAI in DTW and 5,000,000 in its wallet.
	cfg.Chains[0].Inventory = []config.InventoryBand{{Asset: "dai", DTW: config.Band{Min: "1000", Target: "2000", Max: "3000"},
		Treasury: config.Band{Min: "1000", Target: "5000000", Max: "20000000"}}}
	cfg.Chains[0].Rebalance = config.RebalanceAuto
	cfg.Finish()
	require.NoError(t, cfg.Check())
	settler, err := app.New(ctx, cfg, app.Options{Role: app.RoleSettler, Logger: slog.New(slog.DiscardHandler), Listener: loopback(t),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	run(t, settler)
	dai := c.MustToken("DAI")
	require.Eventually(t, func() bool {
		b, err := c.DTWBalance(ctx, c.Operator.Address, dai.Address)
		return err == nil && b.Cmp(dai.Units(2000)) == 0
	}, 30*time.Second, 100*time.Millisecond, "the DTW inventory above its band was not brought back to target")
	var body string
	require.Eventually(t, func() bool {
		resp, err := http.Get("http://" + settler.Addr().String() + api.PathMetrics)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		body = string(b)
		return strings.Contains(body, `dtwgate_inventory_balance{asset="dai",place="dtw",source="ETHEREUM"} 2000`)
	}, 30*time.Second, 100*time.Millisecond, "no inventory metrics")
	require.Contains(t, body, `dtwgate_inventory_out_of_band{asset="dai",place="dtw",source="ETHEREUM"} 0`)
	require.Contains(t, body, `dtwgate_inventory_band_max{asset="dai",place="dtw",source="ETHEREUM"} 3000`)
	require.Contains(t, body, `dtwgate_inventory_moves_total{asset="dai",from="dtw",source="ETHEREUM",state="done"} 1`)
	places, err := settler.Store().InventoryPlaces(ctx)
	require.NoError(t, err)
	require.Len(t, places, 2)

	// /readyz shows the same report.
	resp, err := http.Get("http://" + settler.Addr().String() + api.PathReadyz)
	require.NoError(t, err)
	defer resp.Body.Close()
	var ready api.Readiness
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&ready))
	require.Len(t, ready.Inventory, 2)
	for _, p := range ready.Inventory {
		require.Equal(t, "ETHEREUM", p.Source)
		require.Equal(t, "dai", p.Asset)
		require.NotEmpty(t, p.State)
		require.NotZero(t, p.UpdatedAtMillis)
	}
}

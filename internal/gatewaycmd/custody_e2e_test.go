package gatewaycmd

import (
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/faults"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestCustodyDeepReorgE2E: the dtwgate binary credits two OFFCHAIN deposits of one block;
// a reorg deeper than the depth takes one of them out of the chain for good. `admin custody
// reorg-status` reports the stop, the deposit gone and where a rescan would start; `admin
// custody rescan` without --yes changes nothing, with --yes the settler resumes crediting
// (a later deposit is credited once) and the deposit gone stays credited and reported.
func TestCustodyDeepReorgE2E(t *testing.T) {
	const depth = 3
	ctx := e2eCtx(t)
	e := newChainEnv(t, envOptions{editChains: func(chains []config.Chain) {
		for i := range chains {
			chains[i].Confirmations = depth
		}
	}})
	c := e.c
	e.start(t)
	admin := func(args ...string) string {
		return e.gw.admin(t, append([]string{"custody"}, append(args, "--source", c.Source)...)...)
	}
	dai := c.MustToken("DAI")
	units := func(v int64) *big.Int {
		return new(big.Int).Mul(big.NewInt(v), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dai.Decimals)), nil))
	}
	daiBalance := func() string {
		var res api.BalancesResponse
		status, body := e.gw.get(t, "/v3/balance/OFFCHAIN", e.a.token, &res)
		require.Equal(t, http.StatusOK, status, "body: %s", body)
		for _, b := range res.Balances {
			if b.Asset == "dai" {
				return b.Balance
			}
		}
		return "0"
	}
	eventually := func(cond func() bool, msg string) {
		t.Helper()
		require.Eventually(t, func() bool {
			require.NoError(t, c.Mine(ctx, 1))
			return cond()
		}, 60*time.Second, 200*time.Millisecond, msg)
	}

	var addrs api.DepositAddressesResponse
	status, body := e.gw.get(t, api.PathDepositAddresses, e.a.token, &addrs)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var fwd common.Address
	for _, a := range addrs.Addresses {
		if a.DepositAddressReference == custody.ReferencePrefix+e.a.id {
			fwd = common.HexToAddress(a.Address)
		}
	}
	require.NotEqual(t, common.Address{}, fwd, "no OFFCHAIN deposit address in %+v", addrs.Addresses)
	eventually(func() bool {
		code, err := c.Client.CodeAt(ctx, fwd, nil)
		require.NoError(t, err)
		return len(code) > 0
	}, "the forwarder was never deployed")
	require.Contains(t, admin("reorg-status"), "no deep reorg: crediting runs")

	// Two deposits in one block, credited.
	require.NoError(t, c.SetAutomine(ctx, false))
	pay := func(from testnet.Account, v int64) *types.Transaction {
		tx, err := c.SendTx(ctx, from, &dai.Address, bindings.NewFeeToken().PackTransfer(fwd, units(v)), nil, 200_000)
		require.NoError(t, err)
		return tx
	}
	txA, txB := pay(e.traders[0], 5), pay(e.traders[1], 7)
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.SetAutomine(ctx, true))
	rA, err := c.WaitReceipt(ctx, txA.Hash())
	require.NoError(t, err)
	eventually(func() bool { return daiBalance() == "12" }, "the deposits were never credited")
	require.NoError(t, c.Mine(ctx, 5)) // the sweep, at the depth

	// A reorg deeper than the depth from their block; B is lost.
	noise, err := testnet.NewAccount("noise", testnet.RoleTrader)
	require.NoError(t, err)
	require.NoError(t, c.SetBalance(ctx, noise.Address, big.NewInt(1e18)))
	head, err := c.Client.BlockNumber(ctx)
	require.NoError(t, err)
	_, err = faults.Reorg(ctx, c.RPC, faults.ReorgOptions{Depth: int(head - rA.BlockNumber.Uint64() + 1), Noise: noise.Key,
		Drop: func(tx *types.Transaction, _ common.Address) bool { return tx.Hash() == txB.Hash() }})
	require.NoError(t, err)

	var out string
	eventually(func() bool {
		out = admin("reorg-status")
		return strings.Contains(out, "DEEP REORG, crediting stopped") && strings.Contains(out, "1 not on the chain")
	}, "reorg-status never reported the deep reorg")
	require.Contains(t, out, "1 credited deposit(s) no longer on the chain; they stay credited")
	require.Contains(t, out, fmt.Sprintf("account %s  7 dai  tx %s", e.a.id, txB.Hash().Hex()))
	var st struct{ DeepReorg struct{ RescanFrom uint64 } }
	require.NoError(t, json.Unmarshal([]byte(admin("reorg-status", "--json")), &st))
	require.NotZero(t, st.DeepReorg.RescanFrom)
	require.LessOrEqual(t, st.DeepReorg.RescanFrom, rA.BlockNumber.Uint64())
	from := strconv.FormatUint(st.DeepReorg.RescanFrom, 10)
	require.Contains(t, out, "dtwgate admin custody rescan --source "+c.Source+" --from-block "+from)

	// Crediting is stopped: a later deposit waits; B is not reversed.
	later, err := c.Transact(ctx, e.traders[0], &dai.Address, bindings.NewFeeToken().PackTransfer(fwd, units(3)), nil)
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, depth+2))
	time.Sleep(time.Second)
	require.Equal(t, "12", daiBalance())

	require.Contains(t, admin("rescan", "--from-block", from), "Nothing done: run again with --yes")
	time.Sleep(time.Second)
	require.Equal(t, "12", daiBalance(), "a rescan without --yes did something")
	require.Contains(t, admin("rescan", "--from-block", from, "--yes"), "Requested:")
	eventually(func() bool { return daiBalance() == "15" }, "crediting never resumed after the rescan")
	require.NoError(t, c.Mine(ctx, depth+2))
	time.Sleep(time.Second)
	require.Equal(t, "15", daiBalance(), "credited once")
	out = admin("reorg-status")
	require.Contains(t, out, "no deep reorg: crediting runs")
	require.Contains(t, out, "1 credited deposit(s) no longer on the chain")
	require.NotContains(t, out, "rescan from block")
	require.Positive(t, later.BlockNumber.Sign())
}

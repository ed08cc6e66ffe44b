package trader_test

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/testnet"
)

// network is started once per test that needs it; each sub-test isolates its changes
// with a snapshot.
func startChain(t *testing.T) *testnet.Chain {
	t.Helper()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	return n.Chains[0]
}

// sourceOf is the trader's own configuration of a testnet chain.
func sourceOf(c *testnet.Chain) chain.Source { return c.ChainSource(1) }

// newTrader returns a trader for a testnet account, signing with a copy of its key
// (closing a signer zeroes its key).
func newTrader(t *testing.T, c *testnet.Chain, acct testnet.Account) *trader.Trader {
	t.Helper()
	s := acct.Signer()
	t.Cleanup(func() { s.Close() })
	tr, err := trader.New(context.Background(), sourceOf(c), s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	return tr
}

func asset(t *testing.T, tr *trader.Trader, id string) chain.Asset {
	t.Helper()
	a, err := tr.Asset(id)
	require.NoError(t, err)
	return a
}

// units converts whole tokens to base units.
func units(a chain.Asset, whole int64) *big.Int {
	return new(big.Int).Mul(big.NewInt(whole), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(a.Decimals)), nil))
}

func freeBalance(t *testing.T, tr *trader.Trader, a chain.Asset) *big.Int {
	t.Helper()
	b, err := tr.FreeBalance(context.Background(), a)
	require.NoError(t, err)
	return b
}

func requireBig(t *testing.T, want, got *big.Int, msgAndArgs ...any) {
	t.Helper()
	require.Zero(t, want.Cmp(got), append([]any{"got %s, want %s", got, want}, msgAndArgs...)...)
}

// mustKey returns a fresh private key.
func mustKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	return k
}

package custody_test

import (
	"bytes"
	"context"
	"log/slog"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// depth is the confirmation depth of the test chain.
const depth = 3

// env is a gateway (API and settler in one app) on one anvil chain at depth confirmations.
type env struct {
	c   *testnet.Chain
	app *app.App
	cfg string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	c := n.Chains[0]
	require.NotEqual(t, common.Address{}, c.DepositFactory, "the testnet deploys the deposit factory")
	cfg, err := c.GatewayConfig(t.TempDir())
	require.NoError(t, err)
	cfg.Chains[0].Confirmations = depth
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	require.NoError(t, cfg.Check())
	logs := &syncBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("gateway log:\n%s", logs.String())
		}
	})
	a, err := app.New(ctx, cfg, app.Options{Listener: ln, Logger: slog.New(slog.NewTextHandler(logs, nil)),
		EngineInterval: 50 * time.Millisecond, PollInterval: 25 * time.Millisecond, SweepAfter: 100 * time.Millisecond})
	require.NoError(t, err)
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = a.Run(runCtx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		require.NoError(t, a.Close())
	})
	return &env{c: c, app: a, cfg: "http://" + cfg.Listen + cfg.BasePath}
}

// syncBuffer is a log sink for concurrent writers, shown when a test fails.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// login signs trader i in with SIWE and returns its client and account id.
func (e *env) login(t *testing.T, i int) (*client.Client, string) {
	t.Helper()
	ctx := context.Background()
	s := e.c.Traders[i].Signer()
	t.Cleanup(func() { s.Close() })
	require.NoError(t, e.app.Store().AddWhitelist(ctx, s.Address(), time.Now()))
	ccfg := client.DefaultConfig()
	ccfg.BaseURL = e.cfg
	ccfg.Auth = &client.SIWEAuth{Signer: s, ChainID: e.c.ChainID.Uint64()}
	cl, err := client.New(ccfg)
	require.NoError(t, err)
	acc, err := cl.Accounts(ctx)
	require.NoError(t, err)
	return cl, acc.AccountID
}

// balance is an account's OFFCHAIN balance of an asset ("0" when it has none).
func balance(t *testing.T, cl *client.Client, asset string) api.BalanceV2 {
	t.Helper()
	res, err := cl.Balances(context.Background(), "", "OFFCHAIN")
	require.NoError(t, err)
	for _, b := range res.Balances {
		if b.Asset == asset {
			return b
		}
	}
	return api.BalanceV2{Asset: asset, Balance: "0", Held: "0", Available: "0"}
}

// eventually mines a block and checks cond until it holds.
func (e *env) eventually(t *testing.T, cond func() bool, msg string, args ...any) {
	t.Helper()
	require.Eventually(t, func() bool {
		require.NoError(t, e.c.Mine(context.Background(), 1))
		return cond()
	}, 30*time.Second, 100*time.Millisecond, append([]any{msg}, args...)...)
}

// creditedThrough waits until the custodian has read the blocks up to n.
func (e *env) creditedThrough(t *testing.T, n uint64) {
	t.Helper()
	e.eventually(t, func() bool {
		b, _, ok, err := e.app.Store().CustodyCursor(context.Background(), e.c.Source)
		require.NoError(t, err)
		return ok && b >= n
	}, "deposits were never read through block %d", n)
}

// quiet waits until the forwarders are swept, no sweep is due or in flight (a sweep's
// marks stay until it is confirmed: quiet mines a block each time it looks) and the
// operator has no transaction in flight, for half a second in a row.
func (e *env) quiet(t *testing.T, forwarders ...common.Address) {
	t.Helper()
	ctx := context.Background()
	since := time.Time{}
	require.Eventually(t, func() bool {
		require.NoError(t, e.c.Mine(ctx, 1))
		busy := false
		for _, f := range forwarders {
			b, err := e.c.Client.BalanceAt(ctx, f, nil)
			require.NoError(t, err)
			busy = busy || b.Sign() != 0
		}
		due, err := e.app.Store().SweepsDue(ctx, e.c.Source, 10)
		require.NoError(t, err)
		pending, err := e.c.Client.PendingNonceAt(ctx, e.c.Operator.Address)
		require.NoError(t, err)
		mined, err := e.c.Client.NonceAt(ctx, e.c.Operator.Address, nil)
		require.NoError(t, err)
		if busy || len(due) > 0 || pending != mined {
			since = time.Time{}
			return false
		}
		if since.IsZero() {
			since = time.Now()
		}
		return time.Since(since) > 500*time.Millisecond
	}, 30*time.Second, 50*time.Millisecond, "the settler never went quiet")
}

// head is the chain's latest block.
func (e *env) head(t *testing.T) uint64 {
	t.Helper()
	n, err := e.c.Client.BlockNumber(context.Background())
	require.NoError(t, err)
	return n
}

// depositAddress is the account's OFFCHAIN deposit address on the chain, from the API.
func (e *env) depositAddress(t *testing.T, cl *client.Client, account string) common.Address {
	t.Helper()
	res, err := cl.DepositAddresses(context.Background())
	require.NoError(t, err)
	for _, a := range res.Addresses {
		if a.DepositAddressReference == custody.ReferencePrefix+account {
			require.Equal(t, e.c.Source, a.DepositLocation)
			addr, err := chain.ParseAddress(a.Address)
			require.NoError(t, err)
			return addr
		}
	}
	t.Fatalf("no OFFCHAIN deposit address in %+v", res.Addresses)
	return common.Address{}
}

func whole(t *testing.T, tok testnet.Token, v string) *big.Int {
	t.Helper()
	d, err := decimal.NewFromString(v)
	require.NoError(t, err)
	return d.Shift(int32(tok.Decimals)).BigInt()
}

func (e *env) transfer(t *testing.T, from testnet.Account, tok testnet.Token, to common.Address, amount *big.Int) *types.Receipt {
	t.Helper()
	ctx := context.Background()
	var (
		r   *types.Receipt
		err error
	)
	if tok.Kind == testnet.KindNative {
		r, err = e.c.Transact(ctx, from, &to, nil, amount)
	} else {
		r, err = e.c.Transact(ctx, from, &tok.Address, bindings.NewFeeToken().PackTransfer(to, amount), nil)
	}
	require.NoError(t, err)
	return r
}

// TestCryptoFunding: an account's deposit address is its own forwarder (the CREATE2
// address of the chain's factory, checkable by anyone); ETH sent before the forwarder
// exists is credited when it is deployed; a deposit a reorg removes before the depth is
// never credited; ERC-20 (a no-return token and a fee-on-transfer token: what arrived) and
// native deposits are credited once at the depth; the forwarder is swept to the treasury.
func TestCryptoFunding(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	c := e.c
	eth, dai, usdt, fot := c.MustToken("ETH"), c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("FOT")

	// Trader 2 pays 1 ETH to its forwarder's address before it is handed out or deployed.
	cl2, acc2 := e.login(t, 1)
	early := chain.ForwarderAddress(c.DepositFactory, chain.DepositSalt(acc2))
	e.transfer(t, c.Traders[1], eth, early, whole(t, eth, "1"))
	require.Equal(t, early, e.depositAddress(t, cl2, acc2))
	e.eventually(t, func() bool { return balance(t, cl2, "eth").Balance == "1" }, "ETH sent before the deployment was never credited")

	cl, acc := e.login(t, 0)
	fwd := e.depositAddress(t, cl, acc)
	require.Equal(t, chain.ForwarderAddress(c.DepositFactory, chain.DepositSalt(acc)), fwd)
	require.NotEqual(t, early, fwd)
	again, err := cl.DepositAddresses(ctx)
	require.NoError(t, err)
	require.Contains(t, again.Addresses, api.DepositAddress{Address: fwd.Hex(), DepositAddressReference: custody.ReferencePrefix + acc, DepositLocation: c.Source})
	e.eventually(t, func() bool {
		code, err := c.Client.CodeAt(ctx, fwd, nil)
		require.NoError(t, err)
		return len(code) > 0
	}, "the forwarder was never deployed")

	// A deposit that a reorg takes out before the depth credits nothing. The settler's own
	// transactions mine blocks (automine): let it finish sweeping the early ETH first, so
	// that only the test's blocks move the deposit towards the depth.
	e.quiet(t, early)
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)
	gone := e.transfer(t, c.Traders[0], dai, fwd, whole(t, dai, "500"))
	require.NoError(t, c.Mine(ctx, depth-2)) // one block short of the depth
	time.Sleep(500 * time.Millisecond)       // many custodian rounds
	require.Equal(t, "0", balance(t, cl, "dai").Balance, "credited before the depth")
	require.NoError(t, c.Revert(ctx, snap))
	require.NoError(t, c.Mine(ctx, depth+2))
	e.creditedThrough(t, gone.BlockNumber.Uint64()+depth)
	require.Equal(t, "0", balance(t, cl, "dai").Balance, "a deposit the reorg removed was credited")

	// Deposits of every kind.
	operatorDAI, err := c.TokenBalance(ctx, dai, c.Operator.Address)
	require.NoError(t, err)
	e.transfer(t, c.Traders[0], dai, fwd, whole(t, dai, "5"))
	e.transfer(t, c.Traders[0], usdt, fwd, whole(t, usdt, "7.25"))
	e.transfer(t, c.Traders[0], fot, fwd, whole(t, fot, "10"))
	last := e.transfer(t, c.Traders[0], eth, fwd, whole(t, eth, "2"))
	want := map[string]string{"dai": "5", "usdt": "7.25", "fot": "9.9", "eth": "2"} // FOT keeps 1% on transfer
	e.eventually(t, func() bool {
		for asset, v := range want {
			if balance(t, cl, asset).Balance != v {
				return false
			}
		}
		return true
	}, "deposits not credited as %v", want)
	// Exactly once: more blocks and rounds change nothing.
	e.creditedThrough(t, last.BlockNumber.Uint64()+depth+3)
	for asset, v := range want {
		b := balance(t, cl, asset)
		require.Equal(t, v, b.Balance, asset)
		require.Equal(t, v, b.Available, asset)
	}
	require.Equal(t, "1", balance(t, cl2, "eth").Balance, "another account's deposits stay its own")

	// The forwarder is swept to the treasury (the operator).
	e.eventually(t, func() bool {
		for _, tok := range []testnet.Token{dai, usdt, fot} {
			b, err := c.TokenBalance(ctx, tok, fwd)
			require.NoError(t, err)
			if b.Sign() != 0 {
				return false
			}
		}
		b, err := c.Client.BalanceAt(ctx, fwd, nil)
		require.NoError(t, err)
		return b.Sign() == 0
	}, "the forwarder was never swept")
	after, err := c.TokenBalance(ctx, dai, c.Operator.Address)
	require.NoError(t, err)
	require.Equal(t, new(big.Int).Add(operatorDAI, whole(t, dai, "5")), after, "the treasury received the DAI")

	// History: the deposits are OFFCHAIN deposits of the account.
	hist, err := cl.Deposits(ctx, client.ActivityQuery{Source: "OFFCHAIN", Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Hour)})
	require.NoError(t, err)
	require.Len(t, hist.Transactions, 4)
}

// TestCryptoWithdrawal: an OFFCHAIN withdrawal to an approved address is paid from the
// treasury through the journaled sender and completed after the receipt at the depth (the
// hold captured); one whose payment can no longer be mined fails and releases the hold.
func TestCryptoWithdrawal(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	c := e.c
	dai, eth := c.MustToken("DAI"), c.MustToken("ETH")
	cl, acc := e.login(t, 0)
	fwd := e.depositAddress(t, cl, acc)
	e.transfer(t, c.Traders[0], dai, fwd, whole(t, dai, "10"))
	e.transfer(t, c.Traders[0], eth, fwd, whole(t, eth, "3"))
	e.eventually(t, func() bool { return balance(t, cl, "dai").Balance == "10" && balance(t, cl, "eth").Balance == "3" }, "deposits not credited")

	dest, err := testnet.NewAccount("dest", testnet.RoleTrader)
	require.NoError(t, err)
	require.NoError(t, e.app.Store().AddWithdrawalAddress(ctx, store.WithdrawalAddress{ID: "wa-dest", AccountID: acc, Source: c.Source,
		Address: dest.Address, Status: store.AddressApproved, CreatedAt: time.Now()}))

	// Paid and completed: DAI and native ETH.
	for _, w := range []struct {
		id, asset, amount string
		tok               testnet.Token
	}{{"pay-dai", "dai", "4", dai}, {"pay-eth", "eth", "1.5", eth}} {
		req := api.OffchainWithdrawalRequest{InstructionID: w.id, Asset: w.asset, Amount: w.amount, WithdrawalAddressID: "wa-dest"}
		got, err := cl.SubmitOffchainWithdrawal(ctx, "", req)
		require.NoError(t, err)
		require.Equal(t, store.WithdrawalPending, got.Status)
		var done api.OffchainWithdrawal
		e.eventually(t, func() bool {
			done, err = cl.OffchainWithdrawal(ctx, "", w.id)
			require.NoError(t, err)
			return done.Status == store.WithdrawalCompleted
		}, "withdrawal %s never completed", w.id)
		r, err := c.Client.TransactionReceipt(ctx, common.HexToHash(done.TransactionHash))
		require.NoError(t, err)
		require.Equal(t, types.ReceiptStatusSuccessful, r.Status)
		var got2 *big.Int
		if w.tok.Kind == testnet.KindNative {
			got2, err = c.Client.BalanceAt(ctx, dest.Address, nil)
		} else {
			got2, err = c.TokenBalance(ctx, w.tok, dest.Address)
		}
		require.NoError(t, err)
		require.Equal(t, whole(t, w.tok, w.amount), got2, "%s paid once", w.id)
		// A retry answers the same withdrawal and pays nothing more.
		retry, err := cl.SubmitOffchainWithdrawal(ctx, "", req)
		require.NoError(t, err)
		require.Equal(t, done.TransactionHash, retry.TransactionHash)
	}
	require.Equal(t, api.BalanceV2{Asset: "dai", Balance: "6", Held: "0", Available: "6"}, balance(t, cl, "dai"))
	require.Equal(t, "1.5", balance(t, cl, "eth").Balance)

	// A payment whose nonce another transaction takes fails, and the hold is released.
	require.NoError(t, c.SetAutomine(ctx, false))
	_, err = cl.SubmitOffchainWithdrawal(ctx, "", api.OffchainWithdrawalRequest{InstructionID: "pay-lost", Asset: "dai", Amount: "2", WithdrawalAddressID: "wa-dest"})
	require.NoError(t, err)
	var sent api.OffchainWithdrawal
	require.Eventually(t, func() bool {
		sent, err = cl.OffchainWithdrawal(ctx, "", "pay-lost")
		require.NoError(t, err)
		return sent.Status == store.WithdrawalSent
	}, 10*time.Second, 50*time.Millisecond)
	require.Equal(t, "2", balance(t, cl, "dai").Held)
	pending, _, err := c.Client.TransactionByHash(ctx, common.HexToHash(sent.TransactionHash))
	require.NoError(t, err)
	// The operator's key spends the nonce elsewhere (a higher fee replaces the payment).
	self := c.Operator.Address
	replace := types.NewTx(&types.DynamicFeeTx{ChainID: c.ChainID, Nonce: pending.Nonce(), To: &self, Gas: 21000,
		GasTipCap: new(big.Int).Mul(pending.GasTipCap(), big.NewInt(3)), GasFeeCap: new(big.Int).Mul(pending.GasFeeCap(), big.NewInt(3))})
	signed, err := types.SignTx(replace, types.LatestSignerForChainID(c.ChainID), c.Operator.Key)
	require.NoError(t, err)
	require.NoError(t, c.Client.SendTransaction(ctx, signed))
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.SetAutomine(ctx, true))
	var failed api.OffchainWithdrawal
	e.eventually(t, func() bool {
		failed, err = cl.OffchainWithdrawal(ctx, "", "pay-lost")
		require.NoError(t, err)
		return failed.Status == store.WithdrawalFailed
	}, "the lost payment never failed")
	require.Contains(t, failed.Reason, "dropped")
	require.Equal(t, api.BalanceV2{Asset: "dai", Balance: "6", Held: "0", Available: "6"}, balance(t, cl, "dai"), "the hold is released")
	paid, err := c.TokenBalance(ctx, dai, dest.Address)
	require.NoError(t, err)
	require.Equal(t, whole(t, dai, "4"), paid, "nothing more was paid")
}

package dtwcli_test

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

// Exit codes of dtw.
const (
	exitUsage        = 2
	exitAPI          = 3
	exitChain        = 4
	exitVerification = 5
)

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// cliEnv is an anvil chain, a dtwgate serving it, and the dtw CLI configured for
// trader1 from the devnet directory.
type cliEnv struct {
	c      *testnet.Chain
	trader testnet.Account
	gw     *gateway
	cli    *cli
	dir    string
	cfg    string
}

func newCLIEnv(t *testing.T) *cliEnv {
	t.Helper()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 3})
	dir := t.TempDir()
	d, err := n.WriteDir(dir, true)
	require.NoError(t, err)
	gw := newGateway(t, writeGatewayYAML(t, dir, d), filepath.Join(dir, "gateway-data"))
	gw.start(t)
	cfg := filepath.Join(dir, "dtw.yaml")
	e := &cliEnv{c: n.Chains[0], trader: n.Chains[0].Traders[0], gw: gw, dir: dir, cfg: cfg,
		cli: &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_CONFIG="+cfg)}}
	return e
}

// state is what bad input must not change: the trader's nonce and balances.
type state struct {
	nonce             uint64
	free, wallet, eth []string
}

func (e *cliEnv) state(t *testing.T) state {
	t.Helper()
	ctx := testCtx(t)
	var s state
	var err error
	s.nonce, err = e.c.Client.NonceAt(ctx, e.trader.Address, nil)
	require.NoError(t, err)
	for _, tok := range e.c.Tokens {
		f, err := e.c.DTWBalance(ctx, e.trader.Address, tok.Address)
		require.NoError(t, err)
		s.free = append(s.free, f.String())
		if tok.Address != (common.Address{}) {
			w, err := e.c.TokenBalance(ctx, tok, e.trader.Address)
			require.NoError(t, err)
			s.wallet = append(s.wallet, w.String())
		}
	}
	return s
}

func (e *cliEnv) tokenBalance(t *testing.T, symbol string, who common.Address) *big.Int {
	t.Helper()
	b, err := e.c.TokenBalance(testCtx(t), e.c.MustToken(symbol), who)
	require.NoError(t, err)
	return b
}

type placeResult struct {
	// OrderID is the gateway's id of the order: printed once the order was waited on
	// (--wait), or filled by followed.
	OrderID        string `json:"orderId"`
	OnchainOrderID string `json:"onchainOrderId"`
	InstructionID  string `json:"instructionId"`
	Status         string `json:"status"`
	ReturnTxID     string `json:"returnTxId"`
	QuantityBought string `json:"quantityBought"`
	Verified       bool   `json:"verified"`
}

// followed waits until the gateway follows the order r placed (found by its placing
// transaction) and fills r.OrderID, the gateway's id of it: a direct order placed
// without --wait prints its on-chain id only.
func followed(t *testing.T, dtw *cli, r *placeResult) {
	t.Helper()
	var st api.OrderStatus
	require.Eventually(t, func() bool {
		if _, _, code := dtw.run(t, "order", "status", "--json", "ETHEREUM", r.InstructionID); code != 0 {
			return false
		}
		dtw.okJSON(t, &st, "order", "status", "--json", "ETHEREUM", r.InstructionID)
		return st.OrderID != ""
	}, 20*time.Second, 300*time.Millisecond, "order %s never followed", r.InstructionID)
	require.Equal(t, r.OnchainOrderID, st.OnchainOrderID)
	r.OrderID = st.OrderID
}

// TestCLIEndToEnd runs the dtw binary against a real dtwgate on anvil: config from the
// devnet, SIWE login with a keystore, tokens and addresses, deposit, a direct and a
// gasless order waited on up to independent verification, verification failing under
// a config that names another DTW address, withdrawals direct and gasless, history, keys,
// and the escape hatch while the gateway is stopped. Bad input to each command exits 2
// and changes nothing.
func TestCLIEndToEnd(t *testing.T) {
	e := newCLIEnv(t)
	dtw, trader := e.cli, e.trader
	base := e.gw.base()

	// Config from the devnet; not overwritten without --force.
	out := dtw.ok(t, "config", "init", "--devnet", e.dir, "--api-url", base)
	require.Contains(t, out, trader.Address.Hex())
	fi, err := os.Stat(e.cfg)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	dtw.fails(t, exitUsage, msgs("exists", "--force"), "config", "init", "--devnet", e.dir)
	dtw.fails(t, exitUsage, msgs("devnet"), "config", "init", "--devnet", filepath.Join(e.dir, "nowhere"), "--force")
	dtw.fails(t, exitUsage, msgs("no account", "trader1"), "config", "init", "--devnet", e.dir, "--trader", "nobody", "--force")
	require.Contains(t, dtw.ok(t, "config", "show"), "ETHEREUM")

	// Not logged in yet: every gateway command says what to do.
	dtw.fails(t, exitAPI, msgs("not logged in", "dtw login"), "whoami")
	dtw.fails(t, exitAPI, msgs("not logged in", "dtw login"), "tokens", "ETHEREUM")

	// SIWE login needs the whitelist.
	dtw.fails(t, exitAPI, msgs("USER_NOT_WHITELISTED", "whitelist add"), "login")
	e.gw.admin(t, "whitelist", "add", trader.Address.Hex())
	out = dtw.ok(t, "login")
	require.Contains(t, out, trader.Address.Hex())
	require.Contains(t, out, "siwe")
	session := filepath.Join(dtw.env.home, ".dtw", "session.json")
	fi, err = os.Stat(session)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	dtw.fails(t, exitUsage, msgs("needs the secret"), "login", "--api-key-id", "k1")
	dtw.fails(t, exitUsage, msgs("not both"), "login", "--api-key-id", "k1", "--api-secret", "s", "--account", "a")

	out = dtw.ok(t, "whoami")
	require.Contains(t, out, trader.Address.Hex())
	require.Contains(t, out, "valid")
	dtw.fails(t, exitAPI, msgs("not logged in", "dtw login"), "whoami", "--session-file", filepath.Join(e.dir, "none.json"))

	out = dtw.ok(t, "tokens", "ETHEREUM")
	require.Contains(t, out, "dai")
	require.Contains(t, out, "usdt")
	require.NotContains(t, out, "MISMATCH")
	dtw.fails(t, exitUsage, msgs("unknown source", "ETHEREUM"), "tokens", "NOWHERE")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "tokens")

	out = dtw.ok(t, "addresses", "deposit")
	require.Contains(t, out, e.c.DTW.Hex())
	require.Contains(t, out, "ok")
	require.Contains(t, out, "ok: OFFCHAIN, your forwarder", "the account's own deposit address, checked against the config's factory")
	require.NotContains(t, out, "MISMATCH")
	dtw.ok(t, "addresses", "withdrawal")

	// Deposit; bad input first changes nothing.
	before := e.state(t)
	dtw.fails(t, exitUsage, msgs("more than 18 decimals"), "deposit", "ETHEREUM", "dai", "1.0000000000000000001")
	dtw.fails(t, exitUsage, msgs("not a decimal"), "deposit", "ETHEREUM", "dai", "lots")
	dtw.fails(t, exitUsage, msgs("must be positive"), "deposit", "ETHEREUM", "dai", "0")
	dtw.fails(t, exitUsage, msgs("not a decimal"), "deposit", "ETHEREUM", "dai", "1e10000000")
	dtw.fails(t, exitUsage, msgs("not a decimal"), "deposit", "ETHEREUM", "dai", "1e-10000000")
	dtw.fails(t, exitUsage, msgs("longer than 80"), "deposit", "ETHEREUM", "dai", "1"+strings.Repeat("0", 80))
	dtw.fails(t, exitUsage, msgs("unknown asset", "dai"), "deposit", "ETHEREUM", "doge", "1")
	dtw.fails(t, exitUsage, msgs("unknown source"), "deposit", "MOON", "dai", "1")
	dtw.fails(t, exitUsage, msgs("after the arguments"), "deposit", "ETHEREUM", "dai", "1", "--json")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "deposit", "ETHEREUM", "dai")
	dtw.fails(t, exitChain, msgs("holds", "nothing was sent"), "deposit", "ETHEREUM", "dai", "100000000")
	require.Equal(t, before, e.state(t), "bad deposits changed the chain")

	out = dtw.ok(t, "deposit", "ETHEREUM", "dai", "100")
	require.Contains(t, out, "credited 100")
	var bal struct {
		Trader   string `json:"trader"`
		Balances []struct {
			Asset, Free string
		} `json:"balances"`
	}
	dtw.okJSON(t, &bal, "balance", "--json", "ETHEREUM")
	require.Equal(t, trader.Address.Hex(), bal.Trader)
	free := map[string]string{}
	for _, b := range bal.Balances {
		free[b.Asset] = b.Free
	}
	require.Equal(t, "100", free["dai"])
	require.Contains(t, dtw.ok(t, "balance", "ETHEREUM"), "FREE IN DTW")
	dtw.fails(t, exitChain, msgs("rpcUrl"), "balance", "--rpc", "ETHEREUM=http://127.0.0.1:1", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("SOURCE=URL"), "balance", "--rpc", "ETHEREUM", "ETHEREUM")
	dtw.fails(t, exitAPI, msgs("not logged in", "dtw login"), "tokens", "--api-url", "http://127.0.0.1:1/api", "ETHEREUM")

	// Order place: bad input changes nothing.
	before = e.state(t)
	place := []string{"order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "10"}
	bad := func(want int, m []string, extra ...string) {
		t.Helper()
		args := append(append([]string{}, place...), extra...)
		dtw.fails(t, want, m, append(args, "ETHEREUM")...)
	}
	bad(exitUsage, msgs("exactly one of --min"))
	bad(exitUsage, msgs("exactly one of --min"), "--min", "9", "--slippage", "1")
	bad(exitUsage, msgs("--slippage"), "--slippage", "150")
	bad(exitUsage, msgs("--min", "more than 6 decimals"), "--min", "9.1234567")
	bad(exitUsage, msgs("--deadline"), "--min", "9", "--deadline", "-1h")
	dtw.fails(t, exitUsage, msgs("same asset"), "order", "place", "--sell", "dai", "--buy", "dai", "--amount", "1", "--min", "1", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("--sell is required"), "order", "place", "--buy", "usdt", "--amount", "1", "--min", "1", "ETHEREUM")
	dtw.fails(t, exitChain, msgs("free balance", "dtw deposit"), "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "1000", "--min", "1", "ETHEREUM")
	require.Equal(t, before, e.state(t), "bad orders changed the chain")

	// A direct market order, priced with slippage, followed up to verification.
	var direct placeResult
	progress := dtw.okJSON(t, &direct, append(append([]string{}, place...), "--slippage", "1", "--wait", "--json", "ETHEREUM")...)
	for _, stage := range []string{"price", "placed:", "confirmed:", "settled:", "verified:"} {
		require.Contains(t, progress, stage)
	}
	require.True(t, direct.Verified)
	require.Equal(t, "SETTLED", direct.Status)
	require.NotEmpty(t, direct.OrderID)

	// A gasless order, relayed by the gateway.
	var gasless placeResult
	progress = dtw.okJSON(t, &gasless, append(append([]string{}, place...), "--min", "9", "--gasless", "--wait", "--json", "ETHEREUM")...)
	require.Contains(t, progress, "submitted:")
	require.Contains(t, progress, "verified:")
	require.True(t, gasless.Verified)
	require.Equal(t, "SETTLED", gasless.Status)
	require.NotEqual(t, direct.OrderID, gasless.OrderID)

	// Status and independent verification, by id and by placing transaction.
	require.Contains(t, dtw.ok(t, "order", "status", "ETHEREUM", direct.OrderID), "SETTLED")
	require.Contains(t, dtw.ok(t, "order", "verify", "ETHEREUM", direct.OrderID), "VERIFIED")
	require.Contains(t, dtw.ok(t, "order", "verify", "ETHEREUM", gasless.InstructionID), "VERIFIED")
	dtw.fails(t, exitUsage, msgs("ORDER"), "order", "verify", "ETHEREUM", "latest")
	dtw.fails(t, exitUsage, msgs("ORDER"), "order", "status", "ETHEREUM", "0x1234")
	dtw.fails(t, exitAPI, msgs("NOT_FOUND"), "order", "status", "ETHEREUM", "999999")

	// A config naming another DTW address (here a token's) than the gateway's: the
	// gateway's report cannot be verified against it.
	blob, err := os.ReadFile(e.cfg)
	require.NoError(t, err)
	other := filepath.Join(e.dir, "other-dtw.yaml")
	lied := strings.Replace(string(blob), e.c.DTW.Hex(), e.c.MustToken("DAI").Address.Hex(), 1)
	require.NotEqual(t, string(blob), lied)
	require.NoError(t, os.WriteFile(other, []byte(lied), 0o600))
	dtw.fails(t, exitVerification, msgs("VERIFICATION FAILED"), "order", "verify", "--config", other, "ETHEREUM", direct.OrderID)
	dtw.fails(t, exitVerification, msgs("VERIFICATION FAILED"), "order", "verify", "--config", other, "ETHEREUM", gasless.OrderID)
	require.Contains(t, dtw.ok(t, "addresses", "deposit", "--config", other), "MISMATCH")

	// Several RPCs of a source must all agree on what dtw verifies: two honest ones do; a
	// liar beside an honest one (it says the settlement reverted) leaves the order not
	// verified, where with the liar alone its lie would have been the verdict.
	honest := liar.NewLyingRPC(t, e.c.RPCURL, liar.Lies{})
	lying := liar.NewLyingRPC(t, e.c.RPCURL, liar.Lies{ReceiptStatus: true, BlockHash: true})
	require.Contains(t, dtw.ok(t, "order", "verify", "--rpc", "ETHEREUM="+e.c.RPCURL, "--rpc", "ETHEREUM="+honest.URL, "ETHEREUM", direct.OrderID), "VERIFIED")
	dtw.fails(t, exitVerification, msgs("NOT VERIFIED", "do not agree"), "order", "verify", "--rpc", "ETHEREUM="+lying.URL, "--rpc", "ETHEREUM="+e.c.RPCURL, "ETHEREUM", direct.OrderID)
	dtw.fails(t, exitVerification, msgs("VERIFICATION FAILED"), "order", "verify", "--rpc", "ETHEREUM="+lying.URL, "ETHEREUM", direct.OrderID)

	// Withdraw directly to the wallet.
	before = e.state(t)
	dtw.fails(t, exitUsage, msgs("--to"), "withdraw", "--to", "0xnope", "ETHEREUM", "usdt", "1")
	dtw.fails(t, exitUsage, msgs("--to", "EIP-55"), "withdraw", "--to", testnet.WrongChecksum(e.c.Traders[2].Address), "ETHEREUM", "usdt", "1")
	dtw.fails(t, exitUsage, msgs("--to"), "withdraw", "--to", e.c.Traders[2].Address.Hex()[2:], "ETHEREUM", "usdt", "1")
	dtw.fails(t, exitUsage, msgs("more than 6 decimals"), "withdraw", "ETHEREUM", "usdt", "0.0000001")
	dtw.fails(t, exitChain, msgs("free balance"), "withdraw", "ETHEREUM", "usdt", "1000000")
	dest := e.c.Traders[2].Address
	dtw.fails(t, exitUsage, msgs("not an approved withdrawal address"), "withdraw", "--gasless", "--to", dest.Hex(), "ETHEREUM", "usdt", "1")
	require.Equal(t, before, e.state(t), "bad withdrawals changed the chain")
	walletBefore := e.tokenBalance(t, "USDT", trader.Address)
	out = dtw.ok(t, "withdraw", "ETHEREUM", "usdt", "1.5")
	require.Contains(t, out, "withdrew 1.5 usdt")
	require.Equal(t, new(big.Int).Add(walletBefore, big.NewInt(1_500_000)).String(), e.tokenBalance(t, "USDT", trader.Address).String())

	// Withdraw gasless to an approved address.
	e.gw.admin(t, "withdrawal-addresses", "add", "--wallet", trader.Address.Hex(), "--source", "ETHEREUM", "--approve", dest.Hex())
	require.Contains(t, dtw.ok(t, "addresses", "withdrawal"), "APPROVED")
	destBefore := e.tokenBalance(t, "USDT", dest)
	var wd struct {
		InstructionID string `json:"instructionId"`
		Verified      bool   `json:"verified"`
	}
	progress = dtw.okJSON(t, &wd, "withdraw", "--gasless", "--wait", "--json", "--to", dest.Hex(), "ETHEREUM", "usdt", "2")
	require.Contains(t, progress, "verified:")
	require.True(t, wd.Verified)
	require.Equal(t, new(big.Int).Add(destBefore, big.NewInt(2_000_000)).String(), e.tokenBalance(t, "USDT", dest).String())

	// History, one page and all pages.
	require.Contains(t, dtw.ok(t, "history", "deposits", "ETHEREUM"), "100")
	var hist struct {
		Transactions []struct{ Asset, Amount string } `json:"transactions"`
	}
	require.Eventually(t, func() bool {
		dtw.okJSON(t, &hist, "history", "withdrawals", "--all", "--page-size", "1", "--json", "ETHEREUM")
		return len(hist.Transactions) >= 2
	}, 20*time.Second, 300*time.Millisecond, "withdrawal history: %+v", hist)
	dtw.fails(t, exitUsage, msgs("--since"), "history", "deposits", "--since", "yesterday", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("--page-size"), "history", "deposits", "--page-size", "5000", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("unknown source"), "history", "withdrawals", "NOWHERE")

	// Keys: create one, log in with it (another session file), rotate it.
	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
	}
	dtw.okJSON(t, &key, "keys", "create", "--label", "bot", "--permissions", "READ", "--json")
	require.Contains(t, dtw.ok(t, "keys", "list"), key.APIKeyID)
	var accts struct {
		AccountID   string   `json:"accountId"`
		SubAccounts []string `json:"subAccounts"`
	}
	dtw.okJSON(t, &accts, "accounts", "--json")
	require.NotEmpty(t, accts.AccountID)
	require.Empty(t, accts.SubAccounts)
	require.Contains(t, dtw.ok(t, "accounts"), accts.AccountID)
	botSession := filepath.Join(e.dir, "bot-session.json")
	require.Contains(t, dtw.ok(t, "login", "--session-file", botSession, "--api-key-id", key.APIKeyID, "--api-secret", key.APIKeySecret), "api-key")
	require.Contains(t, dtw.ok(t, "whoami", "--session-file", botSession), key.APIKeyID)
	dtw.fails(t, exitAPI, msgs("INVALID_PERMISSIONS"), "keys", "create", "--session-file", botSession, "--label", "x", "--permissions", "READ")
	require.Contains(t, dtw.ok(t, "keys", "rotate", key.APIKeyID), key.APIKeyID)
	dtw.fails(t, exitAPI, msgs("INVALID_CREDENTIALS"), "login", "--session-file", botSession, "--api-key-id", key.APIKeyID, "--api-secret", key.APIKeySecret)
	dtw.fails(t, exitUsage, msgs("--permissions"), "keys", "create", "--label", "bot", "--permissions", "ROOT")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "keys", "rotate")

	// The escape hatch: a limit order that cannot fill, cancelled directly on-chain after
	// its deadline while the gateway is down.
	var limit placeResult
	dtw.okJSON(t, &limit, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--limit", "5000", "--deadline", "10m", "--json", "ETHEREUM")
	require.NotEmpty(t, limit.OnchainOrderID)
	require.Empty(t, limit.OrderID, "not known before the gateway follows it")
	e.gw.stop(t)
	before = e.state(t)
	dtw.fails(t, exitChain, msgs("DeadlineNotPassed", "wait"), "order", "cancel-expired", "ETHEREUM", limit.OnchainOrderID)
	dtw.fails(t, exitUsage, msgs("ONCHAIN_ORDER_ID"), "order", "cancel-expired", "ETHEREUM", "first")
	dtw.fails(t, exitChain, msgs("no order 424242"), "order", "cancel-expired", "ETHEREUM", "424242")
	require.Equal(t, before, e.state(t), "refused cancels changed the chain")
	ctx := testCtx(t)
	require.NoError(t, e.c.IncreaseTime(ctx, 11*time.Minute))
	require.NoError(t, e.c.Mine(ctx, 1))
	freeDAI, err := e.c.DTWBalance(ctx, trader.Address, e.c.MustToken("DAI").Address)
	require.NoError(t, err)
	out = dtw.ok(t, "order", "cancel-expired", "ETHEREUM", limit.OnchainOrderID)
	require.Contains(t, out, "cancelled on-chain order "+limit.OnchainOrderID)
	after, err := e.c.DTWBalance(ctx, trader.Address, e.c.MustToken("DAI").Address)
	require.NoError(t, err)
	require.Equal(t, new(big.Int).Add(freeDAI, new(big.Int).Mul(big.NewInt(5), big.NewInt(1e18))).String(), after.String())
	dtw.fails(t, exitAPI, msgs("gateway running"), "whoami")
}

package dtwcli_test

import (
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

// TestCLIOffchainSession is a deposit-to-withdrawal session on the OFFCHAIN venue with the
// dtw binary against a real dtwgate on anvil: the account's own deposit address, checked
// against the config's deposit factory; deposits of DAI and ETH sent from the wallet and
// waited on until credited; balances; an off-chain withdrawal to an approved address paid
// on chain and waited on until COMPLETED; the history. A config whose deposit factory is
// not the gateway's refuses to send, and bad input exits 2, both sending nothing.
func TestCLIOffchainSession(t *testing.T) {
	e := newCLIEnv(t)
	dtw, trader := e.cli, e.trader
	dtw.ok(t, "config", "init", "--devnet", e.dir, "--api-url", e.gw.base())
	e.gw.admin(t, "whitelist", "add", trader.Address.Hex())
	dtw.ok(t, "login")

	out := dtw.ok(t, "addresses", "deposit")
	require.Contains(t, out, "ok: OFFCHAIN, your forwarder")

	before := e.state(t)
	dtw.fails(t, exitUsage, msgs("unknown source"), "offchain", "deposit", "NOWHERE", "dai", "1")
	dtw.fails(t, exitUsage, msgs("not a decimal"), "offchain", "deposit", "ETHEREUM", "dai", "lots")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "offchain", "deposit", "ETHEREUM", "dai")
	dtw.fails(t, exitChain, msgs("less than", "nothing was sent"), "offchain", "deposit", "ETHEREUM", "dai", "1000000000")
	require.Equal(t, before, e.state(t), "bad input sent something")

	// A config naming another factory: the gateway's address is refused, nothing is sent.
	raw, err := os.ReadFile(e.cfg)
	require.NoError(t, err)
	factory := e.c.DepositFactory.Hex()
	require.Contains(t, string(raw), factory)
	require.NoError(t, os.WriteFile(e.cfg, []byte(strings.ReplaceAll(string(raw), factory, common.HexToAddress("0x1234").Hex())), 0o600))
	dtw.fails(t, exitUsage, msgs("MISMATCH", "depositFactory", "nothing was sent"), "offchain", "deposit", "ETHEREUM", "dai", "1")
	require.Equal(t, before, e.state(t), "a mismatched deposit address was paid")
	require.NoError(t, os.WriteFile(e.cfg, raw, 0o600))

	out = dtw.ok(t, "offchain", "deposit", "--wait", "ETHEREUM", "dai", "250")
	require.Contains(t, out, "credited 250 dai")
	out = dtw.ok(t, "offchain", "deposit", "--wait", "ETHEREUM", "eth", "1.5")
	require.Contains(t, out, "credited 1.5 eth")
	out = dtw.ok(t, "offchain", "balance", "OFFCHAIN")
	require.Regexp(t, `dai\s+250\s+0\s+250`, out)
	require.Regexp(t, `eth\s+1.5\s+0\s+1.5`, out)

	// The operator approves the wallet as a withdrawal address; the withdrawal is paid on chain.
	line := e.gw.admin(t, "withdrawal-addresses", "add", "--wallet", trader.Address.Hex(), "--source", "ETHEREUM", "--approve", trader.Address.Hex())
	id := strings.Fields(line)[0]
	require.True(t, strings.HasPrefix(id, "wa_"), line)
	wallet := e.tokenBalance(t, "DAI", trader.Address)
	out = dtw.ok(t, "offchain", "withdraw", "--address-id", id, "--instruction-id", "cli-w1", "--wait", "dai", "100")
	require.Contains(t, out, "COMPLETED")
	require.Equal(t, "100000000000000000000", new(big.Int).Sub(e.tokenBalance(t, "DAI", trader.Address), wallet).String())
	out = dtw.ok(t, "offchain", "withdraw", "--address-id", id, "--instruction-id", "cli-w1", "--wait", "dai", "100")
	require.Contains(t, out, "COMPLETED", "a retry answers the same withdrawal")
	require.Equal(t, "100000000000000000000", new(big.Int).Sub(e.tokenBalance(t, "DAI", trader.Address), wallet).String(), "paid once")
	out = dtw.ok(t, "offchain", "balance", "OFFCHAIN")
	require.Regexp(t, `dai\s+150\s+0\s+150`, out)
	out = dtw.ok(t, "history", "deposits", "OFFCHAIN")
	require.Contains(t, out, "250")
	out = dtw.ok(t, "history", "withdrawals", "OFFCHAIN")
	require.Contains(t, out, "100")
}

package dtwcli_test

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// writeJSON writes v as JSON into dir/name and returns the path.
func writeJSON(t *testing.T, dir, name string, v any) string {
	t.Helper()
	blob, err := json.Marshal(v)
	require.NoError(t, err)
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, blob, 0o600))
	return path
}

func receiptKey(t *testing.T) signer.Signer {
	t.Helper()
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	return signer.NewPrivateKeySigner(k)
}

// TestCLIReceiptsVerify: dtw receipts verify passes a signed chain whose latest balances
// are the account's, and exits 5 naming the gap, the balance or the key that does not
// add up.
func TestCLIReceiptsVerify(t *testing.T) {
	ctx := context.Background()
	key := receiptKey(t)
	at := uint64(time.Now().UnixMilli())
	var head receipt.Head
	var chain []receipt.Signed
	for i, r := range []receipt.Receipt{
		{Account: "acc-7", EntryID: 3, Kind: "DEPOSIT", Reference: "0xabc:1", Postings: []receipt.Posting{{Asset: "usdt", Amount: "50"}}, Balances: []receipt.Balance{{Asset: "usdt", Balance: "50"}}},
		{Account: "acc-7", EntryID: 4, Kind: "TRADE", Reference: "swap-1", Postings: []receipt.Posting{{Asset: "usdt", Amount: "-20"}, {Asset: "dai", Amount: "19.98"}},
			Balances: []receipt.Balance{{Asset: "usdt", Balance: "30"}, {Asset: "dai", Balance: "19.98"}}},
		{Account: "acc-7", EntryID: 9, Kind: "TRADE", Reference: "swap-2", Postings: []receipt.Posting{{Asset: "usdt", Amount: "-10"}, {Asset: "dai", Amount: "9.99"}},
			Balances: []receipt.Balance{{Asset: "usdt", Balance: "20"}, {Asset: "dai", Balance: "29.97"}}},
	} {
		r.TimestampMillis = at + uint64(i)
		s, err := receipt.Sign(ctx, key, head.Next(r))
		require.NoError(t, err)
		chain, head = append(chain, s), s.Head()
	}
	dir := t.TempDir()
	receipts := writeJSON(t, dir, "receipts.json", map[string]any{"receipts": chain})
	keys := writeJSON(t, dir, "keys.json", receipt.Keys{{Address: key.Address(), ValidFromMillis: at - 1000}})
	balances := writeJSON(t, dir, "balances.json", map[string]string{"usdt": "20", "dai": "29.97"})
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}

	out := dtw.ok(t, "receipts", "verify", "--receipts", receipts, "--keys", keys, "--balances", balances)
	require.Contains(t, out, "receipts of acc-7: 3 verified (signatures, hash chain, balances), head #3 "+head.Hash.Hex())
	var res struct {
		Verified int          `json:"verified"`
		Head     receipt.Head `json:"head"`
	}
	dtw.okJSON(t, &res, "receipts", "verify", "--receipts", receipts, "--keys", keys, "--balances", balances, "--json")
	require.Equal(t, 3, res.Verified)
	require.Equal(t, head, res.Head)

	gap := writeJSON(t, dir, "gap.json", []receipt.Signed{chain[0], chain[2]})
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "receipt #2 is missing"),
		"receipts", "verify", "--receipts", gap, "--keys", keys, "--balances", balances)
	more := writeJSON(t, dir, "more.json", map[string]string{"usdt": "20", "dai": "39.97"})
	dtw.fails(t, dtwcli.ExitVerification, msgs("dai: receipts say 29.97, balances say 39.97"),
		"receipts", "verify", "--receipts", receipts, "--keys", keys, "--balances", more)
	otherKeys := writeJSON(t, dir, "other-keys.json", receipt.Keys{{Address: receiptKey(t).Address()}})
	dtw.fails(t, dtwcli.ExitVerification, msgs("no published receipt key"),
		"receipts", "verify", "--receipts", receipts, "--keys", otherKeys, "--balances", balances)
	dtw.fails(t, dtwcli.ExitVerification, msgs(`account "acc-7"'s, not "acc-8"'s`),
		"receipts", "verify", "--receipts", receipts, "--keys", keys, "--balances", balances, "--account-id", "acc-8")
}

// TestCLIReservesVerify: dtw reserves verify checks the trader's proofs against a signed
// statement and reads the listed holdings from the trader's own RPC (the config's) at
// their block: it passes and prints the coverage, and exits 5 on a holding overstated,
// a leaf that is not the trader's balance, and a salt seen in an earlier snapshot.
func TestCLIReservesVerify(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chain("ETHEREUM")
	usdt := c.MustToken("USDT")
	op := c.Operator.Address
	block, err := c.Client.BlockNumber(ctx)
	require.NoError(t, err)
	inDTW, err := c.DTWBalance(ctx, op, usdt.Address)
	require.NoError(t, err)

	key := receiptKey(t)
	var secret [32]byte
	copy(secret[:], crypto.Keccak256([]byte(t.Name())))
	tree, err := reserves.Build("usdt", secret, []reserves.Leaf{
		{Account: "alice", Balance: *uint256.NewInt(125_500_000)}, {Account: "bob", Balance: *uint256.NewInt(4_000_000)}})
	require.NoError(t, err)
	st, err := reserves.SignStatement(ctx, key, reserves.Statement{Position: 77, TimestampMillis: uint64(time.Now().UnixMilli()),
		Roots: []reserves.Root{reserves.RootOf(tree, usdt.Decimals, new(uint256.Int))}})
	require.NoError(t, err)
	proof, err := tree.Proof("alice")
	require.NoError(t, err)
	dtwAddr := c.DTW
	holding := reserves.Holding{Chain: "ETHEREUM", ChainID: c.ChainID.Uint64(), Asset: "usdt", Token: usdt.Address, Decimals: usdt.Decimals,
		Address: op, DTW: &dtwAddr, Block: block, Amount: inDTW.String()}

	dir := t.TempDir()
	cfgBlob, err := yaml.Marshal(dtwcli.Config{APIURL: "http://127.0.0.1:1/api", Sources: map[string]chain.Config{"ETHEREUM": c.Config(0)}})
	require.NoError(t, err)
	cfgPath := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(cfgPath, cfgBlob, 0o600))
	files := func(h reserves.Holding, balance string) []string {
		return []string{"reserves", "verify", "--config", cfgPath,
			"--statement", writeJSON(t, dir, "statement.json", st),
			"--proofs", writeJSON(t, dir, "proofs.json", map[string]any{"proofs": []reserves.Proof{proof}}),
			"--keys", writeJSON(t, dir, "keys.json", map[string]any{"keys": receipt.Keys{{Address: key.Address()}}}),
			"--balances", writeJSON(t, dir, "balances.json", map[string]string{"usdt": balance}),
			"--holdings", writeJSON(t, dir, "holdings.json", []reserves.Holding{h})}
	}
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}

	out := dtw.ok(t, files(holding, "125.5")...)
	require.Contains(t, out, "your leaves in alice's liabilities: 1 proofs verified against the signed statement")
	require.Regexp(t, `(?m)^usdt\s+129\.5\s+\S+\s+\d+\.\d{4}\s+0`, out)
	liabilities := decimal.RequireFromString("129.5")
	held := decimal.NewFromBigInt(inDTW, -int32(usdt.Decimals))
	require.Contains(t, out, held.DivRound(liabilities, 6).StringFixed(4))

	over := holding
	over.Amount = new(big.Int).Add(inDTW, big.NewInt(1)).String()
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "holding overstated"), files(over, "125.5")...)
	dtw.fails(t, dtwcli.ExitVerification, msgs("the usdt leaf holds 125500000 base units, the account's balance at position 77 is 126"), files(holding, "126")...)

	salts := filepath.Join(dir, "salts.json")
	dtw.ok(t, append(files(holding, "125.5"), "--salts", salts)...)
	dtw.fails(t, dtwcli.ExitVerification, msgs("leaf salt reused from an earlier snapshot"), append(files(holding, "125.5"), "--salts", salts)...)
}

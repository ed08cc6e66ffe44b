package dtwcli_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// TestCLIReceiptsVerifyGateway: on a real gateway with a receipt key, a bank deposit and
// a swap leave the trader two receipts; the swap's answer carries its receipt, and `dtw
// receipts verify` fetches the chain, the published keys and the balances and passes.
// A receipt rewritten in the gateway's store, and one deleted from it, each make it exit
// 5 naming what does not add up.
func TestCLIReceiptsVerifyGateway(t *testing.T) {
	dir := t.TempDir()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	keyPath := filepath.Join(dir, "receipt-key.json")
	addr, err := signer.WriteKeystore(keyPath, key, "pw", signer.LightScrypt)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "receipt.pass"), []byte("pw\n"), 0o600))
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(tradingYAML+fmt.Sprintf(`receipts:
  key: keystore:%s
  keyPasswordFile: %s
`, keyPath, filepath.Join(dir, "receipt.pass"))), 0o600))
	dataDir := filepath.Join(dir, "data")
	gw := newGateway(t, cfgPath, dataDir)
	gw.start(t)
	admin := func(args ...string) string { return gw.admin(t, append(args, "--config", cfgPath)...) }
	var k struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,TRADE", "--json")), &k))
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL="+gw.base(), "DTW_API_KEY_ID="+k.APIKeyID, "DTW_API_SECRET="+k.APIKeySecret)}
	var ref api.DepositReferenceResponse
	dtw.okJSON(t, &ref, "offchain", "deposit-reference", "--json")
	admin("offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur", "--amount", "100", "--transfer-id", "BT-1")

	var swap api.OrderStatus
	dtw.okJSON(t, &swap, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "10", "--json")
	require.NotNil(t, swap.Receipt, "the swap's answer carries its receipt")
	require.Equal(t, uint64(2), swap.Receipt.Sequence)
	require.Equal(t, swap.InstructionID, swap.Receipt.Reference)
	require.Equal(t, []receipt.Posting{{Asset: "eur", Amount: "-10"}, {Asset: "usdc", Amount: "10.978011"}}, swap.Receipt.Postings)

	out := dtw.ok(t, "receipts", "verify")
	require.Contains(t, out, "receipts of "+k.AccountID+": 2 verified (signatures, hash chain, balances), head #2 "+swap.Receipt.Hash.Hex())
	var res struct {
		Verified int               `json:"verified"`
		Balances map[string]string `json:"balances"`
	}
	dtw.okJSON(t, &res, "receipts", "verify", "--json")
	require.Equal(t, 2, res.Verified)
	require.Equal(t, "90", res.Balances["eur"])
	var keys api.ReceiptKeys
	resp, err := http.Get(gw.base() + api.PathReceiptKeys)
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&keys))
	resp.Body.Close()
	require.Equal(t, addr, keys.Keys[0].Address)

	// The gateway's store rewritten behind the API: a receipt's amount, then a receipt gone.
	ctx := context.Background()
	dbPath := filepath.Join(dataDir, config.DefaultStoreDBName)
	st, err := store.OpenSQLite(ctx, dbPath)
	require.NoError(t, err)
	defer st.Close()
	db, err := sql.Open("sqlite", "file:"+dbPath+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	defer db.Close()
	rows, err := st.ReceiptsAfter(ctx, k.AccountID, 0, 0)
	require.NoError(t, err)
	require.Len(t, rows, 2)
	orig := string(rows[1].Body)
	var r receipt.Receipt
	require.NoError(t, json.Unmarshal(rows[1].Body, &r))
	r.Postings[1].Amount = "11.978011"
	tampered, err := json.Marshal(r)
	require.NoError(t, err)
	exec := func(q string, args ...any) {
		t.Helper()
		_, err := db.ExecContext(ctx, q, args...)
		require.NoError(t, err)
	}
	exec(`UPDATE receipts SET body = ? WHERE account_id = ? AND seq = 2`, string(tampered), k.AccountID)
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "receipt #2", "rewritten"), "receipts", "verify")
	exec(`UPDATE receipts SET body = ? WHERE account_id = ? AND seq = 2`, orig, k.AccountID)
	dtw.ok(t, "receipts", "verify")
	exec(`DELETE FROM receipts WHERE account_id = ? AND seq = 1`, k.AccountID)
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "receipt #1 is missing"), "receipts", "verify")
}

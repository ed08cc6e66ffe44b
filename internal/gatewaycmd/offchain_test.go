package gatewaycmd_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

const offchainYAML = `offchain:
  banks:
    - {name: eur-main, asset: eur, bankName: Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
`

// TestOffchainAdmin: an operator books a bank transfer quoting an account's deposit
// reference (twice: once), the account withdraws by bank transfer, and the operator marks
// it sent; credit settings set by the operator show in GET /v2/account-settings.
func TestOffchainAdmin(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(offchainYAML), 0o600))
	p := gatewaytest.New(t, cfgPath, filepath.Join(dir, "data"))
	p.Start(t)
	g := &gatewayProc{Process: p, base: p.Base()}
	admin := func(args ...string) string { return g.admin(t, append(args, "--config", cfgPath)...) }

	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,WITHDRAW", "--json")), &key))
	status, body := g.do(t, http.MethodPost, api.PathAuthToken, "", fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret))
	require.Equal(t, http.StatusOK, status)
	var tok api.TokenResponse
	require.NoError(t, json.Unmarshal(body, &tok))
	get := func(path string, v any) {
		t.Helper()
		status, body := g.do(t, http.MethodGet, path, tok.JWTToken, "")
		require.Equal(t, http.StatusOK, status, "body: %s", body)
		require.NoError(t, json.Unmarshal(body, v))
	}
	var ref api.DepositReferenceResponse
	get(api.PathDepositReference, &ref)

	book := []string{"offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur", "--amount", "250", "--transfer-id", "BT-1"}
	require.Contains(t, admin(book...), "booked 250 eur to account "+key.AccountID)
	require.Contains(t, admin(book...), "booked before")
	require.Contains(t, admin("offchain", "book-deposit", "--reference", "WHO", "--asset", "eur", "--amount", "3", "--transfer-id", "BT-2"), "suspense")
	var bals api.BalancesResponse
	get("/v3/balance/OFFCHAIN", &bals)
	require.Equal(t, []api.BalanceV2{{Asset: "eur", Balance: "250", Held: "0", Available: "250"}}, bals.Balances)

	status, body = g.do(t, http.MethodPost, api.PathOffchainWithdrawals, tok.JWTToken,
		`{"instructionId":"out-1","asset":"eur","amount":"100","bankDetail":{"accountName":"Alice","iban":"FR7630006000011234567890189"}}`)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Contains(t, admin("offchain", "pending"), "out-1")
	require.Contains(t, admin("offchain", "sent", "--account", key.AccountID, "--instruction-id", "out-1", "--reference", "SEPA-77"), "COMPLETED")
	var w api.OffchainWithdrawal
	get("/v2/offchain-withdrawals/out-1", &w)
	require.Equal(t, "COMPLETED", w.Status)
	get("/v3/balance/OFFCHAIN", &bals)
	require.Equal(t, "150", bals.Balances[0].Balance)

	// The transfer in suspense is resolved to the account: once.
	require.Contains(t, admin("offchain", "resolve", "--transfer-id", "BT-2", "--account", key.AccountID), "moved from suspense to account "+key.AccountID)
	require.Contains(t, admin("offchain", "resolve", "--transfer-id", "BT-2", "--account", key.AccountID), "nothing changed")
	require.Contains(t, g.adminFails(t, "offchain", "resolve", "--transfer-id", "BT-1", "--account", key.AccountID, "--config", cfgPath), "not to suspense")
	require.Contains(t, g.adminFails(t, "offchain", "resolve", "--transfer-id", "BT-9", "--account", key.AccountID, "--config", cfgPath), "no bank transfer")
	get("/v3/balance/OFFCHAIN", &bals)
	require.Equal(t, "153", bals.Balances[0].Balance)

	admin("offchain", "set-setting", "--account", key.AccountID, "--type", api.SettingCreditCap, "--value", "500")
	var set api.AccountSettingsResponse
	get("/v2/account-settings/OFFCHAIN", &set)
	require.Equal(t, "500", set.AccountSettings[0].Setting)
}

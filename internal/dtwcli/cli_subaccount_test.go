package dtwcli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// subAccountYAML is a gateway with only the OFFCHAIN venue: the sub-account paths need
// no chain.
const subAccountYAML = `offchain:
  banks:
    - {name: eur-main, asset: eur, bankName: Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
`

// TestCLIGlobalAccount: `dtw --account ID` reaches the gateway's sub-account paths on
// every offchain command that acts on an account (the gateway answers for the
// sub-account: its deposit reference, its booked deposit, its credit setting, a
// withdrawal booked on it), as $DTW_SUB_ACCOUNT and --sub-account do; an account that is
// not the caller's gets the gateway's 403; --sub-account naming another sub-account than
// --account fails before anything is sent.
func TestCLIGlobalAccount(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(subAccountYAML), 0o600))
	gw := newGateway(t, cfgPath, filepath.Join(dir, "data"))
	gw.start(t)
	admin := func(args ...string) string { return gw.admin(t, append(args, "--config", cfgPath)...) }

	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,WITHDRAW", "--json")), &key))
	var sub, other struct {
		AccountID string `json:"accountId"`
	}
	require.NoError(t, json.Unmarshal([]byte(admin("accounts", "create", "--parent", key.AccountID, "--json")), &sub))
	require.NoError(t, json.Unmarshal([]byte(admin("accounts", "create", "--json")), &other))
	env := []string{"DTW_API_URL=" + gw.base(), "DTW_API_KEY_ID=" + key.APIKeyID, "DTW_API_SECRET=" + key.APIKeySecret}
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, env...)}
	var accts api.AccountsResponse
	dtw.okJSON(t, &accts, "accounts", "--json")
	require.Equal(t, []string{sub.AccountID}, accts.SubAccounts)

	// Its own deposit reference, and a bank transfer quoting it lands on the sub-account.
	var ref, ownRef api.DepositReferenceResponse
	dtw.okJSON(t, &ref, "--account", sub.AccountID, "offchain", "deposit-reference", "--json")
	dtw.okJSON(t, &ownRef, "offchain", "deposit-reference", "--json")
	require.NotEqual(t, ownRef.DepositReference, ref.DepositReference)
	require.Contains(t, admin("offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur", "--amount", "250", "--transfer-id", "BT-1"),
		"to account "+sub.AccountID)

	balances := func(d *cli, args ...string) []api.BalanceV2 {
		t.Helper()
		var res api.BalancesResponse
		d.okJSON(t, &res, append(args, "--json", "OFFCHAIN")...)
		return res.Balances
	}
	subEUR := []api.BalanceV2{{Asset: "eur", Balance: "250", Held: "0", Available: "250"}}
	require.Equal(t, subEUR, balances(dtw, "--account", sub.AccountID, "offchain", "balance"))
	require.NotContains(t, balances(dtw, "offchain", "balance"), subEUR[0], "the caller's own balance")
	require.Equal(t, subEUR, balances(dtw, "offchain", "balance", "--sub-account", sub.AccountID))
	require.Equal(t, subEUR, balances(dtw, "--account", sub.AccountID, "offchain", "balance", "--sub-account", sub.AccountID))
	subEnv := &cli{bin: dtw.bin, env: newWalletEnv(t, append(env, "DTW_SUB_ACCOUNT="+sub.AccountID)...)}
	require.Equal(t, subEUR, balances(subEnv, "offchain", "balance"))
	otherEnv := &cli{bin: dtw.bin, env: newWalletEnv(t, append(env, "DTW_SUB_ACCOUNT="+other.AccountID)...)}
	require.Equal(t, subEUR, balances(otherEnv, "offchain", "balance", "--sub-account", sub.AccountID), "--sub-account wins over $DTW_SUB_ACCOUNT")
	require.Equal(t, subEUR, balances(otherEnv, "--account", sub.AccountID, "offchain", "balance"), "--account wins over $DTW_SUB_ACCOUNT")

	var snap api.AccountSnapshot
	dtw.okJSON(t, &snap, "--account", sub.AccountID, "offchain", "snapshot", "--json", "OFFCHAIN")
	require.Len(t, snap.Balances, 1)
	require.Equal(t, "250", snap.Balances[0].Balance)

	admin("offchain", "set-setting", "--account", sub.AccountID, "--type", api.SettingCreditCap, "--value", "500")
	var credit struct {
		Settings []api.AccountSetting `json:"settings"`
	}
	dtw.okJSON(t, &credit, "--account", sub.AccountID, "offchain", "credit", "--json")
	require.Contains(t, credit.Settings, api.AccountSetting{SettingType: api.SettingCreditCap, Setting: "500"})
	dtw.okJSON(t, &credit, "offchain", "credit", "--json")
	require.NotContains(t, credit.Settings, api.AccountSetting{SettingType: api.SettingCreditCap, Setting: "500"}, "the caller's own settings")
	human := dtw.ok(t, "--account", sub.AccountID, "offchain", "credit")
	require.Regexp(t, `totalCredit\s+0 usd\n`, human, "credit in the account asset")
	require.Regexp(t, `COLLATERAL_CREDIT_CAP\s+500\n`, human)

	// A withdrawal from the sub-account, found there and not on the caller's account.
	withdraw := []string{"offchain", "withdraw", "--instruction-id", "out-1", "--iban", "FR7630006000011234567890189", "--account-name", "Alice", "--json"}
	var w api.OffchainWithdrawal
	dtw.okJSON(t, &w, append(append([]string{"--account", sub.AccountID}, withdraw...), "eur", "100")...)
	require.Equal(t, sub.AccountID, w.AccountID)
	dtw.okJSON(t, &w, "--account", sub.AccountID, "offchain", "withdrawal", "--json", "out-1")
	require.Equal(t, sub.AccountID, w.AccountID)
	require.Equal(t, "100", w.Amount)
	dtw.fails(t, exitAPI, msgs("404", "NOT_FOUND"), "offchain", "withdrawal", "out-1")

	// Not the caller's: the gateway's 403, through either flag.
	forbidden := msgs("403 INVALID_PERMISSIONS", "account "+other.AccountID+" is not one of your sub-accounts", "`dtw accounts` lists them")
	dtw.fails(t, exitAPI, forbidden, "--account", other.AccountID, "offchain", "balance", "OFFCHAIN")
	dtw.fails(t, exitAPI, forbidden, "offchain", "snapshot", "--sub-account", other.AccountID, "OFFCHAIN")
	dtw.fails(t, exitAPI, forbidden, "--account", other.AccountID, "offchain", "deposit-reference")
	dtw.fails(t, exitAPI, forbidden, append(append([]string{"--account", other.AccountID}, "offchain", "withdraw", "--instruction-id", "out-2",
		"--iban", "FR7630006000011234567890189", "--account-name", "Alice"), "eur", "1")...)

	// Two different sub-accounts: a usage error naming both, and nothing sent.
	conflict := msgs(`--sub-account "`+other.AccountID+`"`, `--account "`+sub.AccountID+`"`, "different sub-accounts")
	dtw.fails(t, exitUsage, conflict, "--account", sub.AccountID, "offchain", "balance", "--sub-account", other.AccountID, "OFFCHAIN")
	dtw.fails(t, exitUsage, conflict, append(append([]string{"--account", sub.AccountID}, "offchain", "withdraw", "--sub-account", other.AccountID,
		"--instruction-id", "out-3", "--iban", "FR7630006000011234567890189", "--account-name", "Alice"), "eur", "1")...)
	dtw.fails(t, exitAPI, msgs("404"), "--account", sub.AccountID, "offchain", "withdrawal", "out-3")
	require.NotContains(t, admin("offchain", "pending"), "out-3")

	// The bank details are the same for every account.
	require.Contains(t, dtw.ok(t, "--account", sub.AccountID, "offchain", "bank-details"), "DE89370400440532013000")
}

// TestCLIGlobalAccountUsage: the global --account is refused, before any request, by
// commands that cannot act on a sub-account (after such a command --account is the
// keystore account), and an --account written after an offchain command says where it
// goes; the conflict with --sub-account is found before the gateway is asked.
func TestCLIGlobalAccountUsage(t *testing.T) {
	t.Parallel()
	// Nothing listens there: exit 2 rather than 3 shows no request was tried.
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL=http://127.0.0.1:1/api", "DTW_API_KEY_ID=k", "DTW_API_SECRET=s")}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"conflict", []string{"--account", "a1", "offchain", "credit", "--sub-account", "a2"},
			msgs(`--sub-account "a2" and the global --account "a1" name different sub-accounts`)},
		{"wallet command", []string{"--account", "a1", "balance", "ETHEREUM"},
			msgs("`dtw balance` does not act on a sub-account", `--account "a1"`, "`dtw balance --account NAME ...`")},
		{"account-level command", []string{"--account", "a1", "whoami"},
			msgs("`dtw whoami` does not act on a sub-account", "--sub-account")},
		{"history", []string{"--account", "a1", "history", "deposits", "ETHEREUM"},
			msgs("`dtw history deposits` does not act on a sub-account")},
		{"after the command", []string{"offchain", "balance", "--account", "a1", "OFFCHAIN"},
			msgs("not defined: -account", "`dtw --account ID offchain balance ...`", "--sub-account ID")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dtw.fails(t, exitUsage, tc.want, tc.args...)
		})
	}
	// Ambient, $DTW_SUB_ACCOUNT does not stop the commands that ignore it.
	env := &cli{bin: dtw.bin, env: newWalletEnv(t, "DTW_SUB_ACCOUNT=a1")}
	env.ok(t, "wallet", "list")
	require.Contains(t, dtw.ok(t, "--help"), "act on sub-account ID of your account; `dtw accounts` lists them")
}

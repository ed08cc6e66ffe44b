package gatewaycmd_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// TestSubAccounts: an operator creates sub-accounts of an account with `dtwgate admin
// accounts create --parent`, lists and shows them; the account's API key sees them in GET
// /v2/accounts, and another account sees none of them.
func TestSubAccounts(t *testing.T) {
	g := startGateway(t)
	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
		AccountID    string `json:"accountId"`
	}
	login := func() string {
		require.NoError(t, json.Unmarshal([]byte(g.admin(t, "keys", "create", "--label", "k", "--permissions", "READ", "--json")), &key))
		status, body := g.do(t, http.MethodPost, api.PathAuthToken, "", fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret))
		require.Equal(t, http.StatusOK, status, "body: %s", body)
		var tok api.TokenResponse
		require.NoError(t, json.Unmarshal(body, &tok))
		return tok.JWTToken
	}
	tokA := login()
	parent := key.AccountID
	var subs []string
	for _, label := range []string{"desk one", "desk two"} {
		var a struct {
			AccountID, ParentID, Label, AccountAsset string
		}
		require.NoError(t, json.Unmarshal([]byte(g.admin(t, "accounts", "create", "--parent", parent, "--label", label, "--asset", "eur", "--json")), &a))
		require.Equal(t, parent, a.ParentID)
		require.Equal(t, label, a.Label)
		require.Equal(t, "eur", a.AccountAsset)
		subs = append(subs, a.AccountID)
	}
	require.Contains(t, g.admin(t, "accounts", "list", "--parent", parent), subs[1])
	require.Contains(t, g.admin(t, "accounts", "show", subs[0]), "desk one")

	status, body := g.do(t, http.MethodGet, api.PathAccounts, tokA, "")
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var got api.AccountsResponse
	require.NoError(t, json.Unmarshal(body, &got))
	require.Equal(t, api.AccountsResponse{AccountID: parent, SubAccounts: subs}, got)

	// Deposit references: one per account, kept; a sub-account's on its path; another
	// account's sub-account and an unknown id refused alike.
	reference := func(tok, path string) (int, string) {
		status, body := g.do(t, http.MethodGet, path, tok, "")
		var r api.DepositReferenceResponse
		if status == http.StatusOK {
			require.NoError(t, json.Unmarshal(body, &r))
			require.Regexp(t, `^DTW[0-9A-HJKMNP-TV-Z]{10}$`, r.DepositReference)
		}
		return status, r.DepositReference
	}
	status, refA := reference(tokA, api.PathDepositReference)
	require.Equal(t, http.StatusOK, status)
	_, again := reference(tokA, api.PathDepositReference)
	require.Equal(t, refA, again, "kept")
	subPath := func(id string) string { return "/v2/accounts/" + id + "/deposit-reference" }
	status, refSub := reference(tokA, subPath(subs[0]))
	require.Equal(t, http.StatusOK, status)
	require.NotEqual(t, refA, refSub)

	tokB := login()
	for _, id := range []string{subs[0], "acc_000000000000000000000000"} {
		status, body := g.do(t, http.MethodGet, subPath(id), tokB, "")
		requireCode(t, status, body, http.StatusForbidden, api.CodeInvalidPermissions)
	}
	status, body = g.do(t, http.MethodGet, api.PathAccounts, tokB, "")
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.NoError(t, json.Unmarshal(body, &got))
	require.Equal(t, key.AccountID, got.AccountID)
	require.Empty(t, got.SubAccounts)
}

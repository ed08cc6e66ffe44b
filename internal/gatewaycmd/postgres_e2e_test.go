package gatewaycmd_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestPostgresReplicas: two `dtwgate serve` processes on one PostgreSQL database
// (DTWGATE_STORE), each with its own data directory (they share nothing but the
// database), serve one system: a key that `dtwgate admin keys create --store` made logs
// in on either (the secrets' hashing key is the store's), the token one issued works on
// the other, a websocket ticket one issued opens one socket on the other, and a whitelist
// change made through one admin command is seen by both; no SQLite database is created.
func TestPostgresReplicas(t *testing.T) {
	dsn := pgtest.Start(t)
	var (
		replicas []*gatewayProc
		dataDirs []string
	)
	for range 2 {
		dataDir := filepath.Join(t.TempDir(), "data")
		dataDirs = append(dataDirs, dataDir)
		p := gatewaytest.New(t, "", dataDir)
		p.Start(t, "DTWGATE_STORE="+dsn)
		replicas = append(replicas, &gatewayProc{Process: p, base: p.Base()})
	}
	a, b := replicas[0], replicas[1]

	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
		AccountID    string `json:"accountId"`
	}
	require.NoError(t, json.Unmarshal([]byte(a.admin(t, "keys", "create", "--label", "k", "--permissions", "READ", "--json", "--store", dsn)), &key))
	status, body := a.do(t, http.MethodPost, api.PathAuthToken, "", fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret))
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var tok api.TokenResponse
	require.NoError(t, json.Unmarshal(body, &tok))

	status, body = b.do(t, http.MethodGet, api.PathAccounts, tok.JWTToken, "")
	require.Equal(t, http.StatusOK, status, "a token of replica a on replica b: %s", body)
	var accounts api.AccountsResponse
	require.NoError(t, json.Unmarshal(body, &accounts))
	require.Equal(t, key.AccountID, accounts.AccountID)

	const addr = "0x00000000000000000000000000000000000000aa"
	a.admin(t, "whitelist", "add", addr, "--store", dsn)
	require.Contains(t, strings.ToLower(b.admin(t, "whitelist", "list", "--store", dsn)), strings.ToLower(addr))

	status, body = b.do(t, http.MethodPost, api.PathAuthToken, "", fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret))
	require.Equal(t, http.StatusOK, status, "the key logs in on replica b too: %s", body)

	// A websocket ticket replica a issued opens a socket on replica b, once.
	status, body = a.do(t, http.MethodPost, api.PathAuthTicket, "", fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret))
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var ticket api.TicketResponse
	require.NoError(t, json.Unmarshal(body, &ticket))
	wsURL := "ws" + strings.TrimPrefix(b.base, "http") + api.PathWebsocket + "?" + api.ParamToken + "=" + url.QueryEscape(ticket.Ticket)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, wsURL, nil)
	require.NoError(t, err, "a's ticket on b: %v", resp)
	require.NoError(t, conn.Close(websocket.StatusNormalClosure, ""))
	_, resp, err = websocket.Dial(ctx, wsURL, nil)
	require.Error(t, err, "a ticket is single-use across replicas")
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	for _, dir := range dataDirs {
		entries, err := os.ReadDir(dir)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		require.NoError(t, err)
		for _, e := range entries {
			require.NotContains(t, e.Name(), ".db", "no SQLite database beside a PostgreSQL store")
		}
	}
}

package gatewaycmd_test

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/internal/siwetest"
	"github.com/dtwgate/dtwgate/testnet"
)

// gatewayProc is a dtwgate binary serving on a free port with no config file.
type gatewayProc struct {
	*gatewaytest.Process
	base string
}

func startGateway(t *testing.T) *gatewayProc {
	t.Helper()
	p := gatewaytest.New(t, "", filepath.Join(t.TempDir(), "data"))
	p.Start(t)
	return &gatewayProc{Process: p, base: p.Base()}
}

// admin runs `dtwgate admin ARGS... --data-dir D` and returns its stdout.
func (g *gatewayProc) admin(t *testing.T, args ...string) string { return g.Admin(t, args...) }

// adminFails runs a dtwgate admin command that must fail and returns its standard error.
func (g *gatewayProc) adminFails(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(g.Bin, append(append([]string{"admin"}, args...), "--data-dir", g.DataDir)...)
	cmd.Env = gatewaytest.Env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_, err := cmd.Output()
	require.Error(t, err, "admin %v succeeded", args)
	return stderr.String()
}

func (g *gatewayProc) do(t *testing.T, method, path, token, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, g.base+path, strings.NewReader(body))
	require.NoError(t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, data
}

func requireCode(t *testing.T, status int, body []byte, wantStatus int, want api.ErrorCode) {
	t.Helper()
	require.Equal(t, wantStatus, status, "body: %s", body)
	var e api.Error
	require.NoError(t, json.Unmarshal(body, &e), "body: %s", body)
	require.Equal(t, want, e.Code)
}

// signPersonal signs msg as EIP-191 personal_sign with Foundry's `cast wallet sign` when
// the pinned cast is installed (make tools), else with go-ethereum directly.
func signPersonal(t *testing.T, key *ecdsa.PrivateKey, msg string) string {
	t.Helper()
	cast := filepath.Join("..", "..", "tools", "node_modules", ".bin", "cast")
	if _, err := os.Stat(cast); err != nil {
		t.Logf("cast not installed (make tools); signing with go-ethereum")
		sig, err := crypto.Sign(siwetest.HashMessage(msg), key)
		require.NoError(t, err)
		sig[64] += 27
		return "0x" + hex.EncodeToString(sig)
	}
	out, err := exec.Command(cast, "wallet", "sign", "--private-key", "0x"+hex.EncodeToString(crypto.FromECDSA(key)), msg).Output()
	require.NoError(t, err)
	return strings.TrimSpace(string(out))
}

func TestServeEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	g := startGateway(t)

	var key struct {
		APIKeyID     string           `json:"apiKeyId"`
		APIKeySecret string           `json:"apiKeySecret"`
		Label        string           `json:"label"`
		Permissions  []api.Permission `json:"permissions"`
	}
	require.NoError(t, json.Unmarshal([]byte(g.admin(t, "keys", "create", "--label", "x", "--permissions", "READ", "--json")), &key))
	require.Equal(t, "x", key.Label)
	require.Equal(t, []api.Permission{api.PermRead}, key.Permissions)

	creds := fmt.Sprintf(`{"keyId":%q,"secret":%q}`, key.APIKeyID, key.APIKeySecret)
	var token string
	for _, path := range []string{api.PathAuthToken, api.PathAuthGetToken} {
		status, body := g.do(t, http.MethodPost, path, "", creds)
		require.Equal(t, http.StatusOK, status, "%s: %s", path, body)
		var tr api.TokenResponse
		require.NoError(t, json.Unmarshal(body, &tr))
		token = tr.JWTToken
		status, _ = g.do(t, http.MethodGet, api.PathJWTCheck, token, "")
		require.Equal(t, http.StatusNoContent, status)
	}
	status, body := g.do(t, http.MethodGet, api.PathJWTCheck, "garbage", "")
	requireCode(t, status, body, 401, api.CodeInvalidJWTToken)
	status, body = g.do(t, http.MethodPost, api.PathAuthToken, "", `{"keyId": `)
	requireCode(t, status, body, 400, api.CodeInvalidSchema)
	status, body = g.do(t, http.MethodGet, "/v1/unknown", token, "")
	requireCode(t, status, body, 404, api.CodeNotFound)

	// SIWE: a message for this gateway, signed by cast, for a wallet not yet whitelisted.
	wallet, err := crypto.GenerateKey()
	require.NoError(t, err)
	addr := crypto.PubkeyToAddress(wallet.PublicKey)
	nonce := func() string {
		status, body := g.do(t, http.MethodGet, api.PathSIWENonce, "", "")
		require.Equal(t, http.StatusOK, status)
		var n api.NonceResponse
		require.NoError(t, json.Unmarshal(body, &n))
		return n.Nonce
	}
	message := func(domain, uri string) string {
		return siwetest.Message{Domain: domain, Address: addr.Hex(), URI: uri, Nonce: nonce(), ChainID: 1, IssuedAt: time.Now()}.String(t)
	}
	verify := func(msg string) (int, []byte) {
		req, err := json.Marshal(api.SIWEVerifyRequest{Message: msg, Signature: signPersonal(t, wallet, msg)})
		require.NoError(t, err)
		return g.do(t, http.MethodPost, api.PathSIWEVerify, "", string(req))
	}
	msg := message(g.Listen, g.base)
	status, body = verify(msg)
	requireCode(t, status, body, 403, api.CodeUserNotWhitelisted)

	for _, loose := range []string{addr.Hex()[2:], testnet.WrongChecksum(addr), "0x" + strings.Repeat("z", 40)} {
		cmd := exec.Command(g.Bin, "admin", "whitelist", "add", loose, "--data-dir", g.DataDir)
		cmd.Env = gatewaytest.Env()
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "admin whitelist add %s: %s", loose, out)
		require.Equal(t, gatewaycmd.ExitUsage, exit.ExitCode(), "admin whitelist add %s: %s", loose, out)
	}
	require.NotContains(t, g.admin(t, "whitelist", "list"), addr.Hex())
	require.Contains(t, g.admin(t, "whitelist", "add", strings.ToLower(addr.Hex())), addr.Hex())
	require.Contains(t, g.admin(t, "whitelist", "list"), addr.Hex())
	status, body = verify(msg)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var siweToken api.TokenResponse
	require.NoError(t, json.Unmarshal(body, &siweToken))
	status, _ = g.do(t, http.MethodGet, api.PathJWTCheck, siweToken.JWTToken, "")
	require.Equal(t, http.StatusNoContent, status)

	status, body = verify(msg)
	requireCode(t, status, body, 401, api.CodeInvalidNonce)

	status, body = verify(message("evil.example", "http://evil.example/api"))
	requireCode(t, status, body, 401, api.CodeInvalidSIWEMessage)

	// The JWT signing key lives in the store: a rotation leaves live tokens valid.
	require.Contains(t, g.admin(t, "jwt-keys", "rotate"), "key 2 signs from")
	require.Len(t, strings.Split(strings.TrimSpace(g.admin(t, "jwt-keys", "list")), "\n"), 2)
	for _, tok := range []string{token, siweToken.JWTToken} {
		status, _ = g.do(t, http.MethodGet, api.PathJWTCheck, tok, "")
		require.Equal(t, http.StatusNoContent, status)
	}

	// Graceful shutdown on SIGTERM.
	require.NoError(t, g.Terminate(t), "exit status after SIGTERM")
	_, err = os.Stat(filepath.Join(g.DataDir, "jwt.key"))
	require.ErrorIs(t, err, os.ErrNotExist, "the JWT key is in the store")
}

// TestDataFilesPrivate: serve and admin create the store, its WAL and SHM and the key files
// 0600 (whatever the umask), and refuse a data directory other users can read, saying how
// to fix it, before creating anything in it.
func TestDataFilesPrivate(t *testing.T) {
	g := startGateway(t)
	g.admin(t, "whitelist", "add", "0x"+strings.Repeat("ab", 20))
	for _, name := range []string{"dtwgate.db", "dtwgate.db-wal", "dtwgate.db-shm"} {
		info, err := os.Stat(filepath.Join(g.DataDir, name))
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o600), info.Mode().Perm(), name)
	}
	require.NoError(t, g.Terminate(t))

	open := filepath.Join(t.TempDir(), "open")
	require.NoError(t, os.Mkdir(open, 0o700))
	require.NoError(t, os.Chmod(open, 0o755))
	for _, args := range [][]string{
		{"serve", "--data-dir", open, "--listen", "127.0.0.1:0"},
		{"admin", "whitelist", "list", "--data-dir", open},
	} {
		out, err := exec.Command(g.Bin, args...).CombinedOutput()
		require.Error(t, err, "%s: %s", args[0], out)
		require.Contains(t, string(out), "chmod 700 "+open, args[0])
		entries, err := os.ReadDir(open)
		require.NoError(t, err)
		require.Empty(t, entries, "nothing is created in a refused directory")
	}
}

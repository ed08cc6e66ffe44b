package dtwcli_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// lyingGateway is a proxy in front of a real gateway that rewrites its proof-of-reserves
// answers with edit (nil: passes them through), as a gateway that lies would.
type lyingGateway struct {
	mu   sync.Mutex
	edit func(path string, body []byte) []byte
}

func (l *lyingGateway) set(edit func(path string, body []byte) []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.edit = edit
}

func newLyingGateway(t *testing.T, target string) (*lyingGateway, string) {
	t.Helper()
	u, err := url.Parse(target)
	require.NoError(t, err)
	l := &lyingGateway{}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	proxy.ModifyResponse = func(r *http.Response) error {
		l.mu.Lock()
		edit := l.edit
		l.mu.Unlock()
		if edit == nil || r.StatusCode != http.StatusOK {
			return nil
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return err
		}
		body = edit(r.Request.URL.Path, body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return l, srv.URL + u.Path
}

// TestCLIReservesVerifyGateway: a real gateway on anvil publishes its proof of reserves
// after a trader's OFFCHAIN deposit (`dtwgate admin reserves publish`, signed by its
// receipt key); `dtw reserves verify` fetches the statement and the trader's proof,
// checks them and the listed holdings against its own RPC, and prints the coverage.
// Through a proxy that lies, each corruption is caught with exit 5: the trader's balance
// left out, a total understated (re-signed by the receipt key), a holding overstated, a
// leaf that is not the trader's balance and a salt seen in an earlier snapshot.
func TestCLIReservesVerifyGateway(t *testing.T) {
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	c := n.Chains[0]
	trader := c.Traders[0]
	dir := t.TempDir()
	d, err := n.WriteDir(dir, true)
	require.NoError(t, err)
	gwCfg := writeGatewayYAML(t, dir, d)
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	key := signer.NewPrivateKeySigner(k)
	ks := filepath.Join(dir, "receipt-key.json")
	_, err = signer.WriteKeystore(ks, k, "receipts", signer.LightScrypt)
	require.NoError(t, err)
	pw := filepath.Join(dir, "receipt-key.password")
	require.NoError(t, os.WriteFile(pw, []byte("receipts\n"), 0o600))
	f, err := os.OpenFile(gwCfg, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("receipts:\n  key: keystore:" + ks + "\n  keyPasswordFile: " + pw + "\nreserves:\n  every: -1s\n  perAccount: {perSecond: 100, burst: 100}\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	gw := newGateway(t, gwCfg, filepath.Join(dir, "gateway-data"))
	gw.start(t)
	admin := func(args ...string) string { return gw.admin(t, append(args, "--config", gwCfg)...) }

	liar, apiURL := newLyingGateway(t, gw.base())
	cfg := filepath.Join(dir, "dtw.yaml")
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_CONFIG="+cfg)}
	dtw.ok(t, "config", "init", "--devnet", dir, "--api-url", apiURL)
	// An API key: a SIWE message names the gateway's own host, not the proxy's.
	var apiKey struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,TRADE", "--json")), &apiKey))
	admin("wallets", "link", "--account", apiKey.AccountID, trader.Address.Hex())
	dtw.ok(t, "login", "--api-key-id", apiKey.APIKeyID, "--api-secret", apiKey.APIKeySecret)
	dtw.fails(t, dtwcli.ExitAPI, msgs("NOT_FOUND", "no proof-of-reserves snapshot"), "reserves", "verify")

	dtw.ok(t, "offchain", "deposit", "--wait", "ETHEREUM", "dai", "200")
	out := admin("reserves", "publish")
	require.Contains(t, out, "signed by the receipt key")
	require.Regexp(t, `(?m)^dai\s+1\s+200000000000000000000\s+0\s+0x`, out)

	out = dtw.ok(t, "reserves", "verify")
	require.Contains(t, out, "1 proofs verified against the signed statement")
	require.Contains(t, out, "/.well-known/dtwgate-receipt-keys", "the keys come from the gateway's well-known path, not from beside the statement")
	require.Regexp(t, `(?m)^dai\s+200\s+\S+\s+\d+\.\d{4}\s+0`, out)
	var res struct {
		Assets []struct{ Asset, Liabilities, Holdings, Coverage string }
	}
	dtw.okJSON(t, &res, "reserves", "verify", "--json")
	var dai struct{ Asset, Liabilities, Holdings, Coverage string }
	for _, a := range res.Assets {
		if a.Asset == "dai" {
			dai = a
		}
	}
	require.Equal(t, "200", dai.Liabilities)
	require.NotEmpty(t, dai.Coverage)

	// A pinned key that is not the gateway's fails the signature.
	other, err := crypto.GenerateKey()
	require.NoError(t, err)
	pinned := writeJSON(t, dir, "pinned.json", []map[string]string{{"address": crypto.PubkeyToAddress(other.PublicKey).Hex(), "validFromMillis": "0"}})
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "no published receipt key"), "reserves", "verify", "--keys", pinned)

	editJSON := func(want string, fn func(v any)) func(string, []byte) []byte {
		return func(path string, body []byte) []byte {
			if path != want {
				return body
			}
			var v map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(body, &v))
			fn(&v)
			blob, err := json.Marshal(v)
			require.NoError(t, err)
			return blob
		}
	}
	proofPath, reservesPath := "/api"+api.PathReservesProof, "/api"+api.PathReserves
	published := func(v any) *reserves.Published {
		var p reserves.Published
		blob, err := json.Marshal(v)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(blob, &p))
		return &p
	}
	replace := func(v any, p *reserves.Published) {
		blob, err := json.Marshal(p)
		require.NoError(t, err)
		m := v.(*map[string]json.RawMessage)
		require.NoError(t, json.Unmarshal(blob, m))
	}

	// The trader's balance left out of the liabilities: no proof of its dai.
	liar.set(editJSON(proofPath, func(v any) {
		(*v.(*map[string]json.RawMessage))["proofs"] = json.RawMessage("[]")
	}))
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "account not included", "no dai proof"), "reserves", "verify")

	// The dai total understated, the statement signed again by the receipt key.
	liar.set(editJSON(reservesPath, func(v any) {
		p := published(v)
		for i, r := range p.Statement.Roots {
			if r.Asset == "dai" {
				total, err := uint256.FromDecimal(r.Total)
				require.NoError(t, err)
				p.Statement.Roots[i].Total = new(uint256.Int).Sub(total, uint256.NewInt(1)).Dec()
			}
		}
		signed, err := reserves.SignStatement(testCtx(t), key, p.Statement.Statement)
		require.NoError(t, err)
		p.Statement = signed
		replace(v, p)
	}))
	// The proofs name the honest statement's hash: the liar answers that one too.
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "inclusion proof does not verify"), "reserves", "verify")

	// A holding overstated by one base unit.
	liar.set(editJSON(reservesPath, func(v any) {
		p := published(v)
		require.NotEmpty(t, p.Holdings)
		amount, err := uint256.FromDecimal(p.Holdings[0].Amount)
		require.NoError(t, err)
		p.Holdings[0].Amount = new(uint256.Int).Add(amount, uint256.NewInt(1)).Dec()
		replace(v, p)
	}))
	dtw.fails(t, dtwcli.ExitVerification, msgs("VERIFICATION FAILED", "holding overstated"), "reserves", "verify")
	liar.set(nil)

	// A leaf that is not the trader's balance at the snapshot.
	dtw.fails(t, dtwcli.ExitVerification, msgs("the dai leaf holds 200000000000000000000 base units"),
		"reserves", "verify", "--balances", writeJSON(t, dir, "balances.json", map[string]string{"dai": "201"}))

	// A salt seen in an earlier snapshot: the same snapshot's proofs again.
	salts := filepath.Join(dir, "salts.json")
	dtw.ok(t, "reserves", "verify", "--salts", salts)
	dtw.fails(t, dtwcli.ExitVerification, msgs("leaf salt reused from an earlier snapshot"), "reserves", "verify", "--salts", salts)
	// A new snapshot draws new salts.
	admin("reserves", "publish")
	require.Eventually(t, func() bool {
		_, _, code := dtw.run(t, "reserves", "verify", "--salts", salts)
		return code == 0
	}, 30*time.Second, time.Second, "the new snapshot's proofs were never served (the API looks for a newer one every 5 s)")
}

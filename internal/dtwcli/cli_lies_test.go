package dtwcli_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
)

// lie rewrites an order status the gateway reported, decoded as a JSON object.
type lie func(st map[string]any)

// lyingProxy is the lying gateway stand-in: a reverse proxy on a loopback listener in
// front of the real gateway that passes everything through, except that it rewrites the
// JSON of GET /v3/order-status/... and /v2/order/... with the current lie, if any.
type lyingProxy struct {
	srv  *httptest.Server
	mu   sync.Mutex
	lie  lie
	told atomic.Int64 // statuses rewritten
}

func newLyingProxy(t *testing.T, gw *gateway) *lyingProxy {
	t.Helper()
	target, err := url.Parse("http://" + gw.Listen)
	require.NoError(t, err)
	p := &lyingProxy{}
	rp := &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.Header.Del("Accept-Encoding") // keep bodies plain JSON to rewrite
		},
		ModifyResponse: p.tamper,
	}
	p.srv = httptest.NewServer(rp)
	t.Cleanup(p.srv.Close)
	return p
}

// base is the proxy's API URL, as dtw's apiUrl.
func (p *lyingProxy) base() string { return p.srv.URL + "/api" }

// tell sets the lie told from now on; nil passes statuses through.
func (p *lyingProxy) tell(l lie) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lie = l
}

func (p *lyingProxy) tamper(resp *http.Response) error {
	path := resp.Request.URL.Path
	if resp.Request.Method != http.MethodGet || resp.StatusCode != http.StatusOK ||
		!(strings.Contains(path, "/v3/order-status/") || strings.Contains(path, "/v2/order/")) {
		return nil
	}
	p.mu.Lock()
	l := p.lie
	p.mu.Unlock()
	if l == nil {
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var st map[string]any
	if err := dec.Decode(&st); err != nil {
		return err
	}
	l(st)
	if body, err = json.Marshal(st); err != nil {
		return err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Set("Content-Length", strconv.Itoa(len(body)))
	p.told.Add(1)
	return nil
}

// set returns a lie that sets fields to values.
func set(kv ...string) lie {
	return func(st map[string]any) {
		for i := 0; i+1 < len(kv); i += 2 {
			st[kv[i]] = kv[i+1]
		}
	}
}

// plus returns a lie that adds delta to the decimal field.
func plus(field, delta string) lie {
	return func(st map[string]any) {
		v, _ := st[field].(string)
		st[field] = decimal.RequireFromString(v).Add(decimal.RequireFromString(delta)).String()
	}
}

// TestCLIVerifyCatchesLies puts a lying gateway stand-in (a rewriting reverse proxy) in
// front of the real gateway and points dtw at it: passed through, its reports verify;
// each kind of tampered status (amounts, return transaction, status of a settled,
// cancelled or open order, trader, order id) makes
// `dtw order verify` fail loudly with exit code 5, by order id and by placing
// transaction alike.
func TestCLIVerifyCatchesLies(t *testing.T) {
	t.Parallel()
	e := newTraderCLI(t)
	dtw := e.cli
	dtw.ok(t, "deposit", "ETHEREUM", "dai", "100")

	// Two settled orders, direct and gasless; a market order the gateway cancels (its
	// minimum is far above the price); and a limit order that stays open.
	var settled, other, cancelled, open placeResult
	dtw.okJSON(t, &settled, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "10", "--min", "9", "--wait", "--json", "ETHEREUM")
	dtw.okJSON(t, &other, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--min", "4", "--gasless", "--wait", "--json", "ETHEREUM")
	dtw.okJSON(t, &cancelled, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--min", "5000", "--wait", "--json", "ETHEREUM")
	dtw.okJSON(t, &open, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--limit", "5000", "--json", "ETHEREUM")
	require.True(t, settled.Verified)
	require.True(t, other.Verified)
	require.NotEqual(t, settled.ReturnTxID, other.ReturnTxID)
	require.True(t, cancelled.Verified)
	require.Equal(t, "CANCELLED", cancelled.Status)
	followed(t, dtw, &open)
	require.Eventually(t, func() bool {
		out, _, code := dtw.run(t, "order", "status", "ETHEREUM", open.OrderID)
		return code == 0 && strings.Contains(out, "OPEN")
	}, 20*time.Second, 300*time.Millisecond, "order %s never open", open.OrderID)

	// The trader reads through the proxy with a READ key: SIWE binds the gateway's own
	// address, and the proxy is not it.
	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
	}
	dtw.okJSON(t, &key, "keys", "create", "--label", "reader", "--permissions", "READ", "--json")
	proxy := newLyingProxy(t, e.gw)
	via := []string{"--api-url", proxy.base(), "--session-file", filepath.Join(e.dir, "proxy-session.json")}
	dtw.ok(t, append(append([]string{"login"}, via...), "--api-key-id", key.APIKeyID, "--api-secret", key.APIKeySecret)...)
	verify := func(ref string) []string {
		return append(append([]string{"order", "verify"}, via...), "ETHEREUM", ref)
	}

	// Passed through untouched, the reports verify.
	passThrough := func() {
		t.Helper()
		for _, ref := range []string{settled.OrderID, settled.InstructionID, other.OrderID, other.InstructionID, cancelled.OrderID} {
			require.Contains(t, dtw.ok(t, verify(ref)...), "VERIFIED")
		}
	}
	passThrough()
	require.Zero(t, proxy.told.Load())

	// The lie is really told: the tampered status reaches dtw.
	proxy.tell(set("quantityBought", "1234.5"))
	require.Contains(t, dtw.ok(t, append(append([]string{"order", "status"}, via...), "ETHEREUM", settled.OrderID)...), "1234.5")

	trader2 := e.c.Traders[1].Address.Hex()
	cases := []struct {
		name string
		lie  lie
		refs []string // ORDER arguments to verify
		want []string // in stderr besides the loud VERIFICATION FAILED
	}{
		{"quantityBought raised by one base unit", plus("quantityBought", "0.000001"),
			[]string{settled.OrderID, settled.InstructionID}, msgs("buy amount")},
		{"quantityBought raised by a lot", plus("quantityBought", "100"),
			[]string{other.OrderID, other.InstructionID}, msgs("buy amount")},
		{"quantitySold lowered", plus("quantitySold", "-1"),
			[]string{settled.OrderID, settled.InstructionID}, msgs("sell amount")},
		{"returnTxId is the placing transaction", set("returnTxId", settled.InstructionID),
			[]string{settled.OrderID, settled.InstructionID}, msgs(settled.InstructionID, "no settle or cancel event of order key")},
		{"returnTxId is another order's settlement", set("returnTxId", other.ReturnTxID),
			[]string{settled.OrderID, settled.InstructionID}, msgs(other.ReturnTxID, "no settle or cancel event of order key")},
		{"settled order reported cancelled", set("status", "CANCELLED", "quantitySold", "0", "quantityBought", "0"),
			[]string{settled.OrderID}, msgs("OrderCancelled")},
		{"open order reported settled by another order's settlement",
			set("status", "SETTLED", "returnTxId", settled.ReturnTxID, "quantitySold", "5", "quantityBought", "5000"),
			[]string{open.OrderID, open.InstructionID}, msgs("no settle or cancel event of order key")},
		{"open order reported settled in its own placing transaction",
			set("status", "SETTLED", "returnTxId", open.InstructionID, "quantitySold", "5", "quantityBought", "5000"),
			[]string{open.OrderID}, msgs("no settle or cancel event of order key")},
		{"onchainOrderId of another order", set("onchainOrderId", "7"),
			[]string{settled.OrderID, settled.InstructionID}, msgs("placed no order 7")},
		{"open order reported settled without a return transaction", set("status", "SETTLED"),
			[]string{open.OrderID}, msgs("without a return transaction")},
		{"cancelled order reported settled", set("status", "SETTLED", "quantitySold", "5", "quantityBought", "4.990005"),
			[]string{cancelled.OrderID, cancelled.InstructionID}, msgs("the chain shows OrderCancelled, expected OrderSettled")},
		{"cancelled order reported settled by another order's settlement",
			set("status", "SETTLED", "returnTxId", settled.ReturnTxID, "quantitySold", "5", "quantityBought", "4.990005"),
			[]string{cancelled.OrderID}, msgs("no settle or cancel event of order key")},
		{"another trader's order", set("trader", trader2),
			[]string{settled.OrderID}, msgs(trader2)},
		{"another order id", set("orderId", other.OrderID),
			[]string{settled.OrderID}, msgs("asked for order " + settled.OrderID)},
	}
	for _, tc := range cases {
		proxy.tell(tc.lie)
		for _, ref := range tc.refs {
			told := proxy.told.Load()
			errOut := dtw.fails(t, exitVerification, append(msgs("VERIFICATION FAILED", "do not trust this gateway"), tc.want...), verify(ref)...)
			require.Greater(t, proxy.told.Load(), told, "%s (%s): the proxy told no lie", tc.name, ref)
			require.Contains(t, errOut, "dtw: ", "%s (%s)", tc.name, ref)
		}
	}

	// Honest again through the same proxy: everything verifies.
	proxy.tell(nil)
	passThrough()
}

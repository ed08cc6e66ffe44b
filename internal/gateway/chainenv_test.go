package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Addresses of the chain gateway's configuration, EIP-55.
var (
	chainDTW    = common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	chainUSDT   = common.HexToAddress("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512")
	chainDAI    = common.HexToAddress("0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0")
	chainTrader = common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
)

// chainGW is a gateway serving one chain, ETHEREUM (usdt with 6 decimals, dai with 18),
// through the real on-chain service, store and HTTP server. The chain has no engine or
// RPC: requests are answered by what runs before the relay (source, trader, assets,
// amounts, addresses), which is what these tests are about.
type chainGW struct {
	base   string
	token  string
	client *http.Client
}

// chainGWTimeout bounds every request: a request that costs the gateway minutes of CPU
// fails the test instead of hanging it.
const chainGWTimeout = 10 * time.Second

func newChainGW(tb testing.TB) chainGW {
	tb.Helper()
	ctx := context.Background()
	reg, err := chain.NewRegistry([]chain.Source{{Name: "ETHEREUM", ChainID: 1, DTW: chainDTW, Confirmations: 1,
		Assets: []chain.Asset{{ID: "usdt", Address: chainUSDT, Decimals: 6}, {ID: "dai", Address: chainDAI, Decimals: 18}}}})
	require.NoError(tb, err)
	src, err := reg.Source("ETHEREUM")
	require.NoError(tb, err)
	p := newParts(tb, nil, func(st *store.SQLite) options {
		return options{services: app.ServiceOptions{OnChain: onchain.New(reg, []*onchain.Chain{{Source: src}}, st)}}
	})
	st := p.store
	account := auth.NewAccountID()
	k, secret := accounts.NewKey(p.secrets, account, "test", []api.Permission{api.PermRead, api.PermTrade, api.PermWithdraw}, time.Now())
	require.NoError(tb, st.CreateAccountWithKey(ctx, store.Account{ID: account, CreatedAt: time.Now()}, k))
	require.NoError(tb, st.LinkWallet(ctx, account, chainTrader, time.Now()))
	gw := chainGW{base: startHTTP(tb, p), client: &http.Client{Timeout: chainGWTimeout}}
	status, body := gw.do(tb, http.MethodPost, api.PathAuthToken, api.TokenRequest{KeyID: k.ID, Secret: secret})
	require.Equal(tb, http.StatusOK, status, "body: %s", body)
	var tok api.TokenResponse
	require.NoError(tb, json.Unmarshal(body, &tok))
	gw.token = tok.JWTToken
	return gw
}

// do sends body as JSON (raw when it is a string) and returns the status and body.
func (gw chainGW) do(tb testing.TB, method, path string, body any) (int, []byte) {
	tb.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		data, err := json.Marshal(b)
		require.NoError(tb, err)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, gw.base+path, rd)
	require.NoError(tb, err)
	req.Header.Set("Content-Type", "application/json")
	if gw.token != "" {
		req.Header.Set("Authorization", "Bearer "+gw.token)
	}
	resp, err := gw.client.Do(req)
	require.NoError(tb, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(tb, err)
	return resp.StatusCode, data
}

// order is a signed order request that passes every check before the relay except,
// possibly, the ones a test edits.
func order() api.SignedOrderRequest {
	return api.SignedOrderRequest{
		Source: "ETHEREUM", Trader: chainTrader.Hex(), SellingAsset: "usdt", BuyingAsset: "dai",
		AmountToSell: "10", LimitAmountToReceive: "9", Deadline: "4102444800", Nonce: "1",
		Signature: "0x" + string(bytes.Repeat([]byte("11"), 65)),
	}
}

// quantityEstimate asks GET /v2/quantity-estimate for qty usdt in dai.
func (gw chainGW) quantityEstimate(tb testing.TB, qty string) (int, []byte) {
	tb.Helper()
	q := url.Values{"selling_asset": {"usdt"}, "buying_asset": {"dai"}, "sell_quantity": {qty}}
	return gw.do(tb, http.MethodGet, api.PathQuantityEstimate+"?"+q.Encode(), nil)
}

// apiErr decodes an error body.
func apiErr(tb testing.TB, body []byte) api.Error {
	tb.Helper()
	var e api.Error
	require.NoError(tb, json.Unmarshal(body, &e), "error body is JSON: %.200s", body)
	return e
}

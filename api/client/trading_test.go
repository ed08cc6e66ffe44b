package client_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/store"
)

// tradingConfig is the OFFCHAIN venue the trading tests use: eur (fiat, 2 decimals) and
// usdc, both sold by the house up to 1000, at the book's prices.
func tradingConfig(c *config.Config) {
	c.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	c.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "DTW", IBAN: "DE89370400440532013000"}}
	c.Pricing.Prices = map[string]string{"eur": "1.1", "usd": "1", "usdc": "1"}
	c.Offchain.InventoryLimits = map[string]string{"eur": "1000", "usdc": "1000"}
}

// tradingGateway is a real gateway with the OFFCHAIN venue and a clock the test moves.
type tradingGateway struct {
	*testGateway
	offset atomic.Int64
}

func newTradingGateway(t *testing.T) *tradingGateway {
	tg := &tradingGateway{}
	tg.testGateway = newGatewayWith(t, tradingConfig, func(*store.SQLite) gateway.Options {
		return gateway.Options{Now: func() time.Time { return time.Now().Add(time.Duration(tg.offset.Load())) }}
	})
	return tg
}

// fund books a bank transfer of amount eur to subAccount ("" the key's own account).
func (g *tradingGateway) fund(t *testing.T, c *client.Client, subAccount, amount, transferID string) {
	t.Helper()
	ctx := context.Background()
	ref, err := c.DepositReference(ctx, subAccount)
	require.NoError(t, err)
	_, err = offchaintest.New(g.cfg, g.store, nil, nil).BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref.DepositReference, Asset: "eur", Amount: amount, TransferID: transferID})
	require.NoError(t, err)
}

func balanceOf(t *testing.T, c *client.Client, subAccount, asset string) string {
	t.Helper()
	res, err := c.Balances(context.Background(), subAccount, api.SourceOffchain)
	require.NoError(t, err)
	for _, b := range res.Balances {
		if b.Asset == asset {
			return b.Balance
		}
	}
	return "0"
}

// TestTradingEndpoints: every OFFCHAIN trading method of the client against a real
// gateway, on the caller's account and on a sub-account: a market swap and its repeat, a
// resting limit order, an RFQ quote actioned once, one refused after its 5 s, the order
// found by orderId and by instructionId of each kind, and the answers a trader must tell
// apart.
func TestTradingEndpoints(t *testing.T) {
	g := newTradingGateway(t)
	ctx := context.Background()
	k := g.createKey(t, api.AllPermissions...)
	sub := "acc_sub_trading1"
	require.NoError(t, g.store.CreateAccount(ctx, store.Account{ID: sub, ParentID: k.account, CreatedAt: time.Now()}))
	c := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
	g.fund(t, c, "", "100", "bt-own")
	g.fund(t, c, sub, "50", "bt-sub")

	// A market swap fills at once; its repeat answers the same order and moves nothing.
	req := api.SwapRequest{InstructionID: "s-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}
	o, err := c.Swap(ctx, "", req)
	require.NoError(t, err)
	require.Equal(t, api.StatusSettled, o.Status)
	require.Equal(t, api.OrderKindSwap, o.Type)
	require.Equal(t, "10.978011", o.QuantityBought)
	require.Equal(t, "0.010989", o.Commission)
	again, err := c.Swap(ctx, "", req)
	require.NoError(t, err)
	require.Equal(t, o, again)
	require.Equal(t, "90", balanceOf(t, c, "", "eur"))
	other := req
	other.AmountToSell = "11"
	_, err = c.Swap(ctx, "", other)
	requireAPIError(t, err, http.StatusBadRequest, api.CodeInstructionIDReused)

	byID, err := c.OrderStatusOf(ctx, "", api.SourceOffchain, o.OrderID)
	require.NoError(t, err)
	require.Equal(t, o, byID)
	require.Nil(t, byID.ReturnTxID)
	for _, kind := range []string{"", api.OrderKindSwap} {
		got, err := c.OrderByInstructionKind(ctx, "", api.SourceOffchain, kind, "s-1")
		require.NoError(t, err)
		require.Equal(t, o, got, "kind %q", kind)
	}
	_, err = c.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindRFQ, "s-1")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	_, err = c.OrderByInstructionKind(ctx, "", api.SourceOffchain, "LIMIT", "s-1")
	requireAPIError(t, err, http.StatusBadRequest, api.CodeInvalidQueryParams)

	// A limit order on the sub-account rests, holding what it sells.
	limit, err := c.Swap(ctx, sub, api.SwapRequest{InstructionID: "l-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10",
		OrderType: api.OrderTypeLimit, LimitAmountToReceive: "20"})
	require.NoError(t, err)
	require.Equal(t, api.StatusOpen, limit.Status)
	require.NotEmpty(t, limit.Deadline)
	subOrder, err := c.OrderStatusOf(ctx, sub, api.SourceOffchain, limit.OrderID)
	require.NoError(t, err)
	require.Equal(t, limit, subOrder)
	_, err = c.OrderStatusOf(ctx, "", api.SourceOffchain, limit.OrderID)
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	_, err = c.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindSwap, "l-1")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	bals, err := c.Balances(ctx, sub, api.SourceOffchain)
	require.NoError(t, err)
	require.Contains(t, bals.Balances, api.BalanceV2{Asset: "eur", Balance: "50", Held: "10", Available: "40"})

	// A quote on the sub-account, actioned inside its 5 s: exactly the quoted amounts, once.
	q, err := c.RequestQuote(ctx, sub, api.QuoteRequest{InstructionID: "q-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "11"})
	require.NoError(t, err)
	require.Equal(t, "10.04", q.AmountToSell)
	same, err := c.RequestQuote(ctx, sub, api.QuoteRequest{InstructionID: "q-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "11"})
	require.NoError(t, err)
	require.Equal(t, q, same, "a repeat answers the same quote")
	g.offset.Store(int64(4 * time.Second))
	require.NoError(t, c.ActionQuote(ctx, sub, "q-1"))
	rfq, err := c.OrderByInstructionKind(ctx, sub, api.SourceOffchain, api.OrderKindRFQ, "q-1")
	require.NoError(t, err)
	require.Equal(t, api.StatusSettled, rfq.Status)
	require.Equal(t, api.OrderKindRFQ, rfq.Type)
	require.Equal(t, q.AmountToSell, rfq.QuantitySold)
	require.Equal(t, q.AmountToBuy, rfq.QuantityBought)
	require.Equal(t, "11", balanceOf(t, c, sub, "usdc"))
	e := requireAPIError(t, c.ActionQuote(ctx, sub, "q-1"), http.StatusBadRequest, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "actioned already")
	e = requireAPIError(t, c.ActionQuote(ctx, "", "q-1"), http.StatusBadRequest, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "no quote", "the caller's own account has no such quote")

	// A quote actioned at 5 s is refused as expired, and nothing moves.
	g.offset.Store(0)
	_, err = c.RequestQuote(ctx, "", api.QuoteRequest{InstructionID: "q-2", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"})
	require.NoError(t, err)
	g.offset.Store(int64(5 * time.Second))
	e = requireAPIError(t, c.ActionQuote(ctx, "", "q-2"), http.StatusBadRequest, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "expired")
	require.Equal(t, "90", balanceOf(t, c, "", "eur"))
	_, err = c.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindRFQ, "q-2")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)

	// Not the caller's sub-account: the gateway's 403.
	_, err = c.Swap(ctx, "acc_someone_else", req)
	requireAPIError(t, err, http.StatusForbidden, api.CodeInvalidPermissions)

	// Missing ids are refused before anything is sent.
	_, err = c.Swap(ctx, "", api.SwapRequest{SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
	require.ErrorContains(t, err, "instructionId")
	require.ErrorContains(t, c.ActionQuote(ctx, "", " "), "instructionId")
	_, err = c.OrderStatusOf(ctx, "", api.SourceOffchain, "")
	require.ErrorContains(t, err, "orderId")
}

// lossyProxy forwards requests to a gateway; for the first request to dropPath it lets
// the gateway act, then drops the connection instead of answering: the client sees a
// network error after the gateway carried out its request. It counts requests per path.
type lossyProxy struct {
	srv      *httptest.Server
	dropPath string
	dropped  atomic.Bool
	posts    atomic.Int32
}

func newLossyProxy(t *testing.T, target, dropPath string) *lossyProxy {
	p := &lossyProxy{dropPath: dropPath}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == p.dropPath {
			p.posts.Add(1)
		}
		body, err := io.ReadAll(r.Body)
		var resp *http.Response
		if err == nil {
			var req *http.Request
			req, err = http.NewRequestWithContext(r.Context(), r.Method, target+strings.TrimPrefix(r.URL.RequestURI(), "/api"), bytes.NewReader(body))
			if err == nil {
				req.Header = r.Header.Clone()
				resp, err = http.DefaultClient.Do(req)
			}
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		answer, _ := io.ReadAll(resp.Body)
		if r.URL.Path == p.dropPath && p.dropped.CompareAndSwap(false, true) {
			dropConnection(w)
			return
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		w.Write(answer)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *lossyProxy) client(t *testing.T, k apiKey) *client.Client {
	t.Helper()
	cfg := client.DefaultConfig()
	cfg.BaseURL = p.srv.URL + "/api"
	cfg.Auth = client.NewAPIKeyAuth(k.id, k.secret)
	cfg.MinBackoff, cfg.MaxBackoff = time.Millisecond, 5*time.Millisecond
	c, err := client.New(cfg)
	require.NoError(t, err)
	return c
}

// TestTradingRetries: a swap or quote request whose answer is lost is sent again and
// answers the order or quote the gateway made the first time (the swap moves funds
// once); an action whose answer is lost is not sent again, and the RFQ order tells that
// it filled.
func TestTradingRetries(t *testing.T) {
	g := newTradingGateway(t)
	ctx := context.Background()
	k := g.createKey(t, api.AllPermissions...)
	direct := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
	g.fund(t, direct, "", "100", "bt-1")

	t.Run("swap", func(t *testing.T) {
		p := newLossyProxy(t, g.url, "/api"+api.PathOrders)
		o, err := p.client(t, k).Swap(ctx, "", api.SwapRequest{InstructionID: "lost-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"})
		require.NoError(t, err)
		require.Equal(t, int32(2), p.posts.Load(), "sent again after the lost answer")
		require.Equal(t, api.StatusSettled, o.Status)
		require.Equal(t, "90", balanceOf(t, direct, "", "eur"), "filled once")
		require.Equal(t, "10.978011", balanceOf(t, direct, "", "usdc"))
	})
	t.Run("quote request", func(t *testing.T) {
		p := newLossyProxy(t, g.url, "/api"+api.PathRequestQuote)
		q, err := p.client(t, k).RequestQuote(ctx, "", api.QuoteRequest{InstructionID: "lost-q", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"})
		require.NoError(t, err)
		require.Equal(t, int32(2), p.posts.Load())
		first, err := direct.RequestQuote(ctx, "", api.QuoteRequest{InstructionID: "lost-q", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"})
		require.NoError(t, err)
		require.Equal(t, first, q, "the quote made the first time")
	})
	t.Run("action", func(t *testing.T) {
		_, err := direct.RequestQuote(ctx, "", api.QuoteRequest{InstructionID: "lost-a", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "2"})
		require.NoError(t, err)
		p := newLossyProxy(t, g.url, "/api"+api.PathActionQuote)
		err = p.client(t, k).ActionQuote(ctx, "", "lost-a")
		require.Error(t, err)
		var e *client.Error
		require.False(t, errors.As(err, &e), "a network error, not an answer: %v", err)
		require.Equal(t, int32(1), p.posts.Load(), "never sent again")
		o, err := direct.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindRFQ, "lost-a")
		require.NoError(t, err)
		require.Equal(t, api.StatusSettled, o.Status, "the lost action filled")
		require.Equal(t, "2", o.QuantityBought)
	})
}

// TestTradingRetriesOn5xx: a swap is retried on a 5xx like a GET; an action never is.
func TestTradingRetriesOn5xx(t *testing.T) {
	ctx := context.Background()
	unavailable := `{"code":"SERVICE_UNAVAILABLE_ERROR","description":"try later"}`
	s := newStandIn(t, func(n int32, w http.ResponseWriter, _ *http.Request) {
		if n < 3 {
			reply(w, 503, unavailable)
			return
		}
		reply(w, 200, `{"orderId":"7","status":"SETTLED"}`)
	})
	o, err := s.client(t).Swap(ctx, "", api.SwapRequest{InstructionID: "x"})
	require.NoError(t, err)
	require.Equal(t, "7", o.OrderID)
	require.Equal(t, int32(3), s.requests.Load())

	a := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { reply(w, 503, unavailable) })
	requireAPIError(t, a.client(t).ActionQuote(ctx, "", "x"), 503, api.CodeServiceUnavailable)
	require.Equal(t, int32(1), a.requests.Load())
}

package gateway_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// movingPrices is a price book whose reference prices a test moves, as a live feed's
// answers move (the feeds themselves are tested against anvil in internal/pricing). With
// down set it has no market data, as a stale feed.
type movingPrices struct {
	mu   sync.Mutex
	cfg  pricing.Config
	book *pricing.Book
	down bool
}

func newMovingPrices(t *testing.T, cfg pricing.Config) *movingPrices {
	m := &movingPrices{cfg: cfg}
	m.set(t, nil)
	return m
}

// set changes reference prices (asset -> price).
func (m *movingPrices) set(t *testing.T, prices map[string]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	next := map[string]string{}
	for k, v := range m.cfg.Prices {
		next[k] = v
	}
	for k, v := range prices {
		next[k] = v
	}
	m.cfg.Prices = next
	b, err := pricing.NewBook(m.cfg)
	require.NoError(t, err)
	m.book = b
}

func (m *movingPrices) setDown(down bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.down = down
}

func (m *movingPrices) Price(ctx context.Context, sell, buy string) (decimal.Decimal, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return decimal.Zero, fmt.Errorf("%w: the feed is stale", pricing.ErrNoMarketData)
	}
	return m.book.Price(ctx, sell, buy)
}

func (m *movingPrices) Commission(source, sell, buy string) decimal.Decimal {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.book.Commission(source, sell, buy)
}

// tradingEnv is a gateway with the OFFCHAIN venue, moving prices, and the settler's side
// of the venue (its limit-order matcher) on the same store and clock.
type tradingEnv struct {
	*env
	prices *movingPrices
	op     *offchaintest.Service
}

func newTradingEnv(t *testing.T, modify func(*config.Config)) *tradingEnv {
	te := &tradingEnv{}
	te.env = newEnvOpts(t, func(c *config.Config) {
		offchainConfig(c)
		if modify != nil {
			modify(c)
		}
		te.prices = newMovingPrices(t, c.Pricing)
	}, func(o *gateway.Options) { o.Prices = te.prices })
	te.op = offchaintest.New(te.cfg, te.store, te.prices, te.now)
	return te
}

func (te *tradingEnv) swap(tok string, req api.SwapRequest) response {
	return te.do(http.MethodPost, api.PathOrders, tok, req)
}

func (te *tradingEnv) balance(t *testing.T, tok, asset string) api.BalanceV2 {
	t.Helper()
	for _, b := range decode[api.BalancesResponse](t, te.do(http.MethodGet, "/v3/balance/OFFCHAIN", tok, nil), 200).Balances {
		if b.Asset == asset {
			return b
		}
	}
	return api.BalanceV2{Asset: asset, Balance: "0", Held: "0", Available: "0"}
}

// requireBalanced checks the ledger: every asset's postings sum to zero.
func requireBalanced(t *testing.T, st *store.SQLite) {
	t.Helper()
	require.NoError(t, ledger.Audit(context.Background(), st))
}

// TestSwapMarket: a market swap fills at once at the book's price less half the spread
// and the commission, in one ledger entry that balances; a retry answers the same order,
// another body is refused; the order answers by instructionId and by orderId; bad input,
// the house's inventory limit and a stale feed refuse it with nothing moved.
func TestSwapMarket(t *testing.T) {
	te := newTradingEnv(t, nil)
	k := te.createKey(api.AllPermissions...)
	tok := te.token(k)
	fund(t, te.env, te.op, k.account, "100", "bt-1")

	req := api.SwapRequest{InstructionID: "s-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}
	o := decode[api.OrderStatus](t, te.swap(tok, req), 200)
	// eur 1.1, usdc 1: 10 x 1.1 x (1 - 0.001) = 10.989; commission 10 bps rounded up: 0.010989.
	require.Equal(t, api.StatusSettled, o.Status)
	require.Equal(t, "10", o.QuantitySold)
	require.Equal(t, "10.978011", o.QuantityBought)
	require.Equal(t, "0.010989", o.Commission)
	require.Equal(t, "OFFCHAIN", o.OrderSource)
	require.Equal(t, api.OrderKindSwap, o.Type)
	require.Equal(t, "90", te.balance(t, tok, "eur").Balance)
	require.Equal(t, "10.978011", te.balance(t, tok, "usdc").Balance)
	requireBalanced(t, te.store)

	again := decode[api.OrderStatus](t, te.swap(tok, req), 200)
	require.Equal(t, o, again, "a retry answers the same order")
	require.Equal(t, "90", te.balance(t, tok, "eur").Balance, "and moves nothing")
	other := req
	other.AmountToSell = "11"
	te.swap(tok, other).requireError(t, 400, api.CodeInstructionIDReused)

	byID := decode[api.OrderStatus](t, te.do(http.MethodGet, "/v3/order-status/OFFCHAIN/"+o.OrderID, tok, nil), 200)
	require.Nil(t, byID.ReturnTxID)
	require.Equal(t, o, byID)
	require.Equal(t, o, decode[api.OrderStatus](t, te.do(http.MethodGet, "/v2/order/OFFCHAIN/s-1", tok, nil), 200))
	te.do(http.MethodGet, "/v2/order/OFFCHAIN/s-1?type=RFQ", tok, nil).requireError(t, 404, api.CodeNotFound)
	te.do(http.MethodGet, "/v2/order/OFFCHAIN/s-1?type=LIMIT", tok, nil).requireError(t, 400, api.CodeInvalidQueryParams)
	otherKey := te.createKey(api.AllPermissions...)
	te.do(http.MethodGet, "/v3/order-status/OFFCHAIN/"+o.OrderID, te.token(otherKey), nil).requireError(t, 404, api.CodeNotFound)

	for _, bad := range []struct {
		req  api.SwapRequest
		code api.ErrorCode
	}{
		{api.SwapRequest{InstructionID: "b1", SellingAsset: "eur", BuyingAsset: "eur", AmountToSell: "1"}, api.CodeDuplicateAssetPair},
		{api.SwapRequest{InstructionID: "b2", SellingAsset: "doge", BuyingAsset: "usdc", AmountToSell: "1"}, api.CodeInvalidSchema},
		{api.SwapRequest{InstructionID: "b3", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1.001"}, api.CodeInvalidSchema},
		{api.SwapRequest{InstructionID: "b4", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1e9999999"}, api.CodeInvalidSchema},
		{api.SwapRequest{InstructionID: "b5", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1", OrderType: "STOP"}, api.CodeInvalidSchema},
		{api.SwapRequest{InstructionID: "b6", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1", LimitAmountToReceive: "1"}, api.CodeInvalidSchema},
		{api.SwapRequest{InstructionID: "b7", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "91"}, api.CodeInsufficientFunds},
		{api.SwapRequest{InstructionID: string(make([]byte, 65)), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}, api.CodeInvalidSchema},
	} {
		te.swap(tok, bad.req).requireError(t, 400, bad.code)
	}
	require.Equal(t, "90", te.balance(t, tok, "eur").Balance, "refused swaps move nothing")

	// The house sells at most 1000 usdc in all: 10.989 are gone.
	rich := te.createKey(api.AllPermissions...)
	fund(t, te.env, te.op, rich.account, "5000", "bt-rich")
	e := te.swap(te.token(rich), api.SwapRequest{InstructionID: "big", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1000"}).
		requireError(t, 400, api.CodeNotEnoughLiquidity)
	require.Contains(t, e.Description, "at most 989.011 usdc")

	te.prices.setDown(true)
	te.swap(tok, api.SwapRequest{InstructionID: "stale", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}).requireError(t, 404, api.CodeNoMarketDataFound)
	require.Equal(t, "90", te.balance(t, tok, "eur").Balance)
	requireBalanced(t, te.store)
}

// TestSwapLimit: a limit order holds its amount and rests while the price is below its
// limit; when the feed moves, the matcher fills it (hold released into the trade, order
// event in the outbox); an order that never meets its limit expires (CANCELLED, hold
// released) when the clock passes its expiry.
func TestSwapLimit(t *testing.T) {
	te := newTradingEnv(t, nil)
	k := te.createKey(api.AllPermissions...)
	tok := te.token(k)
	fund(t, te.env, te.op, k.account, "100", "bt-1")
	ctx := context.Background()

	rest := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "l-1", SellingAsset: "eur", BuyingAsset: "usdc",
		AmountToSell: "10", OrderType: "LIMIT", LimitAmountToReceive: "12"}), 200)
	require.Equal(t, api.StatusOpen, rest.Status)
	require.Equal(t, "12", rest.LimitAmountToReceive)
	require.Equal(t, api.BalanceV2{Asset: "eur", Balance: "100", Held: "10", Available: "90"}, te.balance(t, tok, "eur"))
	expiring := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "l-2", SellingAsset: "eur", BuyingAsset: "usdc",
		AmountToSell: "5", OrderType: "LIMIT", LimitAmountToReceive: "50", ExpiresAt: te.now().Add(time.Hour).UTC().Format(time.RFC3339)}), 200)
	require.Equal(t, api.StatusOpen, expiring.Status)
	marketable := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "l-3", SellingAsset: "eur", BuyingAsset: "usdc",
		AmountToSell: "1", OrderType: "LIMIT", LimitAmountToReceive: "1"}), 200)
	require.Equal(t, api.StatusSettled, marketable.Status, "a limit the price already meets fills at once")

	filled, err := te.op.MatchLimitOrders(ctx)
	require.NoError(t, err)
	require.Zero(t, filled, "1.0978 usdc per eur gives 10.978 for 10: below the limit of 12")

	before, err := te.store.Events(ctx, 0, 1000)
	require.NoError(t, err)
	te.prices.set(t, map[string]string{"eur": "1.25"}) // 10 x 1.25 x 0.999 less 0.1% = 12.4625...
	filled, err = te.op.MatchLimitOrders(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, filled)
	got := decode[api.OrderStatus](t, te.do(http.MethodGet, "/v3/order-status/OFFCHAIN/"+rest.OrderID, tok, nil), 200)
	require.Equal(t, api.StatusSettled, got.Status)
	require.True(t, decimal.RequireFromString(got.QuantityBought).GreaterThanOrEqual(decimal.NewFromInt(12)))
	after, err := te.store.Events(ctx, 0, 1000)
	require.NoError(t, err)
	require.Len(t, after, len(before)+1, "one ORDER_SETTLED event")
	require.Equal(t, outbox.OrderSettled, after[len(after)-1].Kind)
	require.Equal(t, "5", te.balance(t, tok, "eur").Held, "only the resting order's 5 stay held")

	te.offset.Store(int64(2 * time.Hour))
	_, err = te.op.MatchLimitOrders(ctx)
	require.NoError(t, err)
	got = decode[api.OrderStatus](t, te.do(http.MethodGet, "/v3/order-status/OFFCHAIN/"+expiring.OrderID, tok, nil), 200)
	require.Equal(t, api.StatusCancelled, got.Status)
	require.Contains(t, got.Reason, "expired")
	require.Equal(t, "0", te.balance(t, tok, "eur").Held)
	requireBalanced(t, te.store)

	// Limits on input.
	te.swap(tok, api.SwapRequest{InstructionID: "l-4", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1", OrderType: "LIMIT"}).
		requireError(t, 400, api.CodeInvalidSchema)
	te.swap(tok, api.SwapRequest{InstructionID: "l-5", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1", OrderType: "LIMIT",
		LimitAmountToReceive: "1", ExpiresAt: te.now().Add(-time.Minute).Format(time.RFC3339)}).requireError(t, 400, api.CodeInvalidSchema)
	te.swap(tok, api.SwapRequest{InstructionID: "l-6", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1000", OrderType: "LIMIT",
		LimitAmountToReceive: "1"}).requireError(t, 400, api.CodeInsufficientFunds)
}

// TestRFQ: a quote is firm for 5 s (driven by the gateway's clock): actioned at 4 s it
// trades exactly the quoted amounts; at 5 s it is refused as expired; an unknown or
// actioned quote is refused saying so; a quote actioned by 20 requests at once fills once.
func TestRFQ(t *testing.T) {
	te := newTradingEnv(t, nil)
	k := te.createKey(api.AllPermissions...)
	tok := te.token(k)
	fund(t, te.env, te.op, k.account, "100", "bt-1")

	quote := func(id, amount string) api.Quote {
		return decode[api.Quote](t, te.do(http.MethodPost, api.PathRequestQuote, tok,
			api.QuoteRequest{InstructionID: id, SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: amount}), 200)
	}
	action := func(id string) response {
		return te.do(http.MethodPost, api.PathActionQuote, tok, api.ActionQuoteRequest{InstructionID: id})
	}
	q := quote("q-1", "11")
	// Inclusive price: 1.0989 x (1 - 0.001) x (1 - 0.001) = 1.09670... per eur: 11 usdc
	// take 10.0301... eur, rounded up to cents.
	require.Equal(t, "10.04", q.AmountToSell)
	issued, err := decimal.NewFromString(q.TimestampMillis)
	require.NoError(t, err)
	expires, err := decimal.NewFromString(q.ExpiresAtMillis)
	require.NoError(t, err)
	require.Equal(t, int64(5000), expires.Sub(issued).IntPart())
	swapPrice := decimal.RequireFromString("10.978011").Div(decimal.NewFromInt(10))
	require.True(t, decimal.RequireFromString(q.Price).LessThan(swapPrice), "an RFQ price is worse than a swap's")
	require.Equal(t, q, quote("q-1", "11"), "the same request answers the same quote")
	te.do(http.MethodPost, api.PathRequestQuote, tok, api.QuoteRequest{InstructionID: "q-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "12"}).
		requireError(t, 400, api.CodeInstructionIDReused)

	te.offset.Store(int64(4 * time.Second))
	r := action("q-1")
	require.Equal(t, http.StatusNoContent, r.status, "%s", r.body)
	require.Equal(t, "89.96", te.balance(t, tok, "eur").Balance)
	require.Equal(t, "11", te.balance(t, tok, "usdc").Balance)
	o := decode[api.OrderStatus](t, te.do(http.MethodGet, "/v2/order/OFFCHAIN/q-1?type=RFQ", tok, nil), 200)
	require.Equal(t, api.OrderKindRFQ, o.Type)
	require.Equal(t, "10.04", o.QuantitySold)
	require.Equal(t, "11", o.QuantityBought)
	e := action("q-1").requireError(t, 400, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "actioned already")

	te.offset.Store(0)
	quote("q-2", "1")
	te.offset.Store(int64(5 * time.Second))
	e = action("q-2").requireError(t, 400, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "expired")
	e = action("q-none").requireError(t, 400, api.CodeNoMarketDataFound)
	require.Contains(t, e.Description, "no quote")
	require.Equal(t, "89.96", te.balance(t, tok, "eur").Balance, "refused actions move nothing")

	te.offset.Store(0)
	quote("q-3", "2")
	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch r := action("q-3"); r.status {
			case http.StatusNoContent:
				ok.Add(1)
			case http.StatusBadRequest:
				refused.Add(1)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, int32(1), ok.Load(), "actioned once")
	require.Equal(t, int32(19), refused.Load())
	require.Equal(t, "13", te.balance(t, tok, "usdc").Balance)
	requireBalanced(t, te.store)
}

// TestTradeCredit: an account may sell what it does not hold within its credit
// (min(COLLATERAL_CREDIT_CAP, LEVERAGE x collateral), valued in its account asset);
// beyond it the swap is refused with nothing moved, and GET /v2/credit shows what is used.
func TestTradeCredit(t *testing.T) {
	te := newTradingEnv(t, nil)
	k := te.createKey(api.AllPermissions...)
	tok := te.token(k)
	fund(t, te.env, te.op, k.account, "100", "bt-1") // 110 usd of collateral
	ctx := context.Background()
	require.NoError(t, te.op.SetSetting(ctx, k.account, api.SettingCreditCap, "50"))
	require.NoError(t, te.op.SetSetting(ctx, k.account, api.SettingCreditLeverage, "1"))

	// Sell 140 eur holding 100: 40 eur short, worth 43.956 usd (1.1 less half the spread),
	// within the cap of 50.
	o := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "c-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "140"}), 200)
	require.Equal(t, api.StatusSettled, o.Status)
	require.Equal(t, "-40", te.balance(t, tok, "eur").Balance)
	credit := decode[api.CreditResponse](t, te.do(http.MethodGet, "/v2/credit/OFFCHAIN", tok, nil), 200)
	require.Equal(t, "43.956", credit.CreditUsed)
	// 10 more eur would borrow 54.945 usd: beyond the cap.
	e := te.swap(tok, api.SwapRequest{InstructionID: "c-2", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}).requireError(t, 400, api.CodeInsufficientFunds)
	require.Contains(t, e.Description, "credit")
	require.Equal(t, "-40", te.balance(t, tok, "eur").Balance)
	requireBalanced(t, te.store)
}

// TestIntroducerRevenue: an account's own commission (set by an operator) is what GET
// /v2/commission-rate/OFFCHAIN shows and what its trades pay; its introducer is credited
// its share of each trade's commission, rounded down to the asset's decimals, in the
// trade's own ledger entry, and pages it in GET /v3/introducer-revenue; an account that
// introduced nobody gets 403.
func TestIntroducerRevenue(t *testing.T) {
	te := newTradingEnv(t, nil)
	ctx := context.Background()
	client, introducer := te.createKey(api.AllPermissions...), te.createKey(api.AllPermissions...)
	tok, itok := te.token(client), te.token(introducer)
	fund(t, te.env, te.op, client.account, "1000", "bt-1")
	require.NoError(t, te.op.SetCommission(ctx, client.account, 30, ""))
	require.NoError(t, te.op.SetCommission(ctx, client.account, 45, "usdc/eur"))
	require.NoError(t, te.op.SetIntroducer(ctx, introducer.account, client.account, "0.3333", true))
	require.Error(t, te.op.SetIntroducer(ctx, client.account, introducer.account, "1.5", true))
	other := te.createKey(api.AllPermissions...)
	require.Error(t, te.op.SetIntroducer(ctx, other.account, client.account, "0.5", true), "one active introducer per client")

	rate := decode[api.CommissionRateResponse](t, te.do(http.MethodGet, "/v2/commission-rate/OFFCHAIN?selling_asset=eur&buying_asset=usdc", tok, nil), 200)
	require.Equal(t, "0.003", rate.Commission)
	rate = decode[api.CommissionRateResponse](t, te.do(http.MethodGet, "/v2/commission-rate/OFFCHAIN?selling_asset=usdc&buying_asset=eur", tok, nil), 200)
	require.Equal(t, "0.0045", rate.Commission)
	rate = decode[api.CommissionRateResponse](t, te.do(http.MethodGet, "/v2/commission-rate/OFFCHAIN?selling_asset=eur&buying_asset=usdc", itok, nil), 200)
	require.Equal(t, "0.001", rate.Commission, "the configured rate for everyone else")

	// 100 eur x 1.0989 = 109.89 usdc gross; commission 30 bps = 0.32967; the introducer's
	// 0.3333 of it = 0.109879011 -> 0.109879 (usdc has 6 decimals).
	o := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "i-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "100"}), 200)
	require.Equal(t, "0.32967", o.Commission)
	require.Equal(t, "109.56033", o.QuantityBought)
	require.Equal(t, "0.109879", te.balance(t, itok, "usdc").Balance)
	q := decode[api.Quote](t, te.do(http.MethodPost, api.PathRequestQuote, tok, api.QuoteRequest{InstructionID: "i-2", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "10"}), 200)
	require.Equal(t, http.StatusNoContent, te.do(http.MethodPost, api.PathActionQuote, tok, api.ActionQuoteRequest{InstructionID: "i-2"}).status)
	share := decimal.RequireFromString(q.Commission).Mul(decimal.RequireFromString("0.3333")).RoundFloor(6)

	rels := decode[api.RelationshipsResponse](t, te.do(http.MethodGet, api.PathIntroducerRelationships, itok, nil), 200)
	require.Len(t, rels.Relationships, 1)
	require.Equal(t, api.Relationship{IntroducerAccountID: introducer.account, ClientAccountID: client.account, FeeShare: "0.3333", Active: true,
		CreatedMillis: rels.Relationships[0].CreatedMillis}, rels.Relationships[0])
	window := "&start_time=" + te.now().Add(-time.Hour).UTC().Format("2006-01-02T15:04:05.000Z") + "&end_time=" + te.now().Add(time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")
	page := decode[api.RevenuePage](t, te.do(http.MethodGet, api.PathIntroducerRevenue+"?source=OFFCHAIN&page_size=1"+window, itok, nil), 200)
	require.True(t, page.HasMore)
	require.Equal(t, api.RevenueTransaction{ClientAccountID: client.account, OrderID: o.OrderID, Type: api.OrderKindSwap, InstructionID: "i-1",
		Asset: "usdc", Amount: "0.109879", TimestampMillis: page.Transactions[0].TimestampMillis}, page.Transactions[0])
	page = decode[api.RevenuePage](t, te.do(http.MethodGet, api.PathIntroducerRevenue+"?source=OFFCHAIN&page_size=1&after="+page.AfterCursor+window, itok, nil), 200)
	require.False(t, page.HasMore)
	require.Equal(t, share.String(), page.Transactions[0].Amount)
	require.Equal(t, api.OrderKindRFQ, page.Transactions[0].Type)
	require.Equal(t, decimal.RequireFromString("0.109879").Add(share).String(), te.balance(t, itok, "usdc").Balance)

	te.do(http.MethodGet, api.PathIntroducerRevenue+"?source=OFFCHAIN"+window, tok, nil).requireError(t, 403, api.CodeInvalidPermissions)
	te.do(http.MethodGet, api.PathIntroducerRevenue+"?source=ETHEREUM"+window, itok, nil).requireError(t, 400, api.CodeInvalidQueryParams)
	te.do(http.MethodGet, api.PathIntroducerRevenue+"?source=OFFCHAIN&after=x"+window, itok, nil).requireError(t, 400, api.CodeInvalidQueryParams)

	// Ended: later trades pay the introducer nothing.
	require.NoError(t, te.op.SetIntroducer(ctx, introducer.account, client.account, "0.3333", false))
	decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "i-3", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}), 200)
	require.Equal(t, decimal.RequireFromString("0.109879").Add(share).String(), te.balance(t, itok, "usdc").Balance)
	requireBalanced(t, te.store)
}

// TestMCPTrading: the OFFCHAIN trading tools over MCP: a swap asks for confirmation with
// its amounts (a decline moves nothing), a quote is actioned with its amounts confirmed,
// and balances, the snapshot and the order history show the trades.
func TestMCPTrading(t *testing.T) {
	te := newTradingEnv(t, nil)
	ctx := context.Background()
	k := te.createKey(api.PermRead, api.PermTrade)
	fund(t, te.env, te.op, k.account, "100", "bt-1")
	var asked []string
	confirm := true
	cs := te.mcpSessionWith(te.token(k), &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		asked = append(asked, req.Params.Message)
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": confirm}}, nil
	}})
	call := func(name string, args map[string]any) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		require.NoError(t, err)
		return res
	}
	swap := map[string]any{"instructionId": "m-1", "sellingAsset": "eur", "buyingAsset": "usdc", "amountToSell": "10"}
	confirm = false
	require.Equal(t, api.CodeCancelledByUser, toolErrorCode(t, call("swap", swap)))
	require.Contains(t, asked[0], "Sell 10 eur for usdc")
	require.Equal(t, "100", te.balance(t, te.token(k), "eur").Balance, "a declined swap moves nothing")
	confirm = true
	res := call("swap", swap)
	require.False(t, res.IsError, "%+v", res.Content)
	require.Equal(t, "90", te.balance(t, te.token(k), "eur").Balance)

	res = call("request_quote", map[string]any{"instructionId": "q-1", "sellingAsset": "eur", "buyingAsset": "usdc", "amountToBuy": "5"})
	require.False(t, res.IsError, "%+v", res.Content)
	res = call("action_quote", map[string]any{"instructionId": "q-1"})
	require.False(t, res.IsError, "%+v", res.Content)
	require.Contains(t, asked[len(asked)-1], "for 5 usdc (quote q-1)")
	require.Equal(t, api.CodeNoMarketDataFound, toolErrorCode(t, call("action_quote", map[string]any{"instructionId": "q-1"})), "once")

	res = call("list_orders", map[string]any{})
	require.False(t, res.IsError, "%+v", res.Content)
	orders := res.StructuredContent.(map[string]any)["orders"].([]any)
	require.Len(t, orders, 2)
	res = call("get_balances", map[string]any{"source": "OFFCHAIN"})
	require.False(t, res.IsError, "%+v", res.Content)
	res = call("get_account_snapshot", map[string]any{"source": "OFFCHAIN"})
	require.False(t, res.IsError, "%+v", res.Content)
	res = call("get_order", map[string]any{"source": "OFFCHAIN", "instructionId": "q-1", "type": "RFQ"})
	require.False(t, res.IsError, "%+v", res.Content)
}

// TestQuantityEstimateOffchain: the estimate on OFFCHAIN is what a swap would buy, while
// the house's inventory limit allows it.
func TestQuantityEstimateOffchain(t *testing.T) {
	te := newTradingEnv(t, nil)
	tok := te.token(te.createKey(api.PermRead))
	q := decode[api.QuantityEstimateResponse](t, te.do(http.MethodGet, "/v2/quantity-estimate?selling_asset=eur&buying_asset=usdc&sell_quantity=10&commission_source=OFFCHAIN", tok, nil), 200)
	require.Equal(t, "10.978011", q.QuantityEstimate)
	te.do(http.MethodGet, "/v2/quantity-estimate?selling_asset=eur&buying_asset=usdc&sell_quantity=5000&commission_source=OFFCHAIN", tok, nil).
		requireError(t, 400, api.CodeNotEnoughLiquidity)
}

package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// fakeTimers hands the gateway's first-SUBSCRIBE timers to the test, which fires them.
type fakeTimers chan fakeTimer

type fakeTimer struct {
	d    time.Duration
	fire chan time.Time
}

func (f fakeTimers) after(d time.Duration) <-chan time.Time {
	t := fakeTimer{d: d, fire: make(chan time.Time, 1)}
	f <- t
	return t.fire
}

// take returns the timer the next socket started.
func (f fakeTimers) take(t *testing.T) fakeTimer {
	t.Helper()
	select {
	case ft := <-f:
		return ft
	case <-time.After(wsWait):
		require.FailNow(t, "no timer started")
	}
	return fakeTimer{}
}

// TestWebsocketSubscribeWithinFiveSeconds: the gateway times the first SUBSCRIBE for 5
// seconds from the connection (its clock is the test's): a socket without one when the
// time is up is closed with 4400 and a reason that says 400; an ERROR answer does not
// count as a subscription; a socket that subscribed in time stays open after it.
func TestWebsocketSubscribeWithinFiveSeconds(t *testing.T) {
	timers := make(fakeTimers, 10)
	e := newEnvOpts(t, nil, func(o *options) { o.services.WebsocketAfter = timers.after })
	tok := e.token(e.createKey(api.PermRead))

	silent := e.mustDialWS(tok)
	timer := timers.take(t)
	require.Equal(t, 5*time.Second, timer.d, "the interface's 5 seconds")
	silent.send(map[string]any{"type": api.WSSubscribe, "metadata": map[string]any{"subscriptions": []any{}}})
	require.Equal(t, api.CodeInvalidSchema, silent.nextOf(api.WSError).Error.Code)
	silent.none(100 * time.Millisecond) // open until the time is up
	timer.fire <- time.Now()
	ce := silent.closedWith(api.CloseNoSubscription)
	require.True(t, strings.HasPrefix(ce.Reason, "400"), "reason %q says 400", ce.Reason)
	require.Equal(t, 4400, api.CloseNoSubscription)

	subscribed := e.mustDialWS(tok)
	timer = timers.take(t)
	subscribed.subscribe(ordersSub)
	timer.fire <- time.Now()
	subscribed.none(200 * time.Millisecond)
	subscribed.send(api.WSMessage{Type: api.WSUnsubscribe, Metadata: &api.WSMetadata{Subscriptions: []api.Subscription{ordersSub}}})
	require.Empty(t, subscribed.nextOf(api.WSSubscriptions).Metadata.Subscriptions, "still open after the time is up")
}

// TestWebsocketChannels: one SUBSCRIBE of the three channels; the account's OFFCHAIN
// deposit, swap and withdrawal arrive on ACCOUNT_ACTIVITY and ORDERS as the REST
// endpoints show them, a price change on PRICE_FEED_UPDATES with GET /v2/price's new
// answer; UNSUBSCRIBE ends a channel; another account, subscribed to the same channels,
// is sent none of it. Every message is checked against the AsyncAPI document.
func TestWebsocketChannels(t *testing.T) {
	ctx := context.Background()
	te := newTradingEnv(t, nil)
	k := te.createKey(api.AllPermissions...)
	tok := te.token(k)
	other := te.createKey(api.PermRead)

	ws := te.mustDialWS(tok)
	subs := ws.subscribe(priceSub("EUR/usdc", "usdc/eur"), activitySub, ordersSub)
	require.Equal(t, []api.Subscription{priceSub("eur/usdc", "usdc/eur"), activitySub, ordersSub}, subs, "every active subscription, pairs in lower case")
	now := map[string]string{}
	for range 2 { // the pairs' prices as they are now
		p := data[api.PriceUpdate](t, ws.nextOf(string(api.ChannelPriceFeedUpdates)))
		require.Empty(t, p.EventID)
		now[p.SellingAsset+"/"+p.BuyingAsset] = p.Price
	}
	require.Equal(t, decode[api.PriceResponse](t, te.do(http.MethodGet, "/v2/price/eur/usdc", tok, nil), 200).Price, now["eur/usdc"])

	spy := te.mustDialWS(te.token(other))
	spy.subscribe(activitySub, ordersSub, priceSub("eth/usdc"))

	fund(t, te.env, te.op, k.account, "100", "bt-ws")
	dep := data[api.AccountActivityEvent](t, ws.nextOf(string(api.ChannelAccountActivity)))
	require.Equal(t, api.ActivityDeposit, dep.ActivityType)
	require.Equal(t, "OFFCHAIN", dep.Source)
	require.Equal(t, k.account, dep.AccountID)
	require.Equal(t, "eur", dep.Asset)
	require.Equal(t, "100", dep.Amount)
	require.NotEmpty(t, dep.EventID)

	o := decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "ws-1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}), 200)
	settled := data[api.OrderEvent](t, ws.nextOf(string(api.ChannelOrders)))
	require.Equal(t, o, settled.OrderStatus, "the order status record")
	require.Nil(t, settled.ReturnTxID, "OFFCHAIN orders have no return transaction")
	require.Greater(t, settled.EventID, dep.EventID)

	decode[api.OffchainWithdrawal](t, te.do(http.MethodPost, api.PathOffchainWithdrawals, tok, fiatWithdrawal("ws-w", "30")), 200)
	_, err := te.op.CompleteFiat(ctx, k.account, "ws-w", "BANKREF-WS")
	require.NoError(t, err)
	wd := data[api.AccountActivityEvent](t, ws.nextOf(string(api.ChannelAccountActivity)))
	require.Equal(t, api.ActivityWithdrawal, wd.ActivityType)
	require.Equal(t, "30", wd.Amount)
	require.Equal(t, "ws-w", wd.Reference.InstructionID)
	require.Equal(t, "BANKREF-WS", wd.Reference.TransactionHash)
	page := decode[api.ActivityPage](t, te.do(http.MethodGet, "/v3/withdrawals?source=OFFCHAIN&start_time=2020-01-01T00:00:00.000Z&end_time=2100-01-01T00:00:00.000Z", tok, nil), 200)
	rest := page.Transactions[0]
	require.Equal(t, rest.Asset, wd.Asset, "as GET /v3/withdrawals shows it")
	require.Equal(t, rest.Amount, wd.Amount)
	require.Equal(t, rest.Reference, wd.Reference)
	require.InDelta(t, mustInt(t, rest.TimestampMillis), mustInt(t, wd.TimestampMillis), 1000, "booked when the event was written")

	// The settler publishes a feed's change; the pairs of the asset are sent again.
	te.prices.set(t, map[string]string{"eur": "1.2"})
	require.NoError(t, outbox.Write(ctx, te.store, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eur", Price: "1.2", UpdatedAt: time.Now()}}))
	got := map[string]api.PriceUpdate{}
	for range 2 {
		p := data[api.PriceUpdate](t, ws.nextOf(string(api.ChannelPriceFeedUpdates)))
		got[p.SellingAsset+"/"+p.BuyingAsset] = p
	}
	require.Equal(t, decode[api.PriceResponse](t, te.do(http.MethodGet, "/v2/price/eur/usdc", tok, nil), 200).Price, got["eur/usdc"].Price)
	require.Equal(t, decode[api.PriceResponse](t, te.do(http.MethodGet, "/v2/price/usdc/eur", tok, nil), 200).Price, got["usdc/eur"].Price)
	require.NotEqual(t, now["eur/usdc"], got["eur/usdc"].Price)
	require.NotEmpty(t, got["eur/usdc"].EventID)

	// UNSUBSCRIBE: orders and one pair end.
	ws.send(api.WSMessage{Type: api.WSUnsubscribe, Metadata: &api.WSMetadata{Subscriptions: []api.Subscription{ordersSub, priceSub("usdc/eur")}}})
	require.Equal(t, []api.Subscription{priceSub("eur/usdc"), activitySub}, ws.nextOf(api.WSSubscriptions).Metadata.Subscriptions)
	decode[api.OrderStatus](t, te.swap(tok, api.SwapRequest{InstructionID: "ws-2", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}), 200)
	require.NoError(t, outbox.Write(ctx, te.store, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eur", Price: "1.2", UpdatedAt: time.Now()}}))
	p := data[api.PriceUpdate](t, ws.nextOf(string(api.ChannelPriceFeedUpdates)))
	require.Equal(t, "eur/usdc", p.SellingAsset+"/"+p.BuyingAsset, "the swap's ORDERS push was not sent, nor the unsubscribed pair")

	// The other account: its own deposit is the first thing it is sent, after all of the
	// above in the outbox.
	fund(t, te.env, te.op, other.account, "5", "bt-other")
	own := data[api.AccountActivityEvent](t, spy.nextOf(string(api.ChannelAccountActivity)))
	require.Equal(t, other.account, own.AccountID)
	require.Equal(t, "5", own.Amount)
	spy.none(200 * time.Millisecond)
	ws.none(200 * time.Millisecond)
}

// TestWebsocketErrors: messages the gateway cannot act on are answered with ERROR and
// change nothing; the socket stays open. A message over 16 KiB closes it with 1009.
func TestWebsocketErrors(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead))
	ws := e.mustDialWS(tok)
	many := make([]string, api.WSMaxPairs+1)
	for i := range many {
		many[i] = fmt.Sprintf("a%d/usd", i)
	}
	for _, c := range []struct {
		name string
		msg  string
		code api.ErrorCode
		says string
	}{
		{"not JSON", `{"type": SUBSCRIBE`, api.CodeInvalidSchema, "not a JSON object"},
		{"unknown type", `{"type":"PING"}`, api.CodeInvalidSchema, `type "PING"`},
		{"no subscriptions", `{"type":"SUBSCRIBE","metadata":{"subscriptions":[]}}`, api.CodeInvalidSchema, "at least one"},
		{"unknown channel", `{"type":"SUBSCRIBE","metadata":{"subscriptions":[{"channelType":"TRADES"}]}}`, api.CodeInvalidSchema, `channelType "TRADES"`},
		{"missing assets", `{"type":"SUBSCRIBE","metadata":{"subscriptions":[{"channelType":"ORDERS"},{"channelType":"PRICE_FEED_UPDATES"}]}}`, api.CodeInvalidSchema, "needs body.assets"},
		{"empty asset", `{"type":"SUBSCRIBE","metadata":{"subscriptions":[{"channelType":"PRICE_FEED_UPDATES","body":{"assets":[{"sellingAsset":"eth"}]}}]}}`, api.CodeInvalidSchema, "asset ids"},
		{"one asset", `{"type":"SUBSCRIBE","metadata":{"subscriptions":[{"channelType":"PRICE_FEED_UPDATES","body":{"assets":[{"sellingAsset":"eth","buyingAsset":"ETH"}]}}]}}`, api.CodeDuplicateAssetPair, "both"},
		{"too many pairs", string(mustJSON(t, api.WSMessage{Type: api.WSSubscribe, Metadata: &api.WSMetadata{Subscriptions: []api.Subscription{priceSub(many...)}}})), api.CodeInvalidSchema, "at most 100"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws.sendRaw(websocket.MessageText, []byte(c.msg))
			m := ws.nextOf(api.WSError)
			require.Equal(t, c.code, m.Error.Code)
			require.Contains(t, m.Error.Description, c.says)
		})
	}
	ws.sendRaw(websocket.MessageBinary, []byte(`{"type":"SUBSCRIBE"}`))
	require.Contains(t, ws.nextOf(api.WSError).Error.Description, "text")

	// Nothing was subscribed; a valid SUBSCRIBE works, and pairs add up to at most 100.
	require.Equal(t, []api.Subscription{ordersSub}, ws.subscribe(ordersSub))
	ws.subscribe(priceSub(many[:60]...))
	ws.send(api.WSMessage{Type: api.WSSubscribe, Metadata: &api.WSMetadata{Subscriptions: []api.Subscription{priceSub(many[50:]...)}}})
	require.Contains(t, ws.nextOf(api.WSError).Error.Description, "would make 101")

	ws.sendRaw(websocket.MessageText, []byte(`{"type":"SUBSCRIBE","pad":"`+strings.Repeat("x", api.WSMaxMessageBytes)+`"}`))
	ws.closedWith(websocket.StatusMessageTooBig)
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	require.NoError(t, err)
	return n
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestWebsocketAuthentication: a ticket of POST /v3/auth/ticket opens one socket: used
// twice, or after it expired, it is refused with 401 before the upgrade, as are a missing
// or bad token; a key without READ is refused 403; a SIWE-less API key's socket is
// closed 4401 when the key is rotated.
func TestWebsocketAuthentication(t *testing.T) {
	e := newEnv(t)
	k := e.createKey(api.PermRead, api.PermManageKeys)
	ticket := func() string {
		return decode[api.TicketResponse](t, e.do(http.MethodPost, api.PathAuthTicket, "", api.TokenRequest{KeyID: k.id, Secret: k.secret}), 200).Ticket
	}

	tk := ticket()
	ws, resp, err := e.dialWS("", api.ParamToken+"="+url.QueryEscape(tk), nil)
	if err != nil {
		require.FailNow(t, "dial", "%v: %s", err, describeResponse(resp))
	}
	require.Equal(t, []api.Subscription{activitySub}, ws.subscribe(activitySub))
	e.refusedWS("", api.ParamToken+"="+url.QueryEscape(tk), 401, api.CodeInvalidJWTToken) // used twice

	expired := ticket()
	e.offset.Store(int64(e.cfg.TicketTTL + time.Second))
	e.refusedWS("", api.ParamToken+"="+url.QueryEscape(expired), 401, api.CodeInvalidJWTToken)
	e.offset.Store(0)
	e.refusedWS("", api.ParamToken+"=nonsense", 401, api.CodeInvalidJWTToken)
	e.refusedWS("", "", 401, api.CodeInvalidJWTToken)
	e.refusedWS("not-a-jwt", "", 401, api.CodeInvalidJWTToken)
	e.refusedWS(e.token(e.createKey(api.PermTrade)), "", 403, api.CodeInvalidPermissions)

	// The socket's key is rotated: it is closed 4401; a new token opens a new one.
	tok := e.token(k)
	bearer := e.mustDialWS(tok)
	bearer.subscribe(ordersSub)
	rotated := decode[api.APIKeyRotated](t, e.do(http.MethodPost, "/v3/api-keys/"+k.id+"/rotate", tok, nil), 200)
	ws.closedWith(api.CloseRevoked)
	bearer.closedWith(api.CloseRevoked)
	k.secret = rotated.APIKeySecret
	e.mustDialWS(e.token(k)).subscribe(ordersSub)
}

// TestWebsocketConnectionCap: an account holds at most websocket.maxConnectionsPerAccount
// sockets; one more is refused 429 RATE_LIMITED until one closes; other accounts are not
// counted.
func TestWebsocketConnectionCap(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) { c.Websocket.MaxConnectionsPerAccount = 2 })
	tok := e.token(e.createKey(api.PermRead))
	first := e.mustDialWS(tok)
	e.mustDialWS(tok)
	e.refusedWS(tok, "", 429, api.CodeRateLimited)
	e.mustDialWS(e.token(e.createKey(api.PermRead)))
	require.NoError(t, first.conn.Close(websocket.StatusNormalClosure, ""))
	require.Eventually(t, func() bool {
		c, _, err := e.dialWS(tok, "", nil)
		if err == nil {
			_ = c.conn.CloseNow()
		}
		return err == nil
	}, wsWait, 20*time.Millisecond)
}

// TestWebsocketSlowConsumer: a client that stops reading is closed with 4429 once the
// messages waiting for it fill its buffer; another client of the same pairs is sent every
// price meanwhile.
func TestWebsocketSlowConsumer(t *testing.T) {
	ctx := context.Background()
	e := newEnvWith(t, func(c *config.Config) { c.Websocket.SendBuffer = 16 })
	smallSendBuffers(e) // so that the paused reader's socket fills
	tok := e.token(e.createKey(api.PermRead))
	// Every pair of eth the default book prices: six messages per change of eth.
	sub := priceSub("eth/usdt", "eth/dai", "eth/fot", "usdt/eth", "dai/eth", "fot/eth")

	slow, resp, err := e.dialWS(tok, "", smallReceiveBuffer())
	if err != nil {
		require.FailNow(t, "dial", "%v: %s", err, describeResponse(resp))
	}
	fast := e.mustDialWS(tok)
	for _, c := range []*wsClient{slow, fast} {
		c.subscribe(sub)
		for range 6 {
			c.nextOf(string(api.ChannelPriceFeedUpdates))
		}
	}

	slow.pause()
	// The slow socket's buffers (16 messages, 4 KiB sent, 2 KiB received) fill within a
	// dozen changes; the changes after that must end within push.CloseWait of its close,
	// after which a client that still reads nothing is reset rather than told 4429.
	const changes = 300
	for i := range changes {
		require.NoError(t, outbox.Write(ctx, e.store, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: fmt.Sprint(3000 + i), UpdatedAt: time.Now()}}))
		for range 6 {
			fast.nextOf(string(api.ChannelPriceFeedUpdates))
		}
	}
	slow.resume()
	ce := slow.closedWith(api.CloseSlowConsumer)
	require.Contains(t, ce.Reason, "slow consumer")
	fast.none(100 * time.Millisecond)
}

// TestAsyncAPIServed: the document is served beside the OpenAPI document, is AsyncAPI
// 3.0, documents the close codes the gateway uses and a message for every channel.
func TestAsyncAPIServed(t *testing.T) {
	e := newEnv(t)
	r := e.do(http.MethodGet, api.PathAsyncAPI, "", nil)
	require.Equal(t, http.StatusOK, r.status) // its server: TestOpenAPIServed
	var doc struct {
		AsyncAPI string `yaml:"asyncapi"`
		Info     struct {
			CloseCodes map[string]string `yaml:"x-close-codes"` // string keys: AsyncAPI parsers reject numbers
		} `yaml:"info"`
		Channels map[string]struct {
			Address string `yaml:"address"`
		} `yaml:"channels"`
		Components struct {
			Messages map[string]struct {
				Name string `yaml:"name"`
			} `yaml:"messages"`
		} `yaml:"components"`
	}
	require.NoError(t, yaml.Unmarshal(api.AsyncAPI, &doc))
	require.Equal(t, "3.0.0", doc.AsyncAPI)
	require.Equal(t, api.PathWebsocket, doc.Channels["websocket"].Address)
	for _, code := range []int{api.CloseNoSubscription, api.CloseRevoked, api.CloseSlowConsumer, int(websocket.StatusGoingAway), int(websocket.StatusMessageTooBig), int(websocket.StatusPolicyViolation)} {
		require.Contains(t, doc.Info.CloseCodes, strconv.Itoa(code))
	}
	var names []string
	for _, m := range doc.Components.Messages {
		names = append(names, m.Name)
	}
	require.ElementsMatch(t, []string{api.WSSubscribe, api.WSUnsubscribe, api.WSSubscriptions, api.WSError,
		string(api.ChannelPriceFeedUpdates), string(api.ChannelAccountActivity), string(api.ChannelOrders)}, names)
}

// TestWebsocketShutdownAndMetrics: a gateway run by Serve, as dtwgate serve runs it,
// counts its sockets and pushes in /metrics, and closes every socket with 1001 when it
// shuts down, before Serve returns.
func TestWebsocketShutdownAndMetrics(t *testing.T) {
	reg := metrics.NewRegistry()
	p := newParts(t, nil, func(*store.SQLite) options {
		return options{services: app.ServiceOptions{Metrics: reg}, api: app.APIOptions{Metrics: reg}}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.svc.Serve(ctx, ln) }()
	e := &env{t: t, cfg: p.cfg, store: p.store, tokens: p.tokens, secrets: p.secrets, srv: &httptest.Server{URL: "http://" + ln.Addr().String()}}
	ws := e.mustDialWS(e.token(e.createKey(api.PermRead)))
	ws.subscribe(priceSub("eth/usdt"))
	ws.nextOf(string(api.ChannelPriceFeedUpdates))

	scrape := func() string {
		resp, err := http.Get(e.srv.URL + api.PathMetrics)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(body)
	}
	require.Contains(t, scrape(), "dtwgate_websocket_open_sockets 1")

	require.NoError(t, outbox.Write(context.Background(), e.store, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: "1", UpdatedAt: time.Now()}}))
	ws.nextOf(string(api.ChannelPriceFeedUpdates))
	require.Eventually(t, func() bool {
		return strings.Contains(scrape(), `dtwgate_websocket_pushed_messages_total{channel="PRICE_FEED_UPDATES"} 1`)
	}, wsWait, 10*time.Millisecond)

	cancel()
	ce := ws.closedWith(websocket.StatusGoingAway)
	require.Contains(t, ce.Reason, "shutting down")
	require.NoError(t, <-done)
}

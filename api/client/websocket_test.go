package client_test

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// cuttingProxy forwards TCP connections to a gateway and can cut them all, as a network
// failure would.
type cuttingProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newCuttingProxy(t *testing.T, target string) *cuttingProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &cuttingProxy{ln: ln}
	t.Cleanup(func() {
		ln.Close()
		p.cut()
	})
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(out, in); out.Close() }()
			go func() { _, _ = io.Copy(in, out); in.Close() }()
		}
	}()
	return p
}

// cut closes every connection made so far.
func (p *cuttingProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *cuttingProxy) client(t *testing.T, k apiKey) *client.Client {
	t.Helper()
	cfg := client.DefaultConfig()
	cfg.BaseURL = "http://" + p.ln.Addr().String() + "/api"
	cfg.Auth = client.NewAPIKeyAuth(k.id, k.secret)
	cfg.MinBackoff, cfg.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond
	c, err := client.New(cfg)
	require.NoError(t, err)
	return c
}

func next(t *testing.T, w *client.Watch) client.Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m, err := w.Next(ctx)
	require.NoError(t, err)
	return m
}

func ethPrice(t *testing.T, g *testGateway, price string) {
	t.Helper()
	require.NoError(t, outbox.Write(context.Background(), g.store, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: price, UpdatedAt: time.Now()}}))
}

var ethUSDT = api.Subscription{ChannelType: api.ChannelPriceFeedUpdates, Body: &api.SubscriptionBody{Assets: []api.AssetPair{{SellingAsset: "eth", BuyingAsset: "usdt"}}}}

// TestWatch: a Watch subscribes, receives typed pushes, changes its subscriptions (a
// refused change leaves them as they were), survives the network cutting its socket by
// reconnecting and subscribing again (and says so), and ends on Close.
func TestWatch(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, nil)
	k := g.createKey(t, api.PermRead)
	proxy := newCuttingProxy(t, g.cfg.Listen)
	c := proxy.client(t, k)

	w, err := c.Watch(ctx, ethUSDT, api.Subscription{ChannelType: api.ChannelOrders})
	require.NoError(t, err)
	require.Len(t, w.Subscriptions(), 2)
	m := next(t, w)
	require.Equal(t, string(api.ChannelPriceFeedUpdates), m.Type)
	require.Equal(t, "eth", m.Price.SellingAsset)
	require.Empty(t, m.Price.EventID, "the price on subscribing")
	ethPrice(t, g, "3100")
	m = next(t, w)
	require.NotEmpty(t, m.Price.EventID)
	require.NotEmpty(t, m.Raw)

	require.NoError(t, w.Subscribe(ctx, api.Subscription{ChannelType: api.ChannelAccountActivity}))
	require.Len(t, w.Subscriptions(), 3)
	err = w.Subscribe(ctx, api.Subscription{ChannelType: "TRADES"})
	requireAPIError(t, err, 400, api.CodeInvalidSchema)
	require.NoError(t, w.Unsubscribe(ctx, api.Subscription{ChannelType: api.ChannelOrders}))
	require.Equal(t, []api.Subscription{ethUSDT, {ChannelType: api.ChannelAccountActivity}}, w.Subscriptions())

	proxy.cut()
	m = next(t, w)
	require.True(t, m.Reconnected)
	require.Equal(t, []api.Subscription{ethUSDT, {ChannelType: api.ChannelAccountActivity}}, m.Subscriptions, "subscribed again")
	require.Empty(t, next(t, w).Price.EventID, "the price on subscribing again")
	ethPrice(t, g, "3200")
	require.NotEmpty(t, next(t, w).Price.EventID)

	require.NoError(t, w.Close())
	_, err = w.Next(ctx)
	require.ErrorIs(t, err, client.ErrWatchClosed)
}

// TestWatchRefused: the first attempt's refusals are errors of Watch: a key without READ
// (403), one socket too many (429), subscriptions the gateway refuses (ERROR's code).
func TestWatchRefused(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, func(c *config.Config) { c.Websocket.MaxConnectionsPerAccount = 1 })
	_, err := g.newClient(t, client.NewAPIKeyAuth(g.createKeyID(t, api.PermTrade))).Watch(ctx, ethUSDT)
	requireAPIError(t, err, 403, api.CodeInvalidPermissions)

	c := g.newClient(t, client.NewAPIKeyAuth(g.createKeyID(t, api.PermRead)))
	_, err = c.Watch(ctx, api.Subscription{ChannelType: api.ChannelPriceFeedUpdates})
	requireAPIError(t, err, 400, api.CodeInvalidSchema)
	// The refused socket's place is freed once the gateway sees it closed (the client
	// closes it on the ERROR; the gateway keeps a socket open after one).
	var w *client.Watch
	require.Eventually(t, func() bool {
		w, err = c.Watch(ctx, ethUSDT)
		return err == nil
	}, 5*time.Second, 20*time.Millisecond, "the refused socket's place is freed")
	_, err = c.Watch(ctx, ethUSDT)
	requireAPIError(t, err, 429, api.CodeRateLimited)
	require.NoError(t, w.Close())
	require.Eventually(t, func() bool {
		w, err = c.Watch(ctx, ethUSDT)
		return err == nil
	}, 5*time.Second, 20*time.Millisecond, "a socket closed frees its place")
	require.NoError(t, w.Close())

	_, err = c.Watch(ctx)
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "at least one") && !errors.Is(err, client.ErrWatchClosed))
}

// createKeyID is createKey's id and secret.
func (g *testGateway) createKeyID(t *testing.T, perms ...api.Permission) (string, string) {
	k := g.createKey(t, perms...)
	return k.id, k.secret
}

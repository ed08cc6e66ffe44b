package pricing_test

import (
	"context"
	"maps"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet"
)

// startFeeds runs a Feeds of cfg over the chain c (named ETHEREUM) until the test ends.
func startFeeds(t *testing.T, c *testnet.Chain, cfg pricing.Config, pub pricing.Publisher) *pricing.Feeds {
	t.Helper()
	f, err := pricing.NewFeeds(cfg, map[string]pricing.ChainReader{"ETHEREUM": c.Client},
		pricing.FeedsOptions{Publisher: pub, Interval: 20 * time.Millisecond, CallTimeout: time.Second})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		require.ErrorIs(t, <-done, context.Canceled)
	})
	return f
}

// feedsConfig prices eth and dai from c's feeds and the rest from the demo book.
func feedsConfig(c *testnet.Chain, staleAfter time.Duration, fallback bool) pricing.Config {
	cfg := pricing.DefaultConfig()
	for _, asset := range []string{"eth", "dai"} {
		cfg.Feeds = append(cfg.Feeds, pricing.FeedConfig{Asset: asset, Source: "ETHEREUM", Address: c.Feeds[asset].Hex(),
			StaleAfter: staleAfter, Fallback: fallback})
	}
	return cfg
}

// eventuallyPrice waits until sell/buy prices at want.
func eventuallyPrice(t *testing.T, s pricing.Source, sell, buy, want string) {
	t.Helper()
	var got decimal.Decimal
	var err error
	require.Eventually(t, func() bool {
		got, err = s.Price(context.Background(), sell, buy)
		return err == nil && got.String() == want
	}, 10*time.Second, 20*time.Millisecond, "%s/%s: got %s (%v), want %s", sell, buy, got, err, want)
}

// eventuallyNoData waits until sell/buy has no market data because of why.
func eventuallyNoData(t *testing.T, s pricing.Source, sell, buy string, why error) {
	t.Helper()
	var err error
	require.Eventually(t, func() bool {
		_, err = s.Price(context.Background(), sell, buy)
		return err != nil
	}, 10*time.Second, 20*time.Millisecond, "%s/%s still priced", sell, buy)
	require.ErrorIs(t, err, pricing.ErrNoMarketData)
	require.ErrorIs(t, err, why)
}

// setAnswer starts a round of an asset's feed with a raw answer, zero or negative too.
func setAnswer(t *testing.T, c *testnet.Chain, asset string, answer int64) {
	t.Helper()
	feed := c.Feeds[asset]
	_, err := c.Transact(context.Background(), c.Owner, &feed, bindings.NewDevnetAggregator().PackSetAnswer(big.NewInt(answer)), nil)
	require.NoError(t, err)
}

// TestFeedsPriceFromTheChain: the first price waits for the feeds' first read; a feed's
// new round moves the price at the next read; the conversion and commissions are the
// book's; assets without a feed price from the book.
func TestFeedsPriceFromTheChain(t *testing.T) {
	ctx := context.Background()
	c := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1}).Chains[0]
	f := startFeeds(t, c, feedsConfig(c, time.Hour, false), nil)

	p, err := f.Price(ctx, "ETH", "usdt")
	require.NoError(t, err, "the first price waits for the first read")
	require.Equal(t, "2997", p.String(), "3000 (feed) / 1 (book) less half of a 0.2% spread")
	p, err = f.Price(ctx, "eth", "dai")
	require.NoError(t, err)
	require.Equal(t, "2997", p.String(), "3000 / 1, both from feeds")

	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100"))
	eventuallyPrice(t, f, "eth", "usdt", "3096.9")
	require.NoError(t, c.SetFeedAnswer(ctx, "dai", "0.5"))
	eventuallyPrice(t, f, "eth", "dai", "6193.8")

	q, err := pricing.Quote(ctx, f, "ETHEREUM", "eth", "usdt", decimal.RequireFromString("2"), 6)
	require.NoError(t, err)
	require.Equal(t, "6187.6062", q.String(), "2 * 3096.9 less the book's 0.1% commission")
	require.Equal(t, "0.001", f.Commission("ETHEREUM", "eth", "usdt").String())

	_, err = f.Price(ctx, "eth", "btc")
	require.ErrorIs(t, err, pricing.ErrNoMarketData, "neither a feed nor a book price")
	_, err = f.Price(ctx, "eth", "ETH")
	require.ErrorIs(t, err, pricing.ErrDuplicatePair)
}

// TestFeedsStale: a feed older than staleAfter by the chain's clock has no market data,
// or the book's price where it falls back; a new round makes it fresh again.
func TestFeedsStale(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	strict := startFeeds(t, c, feedsConfig(c, time.Minute, false), nil)
	lenient := startFeeds(t, c, feedsConfig(c, time.Minute, true), nil)
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100"))
	eventuallyPrice(t, strict, "eth", "usdt", "3096.9")
	eventuallyPrice(t, lenient, "eth", "usdt", "3096.9")

	require.NoError(t, c.IncreaseTime(ctx, 61*time.Second))
	eventuallyNoData(t, strict, "eth", "usdt", pricing.ErrFeedStale)
	eventuallyNoData(t, strict, "usdt", "eth", pricing.ErrFeedStale)
	eventuallyPrice(t, lenient, "eth", "usdt", "2997") // the book's 3000

	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3200"))
	eventuallyPrice(t, strict, "eth", "usdt", "3196.8")
	eventuallyPrice(t, lenient, "eth", "usdt", "3196.8")
}

// TestFeedsNoData: an answer of zero (or below) is no data, never a price.
func TestFeedsNoData(t *testing.T) {
	ctx := context.Background()
	c := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1}).Chains[0]
	f := startFeeds(t, c, feedsConfig(c, time.Hour, false), nil)
	eventuallyPrice(t, f, "eth", "usdt", "2997")
	setAnswer(t, c, "eth", 0)
	eventuallyNoData(t, f, "eth", "usdt", pricing.ErrFeedNoData)
	setAnswer(t, c, "eth", -1)
	p, err := f.Price(ctx, "usdt", "eth")
	require.ErrorIs(t, err, pricing.ErrFeedNoData, "got %s", p)
}

// TestFeedsUnreachable: a feed whose reads fail has no market data once its last good
// read is staleAfter old (or at once when it was never read), or the book's price where
// it falls back.
func TestFeedsUnreachable(t *testing.T) {
	ctx := context.Background()
	c := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1}).Chains[0]

	cfg := pricing.DefaultConfig()
	cfg.Feeds = []pricing.FeedConfig{{Asset: "eth", Source: "ETHEREUM", Address: c.DTW.Hex()}} // no feed there
	f := startFeeds(t, c, cfg, nil)
	_, err := f.Price(ctx, "eth", "usdt")
	require.ErrorIs(t, err, pricing.ErrNoMarketData)
	require.ErrorIs(t, err, pricing.ErrFeedUnread)
	require.ErrorContains(t, err, "decimals()")

	strict := startFeeds(t, c, feedsConfig(c, 2*time.Second, false), nil)
	lenient := startFeeds(t, c, feedsConfig(c, 2*time.Second, true), nil)
	eventuallyPrice(t, strict, "eth", "usdt", "2997")
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100"))
	eventuallyPrice(t, strict, "eth", "usdt", "3096.9")
	eventuallyPrice(t, lenient, "eth", "usdt", "3096.9")
	c.Anvil.Stop()
	p, err := strict.Price(ctx, "eth", "usdt")
	require.NoError(t, err, "a failed read keeps the last answer until it is stale")
	require.Equal(t, "3096.9", p.String())
	eventuallyNoData(t, strict, "eth", "usdt", pricing.ErrFeedStale)
	eventuallyPrice(t, lenient, "eth", "usdt", "2997")
}

// recorder is a Publisher that keeps what it is told, in memory.
type recorder struct {
	mu      sync.Mutex
	last    map[string]decimal.Decimal
	updates []pricing.Update
}

func (r *recorder) LastPrices(context.Context) (map[string]decimal.Decimal, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.last), nil
}

func (r *recorder) PublishPrice(_ context.Context, u pricing.Update) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.updates = append(r.updates, u)
	r.last[u.Asset] = u.Price
	return nil
}

func (r *recorder) prices(asset string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, u := range r.updates {
		if u.Asset == asset {
			out = append(out, u.Price.String())
		}
	}
	return out
}

// TestFeedsPublish: each change of an answer is published once, with the round's time;
// an unchanged answer (a new round or a restart) and an answer of zero are not.
func TestFeedsPublish(t *testing.T) {
	ctx := context.Background()
	c := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1}).Chains[0]
	pub := &recorder{last: map[string]decimal.Decimal{"dai": decimal.RequireFromString("1")}}
	f := startFeeds(t, c, feedsConfig(c, time.Hour, false), pub)
	eventuallyPrice(t, f, "eth", "usdt", "2997")
	require.Eventually(t, func() bool { return len(pub.prices("eth")) == 1 }, 5*time.Second, 10*time.Millisecond)

	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100"))
	eventuallyPrice(t, f, "eth", "usdt", "3096.9")
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100")) // a new round, the same answer
	setAnswer(t, c, "eth", 0)
	eventuallyNoData(t, f, "eth", "usdt", pricing.ErrFeedNoData)
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3050.25"))
	eventuallyPrice(t, f, "eth", "usdt", "3047.19975")
	time.Sleep(100 * time.Millisecond) // several more reads

	require.Equal(t, []string{"3000", "3100", "3050.25"}, pub.prices("eth"))
	require.Empty(t, pub.prices("dai"), "dai's answer is the one published before the start")
	now, err := c.Now(ctx)
	require.NoError(t, err)
	pub.mu.Lock()
	last := pub.updates[len(pub.updates)-1]
	pub.mu.Unlock()
	require.Equal(t, now.Unix(), last.UpdatedAt.Unix(), "the round's updatedAt")

	again := startFeeds(t, c, feedsConfig(c, time.Hour, false), pub)
	eventuallyPrice(t, again, "eth", "usdt", "3047.19975")
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, []string{"3000", "3100", "3050.25"}, pub.prices("eth"), "a restart publishes no unchanged answer")
}

// TestFeedsConfig: each bad feed is refused with the field it is in.
func TestFeedsConfig(t *testing.T) {
	good := pricing.FeedConfig{Asset: "eth", Source: "ETHEREUM", Address: common.HexToAddress("0x1").Hex()}
	for _, tc := range []struct {
		name  string
		edit  func(*pricing.Config)
		field string
	}{
		{"no asset", func(c *pricing.Config) { c.Feeds[0].Asset = "" }, "pricing.feeds[0].asset"},
		{"two feeds of an asset", func(c *pricing.Config) { c.Feeds = append(c.Feeds, c.Feeds[0]); c.Feeds[1].Asset = "ETH" }, "pricing.feeds[1].asset"},
		{"no source", func(c *pricing.Config) { c.Feeds[0].Source = "" }, "pricing.feeds[0].source"},
		{"bad address", func(c *pricing.Config) { c.Feeds[0].Address = "0x12" }, "pricing.feeds[0].address"},
		{"zero address", func(c *pricing.Config) { c.Feeds[0].Address = common.Address{}.Hex() }, "pricing.feeds[0].address"},
		{"negative staleAfter", func(c *pricing.Config) { c.Feeds[0].StaleAfter = -time.Second }, "pricing.feeds[0].staleAfter"},
		{"tiny staleAfter", func(c *pricing.Config) { c.Feeds[0].StaleAfter = time.Second }, "pricing.feeds[0].staleAfter"},
		{"fallback without a book price", func(c *pricing.Config) { c.Feeds[0].Asset, c.Feeds[0].Fallback = "btc", true }, "pricing.feeds[0].fallback"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := pricing.DefaultConfig()
			cfg.Feeds = []pricing.FeedConfig{good}
			require.NoError(t, cfg.CheckFeeds())
			tc.edit(&cfg)
			err := cfg.CheckFeeds()
			require.ErrorContains(t, err, tc.field+":")
			_, err = pricing.NewFeeds(cfg, map[string]pricing.ChainReader{"ETHEREUM": nil}, pricing.FeedsOptions{})
			require.ErrorContains(t, err, tc.field+":")
		})
	}
	t.Run("no client of the chain", func(t *testing.T) {
		cfg := pricing.DefaultConfig()
		cfg.Feeds = []pricing.FeedConfig{good}
		_, err := pricing.NewFeeds(cfg, map[string]pricing.ChainReader{}, pricing.FeedsOptions{})
		require.ErrorContains(t, err, "pricing.feeds[0].source:")
	})
}

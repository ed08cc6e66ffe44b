package pricing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// Defaults of the live feeds.
const (
	// DefaultStaleAfter is a feed's staleness limit when its config leaves it zero: the
	// heartbeat of Chainlink's USD feeds, which update at least hourly.
	DefaultStaleAfter = time.Hour
	// DefaultPollInterval is the wait between two reads of a chain's feeds.
	DefaultPollInterval = time.Second
	// DefaultCallTimeout bounds one read of a chain's feeds (head and every feed).
	DefaultCallTimeout = 5 * time.Second
	// minStaleAfter is the smallest staleness limit a config may set: below it a feed
	// polled every second would flap.
	minStaleAfter = 2 * time.Second
	// maxFeedDecimals bounds what a feed may claim as its decimals.
	maxFeedDecimals = 36
)

// FeedConfig is one live price feed: a Chainlink AggregatorV3Interface contract read over
// the RPC of a configured chain. Its answer, scaled by its decimals, is the asset's
// reference price, in the same unit as the book's prices (e.g. USD).
type FeedConfig struct {
	// Asset is the asset the feed prices (lower-case ticker, e.g. eth). One feed per asset.
	Asset string `yaml:"asset"`
	// Source is the chain (chains[].source) whose RPC reads the feed.
	Source string `yaml:"source"`
	// Address is the feed's contract (a Chainlink proxy or a DevnetAggregator).
	Address string `yaml:"address"`
	// StaleAfter is how old the feed's latest round may be, measured against the chain's
	// latest block timestamp (so a devnet's evm_increaseTime ages it); a feed whose reads
	// keep failing is stale once its last good read is that old. At least 2s. Default 1h.
	StaleAfter time.Duration `yaml:"staleAfter,omitempty"`
	// Fallback prices the asset from the book (pricing.prices, which must then have it)
	// while the feed is stale, unreachable or answers no data. Default false: the asset
	// has no market data (NO_MARKET_DATA_FOUND) until the feed recovers, never a guessed
	// price.
	Fallback bool `yaml:"fallback,omitempty"`
}

// CheckFeeds validates c.Feeds on their own (that each names a configured chain is the
// gateway config's check); each error names the field, e.g. pricing.feeds[0].address.
func (c Config) CheckFeeds() error {
	var errs []error
	bad := func(i int, field, format string, args ...any) {
		errs = append(errs, fmt.Errorf("pricing.feeds[%d].%s: %s", i, field, fmt.Sprintf(format, args...)))
	}
	seen := map[string]int{}
	for i, f := range c.Feeds {
		asset := strings.ToLower(f.Asset)
		switch j, dup := seen[asset]; {
		case asset == "" || strings.ContainsAny(asset, " /?#"):
			bad(i, "asset", "%q must be an asset id such as eth", echo.Value(f.Asset))
		case dup:
			bad(i, "asset", "%q has a feed already (pricing.feeds[%d]): one feed per asset", echo.Value(asset), j)
		default:
			seen[asset] = i
		}
		if f.Source == "" {
			bad(i, "source", "required: the chain whose RPC reads the feed, e.g. ETHEREUM")
		}
		if addr, err := chain.ParseAddress(f.Address); err != nil {
			bad(i, "address", "%v", err)
		} else if addr == (common.Address{}) {
			bad(i, "address", "the zero address is no feed")
		}
		if f.StaleAfter != 0 && f.StaleAfter < minStaleAfter {
			bad(i, "staleAfter", "%s: want at least %s (0 takes the default, %s)", f.StaleAfter, minStaleAfter, DefaultStaleAfter)
		}
		if f.Fallback && !c.hasPrice(asset) {
			bad(i, "fallback", "pricing.prices has no price for %q to fall back to", echo.Value(asset))
		}
	}
	return errors.Join(errs...)
}

// hasPrice reports whether the book states a price of asset (in any case).
func (c Config) hasPrice(asset string) bool {
	for a := range c.Prices {
		if strings.EqualFold(a, asset) {
			return true
		}
	}
	return false
}

// ChainReader is what Feeds reads of a chain; *ethclient.Client implements it.
type ChainReader interface {
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	ethereum.ContractCaller
}

// Update is a change of a feed's answer.
type Update struct {
	// Asset is the feed's asset id.
	Asset string
	// Price is the new answer scaled by the feed's decimals, in the feeds' common unit.
	Price decimal.Decimal
	// UpdatedAt is when the feed's round was updated (its updatedAt, chain time).
	UpdatedAt time.Time
}

// Publisher records changes of feeds' answers (a gateway's event outbox).
type Publisher interface {
	// LastPrices returns the last price published of each asset, so that a restarted
	// publisher does not publish an unchanged answer again.
	LastPrices(ctx context.Context) (map[string]decimal.Decimal, error)
	// PublishPrice records one change. Feeds calls it from Run, never concurrently for
	// one asset.
	PublishPrice(ctx context.Context, u Update) error
}

// FeedsOptions are the optional parts of a Feeds.
type FeedsOptions struct {
	// Publisher, when set, is told of every change of a feed's answer. Set it in one
	// process only (the settler), so that replicas polling the same feeds do not publish
	// each change again. Default nil: nothing is published.
	Publisher Publisher
	// Logger receives the feeds' logs. Default slog.Default().
	Logger *slog.Logger
	// Interval is the wait between two reads of a chain's feeds. Default 1s.
	Interval time.Duration
	// CallTimeout bounds one read of a chain's feeds. Default 5s.
	CallTimeout time.Duration
}

// Feeds is a Source that prices assets with a feed from the feed's latest answer and the
// others from the book: the same conversion (less half the spread) and commissions as the
// book. Run reads the feeds in the background; Price answers from what it read last and
// never waits on an RPC, except for a feed's first read after Run starts. Feeds is safe
// for concurrent use.
type Feeds struct {
	book     *Book
	feeds    map[string]*feed
	bySource map[string][]*feed
	readers  map[string]ChainReader
	opts     FeedsOptions
	running  atomic.Bool

	// pubMu guards published, the last price published per asset (nil until the
	// publisher's LastPrices answered).
	pubMu     sync.Mutex
	published map[string]decimal.Decimal
}

var _ Source = (*Feeds)(nil)

// feed is one configured feed and what was last read of it.
type feed struct {
	cfg  FeedConfig
	addr common.Address
	// ready is closed after the feed's first read, good or not.
	ready     chan struct{}
	readyOnce sync.Once

	mu sync.Mutex
	st feedState
}

// feedState is what the last reads of a feed found.
type feedState struct {
	// read is true once a round was read; the fields below it describe the last one.
	read bool
	// decimals of the feed's answers; known once haveDecimals.
	decimals     uint8
	haveDecimals bool
	answer       *big.Int
	price        decimal.Decimal
	updatedAt    time.Time
	// chainTime is the latest block's timestamp at the read, readAt the wall clock.
	chainTime time.Time
	readAt    time.Time
	// err is the error of the last read (nil when it succeeded), failedSince the wall
	// clock of the first of the reads failing in a row.
	err         error
	failedSince time.Time
}

// NewFeeds validates cfg (the book and its feeds) and returns its source; readers holds
// a client of each chain a feed names. It reads nothing until Run.
func NewFeeds(cfg Config, readers map[string]ChainReader, opts FeedsOptions) (*Feeds, error) {
	book, err := NewBook(cfg)
	if err != nil {
		return nil, err
	}
	if err := cfg.CheckFeeds(); err != nil {
		return nil, err
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Interval <= 0 {
		opts.Interval = DefaultPollInterval
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	f := &Feeds{book: book, feeds: map[string]*feed{}, bySource: map[string][]*feed{}, readers: readers, opts: opts}
	for i, fc := range cfg.Feeds {
		if readers[fc.Source] == nil {
			return nil, fmt.Errorf("pricing.feeds[%d].source: no RPC client for chain %q", i, echo.Value(fc.Source))
		}
		fc.Asset = strings.ToLower(fc.Asset)
		if fc.StaleAfter == 0 {
			fc.StaleAfter = DefaultStaleAfter
		}
		fd := &feed{cfg: fc, addr: common.HexToAddress(fc.Address), ready: make(chan struct{})}
		f.feeds[fc.Asset] = fd
		f.bySource[fc.Source] = append(f.bySource[fc.Source], fd)
	}
	return f, nil
}

// Run reads every chain's feeds, one read per chain each Interval, until ctx ends; it
// returns ctx's error. Run once.
func (f *Feeds) Run(ctx context.Context) error {
	if !f.running.CompareAndSwap(false, true) {
		return errors.New("pricing: Feeds.Run called twice")
	}
	var wg sync.WaitGroup
	for source, feeds := range f.bySource {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.follow(ctx, source, feeds)
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// follow reads one chain's feeds every Interval until ctx ends.
func (f *Feeds) follow(ctx context.Context, source string, feeds []*feed) {
	tick := time.NewTicker(f.opts.Interval)
	defer tick.Stop()
	for {
		f.poll(ctx, source, feeds)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// poll reads the chain's latest block and, at that block, each of its feeds; then it
// publishes the answers that changed.
func (f *Feeds) poll(ctx context.Context, source string, feeds []*feed) {
	rctx, cancel := context.WithTimeout(ctx, f.opts.CallTimeout)
	defer cancel()
	reader := f.readers[source]
	head, err := reader.HeaderByNumber(rctx, nil)
	if err != nil {
		err = fmt.Errorf("%s latest block: %w", source, err)
	}
	for _, fd := range feeds {
		if err != nil {
			fd.failed(err)
		} else {
			fd.read(rctx, reader, head)
		}
		if ctx.Err() == nil {
			f.publish(ctx, fd)
		}
	}
}

// read reads the feed's decimals (once) and latest round at head and records them.
func (fd *feed) read(ctx context.Context, reader ChainReader, head *types.Header) {
	agg := bindings.NewDevnetAggregator()
	call := func(data []byte) ([]byte, error) {
		return reader.CallContract(ctx, ethereum.CallMsg{To: &fd.addr, Data: data}, head.Number)
	}
	fd.mu.Lock()
	decimals, have := fd.st.decimals, fd.st.haveDecimals
	fd.mu.Unlock()
	if !have {
		out, err := call(agg.PackDecimals())
		if err == nil {
			decimals, err = agg.UnpackDecimals(out)
		}
		if err == nil && decimals > maxFeedDecimals {
			err = fmt.Errorf("%d decimals: want at most %d", decimals, maxFeedDecimals)
		}
		if err != nil {
			fd.failed(fmt.Errorf("%s feed %s decimals(): %w", fd.cfg.Source, fd.addr, err))
			return
		}
	}
	out, err := call(agg.PackLatestRoundData())
	var round bindings.LatestRoundDataOutput
	if err == nil {
		round, err = agg.UnpackLatestRoundData(out)
	}
	if err != nil {
		fd.failed(fmt.Errorf("%s feed %s latestRoundData(): %w", fd.cfg.Source, fd.addr, err))
		return
	}
	fd.mu.Lock()
	fd.st = feedState{
		read: true, decimals: decimals, haveDecimals: true,
		answer: round.Answer, price: decimal.NewFromBigInt(round.Answer, -int32(decimals)),
		updatedAt: time.Unix(round.UpdatedAt.Int64(), 0), chainTime: time.Unix(int64(head.Time), 0), readAt: time.Now(),
	}
	fd.mu.Unlock()
	fd.readyOnce.Do(func() { close(fd.ready) })
}

// failed records a failed read; what was read before stays until it is stale.
func (fd *feed) failed(err error) {
	fd.mu.Lock()
	if fd.st.err == nil {
		fd.st.failedSince = time.Now()
	}
	fd.st.err = err
	fd.mu.Unlock()
	fd.readyOnce.Do(func() { close(fd.ready) })
}

// publish tells the publisher of the feed's answer when it differs from the last
// published one; a failure is retried at the next read.
func (f *Feeds) publish(ctx context.Context, fd *feed) {
	pub := f.opts.Publisher
	if pub == nil {
		return
	}
	fd.mu.Lock()
	st := fd.st
	fd.mu.Unlock()
	if !st.read || st.answer.Sign() <= 0 {
		return
	}
	f.pubMu.Lock()
	defer f.pubMu.Unlock()
	if f.published == nil {
		last, err := pub.LastPrices(ctx)
		if err != nil {
			f.opts.Logger.Warn("price feeds: cannot read the last published prices", "err", err)
			return
		}
		f.published = map[string]decimal.Decimal{}
		for asset, p := range last {
			f.published[strings.ToLower(asset)] = p
		}
	}
	if last, ok := f.published[fd.cfg.Asset]; ok && last.Equal(st.price) {
		return
	}
	u := Update{Asset: fd.cfg.Asset, Price: st.price, UpdatedAt: st.updatedAt}
	if err := pub.PublishPrice(ctx, u); err != nil {
		f.opts.Logger.Warn("price feeds: cannot publish a price", "asset", u.Asset, "err", err)
		return
	}
	f.published[fd.cfg.Asset] = st.price
}

// Price implements Source: the reference prices of the two assets (a feed's latest
// answer, or the book's price) converted as the book does. An asset whose feed is stale,
// unreachable or answers no data has no market data, unless its feed falls back to the
// book. Before a feed's first read, Price waits for it (until ctx ends, at most
// CallTimeout).
func (f *Feeds) Price(ctx context.Context, sell, buy string) (decimal.Decimal, error) {
	sell, buy = strings.ToLower(sell), strings.ToLower(buy)
	if sell == buy {
		return decimal.Zero, ErrDuplicatePair
	}
	ps, err := f.ref(ctx, sell)
	if err != nil {
		return decimal.Zero, err
	}
	pb, err := f.ref(ctx, buy)
	if err != nil {
		return decimal.Zero, err
	}
	return f.book.convert(ps, pb), nil
}

// Commission implements Source: the book's commissions.
func (f *Feeds) Commission(source, sell, buy string) decimal.Decimal {
	return f.book.Commission(source, sell, buy)
}

// ref is the reference price of an asset.
func (f *Feeds) ref(ctx context.Context, asset string) (decimal.Decimal, error) {
	fd, ok := f.feeds[asset]
	if !ok {
		p, ok := f.book.ref(asset)
		if !ok {
			return decimal.Zero, fmt.Errorf("%w for %s", ErrNoMarketData, echo.Value(asset))
		}
		return p, nil
	}
	p, err := fd.current(ctx, f.opts.CallTimeout)
	if err == nil {
		return p, nil
	}
	if bp, ok := f.book.prices[asset]; ok && fd.cfg.Fallback {
		return bp, nil
	}
	return decimal.Zero, fmt.Errorf("%w for %s: %w", ErrNoMarketData, asset, err)
}

// Feed errors, wrapped by Price's ErrNoMarketData.
var (
	ErrFeedStale  = errors.New("its feed is stale")
	ErrFeedNoData = errors.New("its feed answers no data")
	// ErrFeedUnread is a feed not read successfully since the process started.
	ErrFeedUnread = errors.New("its feed could not be read")
)

// current returns the feed's answer as a price, or why there is none.
func (fd *feed) current(ctx context.Context, wait time.Duration) (decimal.Decimal, error) {
	select {
	case <-fd.ready:
	default:
		timer := time.NewTimer(wait)
		defer timer.Stop()
		select {
		case <-fd.ready:
		case <-timer.C:
			return decimal.Zero, fmt.Errorf("%w: no answer yet", ErrFeedUnread)
		case <-ctx.Done():
			return decimal.Zero, ctx.Err()
		}
	}
	fd.mu.Lock()
	st := fd.st
	fd.mu.Unlock()
	now, limit := time.Now(), fd.cfg.StaleAfter
	switch {
	case !st.read:
		return decimal.Zero, fmt.Errorf("%w: %w", ErrFeedUnread, st.err)
	case st.err != nil && now.Sub(st.readAt) > limit:
		return decimal.Zero, fmt.Errorf("%w: unreadable for %s (staleAfter %s): %w", ErrFeedStale,
			now.Sub(st.failedSince).Round(time.Second), limit, st.err)
	}
	// The chain's clock moved on by at least the wall time since the read.
	if age := st.chainTime.Sub(st.updatedAt) + now.Sub(st.readAt); age > limit {
		return decimal.Zero, fmt.Errorf("%w: its round was updated %s ago by the chain's clock (staleAfter %s)", ErrFeedStale,
			age.Round(time.Second), limit)
	}
	if st.answer.Sign() <= 0 {
		return decimal.Zero, fmt.Errorf("%w (answer %s)", ErrFeedNoData, st.answer)
	}
	return st.price, nil
}

package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// buildPrices builds the process's one price source, which its engines and its API share:
// the configured book, or, with pricing.feeds, the live feeds read over each feed chain's
// RPC. publish makes this process the one that writes price events (the settler), so
// that API replicas, which poll the same feeds, do not write each change again.
func (a *App) buildPrices(ctx context.Context, publish bool) error {
	cfg := a.cfg
	if len(cfg.Pricing.Feeds) == 0 {
		book, err := pricing.NewBook(cfg.Pricing)
		if err != nil {
			return err
		}
		a.prices = book
		return nil
	}
	reg, err := chain.NewRegistry(sources(cfg))
	if err != nil {
		return err
	}
	readers := map[string]pricing.ChainReader{}
	var assets []string
	for _, f := range cfg.Pricing.Feeds {
		assets = append(assets, strings.ToLower(f.Asset))
		if readers[f.Source] != nil {
			continue
		}
		src, err := reg.Source(f.Source)
		if err != nil {
			return fmt.Errorf("price feed of %s: %w", f.Asset, err)
		}
		client, err := DialChain(ctx, src, nil, nil)
		if err != nil {
			return fmt.Errorf("price feed of %s: %w", f.Asset, err)
		}
		a.closers = append(a.closers, client.Close)
		readers[f.Source] = client
	}
	opts := pricing.FeedsOptions{Logger: a.log}
	if publish {
		pl, ok := a.store.(priceLog)
		if !ok {
			return fmt.Errorf("price feeds: store %T cannot read back the prices it published", a.store)
		}
		opts.Publisher = priceOutbox{st: pl, assets: assets}
	}
	feeds, err := pricing.NewFeeds(cfg.Pricing, readers, opts)
	if err != nil {
		return err
	}
	a.prices, a.feeds = feeds, feeds
	return nil
}

// priceLog is the outbox with the newest price events read back (both stores have it).
type priceLog interface {
	store.Outbox
	LastPrices(ctx context.Context, assets []string) (map[string]outbox.PriceChange, error)
}

var (
	_ priceLog = (*store.SQLite)(nil)
	_ priceLog = (*store.Postgres)(nil)
)

// priceOutbox publishes feeds' price changes as outbox.Price events.
type priceOutbox struct {
	st     priceLog
	assets []string
}

var _ pricing.Publisher = priceOutbox{}

// LastPrices implements pricing.Publisher.
func (p priceOutbox) LastPrices(ctx context.Context) (map[string]decimal.Decimal, error) {
	last, err := p.st.LastPrices(ctx, p.assets)
	if err != nil {
		return nil, err
	}
	out := make(map[string]decimal.Decimal, len(last))
	for asset, c := range last {
		d, err := decimal.NewFromString(c.Price)
		if err != nil {
			return nil, fmt.Errorf("last %s price event: %w", asset, err)
		}
		out[asset] = d
	}
	return out, nil
}

// PublishPrice implements pricing.Publisher.
func (p priceOutbox) PublishPrice(ctx context.Context, u pricing.Update) error {
	return outbox.Write(ctx, p.st, outbox.Event{Kind: outbox.Price,
		Payload: outbox.PriceChange{Asset: u.Asset, Price: u.Price.String(), UpdatedAt: u.UpdatedAt.UTC()}})
}

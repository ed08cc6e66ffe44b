package dtwcli

import (
	"context"
	"fmt"
	"maps"
	"time"

	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/api/receipt"
)

// Bounds of dtw receipts verify over HTTP.
const (
	// maxVerifiedReceipts bounds the receipts fetched (what a hostile gateway can make
	// dtw hold).
	maxVerifiedReceipts = 1_000_000
	// unsignedWait is how long dtw waits for the receipt key to sign the latest receipts
	// (it signs within moments of the movement).
	unsignedWait = 10 * time.Second
	// balanceRetries is how many times dtw reads again when the balances moved while it
	// read the receipts (a movement in between).
	balanceRetries = 5
)

// runReceiptsVerifyHTTP is dtw receipts verify against the gateway: the account's whole
// chain of receipts, the published keys and its OFFCHAIN balances, all from the API.
func runReceiptsVerifyHTTP(c *cli.Context) error {
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		account, chain, keys, balances, err := fetchReceipts(c.Context, cl, sub)
		if err != nil {
			return apiError(cfg, err)
		}
		if want := c.String(flagAccountID); want != "" && want != account {
			return custodyError(fmt.Errorf("%w: the gateway answered the receipts of account %q, not %q", receipt.ErrChain, account, want))
		}
		if len(keys) == 0 {
			return custodyError(fmt.Errorf("%w: the gateway publishes no receipt key", receipt.ErrSignature))
		}
		head, err := receipt.Verify(account, chain, keys, balances)
		if err != nil {
			return custodyError(err)
		}
		return printReceipts(c, account, len(chain), head, balances)
	})
}

// fetchReceipts reads the account's balances, every receipt and the balances again,
// until both reads agree (no movement in between) and every receipt is signed (or
// unsignedWait passed: the unsigned receipt then fails the signature check).
func fetchReceipts(ctx context.Context, cl *client.Client, sub string) (string, []receipt.Signed, receipt.Keys, map[string]decimal.Decimal, error) {
	published, err := cl.ReceiptKeys(ctx)
	if err != nil {
		return "", nil, nil, nil, err
	}
	deadline := time.Now().Add(unsignedWait)
	for attempt := 0; ; attempt++ {
		before, err := offchainBalances(ctx, cl, sub)
		if err != nil {
			return "", nil, nil, nil, err
		}
		page, err := cl.Receipts(ctx, sub, 0, 1) // the account's id, even with no receipts
		if err != nil {
			return "", nil, nil, nil, err
		}
		chain, err := cl.AllReceipts(ctx, sub, maxVerifiedReceipts)
		if err != nil {
			return "", nil, nil, nil, err
		}
		after, err := offchainBalances(ctx, cl, sub)
		if err != nil {
			return "", nil, nil, nil, err
		}
		unsigned := len(chain) > 0 && len(chain[len(chain)-1].Signature) == 0
		settled := maps.EqualFunc(before, after, decimal.Decimal.Equal)
		if (settled || attempt >= balanceRetries) && (!unsigned || time.Now().After(deadline)) {
			return page.Account, chain, published.Keys, after, nil
		}
		select {
		case <-ctx.Done():
			return "", nil, nil, nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// offchainBalances is the account's OFFCHAIN balance per asset (GET /v2/balances).
func offchainBalances(ctx context.Context, cl *client.Client, sub string) (map[string]decimal.Decimal, error) {
	res, err := cl.Balances(ctx, sub, offchainSource)
	if err != nil {
		return nil, err
	}
	out := make(map[string]decimal.Decimal, len(res.Balances))
	for _, b := range res.Balances {
		d, err := decimal.NewFromString(b.Balance)
		if err != nil {
			return nil, fmt.Errorf("GET /v2/balances: %s balance %q is not a decimal", b.Asset, b.Balance)
		}
		out[b.Asset] = d
	}
	return out, nil
}

package client

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
)

// Receipts returns a page of the account's (or subAccount's) signed receipts after
// sequence after, at most limit (0: the gateway's most) (GET /v3/receipts).
func (c *Client) Receipts(ctx context.Context, subAccount string, after uint64, limit int) (api.ReceiptsPage, error) {
	q := url.Values{api.ParamAfterSequence: {strconv.FormatUint(after, 10)}}
	if limit > 0 {
		q.Set(api.ParamLimit, strconv.Itoa(limit))
	}
	return get[api.ReceiptsPage](ctx, c, accountPath(api.PathReceipts, api.PathSubReceipts, subAccount), q)
}

// AllReceipts returns every receipt of the account (or subAccount), page by page from
// the first, stopping at maxReceipts (0: no bound).
func (c *Client) AllReceipts(ctx context.Context, subAccount string, maxReceipts int) ([]receipt.Signed, error) {
	var out []receipt.Signed
	var after uint64
	for {
		p, err := c.Receipts(ctx, subAccount, after, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Receipts...)
		if !p.HasMore || len(p.Receipts) == 0 || (maxReceipts > 0 && len(out) >= maxReceipts) {
			return out, nil
		}
		after = p.Receipts[len(p.Receipts)-1].Sequence
	}
}

// ReceiptKeys returns the gateway's published receipt keys (GET
// /.well-known/dtwgate-receipt-keys, public).
func (c *Client) ReceiptKeys(ctx context.Context) (api.ReceiptKeys, error) {
	return call[api.ReceiptKeys](ctx, c, request{method: http.MethodGet, path: api.PathReceiptKeys})
}

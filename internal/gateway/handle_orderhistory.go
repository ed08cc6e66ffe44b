package gateway

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"net/http"
	"slices"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// Order history cursors are a venue.OrderKey under a MAC of a key derived from the server
// key, so every replica reads the others' and a changed cursor is refused:
// base64url(version | time ms | id | source | MAC).
const (
	cursorKeyLabel = "dtwgate order-history cursor v1"
	cursorVersion  = 1
	// cursorMaxSource bounds the source name a cursor carries.
	cursorMaxSource = 64
	cursorMACLen    = 16
	cursorFixedLen  = 1 + 8 + 8
	// cursorMaxLen is the longest cursor text; longer is refused before decoding.
	cursorMaxLen = (cursorFixedLen + cursorMaxSource + cursorMACLen + 2) / 3 * 4
)

// handleOrderHistory answers GET /v3/order-history (and a sub-account's): the orders of
// every venue that keeps them, merged in key order and paged by cursors. q.PageSize+1
// orders are read from the bound nearest the page to learn hasMore; reading back (before in
// the listing order) reads nearest first, then flips, as the deposits do.
func (s *Service) handleOrderHistory(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	q, err := parsePageRequest(r.URL.Query(), pageRules{})
	if err != nil {
		return err
	}
	page, err := s.orderHistory(r.Context(), account, q)
	return answer(w, page, err)
}

// orderHistory pages an account's orders of every venue (GET /v3/order-history and the
// MCP tool list_orders).
func (s *Service) orderHistory(ctx context.Context, account string, q api.PageRequest) (api.OrderHistoryPage, error) {
	hq := venue.HistoryQuery{Start: q.Start, End: q.End, NewestFirst: q.NewestFirst, Limit: q.PageSize + 1}
	reverse := false
	if q.After != "" { // onward in the listing order
		k, err := s.parseOrderCursor(api.ParamAfter, q.After)
		if err != nil {
			return api.OrderHistoryPage{}, err
		}
		if q.NewestFirst {
			hq.Before = &k
		} else {
			hq.After = &k
		}
	}
	if q.Before != "" { // back in the listing order
		k, err := s.parseOrderCursor(api.ParamBefore, q.Before)
		if err != nil {
			return api.OrderHistoryPage{}, err
		}
		if q.NewestFirst {
			hq.After = &k
		} else {
			hq.Before = &k
		}
		hq.NewestFirst, reverse = !q.NewestFirst, true
	}
	wallets, err := s.callers.Wallets(ctx, account)
	if err != nil {
		return api.OrderHistoryPage{}, err
	}
	orders, err := s.venues.OrderHistory(ctx, venue.Caller{AccountID: account, Wallets: wallets}, hq)
	if err != nil {
		return api.OrderHistoryPage{}, err
	}
	page := api.OrderHistoryPage{Orders: make([]api.Order, 0, min(len(orders), q.PageSize)), HasMore: len(orders) > q.PageSize}
	orders = orders[:min(len(orders), q.PageSize)]
	if reverse {
		slices.Reverse(orders)
	}
	for _, o := range orders {
		page.Orders = append(page.Orders, o.Order)
	}
	if len(orders) > 0 {
		page.BeforeCursor, page.AfterCursor = s.orderCursor(orders[0].Key), s.orderCursor(orders[len(orders)-1].Key)
	}
	return page, nil
}

// orderCursor encodes k as an order history cursor.
func (s *Service) orderCursor(k venue.OrderKey) string {
	b := make([]byte, cursorFixedLen, cursorFixedLen+len(k.Source)+cursorMACLen)
	b[0] = cursorVersion
	binary.BigEndian.PutUint64(b[1:9], uint64(k.TimeMillis))
	binary.BigEndian.PutUint64(b[9:17], uint64(k.ID))
	b = append(b, k.Source...)
	return base64.RawURLEncoding.EncodeToString(append(b, s.cursorMAC(b)...))
}

// parseOrderCursor decodes the cursor of parameter name; anything but a cursor this
// gateway made is INVALID_QUERY_PARAMS.
func (s *Service) parseOrderCursor(name, v string) (venue.OrderKey, error) {
	bad := fail(errs.ErrInvalidQuery, "%s %q is not a cursor of a previous order-history response", name, echo.Value(v))
	if len(v) > cursorMaxLen {
		return venue.OrderKey{}, bad
	}
	b, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(b) <= cursorFixedLen+cursorMACLen || len(b) > cursorFixedLen+cursorMaxSource+cursorMACLen || b[0] != cursorVersion {
		return venue.OrderKey{}, bad
	}
	body, mac := b[:len(b)-cursorMACLen], b[len(b)-cursorMACLen:]
	if !hmac.Equal(mac, s.cursorMAC(body)) {
		return venue.OrderKey{}, bad
	}
	return venue.OrderKey{TimeMillis: int64(binary.BigEndian.Uint64(body[1:9])), ID: int64(binary.BigEndian.Uint64(body[9:17])),
		Source: string(body[cursorFixedLen:])}, nil
}

func (s *Service) cursorMAC(body []byte) []byte {
	m := hmac.New(sha256.New, s.secrets.Derive(cursorKeyLabel))
	m.Write(body)
	return m.Sum(nil)[:cursorMACLen]
}

package gateway_test

import (
	"context"
	"encoding/base64"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// historyT0 is the block time, in seconds, of the first order of the history tests.
const historyT0 = 1_750_000_000

// historyEnv is an env whose gateway serves the OFFCHAIN venue and the chain ETHEREUM
// (usdt, dai) from the store, with the operator's OFFCHAIN side. Orders reach the chain's
// history the way the follower records them (historyEnv.apply).
func historyEnv(t *testing.T) (*env, *offchaintest.Service) {
	t.Helper()
	reg, err := chain.NewRegistry([]chain.Source{{Name: "ETHEREUM", ChainID: 1, DTW: chainDTW, Confirmations: 1,
		Assets: []chain.Asset{{ID: "usdt", Address: chainUSDT, Decimals: 6}, {ID: "dai", Address: chainDAI, Decimals: 18}}}})
	require.NoError(t, err)
	src, err := reg.Source("ETHEREUM")
	require.NoError(t, err)
	e := &env{t: t}
	p := newParts(t, func(c *config.Config) { offchainConfig(c) }, func(st *store.SQLite) options {
		return options{services: app.ServiceOptions{Now: e.now, OnChain: onchain.New(reg, []*onchain.Chain{{Source: src}}, st)}}
	})
	e.cfg, e.store, e.tokens, e.secrets = p.cfg, p.store, p.tokens, p.secrets
	e.srv = httptest.NewServer(p.svc.Handler())
	t.Cleanup(e.srv.Close)
	return e, offchaintest.New(e.cfg, e.store, nil, nil)
}

// chainOrder is the placement of DTW order id by trader, 10 usdt for at least 9 dai, in
// block n at historyT0+secs.
func chainOrder(n uint64, secs uint64, trader common.Address, id int64) dtw.Event {
	return dtw.Event{Kind: dtw.EventOrderPlaced, BlockNumber: n, BlockHash: common.BytesToHash([]byte{byte(n), byte(n >> 8)}),
		LogIndex: uint(id), BlockTime: historyT0 + secs, TxHash: common.BytesToHash([]byte{0x77, byte(id), byte(id >> 8)}), Trader: trader,
		TraderOrderID: big.NewInt(id), OrderKey: dtw.KeyOf(big.NewInt(id), dtw.Order{Trader: trader, SellToken: chainUSDT}), SellToken: chainUSDT, BuyToken: chainDAI, SellAmount: big.NewInt(10_000_000),
		MinBuyAmount: new(big.Int).Mul(big.NewInt(9), big.NewInt(1e18)), Deadline: historyT0 + 3600}
}

// apply records events as the follower does at the confirmation depth, block by block.
func apply(t *testing.T, e *env, events ...dtw.Event) {
	t.Helper()
	for _, ev := range events {
		ref := chain.BlockRef{Number: ev.BlockNumber, Hash: ev.BlockHash}
		require.NoError(t, e.store.ApplyBlocks(context.Background(), "ETHEREUM", []chain.BlockRef{ref}, []dtw.Event{ev}, 1000))
	}
}

// historyPage asks path (with query) for a page of order history.
func historyPage(t *testing.T, e *env, tok, path string, q url.Values) api.OrderHistoryPage {
	t.Helper()
	page := decode[api.OrderHistoryPage](t, e.do(http.MethodGet, path+"?"+q.Encode(), tok, nil), 200)
	require.NotNil(t, page.Orders, "orders is a list, never null")
	return page
}

func orderIDs(page api.OrderHistoryPage) []string {
	ids := []string{}
	for _, o := range page.Orders {
		ids = append(ids, o.OrderSource+"/"+o.OrderID)
	}
	return ids
}

func eth(ids ...int) []string {
	out := []string{}
	for _, id := range ids {
		out = append(out, "ETHEREUM/"+strconv.Itoa(id))
	}
	return out
}

// walk follows one cursor of each page (afterCursor onward, or beforeCursor back) from
// the page q asks for, and returns the pages' ids and hasMore flags.
func walk(t *testing.T, e *env, tok string, q url.Values, back bool) ([][]string, []bool) {
	t.Helper()
	var ids [][]string
	var more []bool
	for range 20 {
		page := historyPage(t, e, tok, api.PathOrderHistory, q)
		ids, more = append(ids, orderIDs(page)), append(more, page.HasMore)
		if !page.HasMore {
			return ids, more
		}
		q = cloneValues(q)
		q.Del(api.ParamAfter)
		q.Del(api.ParamBefore)
		if back {
			q.Set(api.ParamBefore, page.BeforeCursor)
		} else {
			q.Set(api.ParamAfter, page.AfterCursor)
		}
	}
	t.Fatal("the pages never end")
	return nil, nil
}

func cloneValues(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	return out
}

func isoMillis(secs int64, ms int64) string {
	return time.UnixMilli(secs*1000 + ms).UTC().Format(api.TimeFormat)
}

// TestOrderHistory: GET /v3/order-history lists the DTW orders of the caller's wallets,
// as order status shows each, ordered by placement time then order id; pages follow
// their cursors both ways in both orders, a cursor gives the same page again, time bounds
// are [start_time, end_time), page_size is 1 to 2000 (500 by default), and anything but a
// cursor of the gateway is 400 INVALID_QUERY_PARAMS. Another account's orders never show.
func TestOrderHistory(t *testing.T) {
	e, _ := historyEnv(t)
	ctx := context.Background()
	me, other := e.createKey(api.PermRead), e.createKey(api.PermRead)
	mine, theirs := common.HexToAddress("0x1000000000000000000000000000000000000001"), common.HexToAddress("0x2000000000000000000000000000000000000002")
	require.NoError(t, e.store.LinkWallet(ctx, me.account, mine, time.Now()))
	require.NoError(t, e.store.LinkWallet(ctx, other.account, theirs, time.Now()))
	// Orders 3 and 4 share a second (order id decides); 5 is another account's.
	apply(t, e, chainOrder(1, 0, mine, 1), chainOrder(2, 2, mine, 2), chainOrder(3, 4, mine, 3), chainOrder(3, 4, mine, 4),
		chainOrder(4, 4, theirs, 5), chainOrder(5, 6, mine, 6))
	settle := chainOrder(6, 8, mine, 1)
	settle.Kind, settle.LogIndex, settle.BuyAmount, settle.Closer = dtw.EventOrderSettled, 9, new(big.Int).Mul(big.NewInt(10), big.NewInt(1e18)), chainDTW
	apply(t, e, settle)
	require.NoError(t, e.store.PutOrderReturn(ctx, store.OrderReturn{Source: "ETHEREUM", OrderID: 1, Status: store.OrderSettled,
		TxHash: settle.TxHash, BlockNumber: 6, BuyAmount: settle.BuyAmount, VerifiedAt: time.Now()}))
	require.NoError(t, e.store.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 9, Synced: 9, UpdatedAt: time.Now()}))
	tok := e.token(me)

	all := historyPage(t, e, tok, api.PathOrderHistory, nil)
	require.Equal(t, eth(1, 2, 3, 4, 6), orderIDs(all))
	require.False(t, all.HasMore)
	for _, o := range all.Orders { // the same record as order status
		st := decode[api.OrderStatus](t, e.do(http.MethodGet, "/v3/order-status/ETHEREUM/"+o.OrderID, tok, nil), 200)
		require.Equal(t, st, o)
	}
	require.Equal(t, api.StatusSettled, all.Orders[0].Status)
	require.Equal(t, "10", all.Orders[0].QuantityBought)
	require.Equal(t, "usdt", all.Orders[1].SellingAsset)
	require.Equal(t, api.StatusOpen, all.Orders[1].Status)
	require.Equal(t, strconv.Itoa((historyT0+2)*1000), all.Orders[1].TimestampMillis)
	theirPage := historyPage(t, e, e.token(other), api.PathOrderHistory, nil)
	require.Equal(t, eth(5), orderIDs(theirPage))

	t.Run("paging both ways in both orders", func(t *testing.T) {
		two := url.Values{api.ParamPageSize: {"2"}}
		ids, more := walk(t, e, tok, two, false)
		require.Equal(t, [][]string{eth(1, 2), eth(3, 4), eth(6)}, ids)
		require.Equal(t, []bool{true, true, false}, more)

		last := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamPageSize: {"2"}, api.ParamOrderBy: {api.OrderNewestFirst}})
		require.Equal(t, eth(6, 4), orderIDs(last))
		back := cloneValues(two)
		back.Set(api.ParamBefore, last.AfterCursor) // before order 4, oldest first
		ids, more = walk(t, e, tok, back, true)
		require.Equal(t, [][]string{eth(2, 3), eth(1)}, ids)
		require.Equal(t, []bool{true, false}, more)

		newest := url.Values{api.ParamPageSize: {"2"}, api.ParamOrderBy: {api.OrderNewestFirst}}
		ids, more = walk(t, e, tok, newest, false)
		require.Equal(t, [][]string{eth(6, 4), eth(3, 2), eth(1)}, ids)
		require.Equal(t, []bool{true, true, false}, more)

		first := historyPage(t, e, tok, api.PathOrderHistory, two)
		newestBack := cloneValues(newest)
		newestBack.Set(api.ParamBefore, first.BeforeCursor) // newer than order 1, newest first
		ids, more = walk(t, e, tok, newestBack, true)
		require.Equal(t, [][]string{eth(3, 2), eth(6, 4)}, ids)
		require.Equal(t, []bool{true, false}, more)
	})

	t.Run("cursors round-trip", func(t *testing.T) {
		page := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamPageSize: {"2"}})
		for _, c := range []string{page.BeforeCursor, page.AfterCursor} {
			require.Regexp(t, `^[A-Za-z0-9_-]+$`, c, "opaque and URL-safe")
			require.NotContains(t, c, "ETHEREUM")
		}
		next := url.Values{api.ParamPageSize: {"2"}, api.ParamAfter: {page.AfterCursor}}
		again := historyPage(t, e, tok, api.PathOrderHistory, next)
		require.Equal(t, again, historyPage(t, e, tok, api.PathOrderHistory, next), "a cursor answers the same page")
		require.Equal(t, eth(3, 4), orderIDs(again))
		// A page's own cursors bound it: after its beforeCursor and before its afterCursor
		// lies what is between.
		inner := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamAfter: {all.BeforeCursor}, api.ParamPageSize: {"3"}})
		require.Equal(t, eth(2, 3, 4), orderIDs(inner))
		require.True(t, inner.HasMore)
		empty := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamAfter: {all.AfterCursor}})
		require.Empty(t, empty.Orders)
		require.False(t, empty.HasMore)
		require.Empty(t, empty.BeforeCursor)
		require.Empty(t, empty.AfterCursor)
	})

	t.Run("invalid cursors", func(t *testing.T) {
		valid := all.AfterCursor
		raw, err := base64.RawURLEncoding.DecodeString(valid)
		require.NoError(t, err)
		tampered := append([]byte(nil), raw...)
		tampered[10] ^= 1 // another order id, the MAC of the old one
		unsigned := base64.RawURLEncoding.EncodeToString(raw[:len(raw)-16])
		for name, c := range map[string]string{
			"garbage":          "not a cursor",
			"tampered":         base64.RawURLEncoding.EncodeToString(tampered),
			"mac cut off":      unsigned,
			"truncated":        valid[:len(valid)-3],
			"padded":           valid + "==",
			"standard base64":  base64.StdEncoding.EncodeToString(raw),
			"a deposit cursor": "12-3",
			"too long":         strings.Repeat("A", 10_000),
			"another version":  base64.RawURLEncoding.EncodeToString(append([]byte{2}, raw[1:]...)),
		} {
			t.Run(name, func(t *testing.T) {
				for _, param := range []string{api.ParamAfter, api.ParamBefore} {
					r := e.do(http.MethodGet, api.PathOrderHistory+"?"+url.Values{param: {c}}.Encode(), tok, nil)
					d := r.requireError(t, 400, api.CodeInvalidQueryParams)
					require.Contains(t, d.Description, param)
					require.Less(t, len(d.Description), 400, "the cursor is echoed as a prefix only")
				}
			})
		}
		r := e.do(http.MethodGet, api.PathOrderHistory+"?"+url.Values{api.ParamAfter: {valid}, api.ParamBefore: {valid}}.Encode(), tok, nil)
		r.requireError(t, 400, api.CodeInvalidQueryParams)
	})

	t.Run("time bounds", func(t *testing.T) {
		for _, c := range []struct {
			name       string
			start, end string
			want       []string
		}{
			{"from a block's second", isoMillis(historyT0+2, 0), "", eth(2, 3, 4, 6)},
			{"from a millisecond after it", isoMillis(historyT0+2, 1), "", eth(3, 4, 6)},
			{"until a block's second, exclusive", "", isoMillis(historyT0+4, 0), eth(1, 2)},
			{"until a millisecond after it", "", isoMillis(historyT0+4, 1), eth(1, 2, 3, 4)},
			{"between", isoMillis(historyT0+1, 0), isoMillis(historyT0+5, 0), eth(2, 3, 4)},
			{"an empty range", isoMillis(historyT0+4, 0), isoMillis(historyT0+4, 0), []string{}},
			{"before everything", isoMillis(historyT0-100, 0), isoMillis(historyT0, 0), []string{}},
		} {
			t.Run(c.name, func(t *testing.T) {
				q := url.Values{}
				if c.start != "" {
					q.Set(api.ParamStartTime, c.start)
				}
				if c.end != "" {
					q.Set(api.ParamEndTime, c.end)
				}
				require.Equal(t, c.want, orderIDs(historyPage(t, e, tok, api.PathOrderHistory, q)))
			})
		}
		page := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamStartTime: {isoMillis(historyT0+1, 0)}, api.ParamPageSize: {"1"}})
		within := historyPage(t, e, tok, api.PathOrderHistory, url.Values{api.ParamAfter: {page.AfterCursor}, api.ParamEndTime: {isoMillis(historyT0+5, 0)}})
		require.Equal(t, eth(3, 4), orderIDs(within), "a cursor within the time bounds")
		for _, q := range []url.Values{
			{api.ParamStartTime: {"yesterday"}},
			{api.ParamEndTime: {"2026-13-01T00:00:00.000Z"}},
			{api.ParamStartTime: {isoMillis(historyT0+5, 0)}, api.ParamEndTime: {isoMillis(historyT0+4, 0)}},
		} {
			e.do(http.MethodGet, api.PathOrderHistory+"?"+q.Encode(), tok, nil).requireError(t, 400, api.CodeInvalidQueryParams)
		}
	})

	t.Run("page size", func(t *testing.T) {
		for _, bad := range []string{"0", "-1", "2001", "abc", "1.5"} {
			r := e.do(http.MethodGet, api.PathOrderHistory+"?page_size="+url.QueryEscape(bad), tok, nil)
			require.Contains(t, r.requireError(t, 400, api.CodeInvalidQueryParams).Description, api.ParamPageSize)
		}
		for _, bad := range []string{"sideways", "NEWEST_FIRST"} {
			e.do(http.MethodGet, api.PathOrderHistory+"?order_by="+bad, tok, nil).requireError(t, 400, api.CodeInvalidQueryParams)
		}
		// An account with more orders than the default page.
		bulk := e.createKey(api.PermRead)
		wallet := common.HexToAddress("0x3000000000000000000000000000000000000003")
		require.NoError(t, e.store.LinkWallet(ctx, bulk.account, wallet, time.Now()))
		var evs []dtw.Event
		for i := range int64(api.DefaultPageSize + 1) {
			ev := chainOrder(100, 100, wallet, 1000+i)
			evs = append(evs, ev)
		}
		require.NoError(t, e.store.ApplyBlocks(ctx, "ETHEREUM", []chain.BlockRef{{Number: 100, Hash: evs[0].BlockHash}}, evs, 1000))
		bulkTok := e.token(bulk)
		def := historyPage(t, e, bulkTok, api.PathOrderHistory, nil)
		require.Len(t, def.Orders, api.DefaultPageSize)
		require.True(t, def.HasMore)
		most := historyPage(t, e, bulkTok, api.PathOrderHistory, url.Values{api.ParamPageSize: {strconv.Itoa(api.MaxPageSize)}})
		require.Len(t, most.Orders, api.DefaultPageSize+1)
		require.False(t, most.HasMore)
		first, err := strconv.Atoi(most.Orders[0].OrderID)
		require.NoError(t, err)
		last := most.Orders[api.DefaultPageSize]
		require.Equal(t, strconv.Itoa(first+api.DefaultPageSize), last.OrderID, "numbered by the store in chain order")
		require.Equal(t, "1500", last.OnchainOrderID)
	})
}

// TestOrderHistorySubAccounts: the /accounts/{accountId}/ path and the deprecated
// sub_account parameter list a sub-account's orders; any account not the caller's (another
// account, its sub-account, one that does not exist) is 403 with the same description;
// the parameter's answers carry Deprecation and Sunset. The history merges OFFCHAIN
// orders with the chain's, by time.
func TestOrderHistorySubAccounts(t *testing.T) {
	e, op := historyEnv(t)
	ctx := context.Background()
	me, other := e.createKey(api.PermRead, api.PermTrade), e.createKey(api.PermRead)
	sub := subAccount(t, e, me.account, "acc_hist_sub01")
	theirSub := subAccount(t, e, other.account, "acc_hist_sub02")
	own, subWallet := common.HexToAddress("0x1000000000000000000000000000000000000011"), common.HexToAddress("0x1000000000000000000000000000000000000012")
	require.NoError(t, e.store.LinkWallet(ctx, me.account, own, time.Now()))
	require.NoError(t, e.store.LinkWallet(ctx, sub, subWallet, time.Now()))
	apply(t, e, chainOrder(1, 0, own, 1), chainOrder(2, 1, subWallet, 2), chainOrder(3, 2, own, 3))
	tok := e.token(me)

	// The sub-account's own OFFCHAIN swap, after its chain order.
	fund(t, e, op, sub, "10", "t-sub")
	swap := api.SwapRequest{InstructionID: "hist-swap", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}
	r := e.do(http.MethodPost, strings.Replace(api.PathSubOrders, "{accountId}", sub, 1), tok, swap)
	require.Less(t, r.status, 300, "swap: %s", r.body)

	subPath := strings.Replace(api.PathSubOrderHistory, "{accountId}", sub, 1)
	page := historyPage(t, e, tok, subPath, nil)
	require.Len(t, page.Orders, 2)
	require.Equal(t, "ETHEREUM/2", orderIDs(page)[0])
	require.Equal(t, api.SourceOffchain, page.Orders[1].OrderSource, "the OFFCHAIN swap, placed after the chain order")
	require.Equal(t, "eur", page.Orders[1].SellingAsset)
	// Paged one by one across the venues, both ways.
	first := historyPage(t, e, tok, subPath, url.Values{api.ParamPageSize: {"1"}})
	require.True(t, first.HasMore)
	second := historyPage(t, e, tok, subPath, url.Values{api.ParamPageSize: {"1"}, api.ParamAfter: {first.AfterCursor}})
	require.Equal(t, page.Orders[1:], second.Orders)
	require.False(t, second.HasMore)
	back := historyPage(t, e, tok, subPath, url.Values{api.ParamPageSize: {"1"}, api.ParamBefore: {second.BeforeCursor}})
	require.Equal(t, page.Orders[:1], back.Orders)

	mine := historyPage(t, e, tok, api.PathOrderHistory, nil)
	require.Equal(t, eth(1, 3), orderIDs(mine), "the parent's own orders only")
	require.Equal(t, mine, historyPage(t, e, tok, strings.Replace(api.PathSubOrderHistory, "{accountId}", me.account, 1), nil))

	deprecated := e.do(http.MethodGet, api.PathOrderHistory+"?sub_account="+sub, tok, nil)
	require.Equal(t, page, decode[api.OrderHistoryPage](t, deprecated, 200))
	require.Equal(t, "true", deprecated.header.Get("Deprecation"))
	require.NotEmpty(t, deprecated.header.Get("Sunset"))
	require.Empty(t, e.do(http.MethodGet, api.PathOrderHistory, tok, nil).header.Get("Deprecation"))

	var pathDescs, paramDescs []string
	for _, target := range []string{other.account, theirSub, "acc_doesnotexist"} {
		r := e.do(http.MethodGet, strings.Replace(api.PathSubOrderHistory, "{accountId}", target, 1), tok, nil)
		pathDescs = append(pathDescs, strings.ReplaceAll(r.requireError(t, 403, api.CodeInvalidPermissions).Description, target, "X"))
		r = e.do(http.MethodGet, api.PathOrderHistory+"?sub_account="+url.QueryEscape(target), tok, nil)
		paramDescs = append(paramDescs, strings.ReplaceAll(r.requireError(t, 403, api.CodeInvalidPermissions).Description, target, "X"))
		require.Equal(t, "true", r.header.Get("Deprecation"))
		require.NotEmpty(t, r.header.Get("Sunset"))
	}
	for _, descs := range [][]string{pathDescs, paramDescs} {
		require.Equal(t, descs[0], descs[1], "the same answer whatever the account")
		require.Equal(t, descs[0], descs[2], "the same answer whether or not it exists")
	}
	// A sub-account's history is not its parent's to see through another's key.
	e.do(http.MethodGet, subPath, e.token(other), nil).requireError(t, 403, api.CodeInvalidPermissions)
}

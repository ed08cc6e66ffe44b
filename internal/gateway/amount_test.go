package gateway_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/testnet"
)

// hostileAmounts are amounts whose text is short but whose value is not: before they were
// bounded, 1e10000000 took minutes of CPU and a 10 MB error body.
var hostileAmounts = []string{"1e10000000", "1e-10000000", "1e1000000", "-1e10000000", "0e10000000"}

// maxDescription is the most an error description may take: the gateway's 512-byte
// backstop and an ellipsis.
const maxDescription = 512 + len("…")

// TestHostileAmountsRefusedAtOnce sends amounts with huge exponents, and over-long amount
// text, through the real handlers: each is a 400 with a short description, answered well
// within the client's timeout.
func TestHostileAmountsRefusedAtOnce(t *testing.T) {
	gw := newChainGW(t)
	amounts := append(hostileAmounts, "1"+strings.Repeat("0", 100), "0."+strings.Repeat("0", 98)+"1")
	for _, amount := range amounts {
		t.Run("order amountToSell "+amount[:min(len(amount), 12)], func(t *testing.T) {
			req := order()
			req.AmountToSell = amount
			requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "amountToSell")(gw.do(t, http.MethodPost, api.PathOrder, req))
		})
		t.Run("order limitAmountToReceive "+amount[:min(len(amount), 12)], func(t *testing.T) {
			req := order()
			req.LimitAmountToReceive = amount
			requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "limitAmountToReceive")(gw.do(t, http.MethodPost, api.PathOrder, req))
		})
		t.Run("withdrawal amount "+amount[:min(len(amount), 12)], func(t *testing.T) {
			req := withdrawal()
			req.Amount = amount
			status, body := gw.do(t, http.MethodPost, api.PathWithdrawals, req)
			require.Less(t, len(body), 1024, "got a %d-byte body", len(body))
			// The destination is not approved; what matters is that the amount cost nothing.
			require.Contains(t, []int{http.StatusBadRequest, http.StatusForbidden}, status, "body: %s", body)
		})
		t.Run("quantity estimate "+amount[:min(len(amount), 12)], func(t *testing.T) {
			requireShortError(t, http.StatusBadRequest, api.CodeInvalidQueryParams, "sell_quantity")(gw.quantityEstimate(t, amount))
		})
	}
	t.Run("trailing zeros beyond the token's decimals are fine", func(t *testing.T) {
		req := order()
		req.AmountToSell, req.OrderType = "10.000000000000000000000", "NEITHER"
		requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "orderType")(gw.do(t, http.MethodPost, api.PathOrder, req))
	})
	t.Run("more decimals than the token has", func(t *testing.T) {
		req := order()
		req.AmountToSell = "1.0000001"
		requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "more than 6 decimals")(gw.do(t, http.MethodPost, api.PathOrder, req))
	})
}

// TestErrorsEchoAPrefix sends long values in every kind of field that an error names: the
// description quotes at most a short prefix of each.
func TestErrorsEchoAPrefix(t *testing.T) {
	gw := newChainGW(t)
	long := strings.Repeat("a", 200_000)
	longURL := strings.Repeat("a", 4000)
	edits := map[string]func(r *api.SignedOrderRequest){
		"source":       func(r *api.SignedOrderRequest) { r.Source = long },
		"trader":       func(r *api.SignedOrderRequest) { r.Trader = "0x" + long },
		"sellingAsset": func(r *api.SignedOrderRequest) { r.SellingAsset = long },
		"amountToSell": func(r *api.SignedOrderRequest) { r.AmountToSell = long },
		"orderType":    func(r *api.SignedOrderRequest) { r.OrderType = long },
		"deadline":     func(r *api.SignedOrderRequest) { r.Deadline = long },
		"nonce":        func(r *api.SignedOrderRequest) { r.Nonce = long },
	}
	for name, edit := range edits {
		t.Run("order "+name, func(t *testing.T) {
			req := order()
			edit(&req)
			status, body := gw.do(t, http.MethodPost, api.PathOrder, req)
			require.Equal(t, http.StatusBadRequest, status, "body: %.300s", body)
			requireShort(t, body)
		})
	}
	t.Run("withdrawal to", func(t *testing.T) {
		req := withdrawal()
		req.To = long
		status, body := gw.do(t, http.MethodPost, api.PathWithdrawals, req)
		require.Equal(t, http.StatusBadRequest, status, "body: %.300s", body)
		requireShort(t, body)
	})
	gets := map[string]string{
		"instructionId":   "/v2/order/ETHEREUM/" + longURL,
		"orderId":         "/v3/order-status/ETHEREUM/" + longURL,
		"source":          "/v2/assets/" + longURL,
		"price asset":     "/v2/price/" + longURL + "/usdt",
		"prices pair":     api.PathPrices + "?assets=" + longURL,
		"quantity asset":  api.PathQuantityEstimate + "?" + url.Values{"selling_asset": {longURL}, "buying_asset": {"dai"}, "sell_quantity": {"1"}}.Encode(),
		"history time":    api.PathDeposits + "?" + url.Values{"source": {"ETHEREUM"}, "start_time": {longURL}}.Encode(),
		"history cursor":  api.PathDeposits + "?" + url.Values{"source": {"ETHEREUM"}, "start_time": {"2026-01-01T00:00:00Z"}, "end_time": {"2026-01-02T00:00:00Z"}, "after": {longURL}}.Encode(),
		"unknown path":    "/v9/" + longURL,
		"commission rate": "/v2/commission-rate/" + longURL + "?buying_asset=dai&selling_asset=usdt",
	}
	for name, path := range gets {
		t.Run(name, func(t *testing.T) {
			status, body := gw.do(t, http.MethodGet, path, nil)
			require.GreaterOrEqual(t, status, 400, "body: %.300s", body)
			require.Less(t, status, 500, "body: %.300s", body)
			requireShort(t, body)
		})
	}
}

// TestStrictAddresses: trader and to must be 0x and 40 hex digits, in one case or with
// their EIP-55 checksum; a token address given as an asset too.
func TestStrictAddresses(t *testing.T) {
	gw := newChainGW(t)
	// orderType is wrong in every request, so a request whose addresses pass gets that 400.
	cases := []struct {
		name   string
		edit   func(r *api.SignedOrderRequest)
		status int
		want   string
	}{
		{"checksummed trader passes", func(r *api.SignedOrderRequest) {}, 400, "orderType"},
		{"lower-case trader passes", func(r *api.SignedOrderRequest) { r.Trader = strings.ToLower(r.Trader) }, 400, "orderType"},
		{"upper-case trader passes", func(r *api.SignedOrderRequest) { r.Trader = "0x" + strings.ToUpper(r.Trader[2:]) }, 400, "orderType"},
		{"trader without 0x", func(r *api.SignedOrderRequest) { r.Trader = r.Trader[2:] }, 400, "trader"},
		{"trader with a wrong checksum", func(r *api.SignedOrderRequest) { r.Trader = testnet.WrongChecksum(chainTrader) }, 400, "EIP-55"},
		{"token address as asset passes", func(r *api.SignedOrderRequest) { r.SellingAsset = chainUSDT.Hex() }, 400, "orderType"},
		{"token address without 0x", func(r *api.SignedOrderRequest) { r.SellingAsset = chainUSDT.Hex()[2:] }, 400, "unknown asset"},
		{"token address with a wrong checksum", func(r *api.SignedOrderRequest) { r.SellingAsset = testnet.WrongChecksum(chainUSDT) }, 400, "unknown asset"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := order()
			req.OrderType = "NEITHER"
			c.edit(&req)
			status, body := gw.do(t, http.MethodPost, api.PathOrder, req)
			require.Equal(t, c.status, status, "body: %s", body)
			require.Equal(t, api.CodeInvalidSchema, apiErr(t, body).Code)
			require.Contains(t, apiErr(t, body).Description, c.want)
		})
	}
	dest := chainDAI // any address; none is approved
	for _, c := range []struct {
		name, to string
		status   int
		want     string
	}{
		{"lower-case to passes", strings.ToLower(dest.Hex()), 403, "not an approved withdrawal address"},
		{"to without 0x", dest.Hex()[2:], 400, "to"},
		{"to with a wrong checksum", testnet.WrongChecksum(dest), 400, "EIP-55"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := withdrawal()
			req.To = c.to
			status, body := gw.do(t, http.MethodPost, api.PathWithdrawals, req)
			require.Equal(t, c.status, status, "body: %s", body)
			require.Contains(t, apiErr(t, body).Description, c.want)
		})
	}
}

// withdrawal is a signed withdrawal request of 1 usdt to an address no one approved.
func withdrawal() api.SignedWithdrawalRequest {
	o := order()
	return api.SignedWithdrawalRequest{Source: o.Source, Trader: o.Trader, Asset: "usdt", Amount: "1", To: chainDAI.Hex(),
		Nonce: o.Nonce, Deadline: o.Deadline, Signature: o.Signature}
}

// requireShortError returns a check of an answer: status, code, a description that
// mentions want, and a short body.
func requireShortError(t *testing.T, status int, code api.ErrorCode, want string) func(int, []byte) {
	return func(gotStatus int, body []byte) {
		t.Helper()
		require.Equal(t, status, gotStatus, "body: %.300s", body)
		e := apiErr(t, body)
		require.Equal(t, code, e.Code)
		require.Contains(t, e.Description, want)
		requireShort(t, body)
	}
}

// requireShort checks that an error body is short and quotes no long run of its input.
func requireShort(t *testing.T, body []byte) {
	t.Helper()
	e := apiErr(t, body)
	require.LessOrEqual(t, len(e.Description), maxDescription, "got a %d-byte description: %.300s", len(e.Description), e.Description)
	require.NotContains(t, e.Description, strings.Repeat("a", 100), "description quotes a long value")
	require.NotContains(t, e.Description, strings.Repeat("0", 100), "description quotes a long value")
}

// BenchmarkHostileAmount measures what the worst amounts cost through the real handler
// path of POST /v2/order and GET /v2/quantity-estimate; each is refused with a 400.
// Run with: go test -run '^$' -bench HostileAmount -benchtime 20x ./internal/gateway/
func BenchmarkHostileAmount(b *testing.B) {
	gw := newChainGW(b)
	for _, amount := range hostileAmounts {
		b.Run("order/"+amount, func(b *testing.B) {
			req := order()
			req.AmountToSell = amount
			for b.Loop() {
				status, body := gw.do(b, http.MethodPost, api.PathOrder, req)
				require.Equal(b, http.StatusBadRequest, status, "body: %.200s", body)
			}
		})
		b.Run("quantity/"+amount, func(b *testing.B) {
			for b.Loop() {
				status, body := gw.quantityEstimate(b, amount)
				require.Equal(b, http.StatusBadRequest, status, "body: %.200s", body)
			}
		})
	}
}

// looseAmounts are amount texts a lenient parser reads as a number: each is refused with
// the interface's 400, on every endpoint and every amount field (chain.AmountPattern).
var looseAmounts = []string{" 1", "1 ", "\t1", "1\u00a0", "+1", ".5", "5.", "0001", "1e-1",
	"-1", "1E1", "0x1", "1,5", "1_000", "00.5", "１", ""}

// TestAmountGrammarOnEveryEndpoint: every endpoint that takes an amount refuses each
// loose amount in each amount field with 400 (INVALID_SCHEMA in a body,
// INVALID_QUERY_PARAMS in a query) naming the field, and still takes 0.5, 10 and 1.25.
func TestAmountGrammarOnEveryEndpoint(t *testing.T) {
	valid := []string{"0.5", "10", "1.25"}

	t.Run("OFFCHAIN", func(t *testing.T) {
		te := newTradingEnv(t, nil)
		k := te.createKey(api.AllPermissions...)
		tok := te.token(k)
		fund(t, te.env, te.op, k.account, "1000", "bt-1")
		n := 0
		id := func() string { n++; return fmt.Sprintf("i-%d", n) }
		body := map[string]func(amount string) (string, any){
			"orders amountToSell": func(a string) (string, any) {
				return api.PathOrders, api.SwapRequest{InstructionID: id(), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: a}
			},
			"orderV2 amountToSell": func(a string) (string, any) {
				return api.PathOrderV2, api.SwapRequest{InstructionID: id(), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: a}
			},
			"orders limitAmountToReceive": func(a string) (string, any) {
				return api.PathOrders, api.SwapRequest{InstructionID: id(), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1",
					OrderType: api.OrderTypeLimit, LimitAmountToReceive: a}
			},
			"request-quote amountToBuy": func(a string) (string, any) {
				return api.PathRequestQuote, api.QuoteRequest{InstructionID: id(), SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: a}
			},
			"offchain-withdrawals amount": func(a string) (string, any) {
				return api.PathOffchainWithdrawals, fiatWithdrawal(id(), a)
			},
		}
		for name, req := range body {
			field := name[strings.LastIndex(name, " ")+1:]
			for _, a := range looseAmounts {
				t.Run(fmt.Sprintf("%s %q", name, a), func(t *testing.T) {
					path, b := req(a)
					e := te.do(http.MethodPost, path, tok, b).requireError(t, 400, api.CodeInvalidSchema)
					require.Contains(t, e.Description, field)
				})
			}
			for _, a := range valid {
				t.Run(fmt.Sprintf("%s %q", name, a), func(t *testing.T) {
					path, b := req(a)
					r := te.do(http.MethodPost, path, tok, b)
					require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
				})
			}
		}
		for _, a := range looseAmounts {
			t.Run(fmt.Sprintf("quantity-estimate %q", a), func(t *testing.T) {
				q := url.Values{"selling_asset": {"eur"}, "buying_asset": {"usdc"}, "sell_quantity": {a}, "commission_source": {"OFFCHAIN"}}
				e := te.do(http.MethodGet, api.PathQuantityEstimate+"?"+q.Encode(), tok, nil).requireError(t, 400, api.CodeInvalidQueryParams)
				require.Contains(t, e.Description, "sell_quantity")
			})
		}
		for _, a := range valid {
			q := url.Values{"selling_asset": {"eur"}, "buying_asset": {"usdc"}, "sell_quantity": {a}, "commission_source": {"OFFCHAIN"}}
			decode[api.QuantityEstimateResponse](t, te.do(http.MethodGet, api.PathQuantityEstimate+"?"+q.Encode(), tok, nil), 200)
		}
		requireBalanced(t, te.store)
	})

	t.Run("relays", func(t *testing.T) {
		gw := newChainGW(t)
		// Every relay below fails a later check when its amounts pass: orderType NEITHER
		// (400 naming orderType), a destination nobody approved (403).
		for _, field := range []string{"amountToSell", "limitAmountToReceive"} {
			edit := func(r *api.SignedOrderRequest, a string) {
				r.OrderType = "NEITHER"
				if field == "amountToSell" {
					r.AmountToSell = a
				} else {
					r.LimitAmountToReceive = a
				}
			}
			for _, a := range looseAmounts {
				t.Run(fmt.Sprintf("order %s %q", field, a), func(t *testing.T) {
					req := order()
					edit(&req, a)
					requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, field)(gw.do(t, http.MethodPost, api.PathOrder, req))
				})
			}
			for _, a := range valid {
				t.Run(fmt.Sprintf("order %s %q", field, a), func(t *testing.T) {
					req := order()
					edit(&req, a)
					requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "orderType")(gw.do(t, http.MethodPost, api.PathOrder, req))
				})
			}
		}
		for _, a := range looseAmounts {
			t.Run(fmt.Sprintf("withdrawal amount %q", a), func(t *testing.T) {
				req := withdrawal()
				req.Amount = a
				requireShortError(t, http.StatusBadRequest, api.CodeInvalidSchema, "amount")(gw.do(t, http.MethodPost, api.PathWithdrawals, req))
			})
			t.Run(fmt.Sprintf("quantity-estimate %q", a), func(t *testing.T) {
				requireShortError(t, http.StatusBadRequest, api.CodeInvalidQueryParams, "sell_quantity")(gw.quantityEstimate(t, a))
			})
		}
		for _, a := range valid {
			t.Run(fmt.Sprintf("withdrawal amount %q", a), func(t *testing.T) {
				req := withdrawal()
				req.Amount = a
				requireShortError(t, http.StatusForbidden, api.CodeInvalidPermissions, "not an approved withdrawal address")(gw.do(t, http.MethodPost, api.PathWithdrawals, req))
			})
		}
	})
}

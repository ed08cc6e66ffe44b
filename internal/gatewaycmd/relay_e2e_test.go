package gatewaycmd

import (
	"encoding/json"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/testnet"
)

// submit posts a relay request and requires 200; it returns the answer.
func (e *chainEnv) submit(t *testing.T, path, token string, body any) api.SubmitResponse {
	t.Helper()
	status, b := e.gw.do(t, http.MethodPost, path, token, body)
	require.Equal(t, http.StatusOK, status, "body: %s", b)
	var sub api.SubmitResponse
	require.NoError(t, json.Unmarshal(b, &sub), "body: %s", b)
	return sub
}

// signedWithdrawalRequest signs a gasless withdrawal of amount (whole tokens) to `to`.
func signedWithdrawalRequest(t *testing.T, c *testnet.Chain, trader testnet.Account, tok testnet.Token, amount string, to common.Address, deadline uint64, nonce int64) api.SignedWithdrawalRequest {
	t.Helper()
	w := dtw.SignedWithdrawal{Trader: trader.Address, Token: tok.Address, Amount: units(t, amount, tok.Decimals), To: to,
		Nonce: big.NewInt(nonce), Deadline: deadline}
	sig, err := trader.SignTypedData(dtw.WithdrawalTypedData(c.ChainID, c.DTW, w))
	require.NoError(t, err)
	return api.SignedWithdrawalRequest{Source: c.Source, Trader: trader.Address.Hex(), Asset: strings.ToLower(tok.Symbol), Amount: amount,
		To: to.Hex(), Nonce: strconv.FormatInt(nonce, 10), Deadline: strconv.FormatUint(deadline, 10), Signature: hexutil.Encode(sig)}
}

// approvedAddress adds a fresh withdrawal address to account a and approves it.
func (e *chainEnv) approvedAddress(t *testing.T) common.Address {
	t.Helper()
	dest, err := testnet.NewAccount("dest", testnet.RoleTrader)
	require.NoError(t, err)
	e.gw.admin(t, "withdrawal-addresses", "add", "--account", e.a.id, "--source", e.c.Source, "--approve", dest.Address.Hex())
	return dest.Address
}

// deadlineIn is the chain's time plus d, as a signed request's deadline.
func deadlineIn(t *testing.T, c *testnet.Chain, d time.Duration) uint64 {
	t.Helper()
	now, err := c.Now(e2eCtx(t))
	require.NoError(t, err)
	return uint64(now.Add(d).Unix())
}

// TestChainE2ERelayNonceReuse: a trader nonce answers idempotently only the identical
// signed request. A different order or withdrawal with a used nonce is 409
// NONCE_ALREADY_USED naming the nonce and the trader (orders and withdrawals share the
// nonce space, as on chain); of twenty concurrent requests for one nonce (ten different
// orders, each twice) exactly one order is relayed, its twin gets the same instructionId
// and the others 409; the identical request re-posted once settled answers SETTLED (a
// withdrawal COMPLETED), as the status endpoints do. Dust is refused with the default
// minimums.
func TestChainE2ERelayNonceReuse(t *testing.T) {
	// The relay rate limit is not under test: twenty concurrent requests must all reach
	// the nonce check, whatever the earlier requests left of the default burst of 20.
	e := newChainEnv(t, envOptions{extraConfig: "relay:\n  perAccount: {perSecond: 100, burst: 100}\n"})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 200)
	deadline := deadlineIn(t, c, time.Hour)

	// Dust is refused by the default minimum (1 dai, worth 1 at the default book).
	dust := signedOrderRequest(t, c, trader, dai, usdt, "0.000000000000000001", "0.000001", dtw.KindMarket, deadline, 1)
	status, body := e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, dust)
	apiErr := requireAPIError(t, status, body, http.StatusBadRequest, api.CodeAmountTooSmall)
	require.Contains(t, apiErr.Description, "minimum of 1 dai")

	first := signedOrderRequest(t, c, trader, dai, usdt, "2", "1.9", dtw.KindMarket, deadline, 5)
	sub := e.submit(t, api.PathOrder, e.a.token, first)
	require.Equal(t, api.StatusPending, sub.Status)

	// Another order with nonce 5 (42 DAI): refused, naming the nonce and the trader.
	reused := signedOrderRequest(t, c, trader, dai, usdt, "42", "41", dtw.KindMarket, deadline, 5)
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, reused)
	apiErr = requireAPIError(t, status, body, http.StatusConflict, api.CodeNonceAlreadyUsed)
	require.Contains(t, apiErr.Description, "nonce 5")
	require.Contains(t, apiErr.Description, trader.Address.Hex())

	// Ten different orders with nonce 9, each posted twice, all at once.
	type answer struct {
		order  int
		status int
		body   []byte
		err    error
	}
	answers := make(chan answer, 20)
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 30 * time.Second}
	for i := 1; i <= 10; i++ {
		req := signedOrderRequest(t, c, trader, dai, usdt, strconv.Itoa(i), "0.9", dtw.KindMarket, deadline, 9)
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, _, body, err := e.gw.send(client, http.MethodPost, api.PathOrder, e.a.token, req)
				answers <- answer{order: i, status: status, body: body, err: err}
			}()
		}
	}
	wg.Wait()
	close(answers)
	won := map[int][]string{}
	refused := 0
	for a := range answers {
		require.NoError(t, a.err)
		switch a.status {
		case http.StatusOK:
			var s api.SubmitResponse
			require.NoError(t, json.Unmarshal(a.body, &s))
			won[a.order] = append(won[a.order], s.InstructionID)
		default:
			requireAPIError(t, a.status, a.body, http.StatusConflict, api.CodeNonceAlreadyUsed)
			refused++
		}
	}
	require.Len(t, won, 1, "exactly one of the orders with nonce 9 is relayed: %v", won)
	require.Equal(t, 18, refused)
	var winner int
	var winnerTx string
	for order, ids := range won {
		require.Len(t, ids, 2, "both posts of the winning order are answered with its relay")
		require.Equal(t, ids[0], ids[1])
		winner, winnerTx = order, ids[0]
	}

	// Withdrawals: the identical request is idempotent, another one with its nonce, or
	// with an order's nonce, is refused; an order with the withdrawal's nonce too.
	dest := e.approvedAddress(t)
	status, body = e.gw.do(t, http.MethodPost, api.PathWithdrawals, e.a.token, signedWithdrawalRequest(t, c, trader, dai, "0.5", dest, deadline, 11))
	apiErr = requireAPIError(t, status, body, http.StatusBadRequest, api.CodeAmountTooSmall)
	require.Contains(t, apiErr.Description, "minimum of 1 dai")
	wreq := signedWithdrawalRequest(t, c, trader, dai, "3", dest, deadline, 11)
	wsub := e.submit(t, api.PathWithdrawals, e.a.token, wreq)
	for _, other := range []any{
		signedWithdrawalRequest(t, c, trader, dai, "4", dest, deadline, 11),
		signedWithdrawalRequest(t, c, trader, dai, "3", dest, deadline, 5),
	} {
		status, body = e.gw.do(t, http.MethodPost, api.PathWithdrawals, e.a.token, other)
		apiErr = requireAPIError(t, status, body, http.StatusConflict, api.CodeNonceAlreadyUsed)
		require.Contains(t, apiErr.Description, trader.Address.Hex())
	}
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, signedOrderRequest(t, c, trader, dai, usdt, "3", "2", dtw.KindMarket, deadline, 11))
	apiErr = requireAPIError(t, status, body, http.StatusConflict, api.CodeNonceAlreadyUsed)
	require.Contains(t, apiErr.Description, "nonce 11")

	// Once settled (completed), the identical request answers that status.
	for _, tx := range []string{sub.InstructionID, winnerTx} {
		e.waitOrder(t, orderByTxPath(c.Source, common.HexToHash(tx)), settleTimeout, "settled", isStatus(api.StatusSettled))
	}
	again := e.submit(t, api.PathOrder, e.a.token, first)
	require.Equal(t, sub.InstructionID, again.InstructionID)
	require.Equal(t, api.StatusSettled, again.Status)
	var ws api.WithdrawalStatus
	require.Eventually(t, func() bool {
		status, _ := e.gw.get(t, "/v2/withdrawals/"+wsub.InstructionID, e.a.token, &ws)
		return status == http.StatusOK && ws.Status == api.StatusCompleted
	}, settleTimeout, 200*time.Millisecond, "withdrawal not COMPLETED: %+v", ws)
	wagain := e.submit(t, api.PathWithdrawals, e.a.token, wreq)
	require.Equal(t, wsub.InstructionID, wagain.InstructionID)
	require.Equal(t, api.StatusCompleted, wagain.Status)

	// On chain: the two orders and the one withdrawal, nothing else.
	left := new(big.Int).Sub(dai.Units(200), dai.Units(int64(2+winner+3)))
	require.Equal(t, left.String(), dtwBalance(t, c, trader.Address, dai).String())
	got, err := c.TokenBalance(e2eCtx(t), dai, dest)
	require.NoError(t, err)
	require.Equal(t, dai.Units(3).String(), got.String())
}

// TestChainE2ECrashMidRelay: the gateway is SIGKILLed while relaying a signed order, after
// journaling the relay transaction and before broadcasting it; restarted, the identical
// request is answered with that transaction (not refused for its nonce, not relayed
// again), which the restarted gateway broadcasts, and the order settles exactly once.
func TestChainE2ECrashMidRelay(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t, EnvHoldBeforeBroadcast+"=1")
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	usdtBefore, nonceBefore := dtwBalance(t, c, trader.Address, usdt), operatorNonce(t, c)
	req := signedOrderRequest(t, c, trader, dai, usdt, "100", "99", dtw.KindMarket, deadlineIn(t, c, time.Hour), 3)

	type answer struct {
		status int
		body   []byte
		err    error
	}
	interrupted := make(chan answer, 1)
	go func() {
		// No client timeout: a cancelled request would end the hold before the kill.
		status, _, body, err := e.gw.send(&http.Client{}, http.MethodPost, api.PathOrder, e.a.token, req)
		interrupted <- answer{status, body, err}
	}()
	var held string
	require.Eventually(t, func() bool {
		m := holdTxRE.FindStringSubmatch(e.gw.Logs.String())
		if m != nil {
			held = m[1]
		}
		return m != nil
	}, settleTimeout, 5*time.Millisecond, "no \"holding before broadcast\"")
	require.Contains(t, e.gw.Logs.String(), "kind=relay-order")
	e.gw.kill(t)
	// The API answers a relay once the settler's journal holds its transaction (the relay
	// row is SENT in the journal's own store transaction), which may be before the
	// broadcast: the request either died with the gateway or was answered with the held
	// transaction, which the restarted gateway broadcasts.
	if a := <-interrupted; a.err == nil {
		require.Equal(t, http.StatusOK, a.status, "%s", a.body)
		var sub api.SubmitResponse
		require.NoError(t, json.Unmarshal(a.body, &sub))
		require.Equal(t, held, sub.InstructionID, "answered with the journaled relay before its broadcast")
	}
	require.False(t, operatorTxPending(t, c), "nothing was broadcast")
	require.Equal(t, nonceBefore, operatorNonce(t, c))

	e.start(t)
	sub := e.submit(t, api.PathOrder, e.a.token, req)
	require.Equal(t, held, sub.InstructionID, "the retry is answered with the journaled relay")
	st := e.waitOrder(t, orderByTxPath(c.Source, common.HexToHash(held)), settleTimeout, "settled", isStatus(api.StatusSettled))
	require.NotEmpty(t, st.OrderKey)
	key := common.HexToHash(st.OrderKey) // what the chain's events name the order by
	require.Len(t, settlements(t, c, key), 1)
	bought := units(t, st.QuantityBought, usdt.Decimals)
	require.Equal(t, new(big.Int).Add(usdtBefore, bought).String(), dtwBalance(t, c, trader.Address, usdt).String())
	require.Zero(t, dtwBalance(t, c, trader.Address, dai).Sign(), "the 100 DAI were sold once")
	require.Equal(t, nonceBefore+2, operatorNonce(t, c), "the operator sent the relay and one settlement")

	again := e.submit(t, api.PathOrder, e.a.token, req)
	require.Equal(t, held, again.InstructionID)
	require.Equal(t, api.StatusSettled, again.Status)
}

// TestChainE2ERelayLimits: configured minimums refuse smaller relayed orders and
// withdrawals with 400 AMOUNT_TOO_SMALL naming the minimum and asset, while a smaller
// order the trader places on-chain is still settled; the per-account relay rate limit
// answers 429 RATE_LIMITED with a Retry-After in whole seconds once the burst is used,
// counts neither refusals nor identical retries, and leaves other accounts alone.
func TestChainE2ERelayLimits(t *testing.T) {
	e := newChainEnv(t, envOptions{
		editChains: func(chains []config.Chain) {
			for i, tok := range chains[0].Tokens {
				if strings.EqualFold(tok.Symbol, "dai") {
					chains[0].Tokens[i].MinRelayOrder, chains[0].Tokens[i].MinRelayWithdrawal = "5", "3"
				}
			}
		},
		extraConfig: "relay:\n  perAccount: {perSecond: 0.01, burst: 2}\n",
	})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	deposit(t, c, e.traders[1], dai, 10)
	deadline := deadlineIn(t, c, time.Hour)
	dest := e.approvedAddress(t)

	status, body := e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, signedOrderRequest(t, c, trader, dai, usdt, "4.99", "4", dtw.KindMarket, deadline, 1))
	apiErr := requireAPIError(t, status, body, http.StatusBadRequest, api.CodeAmountTooSmall)
	require.Contains(t, apiErr.Description, "minimum of 5 dai")
	status, body = e.gw.do(t, http.MethodPost, api.PathWithdrawals, e.a.token, signedWithdrawalRequest(t, c, trader, dai, "2.5", dest, deadline, 2))
	apiErr = requireAPIError(t, status, body, http.StatusBadRequest, api.CodeAmountTooSmall)
	require.Contains(t, apiErr.Description, "minimum of 3 dai")

	// A direct order below the relay minimum is the trader's own business: it settles.
	o := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(1), MinBuyAmount: big.NewInt(900_000), Kind: dtw.KindMarket})
	e.waitOrder(t, orderByTxPath(c.Source, o.Receipt.TxHash), settleTimeout, "settled", isStatus(api.StatusSettled))

	// The burst of two relays, an identical retry (not counted), then 429 for orders and
	// withdrawals alike.
	first := signedOrderRequest(t, c, trader, dai, usdt, "5", "4", dtw.KindMarket, deadline, 3)
	sub := e.submit(t, api.PathOrder, e.a.token, first)
	e.submit(t, api.PathWithdrawals, e.a.token, signedWithdrawalRequest(t, c, trader, dai, "3", dest, deadline, 4))
	require.Equal(t, sub.InstructionID, e.submit(t, api.PathOrder, e.a.token, first).InstructionID)
	client := &http.Client{Timeout: 15 * time.Second}
	for _, req := range []struct {
		path string
		body any
	}{
		{api.PathOrder, signedOrderRequest(t, c, trader, dai, usdt, "6", "5", dtw.KindMarket, deadline, 5)},
		{api.PathWithdrawals, signedWithdrawalRequest(t, c, trader, dai, "3", dest, deadline, 6)},
	} {
		status, header, body, err := e.gw.send(client, http.MethodPost, req.path, e.a.token, req.body)
		require.NoError(t, err)
		requireAPIError(t, status, body, http.StatusTooManyRequests, api.CodeRateLimited)
		after, err := strconv.Atoi(header.Get("Retry-After"))
		require.NoError(t, err, "Retry-After %q is whole seconds", header.Get("Retry-After"))
		require.Greater(t, after, 90, "about 100 s until the next relay at 0.01/s")
		require.LessOrEqual(t, after, 100)
	}

	// Another account relays as usual.
	other := signedOrderRequest(t, c, e.traders[1], dai, usdt, "5", "4", dtw.KindMarket, deadline, 1)
	e.submit(t, api.PathOrder, e.b.token, other)
}

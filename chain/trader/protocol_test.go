package trader_test

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// script is a gateway whose answers a test writes, poll by poll; what they are checked
// against is the real chain. The last answer repeats.
type script struct {
	mu          sync.Mutex
	orders      []answer[api.OrderStatus]
	withdrawals []answer[api.WithdrawalStatus]
	polls       int
	onPoll      func(n int) // called before answering poll n (from 0)
}

type answer[T any] struct {
	v   T
	err error
}

func next[T any](s *script, as []answer[T]) (T, error) {
	s.mu.Lock()
	n := s.polls
	s.polls++
	s.mu.Unlock()
	if s.onPoll != nil {
		s.onPoll(n)
	}
	a := as[min(n, len(as)-1)]
	return a.v, a.err
}

func (s *script) OrderStatus(context.Context, string, uint64) (api.OrderStatus, error) {
	return api.OrderStatus{}, errors.New("not scripted")
}

func (s *script) OrderByInstruction(context.Context, string, string) (api.OrderStatus, error) {
	return next(s, s.orders)
}

func (s *script) Withdrawal(context.Context, string) (api.WithdrawalStatus, error) {
	return next(s, s.withdrawals)
}

var _ trader.StatusSource = (*script)(nil)

// notFound is the gateway's answer for an order or withdrawal it has not seen.
var notFound = &client.Error{StatusCode: http.StatusNotFound, Method: http.MethodGet, Path: "/v3/order-status"}

func fast(timeout time.Duration, progress func(trader.OrderProgress)) trader.WaitOptions {
	return trader.WaitOptions{Timeout: timeout, PollInterval: time.Millisecond, Progress: progress}
}

func TestProtocol(t *testing.T) {
	ctx := context.Background()
	c := startChain(t)
	tr := newTrader(t, c, c.Traders[0])
	usdt, dai := asset(t, tr, "usdt"), asset(t, tr, "dai")

	// A real order, settled for real by the operator: 2.5 USDT for 2.4 DAI.
	o, settle, bought := settledOrder(t, c, tr, usdt, dai)
	settled := truthfulStatus(o, usdt, dai, api.StatusSettled, settle.TxHash, bought)
	placed := settled
	placed.Status, placed.ReturnTxID, placed.QuantitySold, placed.QuantityBought = api.StatusPending, nil, "0", "0"
	open := placed
	open.Status, open.Confirmations = api.StatusOpen, "1"
	relaying := api.OrderStatus{InstructionID: o.Tx.Hex(), OrderSource: "ETHEREUM", Status: api.StatusPending}

	t.Run("find an order by id", func(t *testing.T) {
		got, err := tr.FindOrderByID(ctx, o.ID)
		require.NoError(t, err)
		require.Equal(t, o.Tx, got.Tx)
		require.Equal(t, o.Order, got.Order)

		_, err = tr.FindOrderByID(ctx, new(big.Int).Add(o.ID, big.NewInt(1000)))
		require.ErrorIs(t, err, trader.ErrOrderNotFound)

		src := sourceOf(c)
		src.StartBlock = o.Receipt.BlockNumber.Uint64() + 1 // configured to start after the order
		lateTrader, err := trader.New(ctx, src, signer.NewPrivateKeySigner(mustKey(t)), c.Client, trader.Options{})
		require.NoError(t, err)
		_, err = lateTrader.FindOrderByID(ctx, o.ID)
		require.ErrorIs(t, err, trader.ErrOrderNotFound)
	})

	t.Run("wait for an order: every stage, in order, then verified", func(t *testing.T) {
		var stages []trader.OrderStage
		gw := &script{orders: []answer[api.OrderStatus]{
			{err: notFound}, {v: relaying}, {v: placed}, {v: placed}, {v: open}, {v: settled},
		}}
		v, err := tr.Verifier().WaitOrder(ctx, gw, o.Tx.Hex(), fast(time.Minute, func(p trader.OrderProgress) {
			stages = append(stages, p.Stage)
			if p.Stage == trader.StageVerified {
				require.NotNil(t, p.Verification)
				require.Equal(t, settle.TxHash, p.Verification.ReturnTx)
			} else {
				require.Nil(t, p.Verification)
			}
		}))
		require.NoError(t, err)
		require.Equal(t, settle.TxHash, v.ReturnTx)
		requireBig(t, bought, v.Event.BuyAmount)
		require.Equal(t, []trader.OrderStage{trader.StagePlaced, trader.StageConfirmed, trader.StageClosed, trader.StageVerified}, stages)
		require.Equal(t, 6, gw.polls)
	})

	t.Run("wait for an order: stages passed between polls are still reported", func(t *testing.T) {
		var stages []trader.OrderStage
		var statuses []string
		_, err := tr.Verifier().WaitOrder(ctx, &script{orders: []answer[api.OrderStatus]{{v: settled}}}, o.Tx.Hex(),
			fast(time.Minute, func(p trader.OrderProgress) {
				stages = append(stages, p.Stage)
				statuses = append(statuses, p.Status.Status)
			}))
		require.NoError(t, err)
		require.Equal(t, []trader.OrderStage{trader.StagePlaced, trader.StageConfirmed, trader.StageClosed, trader.StageVerified}, stages)
		require.Equal(t, []string{api.StatusSettled, api.StatusSettled, api.StatusSettled, api.StatusSettled}, statuses)
	})

	t.Run("wait for an order: confirmations on the trader's RPC are awaited", func(t *testing.T) {
		c.Isolate(t)
		v := tr.Verifier()
		v.Confirmations = 3
		gw := &script{orders: []answer[api.OrderStatus]{{v: settled}}, onPoll: func(n int) {
			if n > 0 {
				require.NoError(t, c.Mine(ctx, 1))
			}
		}}
		got, err := v.WaitOrder(ctx, gw, o.Tx.Hex(), fast(time.Minute, nil))
		require.NoError(t, err)
		require.Equal(t, uint64(3), got.Confirmations)
		require.Equal(t, 3, gw.polls, "two more blocks, one per poll after the first")
	})

	t.Run("wait for an order: a lie fails verification at once", func(t *testing.T) {
		lie := settled
		lie.QuantityBought = "2.5"
		gw := &script{orders: []answer[api.OrderStatus]{{v: lie}}}
		_, err := tr.Verifier().WaitOrder(ctx, gw, o.Tx.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrVerificationFailed)
		require.Equal(t, 1, gw.polls)

		_, err = tr.Verifier().WaitOrder(ctx, &script{orders: []answer[api.OrderStatus]{{v: settled}}}, settle.TxHash.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrVerificationFailed, "the report of another instruction")
	})

	t.Run("wait for an order: the gateway's failures are ErrGateway, with their own message", func(t *testing.T) {
		boom := &client.Error{StatusCode: http.StatusInternalServerError, Method: http.MethodGet, Path: "/v3/order-status", Description: "boom"}
		_, err := tr.Verifier().WaitOrder(ctx, &script{orders: []answer[api.OrderStatus]{{err: boom}}}, o.Tx.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrGateway)
		var ce *client.Error
		require.ErrorAs(t, err, &ce)
		require.Equal(t, boom.Error(), err.Error())

		odd := placed
		odd.Status = "EXPLODED"
		_, err = tr.Verifier().WaitOrder(ctx, &script{orders: []answer[api.OrderStatus]{{v: odd}}}, o.Tx.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrGateway)
		require.EqualError(t, err, "the gateway reports order "+odd.OrderID+" as EXPLODED")
	})

	t.Run("wait for an order: the timeout names what was awaited", func(t *testing.T) {
		for _, tc := range []struct {
			answer  answer[api.OrderStatus]
			waiting string
		}{
			{answer[api.OrderStatus]{err: notFound}, "the gateway to see the order"},
			{answer[api.OrderStatus]{v: relaying}, "the relay transaction to be mined"},
			{answer[api.OrderStatus]{v: placed}, "confirmation"},
			{answer[api.OrderStatus]{v: open}, "settlement"},
		} {
			t.Run(tc.waiting, func(t *testing.T) {
				_, err := tr.Verifier().WaitOrder(ctx, &script{orders: []answer[api.OrderStatus]{tc.answer}}, o.Tx.Hex(), fast(50*time.Millisecond, nil))
				require.ErrorIs(t, err, trader.ErrWaitTimeout)
				require.EqualError(t, err, "timed out after 50ms waiting for "+tc.waiting)
			})
		}
	})

	t.Run("wait for an order: ctx ends the wait", func(t *testing.T) {
		ctx, cancel := context.WithCancel(ctx)
		gw := &script{orders: []answer[api.OrderStatus]{{err: notFound}}, onPoll: func(n int) {
			if n == 2 {
				cancel()
			}
		}}
		_, err := tr.Verifier().WaitOrder(ctx, gw, o.Tx.Hex(), fast(0, nil))
		require.ErrorIs(t, err, context.Canceled)
	})

	t.Run("wait for a withdrawal", func(t *testing.T) {
		c.Isolate(t)
		r, err := tr.Withdraw(ctx, dai, bought, c.Traders[1].Address)
		require.NoError(t, err)
		done := api.WithdrawalStatus{
			InstructionID: r.TxHash.Hex(), Source: "ETHEREUM", Trader: tr.Address().Hex(), Asset: "dai", Amount: "2.4",
			To: c.Traders[1].Address.Hex(), Status: api.StatusCompleted, TransactionHash: r.TxHash.Hex(),
		}
		pending := done
		pending.Status, pending.TransactionHash = api.StatusPending, ""

		gw := &script{withdrawals: []answer[api.WithdrawalStatus]{{err: notFound}, {v: pending}, {v: done}}}
		v, err := tr.Verifier().WaitWithdrawal(ctx, gw, r.TxHash.Hex(), fast(time.Minute, nil))
		require.NoError(t, err)
		requireBig(t, bought, v.Event.Amount)
		require.Equal(t, 3, gw.polls)

		lie := done
		lie.Amount = "2.5"
		_, err = tr.Verifier().WaitWithdrawal(ctx, &script{withdrawals: []answer[api.WithdrawalStatus]{{v: lie}}}, r.TxHash.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrVerificationFailed)

		failed := pending
		failed.Status = api.StatusFailed
		_, err = tr.Verifier().WaitWithdrawal(ctx, &script{withdrawals: []answer[api.WithdrawalStatus]{{v: failed}}}, r.TxHash.Hex(), fast(time.Minute, nil))
		require.ErrorIs(t, err, trader.ErrGateway)
		require.ErrorIs(t, err, trader.ErrWithdrawalFailed)
		require.EqualError(t, err, "the gateway reports withdrawal "+r.TxHash.Hex()+" FAILED")

		_, err = tr.Verifier().WaitWithdrawal(ctx, &script{withdrawals: []answer[api.WithdrawalStatus]{{v: pending}}}, r.TxHash.Hex(), fast(50*time.Millisecond, nil))
		require.ErrorIs(t, err, trader.ErrWaitTimeout)
		require.EqualError(t, err, "timed out after 50ms waiting for withdrawal "+r.TxHash.Hex())
	})

	t.Run("approved withdrawal address", func(t *testing.T) {
		dest := c.Traders[1].Address
		entry := func(source, addr, status string) api.WithdrawalAddress {
			return api.WithdrawalAddress{ID: "1", WithdrawalLocation: source, WithdrawalLocationReference: addr, Status: status}
		}
		for _, tc := range []struct {
			name  string
			addrs []api.WithdrawalAddress
			want  bool
		}{
			{"approved", []api.WithdrawalAddress{entry("ETHEREUM", dest.Hex(), "APPROVED")}, true},
			{"source in another case", []api.WithdrawalAddress{entry("ethereum", dest.Hex(), "APPROVED")}, true},
			{"address in lower case", []api.WithdrawalAddress{entry("ETHEREUM", "0x"+common.Bytes2Hex(dest.Bytes()), "APPROVED")}, true},
			{"one of several", []api.WithdrawalAddress{entry("ETHEREUM", tr.Address().Hex(), "APPROVED"), entry("ETHEREUM", dest.Hex(), "APPROVED")}, true},
			{"none", nil, false},
			{"pending", []api.WithdrawalAddress{entry("ETHEREUM", dest.Hex(), "PENDING")}, false},
			{"on another chain", []api.WithdrawalAddress{entry("OPTIMISM", dest.Hex(), "APPROVED")}, false},
			{"another address", []api.WithdrawalAddress{entry("ETHEREUM", tr.Address().Hex(), "APPROVED")}, false},
			{"a wrong EIP-55 checksum", []api.WithdrawalAddress{entry("ETHEREUM", testnet.WrongChecksum(dest), "APPROVED")}, false},
			{"not an address", []api.WithdrawalAddress{entry("ETHEREUM", "0xnope", "APPROVED")}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				require.Equal(t, tc.want, trader.IsApprovedWithdrawalAddress(tc.addrs, "ETHEREUM", dest))
				err := tr.CheckWithdrawalAddress(ctx, lister{res: api.WithdrawalAddressesResponse{Addresses: tc.addrs}}, dest)
				if tc.want {
					require.NoError(t, err)
				} else {
					require.ErrorIs(t, err, trader.ErrAddressNotApproved)
					require.NotErrorIs(t, err, trader.ErrGateway)
				}
			})
		}
		t.Run("the gateway cannot be asked", func(t *testing.T) {
			err := tr.CheckWithdrawalAddress(ctx, lister{err: notFound}, dest)
			require.ErrorIs(t, err, trader.ErrGateway)
			require.Equal(t, http.StatusNotFound, client.StatusCode(err))
		})
	})
}

// lister answers WithdrawalAddresses.
type lister struct {
	res api.WithdrawalAddressesResponse
	err error
}

func (l lister) WithdrawalAddresses(context.Context) (api.WithdrawalAddressesResponse, error) {
	return l.res, l.err
}

var _ trader.WithdrawalAddressLister = lister{}

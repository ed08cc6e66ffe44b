package faults

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// settleTimeout bounds the wait, after the faults, for every order to be final.
const settleTimeout = 4 * time.Minute

// isFinal reports whether an order status is final.
func isFinal(status string) bool { return status == api.StatusSettled || status == api.StatusCancelled }

// settle waits until the gateway reports every answered order settled or cancelled.
func (e *env) settle(t *testing.T, r *runResult) {
	t.Helper()
	began := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), settleTimeout)
	defer cancel()
	for {
		pending := 0
		for _, o := range r.orders {
			if o.err != nil || isFinal(o.status) {
				continue
			}
			actx, acancel := context.WithTimeout(ctx, 10*time.Second)
			var st api.OrderStatus
			var err error
			if o.kind == kindOffchain {
				st, err = o.acct.cl.OrderByInstructionKind(actx, "", api.SourceOffchain, api.OrderKindSwap, o.instruction)
			} else {
				st, err = o.acct.cl.OrderByInstruction(actx, o.source, o.instruction)
			}
			acancel()
			if err == nil {
				o.status = st.Status
				if st.OrderID != "" {
					o.orderID = st.OrderID
				}
				if st.OrderKey != "" {
					o.orderKey = st.OrderKey
				}
			}
			if !isFinal(o.status) {
				pending++
			}
		}
		if pending == 0 {
			t.Logf("every order final %s after the faults", time.Since(began).Round(time.Second))
			return
		}
		if ctx.Err() != nil {
			t.Logf("%d orders still not final %s after the faults", pending, settleTimeout)
			return
		}
		time.Sleep(time.Second)
	}
}

// report is what check found.
type report struct {
	lost, double                int
	onchain, offchain           int
	settled, cancelled, retries int
	deliveries                  int
	failoverMax                 time.Duration
}

// chainTruth is what a chain's DTW contract recorded, read from anvil.
type chainTruth struct {
	placedByTx map[common.Hash][]string   // placement tx -> order keys
	placedTxs  map[string][]common.Hash   // order key -> transactions that placed it
	closes     map[string][]dtw.EventKind // order key -> settled/cancelled events
}

// relayedKey is the key of trader's order relayed with nonce: its on-chain id is
// 1 << 62 | nonce (a relayed order's slot is its nonce's, so one order a nonce).
func relayedKey(trader common.Address, nonce int64) string {
	id := new(big.Int).Or(new(big.Int).Lsh(big.NewInt(1), 62), big.NewInt(nonce))
	return dtw.KeyOf(id, dtw.Order{Trader: trader}).Hex()
}

func (e *env) readChain(t *testing.T, source string) chainTruth {
	t.Helper()
	c := e.net.Chain(source)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	logs, err := c.Client.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(c.DeployBlock), Addresses: []common.Address{c.DTW},
		Topics: [][]common.Hash{{dtw.EventTopics[2], dtw.EventTopics[3], dtw.EventTopics[4]}}})
	require.NoError(t, err)
	ct := chainTruth{placedByTx: map[common.Hash][]string{}, placedTxs: map[string][]common.Hash{}, closes: map[string][]dtw.EventKind{}}
	var ptrs []*types.Log
	for i := range logs {
		require.False(t, logs[i].Removed)
		ptrs = append(ptrs, &logs[i])
	}
	for _, ev := range dtw.DecodeLogs(c.DTW, ptrs) {
		key := ev.OrderKey.Hex()
		switch ev.Kind {
		case dtw.EventOrderPlaced:
			ct.placedByTx[ev.TxHash] = append(ct.placedByTx[ev.TxHash], key)
			ct.placedTxs[key] = append(ct.placedTxs[key], ev.TxHash)
		case dtw.EventOrderSettled, dtw.EventOrderCancelled:
			ct.closes[key] = append(ct.closes[key], ev.Kind)
		}
	}
	return ct
}

// outboxEvent is an events row.
type outboxEvent struct {
	id                         int64
	kind, source, acct, trader string
	payload                    string
}

func (e *env) outbox(t *testing.T) []outboxEvent {
	t.Helper()
	rows, err := e.db.Query(`SELECT id, kind, source, account_id, trader, payload FROM events WHERE id > $1 ORDER BY id`, e.firstEvent)
	require.NoError(t, err)
	defer rows.Close()
	var out []outboxEvent
	for rows.Next() {
		var ev outboxEvent
		require.NoError(t, rows.Scan(&ev.id, &ev.kind, &ev.source, &ev.acct, &ev.trader, &ev.payload))
		out = append(out, ev)
	}
	require.NoError(t, rows.Err())
	return out
}

// check verifies the run's outcome on the chains, in the ledger, the outbox and the
// webhook receiver, and counts lost and doubly settled orders.
func (e *env) check(t *testing.T, r *runResult) report {
	t.Helper()
	var rep report
	for _, msg := range r.errs {
		t.Errorf("fault injection: %s", msg)
	}
	for lease, ds := range r.failovers {
		if strings.HasPrefix(lease, "settler:") {
			rep.failoverMax = max(rep.failoverMax, slices.Max(ds))
		}
		t.Logf("failovers of %s: %v", lease, ds)
	}
	lost := func(o *order, format string, args ...any) {
		rep.lost++
		t.Logf("LOST order %d (%s %s, instruction %s, order %s): %s", o.i, o.kind, o.source, o.instruction, o.orderID, fmt.Sprintf(format, args...))
	}
	double := func(o *order, format string, args ...any) {
		rep.double++
		t.Logf("DOUBLE order %d (%s %s, instruction %s, order %s): %s", o.i, o.kind, o.source, o.instruction, o.orderID, fmt.Sprintf(format, args...))
	}

	// On-chain orders, against the contract's own events.
	truth := map[string]chainTruth{}
	for _, c := range e.net.Chains {
		truth[c.Source] = e.readChain(t, c.Source)
	}
	netEvents := map[string]int{} // source/orderId -> settled or cancelled events less removed ones
	for _, ev := range e.outbox(t) {
		if ev.kind != string(outbox.OrderSettled) && ev.kind != string(outbox.OrderCancelled) {
			continue
		}
		var p outbox.OrderClosed
		require.NoError(t, json.Unmarshal([]byte(ev.payload), &p))
		key := p.Source + "/" + strconv.FormatUint(p.OrderID, 10)
		if p.Removed {
			netEvents[key]--
		} else {
			netEvents[key]++
		}
	}
	eventsOf := func(o *order, id string) {
		switch n := netEvents[o.source+"/"+id]; {
		case n == 0:
			t.Errorf("order %d (%s %s %s): no ORDER_SETTLED/ORDER_CANCELLED event in the outbox", o.i, o.kind, o.source, id)
		case n > 1:
			double(o, "%d closing events in the outbox", n)
		}
	}
	settledSwaps := map[*account]int{}
	for _, o := range r.orders {
		rep.retries += o.retries
		switch o.status {
		case api.StatusSettled:
			rep.settled++
		case api.StatusCancelled:
			rep.cancelled++
		}
		if o.err != nil {
			lost(o, "no answer or refused: %v", o.err)
			continue
		}
		if o.kind == kindOffchain {
			rep.offchain++
			if !isFinal(o.status) {
				lost(o, "status %q at the end", o.status)
				continue
			}
			if o.status == api.StatusSettled {
				settledSwaps[o.acct]++
			}
			eventsOf(o, o.orderID)
			continue
		}
		rep.onchain++
		ct := truth[o.source]
		placement := common.HexToHash(o.instruction)
		if o.kind == kindGasless {
			txs := ct.placedTxs[relayedKey(o.acct.trader.Address, o.nonce)]
			if len(txs) == 0 {
				lost(o, "no order of its nonce on chain: not relayed")
				continue
			}
			if len(txs) > 1 {
				double(o, "its nonce placed %d orders", len(txs))
			}
			if txs[0] != placement {
				t.Errorf("order %d (gasless %s): answered instructionId %s, but the relay mined is %s", o.i, o.source, o.instruction, txs[0].Hex())
				placement = txs[0]
			}
		}
		keys := ct.placedByTx[placement]
		if len(keys) != 1 {
			lost(o, "%d orders placed by %s on chain", len(keys), placement.Hex())
			continue
		}
		key := keys[0]
		if o.orderKey != "" && o.orderKey != key {
			t.Errorf("order %d: gateway says order key %s, the chain %s", o.i, o.orderKey, key)
		}
		id := o.orderID // the gateway's, which its outbox events name
		closes := ct.closes[key]
		switch {
		case len(closes) == 0:
			lost(o, "never settled nor cancelled on chain (gateway status %q)", o.status)
			continue
		case len(closes) > 1:
			double(o, "closed %d times on chain: %v", len(closes), closes)
		}
		want := api.StatusSettled
		if closes[0] == dtw.EventOrderCancelled {
			want = api.StatusCancelled
		}
		if o.status != want {
			t.Errorf("order %d (%s %s %s): gateway status %q, on chain %s", o.i, o.kind, o.source, id, o.status, closes[0])
		}
		if o.fillable != (want == api.StatusSettled) {
			t.Logf("order %d (%s %s %s, fillable %v) ended %s", o.i, o.kind, o.source, id, o.fillable, want)
		}
		eventsOf(o, id)
	}

	// OFFCHAIN: the ledger balances, each settled swap moved funds once.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	require.NoError(t, ledger.Audit(ctx, e.st), "ledger invariant")
	for _, a := range e.accts {
		var trades int
		require.NoError(t, e.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger_entries WHERE kind = $1 AND account_id = $2`, ledger.KindTrade, a.id).Scan(&trades))
		if trades > settledSwaps[a] {
			rep.double += trades - settledSwaps[a]
			t.Logf("DOUBLE: account %s has %d trade entries for %d settled swaps", a.name, trades, settledSwaps[a])
		}
		var bal api.BalancesResponse
		_, err := untilAnswer(ctx, func(ctx context.Context) error {
			var err error
			bal, err = a.cl.Balances(ctx, "", api.SourceOffchain)
			return err
		})
		require.NoError(t, err)
		want := decimal.NewFromInt(usdDeposit - 10*int64(settledSwaps[a]))
		for _, b := range bal.Balances {
			if got, err := decimal.NewFromString(b.Balance); b.Asset == "usd" && (err != nil || !got.Equal(want)) {
				t.Errorf("account %s: usd balance %s, want %s (%d settled swaps of 10)", a.name, b.Balance, want, settledSwaps[a])
			}
		}
	}

	// Webhooks: every account activity event of the accounts delivered at least once.
	wallets := map[string]*account{}
	for _, a := range e.accts {
		wallets[strings.ToLower(a.trader.Address.Hex())] = a
	}
	want := map[*account][]string{}
	for _, ev := range e.outbox(t) {
		if ev.kind != string(outbox.Deposit) && ev.kind != string(outbox.Withdrawal) {
			continue
		}
		for _, a := range e.accts {
			if ev.acct == a.id || (ev.acct == "" && wallets[strings.ToLower(ev.trader)] == a) {
				want[a] = append(want[a], strconv.FormatInt(ev.id, 10))
			}
		}
	}
	deadline := time.Now().Add(2 * time.Minute)
	for _, a := range e.accts {
		require.NotEmpty(t, want[a], "account %s has activity", a.name)
		for len(a.hook.missing(want[a])) > 0 && time.Now().Before(deadline) {
			time.Sleep(200 * time.Millisecond)
		}
		missing := a.hook.missing(want[a])
		require.Empty(t, missing, "account %s: %d of %d activity events never delivered", a.name, len(missing), len(want[a]))
		a.hook.mu.Lock()
		require.Empty(t, a.hook.bad, "deliveries that failed verification")
		rep.deliveries += a.hook.total
		a.hook.mu.Unlock()
		t.Logf("account %s: %d activity events, all delivered (%d deliveries)", a.name, len(want[a]), a.hook.total)
	}
	return rep
}

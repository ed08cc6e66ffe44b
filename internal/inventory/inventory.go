// Package inventory keeps the operator's funds of each chain where they are needed: its
// free balance inside the DTW contract (the DTW inventory, which settles orders) and its
// own wallet (the treasury, which pays OFFCHAIN withdrawals, receives sweeps and pays the
// gas). Each asset may have a target band per place (chains[].inventory); the settler's
// Rebalancer reads both places every round, reports where each stands (metrics and the
// store, for `dtwgate admin inventory`), carries out the moves an operator asked for
// (`dtwgate admin inventory move`) and, with chains[].rebalance: auto, moves funds back
// to target when a place leaves its band, or when an order waits for DTW inventory that
// the treasury holds.
//
// Every move is recorded in the store before anything is sent, and its transactions are
// journaled by the chain's sender under the move's reference (inventory-move:ID), so a
// crash at any point moves the funds once.
package inventory

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Places of an asset's funds.
const (
	// PlaceDTW is the operator's free balance inside the DTW contract.
	PlaceDTW = "dtw"
	// PlaceTreasury is the operator's wallet.
	PlaceTreasury = "treasury"
)

// States of a place against its band.
const (
	StateBelow  = "below"
	StateWithin = "within"
	StateAbove  = "above"
	// StateUnwatched: the place has no band.
	StateUnwatched = "unwatched"
)

// Journal kinds of a move's transactions.
const (
	KindApprove  = "inventory-approve"
	KindDeposit  = "inventory-deposit"
	KindWithdraw = "inventory-withdraw"
)

// Reasons of moves.
const (
	ReasonManual = "manual"
	ReasonAuto   = "auto: "
)

// Band is a place's target band in whole tokens; a zero Band (Set false) is not watched.
type Band struct {
	Min, Target, Max decimal.Decimal
	Set              bool
}

// State says where balance stands against the band.
func (b Band) State(balance decimal.Decimal) string {
	switch {
	case !b.Set:
		return StateUnwatched
	case balance.LessThan(b.Min):
		return StateBelow
	case balance.GreaterThan(b.Max):
		return StateAbove
	}
	return StateWithin
}

// Asset is one watched asset of the chain.
type Asset struct {
	chain.Asset
	DTW, Treasury Band
}

// Assets returns the watched assets of a chain's config: those named in ch.Inventory,
// with their bands. ch must have passed config.Check.
func Assets(ch config.Chain, src *chain.Source) ([]Asset, error) {
	var out []Asset
	for _, inv := range ch.Inventory {
		a, err := src.Asset(inv.Asset)
		if err != nil {
			return nil, fmt.Errorf("inventory: %w", err)
		}
		w := Asset{Asset: a}
		for _, p := range []struct {
			cfg  config.Band
			band *Band
		}{{inv.DTW, &w.DTW}, {inv.Treasury, &w.Treasury}} {
			if !p.cfg.Set() {
				continue
			}
			lo, target, hi, err := p.cfg.Parse(a.Decimals)
			if err != nil {
				return nil, fmt.Errorf("%s: inventory %s: %w", src.Name, inv.Asset, err)
			}
			*p.band = Band{Min: lo, Target: target, Max: hi, Set: true}
		}
		out = append(out, w)
	}
	return out, nil
}

// Client is the RPC a Rebalancer needs.
type Client interface {
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	CallContract(ctx context.Context, call ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
}

// Store is what a Rebalancer reads and writes; the settler gives it a store fenced by its
// lease (election.Fenced).
type Store interface {
	JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error)
	TxsAtNonce(ctx context.Context, source string, sender common.Address, nonce uint64) ([]chain.JournalTx, error)
	OpenInventoryMoves(ctx context.Context, source string) ([]store.InventoryMove, error)
	AddInventoryMove(ctx context.Context, m store.InventoryMove) (int64, error)
	SetInventoryMove(ctx context.Context, id int64, state, txHash, errText string, at time.Time) error
	PutInventoryPlaces(ctx context.Context, source string, places []store.InventoryPlace) error
}

// Metricer records where each place stands and the moves. Called from the settler's round.
type Metricer interface {
	// RecordPlace records a place's balance and band (whole tokens) and its state.
	RecordPlace(asset, place string, balance decimal.Decimal, band Band, state string)
	// RecordMove records a move sent, done or failed (state "sent", "done", "failed").
	RecordMove(asset, from, state string)
}

// NoopMetrics records nothing.
type NoopMetrics struct{}

// RecordPlace implements Metricer.
func (NoopMetrics) RecordPlace(string, string, decimal.Decimal, Band, string) {}

// RecordMove implements Metricer.
func (NoopMetrics) RecordMove(string, string, string) {}

// Config configures one chain's Rebalancer.
type Config struct {
	// Source is the chain.
	Source *chain.Source
	// Assets are the watched assets (Assets).
	Assets []Asset
	// Auto moves funds when a place leaves its band (chains[].rebalance: auto); without
	// it only the moves an operator asked for are carried out.
	Auto bool
	// GiveUpAfter is how long a move whose transaction cannot be sent (the estimate
	// fails: the funds are not there) is retried before it is marked FAILED. Default 1m.
	GiveUpAfter time.Duration
	// Logger receives progress; nil uses slog.Default().
	Logger *slog.Logger
	// Metrics records the places and moves; nil records nothing.
	Metrics Metricer
	// Now is the clock; nil uses time.Now.
	Now func() time.Time
}

// Rebalancer is the inventory job of one chain's settler (an engine.Job) and the
// engine's Refiller.
type Rebalancer struct {
	cfg    Config
	client Client
	st     Store
	log    *slog.Logger
	dtw    *bindings.DTW

	mu sync.Mutex
	// treasury is the treasury's surplus over its band's min, by token, as last read.
	surplus map[common.Address]*big.Int
	// demand is what orders waiting for DTW inventory lack, by token, since the last round.
	demand map[common.Address]*big.Int
}

// New returns the Rebalancer of cfg.Source.
func New(cfg Config, client Client, st Store) *Rebalancer {
	if cfg.GiveUpAfter == 0 {
		cfg.GiveUpAfter = time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NoopMetrics{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Rebalancer{cfg: cfg, client: client, st: st, log: cfg.Logger.With("source", cfg.Source.Name, "job", "inventory"),
		dtw: bindings.NewDTW(), surplus: map[common.Address]*big.Int{}, demand: map[common.Address]*big.Int{}}
}

// Refill is asked by the engine about an order that the DTW inventory of token lacks
// shortfall (base units) to settle: it reports whether a rebalance from the treasury will
// cover it (rebalance auto, and the treasury's surplus over its band's min covers this and
// the other orders' shortfalls of the round), and if so counts it in the next round's
// move. The engine then lets the order wait instead of cancelling it.
func (r *Rebalancer) Refill(token common.Address, shortfall *big.Int) bool {
	if !r.cfg.Auto || shortfall.Sign() <= 0 {
		return false
	}
	if _, ok := r.asset(token); !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	surplus, ok := r.surplus[token]
	if !ok {
		return false
	}
	want := new(big.Int).Set(shortfall)
	if d := r.demand[token]; d != nil {
		want.Add(want, d)
	}
	if want.Cmp(surplus) > 0 {
		return false
	}
	r.demand[token] = want
	return true
}

func (r *Rebalancer) asset(token common.Address) (Asset, bool) {
	for _, a := range r.cfg.Assets {
		if a.Address == token {
			return a, true
		}
	}
	return Asset{}, false
}

// Round carries out the open moves, reads and reports both places of every watched
// asset, and with Auto starts the moves that bring a place back into its band. Each
// asset's work runs even when another's failed; the errors are joined.
func (r *Rebalancer) Round(ctx context.Context, sender *chain.Sender) error {
	r.mu.Lock()
	demand := r.demand
	r.demand = map[common.Address]*big.Int{}
	r.mu.Unlock()
	open, err := r.st.OpenInventoryMoves(ctx, r.cfg.Source.Name)
	if err != nil {
		return err
	}
	busy := map[string]bool{}
	var errs []error
	for _, m := range open {
		busy[m.Asset] = true
		errs = append(errs, r.advance(ctx, sender, m))
	}
	var places []store.InventoryPlace
	for _, a := range r.cfg.Assets {
		dtwBal, treBal, err := r.balances(ctx, sender.Address(), a)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		now := r.cfg.Now()
		for _, p := range []struct {
			place string
			bal   decimal.Decimal
			band  Band
		}{{PlaceDTW, dtwBal, a.DTW}, {PlaceTreasury, treBal, a.Treasury}} {
			state := p.band.State(p.bal)
			r.cfg.Metrics.RecordPlace(a.ID, p.place, p.bal, p.band, state)
			places = append(places, store.InventoryPlace{Source: r.cfg.Source.Name, Asset: a.ID, Place: p.place, Balance: p.bal,
				Min: p.band.Min, Target: p.band.Target, Max: p.band.Max, State: state, UpdatedAt: now})
		}
		surplus := treBal
		if a.Treasury.Set {
			surplus = treBal.Sub(a.Treasury.Min)
		}
		r.mu.Lock()
		r.surplus[a.Address] = units(a, decimal.Max(surplus, decimal.Zero))
		r.mu.Unlock()
		if !r.cfg.Auto || busy[a.ID] {
			continue
		}
		var need decimal.Decimal
		if d := demand[a.Address]; d != nil {
			need = a.FromBaseUnits(d)
		}
		from, amount, why := Plan(a, dtwBal, treBal, need)
		if amount.Sign() <= 0 {
			continue
		}
		m := store.InventoryMove{Source: r.cfg.Source.Name, Asset: a.ID, From: from, Amount: amount, Reason: ReasonAuto + why, CreatedAt: now}
		if m.ID, err = r.st.AddInventoryMove(ctx, m); err != nil {
			errs = append(errs, err)
			continue
		}
		r.log.Info("inventory move", "asset", a.ID, "from", from, "amount", amount, "reason", m.Reason, "move", m.ID)
		errs = append(errs, r.advance(ctx, sender, m))
	}
	if err := r.st.PutInventoryPlaces(ctx, r.cfg.Source.Name, places); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Plan decides the move that brings an asset's places back into their bands, given their
// balances and what orders waiting for DTW inventory lack (need, whole tokens): from which
// place, how much (zero: none) and why. The DTW inventory comes first: it is refilled
// from the treasury's surplus over its min when below its band or short of need; then
// the treasury from the DTW inventory's surplus; then a place above its band gives its
// excess over target to the other, as far as the other stays within its own band.
func Plan(a Asset, dtw, treasury, need decimal.Decimal) (from string, amount decimal.Decimal, why string) {
	// room is what a place takes before it goes above its band: the excess of one place
	// never pushes the other out of its band (they would hand it back and forth).
	room := func(bal decimal.Decimal, b Band) decimal.Decimal {
		if !b.Set {
			return bal.Add(decimal.New(1, 80)) // unbounded
		}
		return decimal.Max(b.Max.Sub(bal), decimal.Zero)
	}
	surplus := func(bal decimal.Decimal, b Band) decimal.Decimal {
		if b.Set {
			bal = bal.Sub(b.Min)
		}
		return decimal.Max(bal, decimal.Zero)
	}
	want := need
	why = "orders wait for dtw inventory"
	if a.DTW.Set && dtw.LessThan(a.DTW.Min) {
		want, why = decimal.Max(want, a.DTW.Target.Sub(dtw)), "dtw below its band"
	}
	if want.Sign() > 0 {
		return PlaceTreasury, decimal.Min(want, surplus(treasury, a.Treasury)), why
	}
	switch {
	case a.Treasury.Set && treasury.LessThan(a.Treasury.Min):
		return PlaceDTW, decimal.Min(a.Treasury.Target.Sub(treasury), surplus(dtw, a.DTW)), "treasury below its band"
	case a.DTW.Set && dtw.GreaterThan(a.DTW.Max):
		return PlaceDTW, decimal.Min(dtw.Sub(a.DTW.Target), room(treasury, a.Treasury)), "dtw above its band"
	case a.Treasury.Set && treasury.GreaterThan(a.Treasury.Max):
		return PlaceTreasury, decimal.Min(treasury.Sub(a.Treasury.Target), room(dtw, a.DTW)), "treasury above its band"
	}
	return "", decimal.Zero, ""
}

// units is d of a in base units (d has at most a's decimals: it comes from balances and
// bands of the token).
func units(a Asset, d decimal.Decimal) *big.Int {
	return d.Shift(int32(a.Decimals)).BigInt()
}

var balanceOfSelector = crypto.Keccak256([]byte("balanceOf(address)"))[:4]

// balances reads the operator's DTW inventory and treasury balance of a, in whole tokens.
func (r *Rebalancer) balances(ctx context.Context, operator common.Address, a Asset) (dtw, treasury decimal.Decimal, err error) {
	src := r.cfg.Source
	out, err := r.client.CallContract(ctx, ethereum.CallMsg{To: &src.DTW, Data: r.dtw.PackBalanceOf(operator, a.Address)}, nil)
	if err != nil {
		return dtw, treasury, fmt.Errorf("%s dtw inventory: %w", a.ID, err)
	}
	d, err := r.dtw.UnpackBalanceOf(out)
	if err != nil {
		return dtw, treasury, fmt.Errorf("%s dtw inventory: %w", a.ID, err)
	}
	var t *big.Int
	if a.Address == (common.Address{}) {
		t, err = r.client.BalanceAt(ctx, operator, nil)
	} else {
		var out []byte
		out, err = r.client.CallContract(ctx, ethereum.CallMsg{To: &a.Address,
			Data: append(append([]byte{}, balanceOfSelector...), common.LeftPadBytes(operator.Bytes(), 32)...)}, nil)
		if err == nil && len(out) != 32 {
			err = fmt.Errorf("balanceOf answered %d bytes", len(out))
		}
		t = new(big.Int).SetBytes(out)
	}
	if err != nil {
		return dtw, treasury, fmt.Errorf("%s treasury: %w", a.ID, err)
	}
	return a.FromBaseUnits(d), a.FromBaseUnits(t), nil
}

// Ref is the journal reference of a move's transfer; its approval (a token moved into
// DTW) is journaled under Ref + ":approve".
func Ref(id int64) string { return fmt.Sprintf("inventory-move:%d", id) }

var approveSelector = crypto.Keccak256([]byte("approve(address,uint256)"))[:4]

// advance takes a PENDING move one step: it sends what the journal does not have yet (a
// token's approval, then the transfer), and records the move DONE or FAILED once the
// transfer is final.
func (r *Rebalancer) advance(ctx context.Context, sender *chain.Sender, m store.InventoryMove) error {
	a, ok := r.byID(m.Asset)
	if !ok {
		return r.finish(ctx, m, store.InventoryMoveFailed, "", fmt.Sprintf("%s is not a token of %s", m.Asset, r.cfg.Source.Name))
	}
	amount, err := a.ToBaseUnits(m.Amount)
	if err != nil || amount.Sign() <= 0 {
		return r.finish(ctx, m, store.InventoryMoveFailed, "", fmt.Sprintf("%s is not a positive amount of %s", m.Amount, m.Asset))
	}
	src := r.cfg.Source
	ref := Ref(m.ID)
	done, hash, failed, err := r.outcome(ctx, ref)
	switch {
	case err != nil:
		return err
	case failed != "":
		return r.finish(ctx, m, store.InventoryMoveFailed, hash, failed)
	case done:
		return r.finish(ctx, m, store.InventoryMoveDone, hash, "")
	case hash != "":
		return nil // sent; not final yet
	}
	var kind string
	var to common.Address
	var value *big.Int
	var data []byte
	switch m.From {
	case PlaceTreasury:
		if a.Address != (common.Address{}) {
			approved, ahash, afailed, err := r.outcome(ctx, ref+":approve")
			switch {
			case err != nil:
				return err
			case afailed != "":
				return r.finish(ctx, m, store.InventoryMoveFailed, ahash, "approval: "+afailed)
			case ahash == "":
				data := append(append(append([]byte{}, approveSelector...), common.LeftPadBytes(src.DTW.Bytes(), 32)...), common.LeftPadBytes(amount.Bytes(), 32)...)
				_, err := sender.SendRef(ctx, KindApprove, ref+":approve", a.Address, nil, data)
				return r.sendFailed(ctx, m, err)
			case !approved:
				return nil
			}
		} else {
			value = amount
		}
		kind, to, data = KindDeposit, src.DTW, r.dtw.PackDeposit(a.Address, amount)
	case PlaceDTW:
		kind, to, data = KindWithdraw, src.DTW, r.dtw.PackWithdraw(a.Address, amount, sender.Address())
	default:
		return r.finish(ctx, m, store.InventoryMoveFailed, "", fmt.Sprintf("%q is not a place (dtw, treasury)", m.From))
	}
	jt, err := sender.SendRef(ctx, kind, ref, to, value, data)
	if err != nil {
		return r.sendFailed(ctx, m, err)
	}
	r.cfg.Metrics.RecordMove(m.Asset, m.From, "sent")
	r.log.Info("inventory move sent", "move", m.ID, "asset", m.Asset, "from", m.From, "amount", m.Amount, "tx", jt.Hash)
	return r.st.SetInventoryMove(ctx, m.ID, store.InventoryMovePending, jt.Hash.Hex(), "", r.cfg.Now())
}

// sendFailed handles a send error of a move's transaction: already journaled (a crash
// after sending) is no error, the next round reads the journal; otherwise it is retried
// until the move is GiveUpAfter old, then the move fails.
func (r *Rebalancer) sendFailed(ctx context.Context, m store.InventoryMove, err error) error {
	switch {
	case err == nil, errors.Is(err, chain.ErrRefExists):
		return nil
	case r.cfg.Now().Sub(m.CreatedAt) >= r.cfg.GiveUpAfter:
		return r.finish(ctx, m, store.InventoryMoveFailed, "", "not sent: "+err.Error())
	}
	r.log.Warn("inventory move not sent yet; will retry", "move", m.ID, "asset", m.Asset, "from", m.From, "err", err)
	return nil
}

// outcome reads the journal's transaction of ref: its hash ("" when not journaled),
// whether it is confirmed, and why it failed ("" unless it reverted or was dropped).
func (r *Rebalancer) outcome(ctx context.Context, ref string) (confirmed bool, hash, failed string, err error) {
	jt, err := r.st.JournalRef(ctx, r.cfg.Source.Name, ref)
	if errors.Is(err, store.ErrNotFound) {
		return false, "", "", nil
	}
	if err != nil {
		return false, "", "", err
	}
	txs, err := r.st.TxsAtNonce(ctx, r.cfg.Source.Name, jt.Sender, jt.Nonce)
	if err != nil {
		return false, "", "", err
	}
	hash = jt.Hash.Hex()
	open := false
	for _, t := range txs {
		switch t.State {
		case chain.TxConfirmed:
			return true, t.Hash.Hex(), "", nil
		case chain.TxFailed:
			return false, t.Hash.Hex(), "the transaction reverted", nil
		case chain.TxPending, chain.TxMined:
			open = true
		}
	}
	if !open && len(txs) > 0 {
		return false, hash, "the transaction was dropped: its nonce was used by another transaction", nil
	}
	return false, hash, "", nil
}

// finish records a move's final state.
func (r *Rebalancer) finish(ctx context.Context, m store.InventoryMove, state, hash, reason string) error {
	if state == store.InventoryMoveFailed {
		r.log.Error("inventory move failed", "move", m.ID, "asset", m.Asset, "from", m.From, "amount", m.Amount, "reason", reason, "tx", hash)
	} else {
		r.log.Info("inventory move done", "move", m.ID, "asset", m.Asset, "from", m.From, "amount", m.Amount, "tx", hash)
	}
	r.cfg.Metrics.RecordMove(m.Asset, m.From, strings.ToLower(state))
	return r.st.SetInventoryMove(ctx, m.ID, state, hash, reason, r.cfg.Now())
}

func (r *Rebalancer) byID(id string) (Asset, bool) {
	for _, a := range r.cfg.Assets {
		if a.ID == id {
			return a, true
		}
	}
	if a, err := r.cfg.Source.Asset(id); err == nil { // a manual move of an unwatched asset
		return Asset{Asset: a}, true
	}
	return Asset{}, false
}

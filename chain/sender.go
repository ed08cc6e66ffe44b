package chain

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
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/params"
)

// TxSigner signs the sender's transactions. signer.Signer satisfies it.
type TxSigner interface {
	Address() common.Address
	SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error)
}

// SenderClient is the part of an RPC client a Sender needs.
type SenderClient interface {
	BlockNumber(ctx context.Context) (uint64, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
}

// SenderConfig configures a Sender.
type SenderConfig struct {
	// Source is the chain's source name, the journal's key with the sender address.
	Source string
	// ChainID is the chain id transactions are signed for.
	ChainID *big.Int
	// Confirmations is the depth at which a mined transaction is final. Default 1.
	Confirmations uint64
	// Fees prices new transactions and fee bumps (cap, tip, bump percentage); the zero
	// value is the defaults of FeePolicy.
	Fees FeePolicy
	// BumpAfter is how long a transaction may stay unmined before its fees are bumped.
	// Default 30s.
	BumpAfter time.Duration
	// Logger receives progress; nil uses slog.Default().
	Logger *slog.Logger
	// BeforeBroadcast, when set, runs after a new transaction is journaled and before it
	// is broadcast. It exists for crash tests (a process killed in this window must
	// resume from the journal); production leaves it nil.
	BeforeBroadcast func(ctx context.Context, tx JournalTx)
	// Metrics records transactions sent, replaced and final, and the open count; nil
	// records nothing.
	Metrics SenderMetricer
}

// Outcome is a journaled transaction that reached a final state in a Tick.
type Outcome struct {
	Tx      JournalTx
	Receipt *types.Receipt
}

// Sender signs, journals and broadcasts the transactions of one (chain, key), keeps its
// nonces, bumps the fees of stuck transactions and follows them to the confirmation
// depth. Every transaction is journaled before it is broadcast, so after a crash Tick
// re-broadcasts what was signed instead of signing anew. Send and Tick may be called
// from several goroutines; they serialize on the sender.
type Sender struct {
	cfg    SenderConfig
	client SenderClient
	signer TxSigner
	jrnl   Journal
	mu     sync.Mutex
}

// NewSender returns a sender. It sends nothing until Send or Tick is called.
func NewSender(cfg SenderConfig, client SenderClient, signer TxSigner, journal Journal) *Sender {
	if cfg.Confirmations == 0 {
		cfg.Confirmations = 1
	}
	if cfg.BumpAfter == 0 {
		cfg.BumpAfter = 30 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NoopMetrics{}
	}
	cfg.Logger = cfg.Logger.With("source", cfg.Source, "sender", signer.Address())
	return &Sender{cfg: cfg, client: client, signer: signer, jrnl: journal}
}

// Address returns the sending account.
func (s *Sender) Address() common.Address { return s.signer.Address() }

// Send estimates, signs, journals and broadcasts a transaction to `to`. A call that would
// revert fails here, before anything is signed. A broadcast error after journaling is
// logged, not returned: the transaction is journaled and Tick will re-broadcast it.
func (s *Sender) Send(ctx context.Context, kind string, orderIDs []uint64, to common.Address, data []byte) (JournalTx, error) {
	return s.send(ctx, kind, orderIDs, nil, to, data)
}

// SendRelay is Send for a transaction that relays a trader's signed request: the relay
// record is journaled with the transaction. When the record's (trader, nonce) is already
// recorded it fails with ErrRelayExists, and nothing is journaled or broadcast.
func (s *Sender) SendRelay(ctx context.Context, kind string, relay Relay, to common.Address, data []byte) (JournalTx, error) {
	return s.send(ctx, kind, nil, &relay, to, data)
}

// SendRef is Send for a transaction that does the work named by ref (unique per source)
// and may carry value (wei, nil for none): the ref is journaled with the transaction, and
// when it is already journaled it fails with ErrRefExists, sending nothing. A caller that
// crashed after sending learns the transaction from the journal instead of paying twice.
func (s *Sender) SendRef(ctx context.Context, kind, ref string, to common.Address, value *big.Int, data []byte) (JournalTx, error) {
	if ref == "" {
		return JournalTx{}, errors.New("SendRef needs a ref")
	}
	return s.sendTx(ctx, JournalTx{Kind: kind, Ref: ref}, to, value, data)
}

func (s *Sender) send(ctx context.Context, kind string, orderIDs []uint64, relay *Relay, to common.Address, data []byte) (JournalTx, error) {
	return s.sendTx(ctx, JournalTx{Kind: kind, OrderIDs: orderIDs, Relay: relay}, to, nil, data)
}

// sendTx estimates, signs, journals and broadcasts a transaction described by t (its
// kind, orders, relay and ref).
func (s *Sender) sendTx(ctx context.Context, t JournalTx, to common.Address, value *big.Int, data []byte) (JournalTx, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kind := t.Kind
	if value == nil {
		value = new(big.Int)
	}
	from := s.signer.Address()
	gas, err := s.client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Value: value, Data: data})
	if err != nil {
		return JournalTx{}, fmt.Errorf("estimate %s: %w", kind, err)
	}
	nonce, err := s.nextNonce(ctx)
	if err != nil {
		return JournalTx{}, err
	}
	tip, feeCap, err := s.cfg.Fees.Fees(ctx, s.client)
	if err != nil {
		return JournalTx{}, fmt.Errorf("fees: %w", err)
	}
	tx := types.NewTx(&types.DynamicFeeTx{
		ChainID: s.cfg.ChainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap,
		Gas: gas + gas/4, To: &to, Value: value, Data: data,
	})
	return s.journalAndBroadcast(ctx, tx, t, 0)
}

// journalAndBroadcast signs tx, journals it with what t says it does (kind, orders, relay,
// ref) and broadcasts it.
func (s *Sender) journalAndBroadcast(ctx context.Context, tx *types.Transaction, t JournalTx, replaces int64) (JournalTx, error) {
	kind, orderIDs := t.Kind, t.OrderIDs
	signed, err := s.signer.SignTx(ctx, tx, s.cfg.ChainID)
	if err != nil {
		return JournalTx{}, fmt.Errorf("sign %s: %w", kind, err)
	}
	raw, err := signed.MarshalBinary()
	if err != nil {
		return JournalTx{}, fmt.Errorf("encode %s: %w", kind, err)
	}
	jt := JournalTx{
		Source: s.cfg.Source, Sender: s.signer.Address(), Nonce: signed.Nonce(), Hash: signed.Hash(), Raw: raw,
		Kind: kind, OrderIDs: orderIDs, State: TxPending, Replaces: replaces, CreatedAt: time.Now(), Relay: t.Relay, Ref: t.Ref,
	}
	if jt.ID, err = s.jrnl.InsertTx(ctx, jt); err != nil {
		return JournalTx{}, fmt.Errorf("journal %s: %w", kind, err)
	}
	if s.cfg.BeforeBroadcast != nil {
		s.cfg.BeforeBroadcast(ctx, jt)
	}
	s.broadcast(ctx, signed)
	if replaces != 0 {
		s.cfg.Metrics.RecordTxReplaced(kind)
	} else {
		s.cfg.Metrics.RecordTxSent(kind)
	}
	s.cfg.Logger.Info("sent", "kind", kind, "tx", jt.Hash, "nonce", jt.Nonce, "orders", orderIDs, "replaces", replaces)
	return jt, nil
}

// ErrResendFirst reports that a reorg took out final transactions of the journal: they
// must be sent again (the next Tick does) before any new transaction, whose decision was
// made on the state the reorg replaced.
var ErrResendFirst = errors.New("reorged transactions must be sent again first")

// nextNonce is one past the highest nonce journaled or used on chain.
func (s *Sender) nextNonce(ctx context.Context) (uint64, error) {
	onChain, err := s.client.NonceAt(ctx, s.signer.Address(), nil)
	if err != nil {
		return 0, fmt.Errorf("nonce: %w", err)
	}
	reopened, err := s.jrnl.ReopenFrom(ctx, s.cfg.Source, s.signer.Address(), onChain)
	if err != nil {
		return 0, fmt.Errorf("journal: %w", err)
	}
	if reopened > 0 {
		return 0, fmt.Errorf("%w: %d from nonce %d", ErrResendFirst, reopened, onChain)
	}
	last, ok, err := s.jrnl.MaxNonce(ctx, s.cfg.Source, s.signer.Address())
	if err != nil {
		return 0, fmt.Errorf("journal nonce: %w", err)
	}
	if ok && last+1 > onChain {
		return last + 1, nil
	}
	return onChain, nil
}

// broadcast sends a signed transaction; errors that mean the node already has it (or
// its nonce is used) are expected when re-broadcasting and only logged at debug level.
func (s *Sender) broadcast(ctx context.Context, tx *types.Transaction) {
	err := s.client.SendTransaction(ctx, tx)
	switch {
	case err == nil:
	case isKnownTxError(err):
		s.cfg.Logger.Debug("broadcast: node already has it", "tx", tx.Hash(), "err", err)
	default:
		s.cfg.Logger.Warn("broadcast failed; will retry", "tx", tx.Hash(), "err", err)
	}
}

func isKnownTxError(err error) bool {
	msg := strings.ToLower(err.Error())
	for _, s := range []string{"already known", "known transaction", "nonce too low", "already imported", "underpriced"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// Tick follows every open journaled transaction: it records inclusion, finalizes those at
// the confirmation depth, re-broadcasts those a reorg dropped, bumps the fees of those
// stuck longer than BumpAfter, and returns those that reached a final state.
func (s *Sender) Tick(ctx context.Context) ([]Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	used, err := s.client.NonceAt(ctx, s.signer.Address(), nil)
	if err != nil {
		return nil, fmt.Errorf("nonce: %w", err)
	}
	// A final transaction whose nonce the chain has not used any more was taken out by a
	// reorg deeper than the confirmation depth: send the same signed transaction again, or
	// its nonce would stay a gap that no later transaction can pass.
	reopened, err := s.jrnl.ReopenFrom(ctx, s.cfg.Source, s.signer.Address(), used)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if reopened > 0 {
		s.cfg.Logger.Warn("reorg took out final transactions; sending them again", "count", reopened, "from_nonce", used)
	}
	open, err := s.jrnl.OpenTxs(ctx, s.cfg.Source, s.signer.Address())
	if err != nil {
		return nil, err
	}
	filled, err := s.fillGaps(ctx, used, open)
	if err != nil {
		return nil, err
	}
	if filled > 0 {
		if open, err = s.jrnl.OpenTxs(ctx, s.cfg.Source, s.signer.Address()); err != nil {
			return nil, err
		}
	}
	s.cfg.Metrics.RecordOpenTxs(len(open), oldestAge(open, time.Now()))
	if len(open) == 0 {
		return nil, nil
	}
	head, err := s.client.BlockNumber(ctx)
	if err != nil {
		return nil, fmt.Errorf("head: %w", err)
	}
	var out []Outcome
	for i := 0; i < len(open); {
		j := i
		for j < len(open) && open[j].Nonce == open[i].Nonce {
			j++
		}
		done, err := s.tickNonce(ctx, open[i:j], head, used)
		if err != nil {
			return out, err
		}
		for _, o := range done {
			s.cfg.Metrics.RecordTxFinal(o.Tx.Kind, o.Tx.State)
		}
		out = append(out, done...)
		i = j
	}
	return out, nil
}

// findMined returns the transaction of group that was mined, with its receipt, or nil.
func (s *Sender) findMined(ctx context.Context, group []JournalTx) (*JournalTx, *types.Receipt, error) {
	for i := range group {
		r, err := s.client.TransactionReceipt(ctx, group[i].Hash)
		if errors.Is(err, ethereum.NotFound) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("receipt %s: %w", group[i].Hash, err)
		}
		return &group[i], r, nil
	}
	return nil, nil, nil
}

// tickNonce handles the open transactions that share one nonce (an original and its fee
// bumps, oldest first).
func (s *Sender) tickNonce(ctx context.Context, group []JournalTx, head, usedNonces uint64) ([]Outcome, error) {
	mined, receipt, err := s.findMined(ctx, group)
	if err != nil {
		return nil, err
	}
	if mined == nil && usedNonces > group[len(group)-1].Nonce {
		// The nonce is used: before concluding that another transaction used it, look for
		// ours once more (a node may count a mined transaction's nonce a moment before it
		// serves its receipt).
		if mined, receipt, err = s.findMined(ctx, group); err != nil {
			return nil, err
		}
	}
	if mined != nil {
		block := receipt.BlockNumber.Uint64()
		for _, other := range group {
			if other.ID != mined.ID {
				if err := s.jrnl.SetTxState(ctx, other.ID, TxReplaced, 0); err != nil {
					return nil, err
				}
			}
		}
		if head+1 < block+s.cfg.Confirmations {
			if mined.State != TxMined || mined.BlockNumber != block {
				return nil, s.jrnl.SetTxState(ctx, mined.ID, TxMined, block)
			}
			return nil, nil
		}
		state := TxConfirmed
		if receipt.Status != types.ReceiptStatusSuccessful {
			state = TxFailed
		}
		if err := s.jrnl.SetTxState(ctx, mined.ID, state, block); err != nil {
			return nil, err
		}
		final := *mined
		final.State, final.BlockNumber = state, block
		s.cfg.Logger.Info("final", "kind", final.Kind, "tx", final.Hash, "state", state, "block", block)
		return []Outcome{{Tx: final, Receipt: receipt}}, nil
	}

	newest := group[len(group)-1]
	if usedNonces > newest.Nonce {
		// The nonce is used, and none of ours has a receipt. Concluding that another
		// transaction used it is final (its orders are decided again, its relay or payment
		// fails), so it takes the nonce used at the confirmation depth, read after the
		// receipts: a reorg between the nonce read above and the receipt lookups (ours was
		// mined, then taken out, and is about to be sent again) does not count, nor a node
		// that counts a nonce before it serves the receipt.
		final, err := s.nonceAtDepth(ctx, head)
		if err != nil {
			return nil, err
		}
		if final <= newest.Nonce {
			return nil, nil // not at the depth yet: wait, the next Tick looks again
		}
		if mined, _, err := s.findMined(ctx, group); err != nil || mined != nil {
			return nil, err // ours after all: the next Tick records it
		}
		// The nonce is used at the depth, by none of ours: nothing of this group can be
		// mined any more.
		var out []Outcome
		for _, t := range group {
			if err := s.jrnl.SetTxState(ctx, t.ID, TxDropped, 0); err != nil {
				return nil, err
			}
			t.State = TxDropped
			out = append(out, Outcome{Tx: t})
		}
		s.cfg.Logger.Warn("nonce used by an unknown transaction", "nonce", newest.Nonce)
		return out, nil
	}
	for _, t := range group {
		if t.State == TxMined { // it was included, and a reorg took it out again
			s.cfg.Logger.Warn("reorg dropped a transaction; re-broadcasting", "tx", t.Hash, "was_block", t.BlockNumber)
			if err := s.jrnl.SetTxState(ctx, t.ID, TxPending, 0); err != nil {
				return nil, err
			}
		}
	}
	var tx types.Transaction
	if err := tx.UnmarshalBinary(newest.Raw); err != nil {
		return nil, fmt.Errorf("journal tx %d: %w", newest.ID, err)
	}
	if time.Since(newest.CreatedAt) < s.cfg.BumpAfter {
		s.broadcast(ctx, &tx)
		return nil, nil
	}
	bumped, ok, err := s.bump(ctx, &tx)
	if err != nil {
		return nil, err
	}
	if !ok {
		s.broadcast(ctx, &tx)
		return nil, nil
	}
	_, err = s.journalAndBroadcast(ctx, bumped, JournalTx{Kind: newest.Kind, OrderIDs: newest.OrderIDs}, newest.ID)
	return nil, err
}

// nonceAtDepth is the sender's nonce as of the block at the confirmation depth below
// head: the nonces used by final transactions.
func (s *Sender) nonceAtDepth(ctx context.Context, head uint64) (uint64, error) {
	if head+1 < s.cfg.Confirmations {
		return 0, nil
	}
	n, err := s.client.NonceAt(ctx, s.signer.Address(), new(big.Int).SetUint64(head+1-s.cfg.Confirmations))
	if err != nil {
		return 0, fmt.Errorf("nonce at depth: %w", err)
	}
	return n, nil
}

// maxGapFills bounds the gap fillers one Tick signs (a node answering a far too low nonce
// must not make it sign thousands).
const maxGapFills = 16

// fillGaps signs a gap filler (KindGapFiller) for every nonce from used up to the highest
// journaled one that no open transaction holds. Such a nonce had only transactions that
// were dropped (used by another transaction), and a reorg freed it again: every later
// transaction waits behind it, and sending a dropped one again would do what was already
// reported as not done. Final transactions at or past used were reopened just before, so
// they are open here. It returns how many it sent.
func (s *Sender) fillGaps(ctx context.Context, used uint64, open []JournalTx) (int, error) {
	last, ok, err := s.jrnl.MaxNonce(ctx, s.cfg.Source, s.signer.Address())
	if err != nil {
		return 0, fmt.Errorf("journal nonce: %w", err)
	}
	if !ok || last < used {
		return 0, nil
	}
	held := make(map[uint64]bool, len(open))
	for _, t := range open {
		held[t.Nonce] = true
	}
	var gaps []uint64
	for n := used; n <= last && len(gaps) < maxGapFills; n++ {
		if !held[n] {
			gaps = append(gaps, n)
		}
	}
	if len(gaps) == 0 {
		return 0, nil
	}
	tip, feeCap, err := s.cfg.Fees.Fees(ctx, s.client) // once for all the fillers of this Tick
	if err != nil {
		return 0, fmt.Errorf("fees: %w", err)
	}
	self := s.signer.Address()
	filled := 0
	for _, n := range gaps {
		s.cfg.Logger.Warn("nonce gap: a reorg freed a nonce whose transactions were dropped; filling it", "nonce", n)
		tx := types.NewTx(&types.DynamicFeeTx{ChainID: s.cfg.ChainID, Nonce: n, GasTipCap: tip, GasFeeCap: feeCap,
			Gas: params.TxGas, To: &self, Value: new(big.Int)})
		if _, err := s.journalAndBroadcast(ctx, tx, JournalTx{Kind: KindGapFiller}, 0); err != nil {
			return filled, err
		}
		filled++
	}
	return filled, nil
}

// bump returns tx with its fees raised by the fee policy, or ok=false when the cap leaves
// no room for a valid replacement.
func (s *Sender) bump(ctx context.Context, tx *types.Transaction) (*types.Transaction, bool, error) {
	newTip, newCap, ok, err := s.cfg.Fees.Bump(ctx, s.client, tx.GasTipCap(), tx.GasFeeCap())
	if err != nil {
		return nil, false, fmt.Errorf("fees: %w", err)
	}
	if !ok {
		s.cfg.Logger.Warn("fee cap reached; not bumping", "tx", tx.Hash(), "cap", s.cfg.Fees.Cap())
		return nil, false, nil
	}
	return types.NewTx(&types.DynamicFeeTx{
		ChainID: s.cfg.ChainID, Nonce: tx.Nonce(), GasTipCap: newTip, GasFeeCap: newCap,
		Gas: tx.Gas(), To: tx.To(), Value: tx.Value(), Data: tx.Data(),
	}), true, nil
}

// OpenCount returns how many journaled transactions the sender still watches.
func (s *Sender) OpenCount(ctx context.Context) (int, error) {
	open, err := s.jrnl.OpenTxs(ctx, s.cfg.Source, s.signer.Address())
	return len(open), err
}

// oldestAge is how long ago the oldest of open was journaled, 0 when open is empty.
func oldestAge(open []JournalTx, now time.Time) time.Duration {
	var oldest time.Time
	for _, tx := range open {
		if oldest.IsZero() || tx.CreatedAt.Before(oldest) {
			oldest = tx.CreatedAt
		}
	}
	if oldest.IsZero() {
		return 0
	}
	return max(now.Sub(oldest), 0)
}

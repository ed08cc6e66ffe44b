package chain

import "time"

// FollowerMetricer records a Follower's progress. A Follower calls it from its one polling
// goroutine. Implementations are bound to one chain (the follower's source).
type FollowerMetricer interface {
	// RecordFollowerHead records, after every successful poll, the chain head seen, the
	// last block applied and the lag: how many blocks at the confirmation depth are not
	// applied yet (0 when caught up).
	RecordFollowerHead(head, synced, lag uint64)
	// RecordReorg records a reorg the follower rolled back.
	RecordReorg()
}

// SenderMetricer records what a Sender sends and how it ends. Implementations are bound
// to one chain and are called concurrently by the sender's callers.
type SenderMetricer interface {
	// RecordTxSent records a new transaction (not a fee bump) journaled and broadcast;
	// kind is the journal's kind (a small fixed set: settle, cancel, the relay kinds).
	RecordTxSent(kind string)
	// RecordTxReplaced records a fee bump: a new transaction replacing a stuck one.
	RecordTxReplaced(kind string)
	// RecordTxFinal records a transaction reaching a final state (TxConfirmed, TxFailed
	// or TxDropped).
	RecordTxFinal(kind string, state TxState)
	// RecordOpenTxs records how many journaled transactions the sender still watches and
	// how long ago the oldest of them was first sent (0 when none is open): a transaction
	// that stays open for many blocks is stuck.
	RecordOpenTxs(n int, oldest time.Duration)
}

// NoopMetrics records nothing. It is what a Follower or Sender uses when its config has
// no metrics.
type NoopMetrics struct{}

var (
	_ FollowerMetricer = NoopMetrics{}
	_ SenderMetricer   = NoopMetrics{}
)

// RecordFollowerHead implements FollowerMetricer.
func (NoopMetrics) RecordFollowerHead(head, synced, lag uint64) {}

// RecordReorg implements FollowerMetricer.
func (NoopMetrics) RecordReorg() {}

// RecordTxSent implements SenderMetricer.
func (NoopMetrics) RecordTxSent(kind string) {}

// RecordTxReplaced implements SenderMetricer.
func (NoopMetrics) RecordTxReplaced(kind string) {}

// RecordTxFinal implements SenderMetricer.
func (NoopMetrics) RecordTxFinal(kind string, state TxState) {}

// RecordOpenTxs implements SenderMetricer.
func (NoopMetrics) RecordOpenTxs(n int, oldest time.Duration) {}

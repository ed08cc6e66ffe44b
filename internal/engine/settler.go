package engine

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
)

// relayBatch bounds the relay requests sent in one round.
const relayBatch = 50

// RelayRetryFor is how long a relay request that fails for a reason other than the
// contract's refusal (an RPC error, a journal that must resend first) is retried before
// it is marked failed.
const RelayRetryFor = time.Minute

// sendRelays sends the chain's REQUESTED relays through the journaled sender. The journal
// moves each to SENT (with its transaction hash) in the transaction's own store
// transaction; a request the contract refuses is FAILED with the revert's name.
func (e *Engine) sendRelays(ctx context.Context) error {
	reqs, err := e.store.PendingRelayRequests(ctx, e.cfg.Source.Name, relayBatch)
	if err != nil {
		return err
	}
	var oldest time.Duration
	if len(reqs) > 0 { // oldest first
		oldest = max(time.Since(reqs[0].CreatedAt), 0)
	}
	e.cfg.Metrics.RecordRelaysQueued(len(reqs), oldest)
	for _, r := range reqs {
		nonce, ok := new(big.Int).SetString(r.Nonce, 10)
		if !ok {
			if err := e.store.FailRelayRequest(ctx, r.ID, store.RelayRequested, "bad nonce "+r.Nonce); err != nil {
				return err
			}
			continue
		}
		_, err := e.sender.SendRelay(ctx, r.Kind, chain.Relay{Trader: r.Trader, Nonce: nonce, Digest: r.Digest, AccountID: r.AccountID},
			e.cfg.Source.DTW, r.Data)
		reason := dtw.RevertName(err)
		switch {
		case err == nil:
			continue
		case errors.Is(err, chain.ErrRelayExists):
			// The relay is no longer REQUESTED: this request was sent already (its
			// journal entry committed, then the broadcast failed). Never failed here.
			continue
		case reason != "":
		case time.Since(r.CreatedAt) > RelayRetryFor:
			reason = store.RelayReasonNotSent + err.Error()
		default:
			e.log.Warn("relay not sent; will retry", "kind", r.Kind, "trader", r.Trader, "nonce", r.Nonce, "err", err)
			continue
		}
		e.log.Info("relay refused", "kind", r.Kind, "trader", r.Trader, "nonce", r.Nonce, "reason", reason)
		err = e.store.FailRelayRequest(ctx, r.ID, store.RelayRequested, reason)
		if errors.Is(err, store.ErrConflict) {
			continue // sent meanwhile (the error came after its journal entry): it stands
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// failRelays fails the relays whose transaction reverted or was dropped, with the reason
// the status endpoints answer: the DTW contract consumed nothing of a transaction that
// reverted or was never mined, so the store frees the trader's nonce for another signed
// request (the contract refuses it there if something else has used it since).
func (e *Engine) failRelays(ctx context.Context) error {
	fs, err := e.store.RelaysToFail(ctx, e.cfg.Source.Name)
	if err != nil {
		return err
	}
	for _, f := range fs {
		reason := e.relayFailure(ctx, f)
		e.log.Warn("relay failed; its trader nonce is free again", "kind", f.Relay.Kind, "trader", f.Relay.Trader,
			"nonce", f.Relay.Nonce, "tx", f.Relay.TxHash, "reason", reason)
		if err := e.store.FailRelayRequest(ctx, f.Relay.ID, store.RelaySent, reason); err != nil {
			return err
		}
	}
	return nil
}

// relayFailure says why a relay failed. For a revert it names the contract's error when
// replaying the call at the end of the block still reverts.
func (e *Engine) relayFailure(ctx context.Context, f store.RelayFailure) string {
	if f.State == chain.TxDropped {
		return fmt.Sprintf("%s: transaction %s was never mined (another transaction used its operator nonce)", store.RelayReasonDropped, f.TxHash.Hex())
	}
	what := store.RelayReasonReverted
	_, err := e.client.CallContract(ctx, ethereum.CallMsg{From: e.sender.Address(), To: &e.cfg.Source.DTW, Data: f.Relay.Data},
		new(big.Int).SetUint64(f.Block))
	if name := dtw.RevertName(err); name != "" {
		what += " (" + name + ")"
	}
	return fmt.Sprintf("%s: transaction %s reverted in block %d", what, f.TxHash.Hex(), f.Block)
}

// publish writes the follower's head and the operator's inventory of every listed token
// to the store, for the API processes.
func (e *Engine) publish(ctx context.Context) error {
	now := time.Now()
	if err := e.store.PutSettlerHead(ctx, store.SettlerHead{
		Source: e.cfg.Source.Name, Head: e.follower.Head(), Synced: e.follower.Synced(), UpdatedAt: now,
	}); err != nil {
		return err
	}
	inv := store.Inventory{Source: e.cfg.Source.Name, Operator: e.sender.Address(), Balances: map[common.Address]*big.Int{}, At: now}
	cache := map[common.Address]*big.Int{}
	for _, a := range e.cfg.Source.Assets {
		b, err := e.inventory(ctx, a.Address, cache)
		if err != nil {
			return err
		}
		inv.Balances[a.Address] = new(big.Int).Set(b)
	}
	return e.store.PutInventory(ctx, inv)
}

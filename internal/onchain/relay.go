package onchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/store"
)

// RelayPolicy bounds what the gateway relays, at its operator's expense, for traders:
// gasless orders and withdrawals. Orders and withdrawals that traders send to the DTW
// contract themselves are not affected.
type RelayPolicy struct {
	// Minimums are the smallest relayed amounts, by source name and asset id. An asset
	// without an entry, or with a zero minimum, has no minimum.
	Minimums map[string]map[string]RelayMinimum
	// PerAccount limits the relays one account asks for. Only requests that would send a
	// transaction count: an identical retry, or a refused request, does not. The zero
	// Limit is no limit.
	PerAccount ratelimit.Limit
	// Now is the rate limit's clock; nil is time.Now.
	Now func() time.Time
	// Wait bounds how long a relay request waits for its chain's settler to send it;
	// then it is ErrRelayQueued. Default DefaultRelayWait.
	Wait time.Duration
}

// RelayMinimum is the smallest amount of one asset the gateway relays, in whole tokens.
type RelayMinimum struct {
	// Order bounds an order's amount to sell.
	Order decimal.Decimal
	// Withdrawal bounds a withdrawal's amount.
	Withdrawal decimal.Decimal
}

// RateLimitError is ErrRateLimited with the time until the account may relay again.
type RateLimitError struct {
	// RetryAfter is how long to wait.
	RetryAfter time.Duration
}

// Error implements error.
func (e *RateLimitError) Error() string {
	return fmt.Sprintf("%v: retry in %s", ErrRateLimited, e.RetryAfter.Round(time.Millisecond))
}

// Unwrap makes errors.Is(err, ErrRateLimited) hold.
func (e *RateLimitError) Unwrap() error { return ErrRateLimited }

// relayRequest is a checked signed request to relay.
type relayRequest struct {
	kind      string
	accountID string
	// wallets are the caller's, for the status of an earlier relay.
	wallets []common.Address
	trader  common.Address
	nonce   *big.Int
	// orderID is the order a cancel request names.
	orderID string
	// digest is the EIP-712 digest of the signed request.
	digest common.Hash
	// data is the calldata of the relay transaction.
	data []byte
}

// checkMinimum refuses a relayed amount of asset below the policy's minimum for kind.
func (s *Service) checkMinimum(c *Chain, asset chain.Asset, amount *big.Int, kind string) error {
	m := s.policy.Minimums[c.Source.Name][asset.ID]
	minimum, field, what := m.Order, "amountToSell", "orders"
	if kind == RelayWithdrawal {
		minimum, field, what = m.Withdrawal, "amount", "withdrawals"
	}
	if minimum.Sign() <= 0 {
		return nil
	}
	if got := asset.FromBaseUnits(amount); got.LessThan(minimum) {
		return fmt.Errorf("%w: %s %s %s is below the minimum of %s %s for relayed (gasless) %s on %s; send it to the DTW contract yourself, or sign a larger amount",
			ErrAmountTooSmall, field, got, asset.ID, minimum, asset.ID, what, c.Source.Name)
	}
	return nil
}

// DefaultRelayWait is how long a relay request waits for its chain's settler to send it.
const DefaultRelayWait = 20 * time.Second

// relay stores a checked signed request for the settler of its chain to send, and waits
// (at most the policy's Wait) for the transaction. The store keeps one relay per (chain,
// trader, nonce), which the settler moves to SENT with its transaction in the journal's
// own store transaction: the identical request gets the first transaction and its
// current status back, also after a crash or from another API process, and any other
// request with the nonce is ErrNonceUsed. A request that failed (refused by the contract,
// or its transaction reverted or was dropped) may be asked again, or another signed with
// its nonce: it replaces the failed one.
func (s *Service) relay(ctx context.Context, c *Chain, req relayRequest) (api.SubmitResponse, error) {
	for {
		q, err := s.store.RelayRequestByNonce(ctx, c.Source.Name, req.trader, req.nonce.String())
		switch {
		case errors.Is(err, store.ErrNotFound), err == nil && q.State == store.RelayFailed: // the nonce is free
		case err != nil:
			return api.SubmitResponse{}, err
		case q.State == store.RelayRequested:
			if q.Digest != req.digest {
				return api.SubmitResponse{}, nonceUsedBy(req, q.Kind, "waiting to be relayed")
			}
			return s.awaitRelay(ctx, c, req, false)
		default: // SENT or CONFIRMED
			return s.relayed(ctx, c, req, q)
		}
		if ok, wait := s.limiter.Allow(req.accountID, s.policy.Now()); !ok {
			return api.SubmitResponse{}, &RateLimitError{RetryAfter: wait}
		}
		err = s.store.InsertRelayRequest(ctx, store.Relay{Source: c.Source.Name, Kind: req.kind, Trader: req.trader,
			Nonce: req.nonce.String(), Digest: req.digest, AccountID: req.accountID, Data: req.data})
		if errors.Is(err, store.ErrConflict) {
			continue // another API process stored a request of the nonce meanwhile
		}
		if err != nil {
			return api.SubmitResponse{}, err
		}
		return s.awaitRelay(ctx, c, req, true)
	}
}

// awaitRelay waits for the settler to send a stored request, or to fail it: it reads the
// relay each time the store says a relay moved (RelaysNotify, also for the settler's
// commits in other processes), and gives up after the policy's Wait. The request that
// stored it (fresh) is answered PENDING, as its transaction was just sent; a retry gets
// the current status.
func (s *Service) awaitRelay(ctx context.Context, c *Chain, req relayRequest, fresh bool) (api.SubmitResponse, error) {
	wait, cancel := context.WithTimeout(ctx, s.policy.Wait)
	defer cancel()
	for {
		moved := s.store.RelaysNotify() // before reading: a commit after the read closes it
		q, err := s.store.RelayRequestByNonce(ctx, c.Source.Name, req.trader, req.nonce.String())
		if err != nil {
			return api.SubmitResponse{}, err
		}
		switch {
		case q.State == store.RelaySent || q.State == store.RelayConfirmed:
			if fresh && q.Digest == req.digest {
				return api.SubmitResponse{InstructionID: q.TxHash.Hex(), OrderSource: c.Source.Name, Status: api.StatusPending}, nil
			}
			return s.relayed(ctx, c, req, q)
		case q.Digest != req.digest:
			return api.SubmitResponse{}, nonceUsedBy(req, q.Kind, "waiting to be relayed")
		case q.State == store.RelayFailed && q.TxHash != (common.Hash{}):
			// Sent, then reverted or dropped before this wait saw it sent: its
			// instructionId, FAILED (the status endpoints give the reason).
			return api.SubmitResponse{InstructionID: q.TxHash.Hex(), OrderSource: c.Source.Name, Status: api.StatusFailed}, nil
		case q.State == store.RelayFailed:
			return api.SubmitResponse{}, refused(c, req, q.Reason)
		}
		select {
		case <-moved:
		case <-wait.Done():
			if err := ctx.Err(); err != nil {
				return api.SubmitResponse{}, err
			}
			return api.SubmitResponse{}, fmt.Errorf("%w: the settler of %s has not sent it within %s; send the identical request again to get its instructionId",
				ErrRelayQueued, c.Source.Name, s.policy.Wait)
		}
	}
}

// refused is the error of a request the settler failed with reason.
func refused(c *Chain, req relayRequest, reason string) error {
	switch {
	case reason == store.RelayReasonNonceUsed:
		return fmt.Errorf("%w: nonce %s of trader %s is already used on %s (the DTW contract refuses it); sign again with a fresh nonce",
			ErrNonceUsed, req.nonce, req.trader.Hex(), c.Source.Name)
	case strings.HasPrefix(reason, store.RelayReasonNotSent):
		return fmt.Errorf("%w: the settler of %s could not send it; post the identical request again", ErrRelayQueued, c.Source.Name)
	}
	return invalid("the DTW contract refuses it: %s", echo.Value(reason))
}

func nonceUsedBy(req relayRequest, kind, as string) error {
	what := map[string]string{RelayWithdrawal: "withdrawal", RelayCancelRequest: "cancel request", RelayNonceInvalidation: "nonce invalidation"}[kind]
	if what == "" {
		what = "order"
	}
	return fmt.Errorf("%w: nonce %s of trader %s is already used by another signed %s, %s; sign again with a fresh nonce",
		ErrNonceUsed, req.nonce, req.trader.Hex(), what, as)
}

// relayed answers a request whose trader nonce is already relayed: the identical signed
// request gets the relay's instructionId and its current status, as the status endpoints
// report it; any other request is ErrNonceUsed.
func (s *Service) relayed(ctx context.Context, c *Chain, req relayRequest, prev store.Relay) (api.SubmitResponse, error) {
	if prev.Digest != req.digest {
		return api.SubmitResponse{}, nonceUsedBy(req, prev.Kind, "relayed as "+prev.TxHash.Hex())
	}
	resp := api.SubmitResponse{InstructionID: prev.TxHash.Hex(), OrderSource: c.Source.Name}
	switch req.kind {
	case RelayWithdrawal:
		st, err := s.WithdrawalStatus(ctx, req.wallets, resp.InstructionID)
		resp.Status = st.Status
		return resp, err
	case RelayCancelRequest:
		st, err := s.orderStatusByID(ctx, c, req.wallets, req.orderID)
		resp.Status = st.Status
		return resp, err
	case RelayNonceInvalidation:
		resp.Status = api.StatusPending // the trader checks the relay transaction itself
		return resp, nil
	}
	st, err := s.orderByInstruction(ctx, c, req.wallets, resp.InstructionID)
	resp.Status = st.Status
	return resp, err
}

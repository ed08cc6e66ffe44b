package onchain

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
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

// relay sends a relay transaction once per (chain, trader, nonce). The relay's record,
// with the request's EIP-712 digest, is journaled with the transaction before it is
// broadcast, and its (chain, trader, nonce) is a unique key of the store: the identical
// request gets the first transaction and its current status back, also after a crash or
// from another gateway process, and any other request with the nonce is ErrNonceUsed.
func (s *Service) relay(ctx context.Context, c *Chain, req relayRequest) (api.SubmitResponse, error) {
	s.relayMu.Lock()
	defer s.relayMu.Unlock()
	prev, err := s.store.RelayByNonce(ctx, c.Source.Name, req.trader, req.nonce.String())
	if err == nil {
		return s.relayed(ctx, c, req, prev)
	}
	if !errors.Is(err, store.ErrNotFound) {
		return api.SubmitResponse{}, err
	}
	if ok, wait := s.limiter.Allow(req.accountID, s.policy.Now()); !ok {
		return api.SubmitResponse{}, &RateLimitError{RetryAfter: wait}
	}
	jt, err := c.Engine.Relay(ctx, req.kind, chain.Relay{Trader: req.trader, Nonce: req.nonce, Digest: req.digest, AccountID: req.accountID}, req.data)
	reason := dtw.RevertName(err)
	switch {
	case err == nil:
		return api.SubmitResponse{InstructionID: jt.Hash.Hex(), OrderSource: c.Source.Name, Status: api.StatusPending}, nil
	case errors.Is(err, chain.ErrRelayExists) || reason == "NonceAlreadyUsed":
		// Another gateway process relayed the nonce meanwhile, or the trader used it on chain.
		prev, err := s.store.RelayByNonce(ctx, c.Source.Name, req.trader, req.nonce.String())
		if err == nil {
			return s.relayed(ctx, c, req, prev)
		}
		if !errors.Is(err, store.ErrNotFound) {
			return api.SubmitResponse{}, err
		}
		return api.SubmitResponse{}, fmt.Errorf("%w: nonce %s of trader %s is already used on %s (the DTW contract refuses it); sign again with a fresh nonce",
			ErrNonceUsed, req.nonce, req.trader.Hex(), c.Source.Name)
	case reason != "":
		return api.SubmitResponse{}, invalid("the DTW contract refuses it: %s", reason)
	default:
		return api.SubmitResponse{}, err
	}
}

// relayed answers a request whose trader nonce is already relayed: the identical signed
// request gets the relay's instructionId and its current status, as the status endpoints
// report it; any other request is ErrNonceUsed.
func (s *Service) relayed(ctx context.Context, c *Chain, req relayRequest, prev store.Relay) (api.SubmitResponse, error) {
	if prev.Digest != req.digest {
		what := "order"
		if prev.Kind == RelayWithdrawal {
			what = "withdrawal"
		}
		return api.SubmitResponse{}, fmt.Errorf("%w: nonce %s of trader %s is already used by another signed %s, relayed as %s; sign again with a fresh nonce",
			ErrNonceUsed, req.nonce, req.trader.Hex(), what, prev.TxHash.Hex())
	}
	resp := api.SubmitResponse{InstructionID: prev.TxHash.Hex(), OrderSource: c.Source.Name}
	if req.kind == RelayWithdrawal {
		st, err := s.WithdrawalStatus(ctx, req.wallets, resp.InstructionID)
		resp.Status = st.Status
		return resp, err
	}
	st, err := s.OrderByInstruction(ctx, req.wallets, c.Source.Name, resp.InstructionID)
	resp.Status = st.Status
	return resp, err
}

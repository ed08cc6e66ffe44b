package onchain

import (
	"context"
	"errors"
	"math/big"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

var _ venue.Balancer = chainVenue{}

// Balances implements venue.Balancer: the caller's wallets' balances in the chain's DTW
// contract as the follower confirmed them, derived from their events: available is free
// (deposited, less withdrawn, less locked, plus what settled orders bought), held is
// locked in open orders. Every asset of the chain is listed, zero when none.
func (v chainVenue) Balances(ctx context.Context, c venue.Caller) ([]api.BalanceV2, error) {
	src, ok := v.s.store.(store.ChainBalances)
	if !ok {
		return nil, errors.New("the store keeps no chain events to derive balances from")
	}
	evs, err := src.TraderEvents(ctx, v.c.Source.Name, c.Wallets)
	if err != nil {
		return nil, err
	}
	free, locked := deriveBalances(evs)
	tokens := map[common.Address]bool{}
	for _, a := range v.c.Source.Assets {
		tokens[a.Address] = true
	}
	for t := range free {
		tokens[t] = true
	}
	for t := range locked {
		tokens[t] = true
	}
	out := make([]api.BalanceV2, 0, len(tokens))
	for t := range tokens {
		a, _ := v.c.Source.AssetByAddress(t)
		if a.ID == "" {
			a = chain.Asset{Address: t, Decimals: 18}
		}
		f, l := orZero(free[t]), orZero(locked[t])
		out = append(out, api.BalanceV2{Asset: assetName(a, t), Balance: a.FromBaseUnits(new(big.Int).Add(f, l)).String(),
			Held: a.FromBaseUnits(l).String(), Available: a.FromBaseUnits(f).String()})
	}
	slices.SortFunc(out, func(a, b api.BalanceV2) int { return strings.Compare(a.Asset, b.Asset) })
	return out, nil
}

func orZero(b *big.Int) *big.Int {
	if b == nil {
		return new(big.Int)
	}
	return b
}

// deriveBalances folds DTW events, in chain order, into free and locked balances per token.
func deriveBalances(evs []dtw.Event) (free, locked map[common.Address]*big.Int) {
	free, locked = map[common.Address]*big.Int{}, map[common.Address]*big.Int{}
	add := func(m map[common.Address]*big.Int, t common.Address, x *big.Int, sign int) {
		if x == nil {
			return
		}
		if m[t] == nil {
			m[t] = new(big.Int)
		}
		if sign < 0 {
			m[t].Sub(m[t], x)
		} else {
			m[t].Add(m[t], x)
		}
	}
	placed := map[string]dtw.Event{}
	for _, e := range evs {
		switch e.Kind {
		case dtw.EventDeposited:
			add(free, e.Token, e.Amount, 1)
		case dtw.EventWithdrawn:
			add(free, e.Token, e.Amount, -1)
		case dtw.EventOrderPlaced:
			add(free, e.SellToken, e.SellAmount, -1)
			add(locked, e.SellToken, e.SellAmount, 1)
			if e.OrderID != nil {
				placed[e.OrderID.String()] = e
			}
		case dtw.EventOrderSettled, dtw.EventOrderCancelled:
			if e.OrderID == nil {
				continue
			}
			o, ok := placed[e.OrderID.String()]
			if !ok {
				continue
			}
			delete(placed, e.OrderID.String())
			add(locked, o.SellToken, o.SellAmount, -1)
			if e.Kind == dtw.EventOrderCancelled {
				add(free, o.SellToken, o.SellAmount, 1)
			} else {
				add(free, o.BuyToken, e.BuyAmount, 1)
			}
		}
	}
	return free, locked
}

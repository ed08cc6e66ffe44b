package offchain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/store"
)

// QuoteValidity is how long an RFQ quote is firm (the interface's 5 seconds).
const QuoteValidity = 5 * time.Second

// rfqKey is the ledger key of an RFQ trade.
func rfqKey(accountID, instructionID string) string { return "rfq:" + accountID + ":" + instructionID }

// quoteView is a quote's wire form.
func quoteView(q store.RFQQuote) api.Quote {
	return api.Quote{InstructionID: q.InstructionID, SellingAsset: q.SellingAsset, BuyingAsset: q.BuyingAsset,
		AmountToBuy: q.AmountToBuy.String(), AmountToSell: q.AmountToSell.String(), Price: q.Price.String(), Commission: q.Commission.String(),
		TimestampMillis: fmt.Sprint(q.CreatedAt.UnixMilli()), ExpiresAtMillis: fmt.Sprint(q.ExpiresAt.UnixMilli())}
}

// RequestQuote answers POST /v2/request-quote: a firm price for buying amountToBuy, held
// QuoteValidity. It is priced off the feed like a swap, less commission and less the RFQ
// spread (offchain.rfqSpreadBps), the amount to sell rounded up; the account's funds and
// the house's inventory are checked now and again when the quote is actioned. The same
// instructionId with the same body answers the same quote.
func (s *Trading) RequestQuote(ctx context.Context, accountID string, req api.QuoteRequest) (api.Quote, error) {
	if err := errs.Required("instructionId", req.InstructionID, "sellingAsset", req.SellingAsset, "buyingAsset", req.BuyingAsset,
		"amountToBuy", req.AmountToBuy); err != nil {
		return api.Quote{}, err
	}
	if err := checkInstructionID(req.InstructionID); err != nil {
		return api.Quote{}, err
	}
	sell, buy, err := s.checkPair(req.SellingAsset, req.BuyingAsset)
	if err != nil {
		return api.Quote{}, err
	}
	amount, err := parseAmount("amountToBuy", req.AmountToBuy, buy)
	if err != nil {
		return api.Quote{}, err
	}
	hash := requestHash(store.OrderKindRFQ, sell.ID, buy.ID, amount.String())
	if old, err := s.st.Quote(ctx, accountID, req.InstructionID); err == nil {
		return s.retriedQuote(old, hash)
	} else if !errors.Is(err, store.ErrNotFound) {
		return api.Quote{}, err
	}
	p, err := s.prices.Price(ctx, sell.ID, buy.ID)
	if err != nil {
		return api.Quote{}, err
	}
	rate, err := s.commissionRate(ctx, accountID, sell.ID, buy.ID)
	if err != nil {
		return api.Quote{}, err
	}
	spread := decimal.NewFromInt(s.rfqSpreadBps()).Shift(-4)
	one := decimal.NewFromInt(1)
	net := p.Mul(one.Sub(rate)).Mul(one.Sub(spread)) // buying per selling, all included
	if !net.IsPositive() {
		return api.Quote{}, errorf(ErrInvalid, "no positive price for %s/%s", sell.ID, buy.ID)
	}
	now := s.now()
	q := store.RFQQuote{AccountID: accountID, InstructionID: req.InstructionID, SellingAsset: sell.ID, BuyingAsset: buy.ID,
		AmountToBuy: amount, AmountToSell: amount.DivRound(net, 40).RoundCeil(int32(sell.Decimals)),
		Commission: amount.Mul(rate).DivRound(one.Sub(rate), 40).RoundCeil(int32(buy.Decimals)), RequestHash: hash,
		CreatedAt: now, ExpiresAt: now.Add(QuoteValidity)}
	q.Price = amount.DivRound(q.AmountToSell, 18)
	terms, err := s.bal.terms(ctx, accountID, sell.ID, buy.ID)
	if err != nil {
		return api.Quote{}, err
	}
	var out store.RFQQuote
	err = s.st.InTx(ctx, func(tx TradingTx) error {
		if old, err := tx.Quote(ctx, accountID, q.InstructionID); err == nil {
			out = old
			return nil
		}
		t := quoteTrade(q, 0)
		if err := s.fitsCredit(ctx, tx, t, terms); err != nil {
			return err
		}
		if err := s.fitsInventory(ctx, tx, t.buy, t.gross()); err != nil {
			return err
		}
		out = q
		return tx.CreateQuote(ctx, q)
	})
	if err != nil {
		return api.Quote{}, err
	}
	return s.retriedQuote(out, hash)
}

// retriedQuote answers a request whose instructionId names a quote.
func (s *catalog) retriedQuote(old store.RFQQuote, hash string) (api.Quote, error) {
	if old.RequestHash != hash {
		return api.Quote{}, errorf(ErrInstructionIDReused, "instructionId %q already names a quote for %s %s: repeat its body exactly, or use a new instructionId",
			echo.Value(old.InstructionID), old.AmountToBuy, old.BuyingAsset)
	}
	return quoteView(old), nil
}

// quoteTrade is the trade that actions q as order orderID.
func quoteTrade(q store.RFQQuote, orderID int64) trade {
	return trade{accountID: q.AccountID, sell: q.SellingAsset, buy: q.BuyingAsset, sold: q.AmountToSell, bought: q.AmountToBuy,
		commission: q.Commission, key: rfqKey(q.AccountID, q.InstructionID),
		meta: TradeMeta{Kind: store.OrderKindRFQ, InstructionID: q.InstructionID, OrderID: orderID}}
}

func (s *catalog) rfqSpreadBps() int64 {
	if s.off.RFQSpreadBps == 0 {
		return config.DefaultRFQSpreadBps
	}
	return s.off.RFQSpreadBps
}

// ActionQuote answers POST /v2/action-quote: within the quote's 5 seconds it trades at
// exactly the quoted amounts (funds and inventory checked again), records the RFQ order
// and marks the quote actioned, in one store transaction, so that a quote fills at most
// once whichever replica or request actions it. An unknown, expired or already actioned
// quote is ErrQuote saying which.
func (s *Trading) ActionQuote(ctx context.Context, accountID, instructionID string) error {
	if err := errs.Required("instructionId", instructionID); err != nil {
		return err
	}
	if err := checkInstructionID(instructionID); err != nil {
		return err
	}
	q, err := s.st.Quote(ctx, accountID, instructionID)
	if errors.Is(err, store.ErrNotFound) {
		return errorf(ErrQuote, "no quote with instructionId %q: request one with POST /v2/request-quote", echo.Value(instructionID))
	}
	if err != nil {
		return err
	}
	if err := s.actionable(q, s.now()); err != nil {
		return err
	}
	terms, err := s.bal.terms(ctx, accountID, q.SellingAsset, q.BuyingAsset)
	if err != nil {
		return err
	}
	return s.st.InTx(ctx, func(tx TradingTx) error {
		now := s.now()
		q, err := tx.Quote(ctx, accountID, instructionID)
		if err != nil {
			return err
		}
		if err := s.actionable(q, now); err != nil {
			return err
		}
		o := store.OffchainOrder{AccountID: accountID, Kind: store.OrderKindRFQ, InstructionID: instructionID, OrderType: store.OrderTypeMarket,
			SellingAsset: q.SellingAsset, BuyingAsset: q.BuyingAsset, AmountToSell: q.AmountToSell, QuantitySold: q.AmountToSell,
			QuantityBought: q.AmountToBuy, Price: q.Price, Commission: q.Commission, Status: store.OrderSettled, RequestHash: q.RequestHash,
			CreatedAt: now}
		id, err := tx.CreateOffchainOrder(ctx, o)
		if errors.Is(err, store.ErrConflict) {
			return errorf(ErrQuote, "quote %q was actioned already", echo.Value(instructionID))
		}
		if err != nil {
			return err
		}
		o.ID = id
		if err := tx.ActionQuote(ctx, accountID, instructionID, id, now); errors.Is(err, store.ErrConflict) {
			return errorf(ErrQuote, "quote %q was actioned already", echo.Value(instructionID))
		} else if err != nil {
			return err
		}
		_, err = s.executeTx(ctx, tx, quoteTrade(q, id), terms, closedEvent(o, store.OrderSettled))
		return err
	})
}

// actionable says why q cannot be actioned at now, or nil.
func (s *catalog) actionable(q store.RFQQuote, now time.Time) error {
	switch {
	case !q.ActionedAt.IsZero():
		return errorf(ErrQuote, "quote %q was actioned already (order %d)", echo.Value(q.InstructionID), q.OrderID)
	case !now.Before(q.ExpiresAt):
		return errorf(ErrQuote, "quote %q expired at %s (quotes are firm for %s): request a new one",
			echo.Value(q.InstructionID), q.ExpiresAt.UTC().Format(time.RFC3339Nano), QuoteValidity)
	}
	return nil
}

// QuoteOf returns one of the account's quotes.
func (s *Trading) QuoteOf(ctx context.Context, accountID, instructionID string) (api.Quote, error) {
	if err := errs.Required("instructionId", instructionID); err != nil {
		return api.Quote{}, err
	}
	q, err := s.st.Quote(ctx, accountID, instructionID)
	if errors.Is(err, store.ErrNotFound) {
		return api.Quote{}, errorf(ErrQuote, "no quote with instructionId %q: request one with request_quote", echo.Value(instructionID))
	}
	return quoteView(q), err
}

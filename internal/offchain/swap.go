package offchain

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Limit order expiry: the default and the longest.
const (
	DefaultLimitExpiry = 24 * time.Hour
	MaxLimitExpiry     = 30 * 24 * time.Hour
)

// swapKey is the ledger key of a swap's trade.
func swapKey(accountID, instructionID string) string {
	return "swap:" + accountID + ":" + instructionID
}

// parseSwap checks a swap request into an order (not yet stored).
func (s *catalog) parseSwap(accountID string, req api.SwapRequest) (store.OffchainOrder, error) {
	if err := CheckSwap(req); err != nil {
		return store.OffchainOrder{}, err
	}
	if err := checkInstructionID(req.InstructionID); err != nil {
		return store.OffchainOrder{}, err
	}
	sell, buy, err := s.checkPair(req.SellingAsset, req.BuyingAsset)
	if err != nil {
		return store.OffchainOrder{}, err
	}
	amount, err := parseAmount("amountToSell", req.AmountToSell, sell)
	if err != nil {
		return store.OffchainOrder{}, err
	}
	now := s.now()
	o := store.OffchainOrder{AccountID: accountID, Kind: store.OrderKindSwap, InstructionID: req.InstructionID,
		OrderType: strings.ToUpper(req.OrderType), SellingAsset: sell.ID, BuyingAsset: buy.ID, AmountToSell: amount, CreatedAt: now}
	switch o.OrderType {
	case "", store.OrderTypeMarket:
		o.OrderType = store.OrderTypeMarket
		if req.LimitAmountToReceive != "" || req.ExpiresAt != "" {
			return o, errorf(ErrInvalid, "limitAmountToReceive and expiresAt are for LIMIT orders; a MARKET order fills at once")
		}
	case store.OrderTypeLimit:
		if o.LimitAmountToReceive, err = parseAmount("limitAmountToReceive", req.LimitAmountToReceive, buy); err != nil {
			return o, err
		}
		o.ExpiresAt = now.Add(DefaultLimitExpiry)
		if req.ExpiresAt != "" {
			at, err := time.Parse(time.RFC3339Nano, req.ExpiresAt)
			if err != nil || len(req.ExpiresAt) > 40 {
				return o, errorf(ErrInvalid, "expiresAt %q must be an ISO 8601 time such as 2026-01-02T15:04:05Z", echo.Value(req.ExpiresAt))
			}
			if !at.After(now) || at.Sub(now) > MaxLimitExpiry {
				return o, errorf(ErrInvalid, "expiresAt must be in the future and at most %d days ahead", int(MaxLimitExpiry.Hours()/24))
			}
			o.ExpiresAt = at
		}
	default:
		return o, errorf(ErrInvalid, "orderType %q must be MARKET or LIMIT", echo.Value(req.OrderType))
	}
	o.RequestHash = requestHash(o.Kind, o.OrderType, o.SellingAsset, o.BuyingAsset, o.AmountToSell.String(),
		o.LimitAmountToReceive.String(), req.ExpiresAt)
	return o, nil
}

// CheckSwap checks a swap has every field: SubmitSwap checks it first, a tool before it
// asks its user to confirm.
func CheckSwap(req api.SwapRequest) error {
	return errs.Required("instructionId", req.InstructionID, "sellingAsset", req.SellingAsset, "buyingAsset", req.BuyingAsset,
		"amountToSell", req.AmountToSell)
}

// SubmitSwap answers POST /v2/orders: a MARKET order fills at once against the house at
// the feed's price less commission (order, trade and event in one store transaction); a
// LIMIT order holds its amount to sell and rests (filled at once when the price already
// meets its limit). A retry with the same instructionId and body answers the same order;
// another body is ErrInstructionIDReused.
func (s *Trading) SubmitSwap(ctx context.Context, accountID string, req api.SwapRequest) (api.OrderStatus, error) {
	o, err := s.parseSwap(accountID, req)
	if err != nil {
		return api.OrderStatus{}, err
	}
	if o.OrderType == store.OrderTypeLimit {
		return s.placeLimit(ctx, o)
	}
	// One unit of work reads what the swap needs (an order of the same instructionId,
	// the commission, the credit terms, the introducer: one statement, TraderReads;
	// prices come from memory) and writes the order, its trade and event: one commit. It
	// locks what it decides on (the account's books, a house shard), so it may run at
	// READ COMMITTED; on PostgreSQL the reads' statement takes those locks too
	// (TraderReadsLocking), and the receipt head's.
	// On a store of one writer (SQLite) the account is read before the transaction,
	// beside the writer, whose transaction every swap waits for: nothing read there needs
	// a lock (a retry's order inserted meanwhile fails the order's insert, ErrConflict,
	// and is read then).
	var (
		out     store.OffchainOrder
		created bool
		before  *store.TraderReads
		parts   *receipt.Parts
		own     *receipt.Signed
	)
	if s.st.SingleWriter() {
		r, err := s.st.TraderReads(ctx, accountID, Source, ledger.UserBook(accountID), store.OrderKindSwap, o.InstructionID)
		if err != nil {
			return api.OrderStatus{}, err
		}
		before, parts = &r, s.receiptParts(ctx, o, r)
	}
	unitCtx := store.RowLocked(ctx)
	if before == nil { // what the unit reads first, said ahead for its group to read with others'
		unitCtx = store.WithSwapReads(unitCtx, store.SwapReads{AccountID: accountID, Source: Source, Book: ledger.UserBook(accountID),
			Kind: store.OrderKindSwap, InstructionID: o.InstructionID, Claim: houseClaimFrom(s.off.HouseShardsOrDefault(), s.homeShard, o.BuyingAsset)})
	}
	err = s.st.InTx(unitCtx, func(utx TradingTx) error {
		out, created, own = store.OffchainOrder{}, false, nil
		var (
			reads store.TraderReads
			err   error
		)
		if before != nil {
			reads = *before
		} else if reads, err = utx.TraderReadsLocking(ctx, accountID, Source, ledger.UserBook(accountID), store.OrderKindSwap, o.InstructionID,
			s.houseClaim(utx, o.BuyingAsset)); err != nil {
			return err
		}
		if reads.OrderID != 0 {
			out, err = utx.OffchainOrder(ctx, accountID, store.OrderKindSwap, o.InstructionID)
			return err
		}
		tx := readTx{TradingTx: utx, accountID: accountID, reads: reads}
		bought, commission, err := s.pricedSwap(ctx, tx, accountID, o.SellingAsset, o.BuyingAsset, o.AmountToSell)
		if err != nil {
			return err
		}
		if !bought.IsPositive() {
			return errorf(ErrInvalid, "%s %s buys no %s after commission: sell more", o.AmountToSell, o.SellingAsset, o.BuyingAsset)
		}
		terms, err := s.bal.termsIn(ctx, unlockedBooks{tx}, accountID, o.SellingAsset, o.BuyingAsset)
		if err != nil {
			return err
		}
		o := o // a run that is rolled back and run again starts from the request
		o.Status, o.QuantitySold, o.QuantityBought, o.Commission = store.OrderSettled, o.AmountToSell, bought, commission
		o.Price = bought.DivRound(o.AmountToSell, 18)
		id, err := tx.CreateOffchainOrder(ctx, o)
		if errors.Is(err, store.ErrConflict) { // a concurrent retry made it first
			out, err = tx.OffchainOrder(ctx, accountID, store.OrderKindSwap, o.InstructionID)
			return err
		}
		if err != nil {
			return err
		}
		o.ID, o.UpdatedAt = id, o.CreatedAt
		t := trade{accountID: accountID, sell: o.SellingAsset, buy: o.BuyingAsset, sold: o.AmountToSell, bought: bought, commission: commission,
			key: swapKey(accountID, o.InstructionID), meta: TradeMeta{Kind: o.Kind, InstructionID: o.InstructionID, OrderID: id}, newKey: true}
		if before != nil { // read beside the one writer: its receipt follows that head unless it moved
			t.head, t.parts = &before.ReceiptHead, parts
		}
		if own, err = s.executeTx(ctx, tx, t, terms, closedEvent(o, store.OrderSettled)); err != nil {
			return err
		}
		out, created = o, true
		return nil
	})
	if err != nil {
		return api.OrderStatus{}, err
	}
	if !created {
		return s.retriedOrder(ctx, out, o)
	}
	v := orderView(out)
	v.Receipt = own // as written in the committed transaction: no read-back
	return v, nil
}

// receiptParts hashes, beside the one writer, the parts of the receipt a market swap o
// will most likely write (ledger.Options.Parts): its postings as priced now and the
// account's balances after them as read (reads). A price or a balance that moves before
// the transaction costs only the hashing of those parts again inside it. Nil without
// receipts or without a price.
func (s *Trading) receiptParts(ctx context.Context, o store.OffchainOrder, reads store.TraderReads) *receipt.Parts {
	if s.noReceipts {
		return nil
	}
	bought, _, err := s.pricedSwap(ctx, readTx{accountID: o.AccountID, reads: reads}, o.AccountID, o.SellingAsset, o.BuyingAsset, o.AmountToSell)
	if err != nil || !bought.IsPositive() {
		return nil
	}
	sell, buy := reads.Balances[o.SellingAsset].Sub(o.AmountToSell), reads.Balances[o.BuyingAsset].Add(bought)
	return receipt.PartsOf(receipt.Receipt{Account: o.AccountID, Reference: o.InstructionID,
		Postings: []receipt.Posting{{Asset: o.SellingAsset, Amount: o.AmountToSell.Neg().String()}, {Asset: o.BuyingAsset, Amount: bought.String()}},
		Balances: []receipt.Balance{{Asset: o.SellingAsset, Balance: sell.String()}, {Asset: o.BuyingAsset, Balance: buy.String()}}})
}

// retriedOrder answers a request whose instructionId names an order.
func (s *Trading) retriedOrder(ctx context.Context, old, o store.OffchainOrder) (api.OrderStatus, error) {
	if old.RequestHash != o.RequestHash {
		return api.OrderStatus{}, errorf(ErrInstructionIDReused, "instructionId %q already names an order selling %s %s for %s: repeat its body exactly, or use a new instructionId",
			echo.Value(o.InstructionID), old.AmountToSell, old.SellingAsset, old.BuyingAsset)
	}
	v := orderView(old)
	return v, s.withReceipts(ctx, old.AccountID, &v)
}

// placeLimit holds a limit order's amount to sell and records it OPEN, then fills it at
// once if the price already meets its limit.
func (s *Trading) placeLimit(ctx context.Context, o store.OffchainOrder) (api.OrderStatus, error) {
	// What the order holds is no longer collateral: the hold must fit the account's credit.
	terms, err := s.bal.terms(ctx, o.AccountID, o.SellingAsset)
	if err != nil {
		return api.OrderStatus{}, err
	}
	var out store.OffchainOrder
	err = s.st.InTx(store.RowLocked(ctx), func(tx TradingTx) error { // the hold locks the account's books
		if old, err := tx.OffchainOrder(ctx, o.AccountID, store.OrderKindSwap, o.InstructionID); err == nil {
			out = old
			return nil
		}
		if err := s.led.HoldTx(ctx, tx, o.HoldKey(), o.AccountID, o.SellingAsset, o.AmountToSell, ledger.Options{Credit: &terms}); err != nil {
			if errors.Is(err, ledger.ErrInsufficientFunds) {
				return errorf(ErrInsufficientFunds, "a LIMIT order holds its amount to sell until it fills: %s", strings.TrimPrefix(err.Error(), ledger.ErrInsufficientFunds.Error()+": "))
			}
			return err
		}
		o.Status = store.OrderOpen
		id, err := tx.CreateOffchainOrder(ctx, o)
		if err != nil {
			return err
		}
		o.ID, o.UpdatedAt = id, o.CreatedAt
		out = o
		return nil
	})
	if err != nil {
		return api.OrderStatus{}, err
	}
	if out.RequestHash != o.RequestHash || out.ID != o.ID {
		return s.retriedOrder(ctx, out, o)
	}
	filled, own, err := s.tryFill(ctx, out)
	if err == nil && filled != nil {
		out = *filled
	}
	v := orderView(out)
	v.Receipt = own // the fill's, as written; nil while the order rests
	return v, nil
}

// tryFill fills an OPEN limit order when the feed's price gives at least its limit: the
// hold is released and the trade posted in one transaction with the order's fill. It
// returns the filled order, or nil when the order rests (no market data, below the
// limit, or the house's inventory or the account's credit does not allow it now), and
// the account's receipt of the fill as written (unsigned).
func (s *Trading) tryFill(ctx context.Context, o store.OffchainOrder) (*store.OffchainOrder, *receipt.Signed, error) {
	bought, commission, err := s.pricedSwap(ctx, s.st, o.AccountID, o.SellingAsset, o.BuyingAsset, o.AmountToSell)
	if err != nil || bought.LessThan(o.LimitAmountToReceive) {
		return nil, nil, nil
	}
	terms, err := s.bal.terms(ctx, o.AccountID, o.SellingAsset, o.BuyingAsset)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	var own *receipt.Signed
	err = s.st.InTx(store.RowLocked(ctx), func(tx TradingTx) error { // the fill's UPDATE re-checks the order is OPEN
		if err := tx.FillOffchainOrder(ctx, o.ID, o.AmountToSell, bought, bought.DivRound(o.AmountToSell, 18), commission, now); err != nil {
			return err // no longer OPEN
		}
		if err := s.led.ReleaseTx(ctx, tx, o.HoldKey()); err != nil {
			return err
		}
		o.Status, o.QuantitySold, o.QuantityBought, o.Commission, o.UpdatedAt = store.OrderSettled, o.AmountToSell, bought, commission, now
		o.Price = bought.DivRound(o.AmountToSell, 18)
		t := trade{accountID: o.AccountID, sell: o.SellingAsset, buy: o.BuyingAsset, sold: o.AmountToSell, bought: bought, commission: commission,
			key: swapKey(o.AccountID, o.InstructionID), meta: TradeMeta{Kind: o.Kind, InstructionID: o.InstructionID, OrderID: o.ID}}
		r, err := s.executeTx(ctx, tx, t, terms, closedEvent(o, store.OrderSettled))
		own = r
		return err
	})
	switch {
	case err == nil:
		return &o, own, nil
	case errors.Is(err, store.ErrNotFound), errors.Is(err, ErrNotEnoughLiquidity), errors.Is(err, ErrInsufficientFunds), errors.Is(err, ledger.ErrUnpriced):
		return nil, nil, nil
	default:
		return nil, nil, err
	}
}

// expire closes an OPEN limit order past its expiry: CANCELLED, hold released, event.
func (s *Trading) expire(ctx context.Context, o store.OffchainOrder) error {
	now := s.now()
	reason := fmt.Sprintf("expired unfilled at %s", o.ExpiresAt.UTC().Format(time.RFC3339))
	err := s.st.InTx(ctx, func(tx TradingTx) error {
		if err := tx.CancelOffchainOrder(ctx, o.ID, reason, now); err != nil {
			return err
		}
		if err := s.led.ReleaseTx(ctx, tx, o.HoldKey()); err != nil {
			return err
		}
		ev := closedEvent(o, store.OrderCancelled)
		return outbox.Write(ctx, tx, *ev)
	})
	if errors.Is(err, store.ErrNotFound) { // filled or closed meanwhile
		return nil
	}
	return err
}

// MatchLimitOrders looks at every OPEN limit order once: expired ones are cancelled, the
// others filled where the feed's price meets their limit. It returns how many it filled.
func (s *Trading) MatchLimitOrders(ctx context.Context) (int, error) {
	filled := 0
	var after int64
	for {
		open, err := s.st.OpenLimitOrders(ctx, after, 200)
		if err != nil || len(open) == 0 {
			return filled, err
		}
		for _, o := range open {
			after = o.ID
			if !s.now().Before(o.ExpiresAt) {
				if err := s.expire(ctx, o); err != nil {
					return filled, err
				}
				continue
			}
			f, _, err := s.tryFill(ctx, o)
			if err != nil {
				return filled, err
			}
			if f != nil {
				filled++
			}
		}
	}
}

// RunMatcher matches limit orders every interval until ctx ends (one process does it:
// the settler role). Errors are returned to log through onErr and retried.
func (s *Trading) RunMatcher(ctx context.Context, interval time.Duration, onErr func(error)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.MatchLimitOrders(ctx); err != nil && ctx.Err() == nil && onErr != nil {
			onErr(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// orderView is an OFFCHAIN order's status record (both forms: the on-chain-id form has a
// null returnTxId).
func orderView(o store.OffchainOrder) api.OrderStatus {
	v := api.OrderStatus{InstructionID: o.InstructionID, OrderSource: Source, OrderID: fmt.Sprint(o.ID), SellingAsset: o.SellingAsset,
		BuyingAsset: o.BuyingAsset, QuantitySold: o.QuantitySold.String(), QuantityBought: o.QuantityBought.String(),
		AmountToSell: o.AmountToSell.String(), OrderType: o.OrderType, Status: o.Status, Type: o.Kind, Reason: o.Reason,
		TimestampMillis: fmt.Sprint(o.CreatedAt.UnixMilli()), Confirmations: "0", ReturnTxConfirmations: "0"}
	if !o.LimitAmountToReceive.IsZero() {
		v.LimitAmount, v.LimitAmountToReceive = o.LimitAmountToReceive.String(), o.LimitAmountToReceive.String()
	}
	if !o.ExpiresAt.IsZero() {
		v.Deadline = fmt.Sprint(o.ExpiresAt.Unix())
	}
	if o.Status == store.OrderSettled {
		v.Price, v.Commission = o.Price.String(), o.Commission.String()
	}
	return v
}

package offchain

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Trading errors; their text is written for clients.
var (
	// ErrNotEnoughLiquidity: the house's inventory limit of the asset bought is reached.
	ErrNotEnoughLiquidity = errs.ErrNotEnoughLiquidity
	// ErrQuote: an RFQ quote cannot be actioned (unknown, expired, actioned already).
	ErrQuote = errs.ErrQuote
)

// trade is one fill against the house: the account sells sold of sell and receives
// bought of buy; the house's inventory takes sold and pays bought + commission; the
// commission goes to the fees book.
type trade struct {
	accountID  string
	sell, buy  string
	sold       decimal.Decimal
	bought     decimal.Decimal
	commission decimal.Decimal
	// key is the ledger entry's external key; meta its detail. newKey says the unit
	// inserted the order the key names, so the key is unique (ledger.Options.NewKey).
	key    string
	meta   TradeMeta
	newKey bool
	// head is the account's receipt head as read before the transaction on a store of
	// one writer (ledger.Options.Head), nil when not read there.
	head *store.StoredReceipt
	// parts are the account's receipt's parts hashed before the transaction
	// (ledger.Options.Parts), nil when not.
	parts *receipt.Parts
	// introducer takes share of the commission (set by executeTx from the account's
	// active introducer relationship).
	introducer string
	share      decimal.Decimal
	// home is the house shard that takes what the account sells and the fees; payouts
	// are what each shard pays of the gross (set by executeTx, houseShardsFor).
	home    int
	payouts []payout
}

// payout is what one house shard pays of a trade.
type payout struct {
	shard  int
	amount decimal.Decimal
}

// TradeMeta is the Meta of a trade's ledger entry.
type TradeMeta struct {
	Kind          string `json:"kind"`
	InstructionID string `json:"instructionId"`
	OrderID       int64  `json:"orderId"`
}

// gross is what the house pays out of inventory.
func (t trade) gross() decimal.Decimal { return t.bought.Add(t.commission) }

// entry is the trade's ledger entry: postings per asset sum to zero.
func (t trade) entry() store.LedgerEntry {
	meta, _ := json.Marshal(t.meta)
	user := ledger.UserBook(t.accountID)
	e := store.LedgerEntry{ExternalKey: t.key, Kind: ledger.KindTrade, AccountID: t.accountID, Meta: meta,
		Postings: []store.LedgerPosting{
			{Book: user, Asset: t.sell, Amount: t.sold.Neg()},
			{Book: ledger.ShardBook(ledger.BookInventory, t.home), Asset: t.sell, Amount: t.sold},
			{Book: user, Asset: t.buy, Amount: t.bought},
		}}
	payouts := t.payouts
	if payouts == nil {
		payouts = []payout{{shard: t.home, amount: t.gross()}}
	}
	for _, p := range payouts {
		e.Postings = append(e.Postings, store.LedgerPosting{Book: ledger.ShardBook(ledger.BookInventory, p.shard), Asset: t.buy, Amount: p.amount.Neg()})
	}
	if fees := t.commission.Sub(t.share); fees.IsPositive() {
		e.Postings = append(e.Postings, store.LedgerPosting{Book: ledger.ShardBook(ledger.BookFees, t.home), Asset: t.buy, Amount: fees})
	}
	if t.share.IsPositive() {
		e.Postings = append(e.Postings, store.LedgerPosting{Book: ledger.UserBook(t.introducer), Asset: t.buy, Amount: t.share})
	}
	return e
}

// pricedSwap prices selling amount of sell for buy at the feed: gross is amount times the
// feed's price (less half the spread) truncated to buy's decimals, the commission is
// rounded up (the house never pays more than quoted), bought is the rest.
func (s *Trading) pricedSwap(ctx context.Context, q commissionReader, accountID, sell, buy string, amount decimal.Decimal) (bought, commission decimal.Decimal, err error) {
	p, err := s.prices.Price(ctx, sell, buy)
	if err != nil {
		return decimal.Zero, decimal.Zero, err
	}
	dec := s.decimals(buy)
	gross := amount.Mul(p).Truncate(dec)
	rate, err := s.commissionRateIn(ctx, q, accountID, sell, buy)
	if err != nil {
		return decimal.Zero, decimal.Zero, err
	}
	commission = gross.Mul(rate).RoundCeil(dec)
	return gross.Sub(commission), commission, nil
}

// commissionRate is the commission an account pays on a pair on OFFCHAIN: the
// operator's setting for the account and pair, else for the account, else the configured
// one (pricing.commissions).
func (s *Trading) commissionRate(ctx context.Context, accountID, sell, buy string) (decimal.Decimal, error) {
	return s.commissionRateIn(ctx, s.st, accountID, sell, buy)
}

// commissionReader reads an account's commission settings: a store, or a unit of work's
// transaction.
type commissionReader interface {
	AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error)
}

// commissionRateIn is commissionRate read through q.
func (s *Trading) commissionRateIn(ctx context.Context, q commissionReader, accountID, sell, buy string) (decimal.Decimal, error) {
	set, err := q.AccountCommissions(ctx, accountID, Source)
	if err != nil {
		return decimal.Zero, err
	}
	rate, rank := s.prices.Commission(Source, sell, buy), 0
	for _, c := range set {
		r := 1
		if c.Pair == strings.ToLower(sell+"/"+buy) {
			r = 2
		} else if c.Pair != "" {
			continue
		}
		if r > rank {
			rate, rank = decimal.NewFromInt(c.Bps).Shift(-4), r
		}
	}
	return rate, nil
}

// introduce gives the account's active introducer its share of the trade's commission
// (rounded down to the asset's decimals), recorded as the introducer's revenue, inside tx.
func (s *Trading) introduce(ctx context.Context, tx TradingTx, t *trade) error {
	if !t.commission.IsPositive() {
		return nil
	}
	rel, err := tx.ActiveIntroducer(ctx, t.accountID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	t.introducer, t.share = rel.IntroducerID, t.commission.Mul(rel.Share).RoundFloor(s.decimals(t.buy))
	if !t.share.IsPositive() {
		return nil
	}
	return tx.AddIntroducerRevenue(ctx, store.IntroducerRevenue{IntroducerID: rel.IntroducerID, ClientID: t.accountID, OrderID: t.meta.OrderID,
		Kind: t.meta.Kind, InstructionID: t.meta.InstructionID, Asset: t.buy, Amount: t.share, CreatedAt: s.now()})
}

// checkPair resolves a tradable pair of the venue's assets.
func (s *catalog) checkPair(sellID, buyID string) (sell, buy config.OffchainAssetInfo, err error) {
	var ok bool
	if sell, ok = s.asset(sellID); !ok {
		return sell, buy, errorf(ErrInvalid, "sellingAsset %q is not an OFFCHAIN asset (GET /v2/assets/OFFCHAIN lists them)", echo.Value(sellID))
	}
	if buy, ok = s.asset(buyID); !ok {
		return sell, buy, errorf(ErrInvalid, "buyingAsset %q is not an OFFCHAIN asset (GET /v2/assets/OFFCHAIN lists them)", echo.Value(buyID))
	}
	if sell.ID == buy.ID {
		return sell, buy, pricing.ErrDuplicatePair
	}
	return sell, buy, nil
}

// parseAmount reads a positive amount of an asset, within its decimals.
func parseAmount(field, v string, a config.OffchainAssetInfo) (decimal.Decimal, error) {
	d, err := chain.ParseDecimal(v)
	if err != nil || !d.IsPositive() || -d.Exponent() > int32(a.Decimals) {
		return decimal.Zero, errorf(ErrInvalid, "%s %q must be a positive decimal with at most %d decimals", field, echo.Value(v), a.Decimals)
	}
	return d, nil
}

// requestHash is the digest of a request's canonical fields: a retry must match it.
func requestHash(fields ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(fields, "\x00")))
	return hex.EncodeToString(sum[:])
}

// executeTx posts a trade inside tx after its checks: the account's position after the
// trade fits its credit terms (the ledger judges it, ledger.Options.Credit), and the
// house's inventory of the asset bought stays within its limit in every shard that pays
// (houseShardsFor). The account's books are locked first, then the shards (without
// waiting), so a unit never holds a shard while it waits for an account. It returns the
// account's receipt of the trade as the ledger wrote it (unsigned; nil without receipts).
func (s *Trading) executeTx(ctx context.Context, tx TradingTx, t trade, terms ledger.Terms, ev *outbox.Event) (*receipt.Signed, error) {
	if err := s.introduce(ctx, tx, &t); err != nil {
		return nil, err
	}
	books := []string{ledger.UserBook(t.accountID)}
	if t.share.IsPositive() {
		books = append(books, ledger.UserBook(t.introducer))
	}
	if err := tx.LockLedgerBooks(ctx, books); err != nil {
		return nil, err
	}
	if err := s.houseShardsFor(ctx, tx, &t); err != nil {
		if errors.Is(err, ErrNotEnoughLiquidity) {
			// A trader who could not pay hears that first, as when the ledger refuses the
			// posting: the house's room is a question only for a trade that can be paid.
			if ferr := s.fitsCredit(ctx, tx, t, terms); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	p, err := s.led.PostedTx(ctx, tx, t.entry(), ev, ledger.Options{Credit: &terms, NewKey: t.newKey, Head: t.head, Parts: t.parts,
		InstructionID: t.meta.InstructionID})
	switch {
	case errors.Is(err, ledger.ErrInsufficientFunds):
		return nil, errorf(ErrInsufficientFunds, "selling %s %s: %s", t.sold, t.sell, strings.TrimPrefix(err.Error(), ledger.ErrInsufficientFunds.Error()+": "))
	case err == nil && !p.Created, errors.Is(err, ledger.ErrKeyReused):
		return nil, errorf(ErrInstructionIDReused, "the trade %s was booked before", t.key)
	case err != nil:
		return nil, err
	}
	return p.Receipt, nil
}

// fitsCredit checks, inside tx, that the account's position after the trade fits its
// credit terms: what the ledger checks again when the trade is posted (an RFQ quote is
// checked when it is issued, and again when it is actioned).
func (s *Trading) fitsCredit(ctx context.Context, tx TradingTx, t trade, terms ledger.Terms) error {
	pos, err := ledger.PositionIn(ctx, tx, t.accountID, terms)
	if err != nil {
		return err
	}
	err = pos.Fits(pos.Apply(map[string]decimal.Decimal{t.sell: t.sold.Neg(), t.buy: t.bought}))
	if errors.Is(err, ledger.ErrInsufficientFunds) {
		return errorf(ErrInsufficientFunds, "selling %s %s: %s", t.sold, t.sell, strings.TrimPrefix(err.Error(), ledger.ErrInsufficientFunds.Error()+": "))
	}
	return err
}

// fitsInventory checks that the house could pay out amount of asset now within
// offchain.inventoryLimits, over all its shards (an RFQ quote being issued; the trade
// that actions it is checked shard by shard, houseShardsFor).
func (s *Trading) fitsInventory(ctx context.Context, tx TradingTx, asset string, amount decimal.Decimal) error {
	limit, ok := s.inventoryLimit(asset)
	if !ok {
		return errorf(ErrNotEnoughLiquidity, "the house does not sell %s", asset)
	}
	have, err := tx.HouseBalance(ctx, ledger.BookInventory, asset)
	if err != nil {
		return err
	}
	if have.Sub(amount).LessThan(limit.Neg()) {
		room := decimal.Max(decimal.Zero, have.Add(limit))
		return errorf(ErrNotEnoughLiquidity, "the house can sell at most %s %s now, %s asked", room, asset, amount)
	}
	return nil
}

// houseShardsFor chooses, inside tx, the house shards of trade t: its home shard, the
// first this Trading can lock without waiting starting from the one its lane of the
// store's group commit claimed last (tx.LastHouseShard), else from its own (so one
// replica's units, which share a transaction, share a shard, its lanes' transactions
// keep to a shard each, and other replicas' transactions take others), and the shards that pay the gross; a shard is claimed and its balance
// read in one call (TryLockHouseShardBalance, one round trip on PostgreSQL). Each shard
// may owe at most its part of the asset's inventory limit (shardLimit): the home shard
// pays what it can, and the rest comes from the other shards it can lock, in turn. A
// trade is refused
// (NOT_ENOUGH_LIQUIDITY) when the shards it could lock cannot pay it, so the house never
// owes more than its limit, summed over the shards; near the limit, a trade may be
// refused while another transaction holds a shard with room.
func (s *Trading) houseShardsFor(ctx context.Context, tx TradingTx, t *trade) error {
	limit, ok := s.inventoryLimit(t.buy)
	if !ok {
		return errorf(ErrNotEnoughLiquidity, "the house does not sell %s", t.buy)
	}
	n, home := s.shardStart(tx)
	rest, room := t.gross(), decimal.Zero
	t.payouts, t.home = t.payouts[:0], -1
	waited := false
	for i := 0; i < n; i++ {
		shard := (home + i) % n
		book := ledger.ShardBook(ledger.BookInventory, shard)
		ok, have, err := tx.TryLockHouseShardBalance(ctx, shard, book, t.buy)
		if err != nil {
			return err
		}
		if !ok && t.home < 0 && i == n-1 && !waited {
			// Every shard is busy (more transactions than shards): wait for the home
			// shard, holding none, rather than refuse a trade the house can pay; in a
			// shared transaction the store runs this unit again alone to wait.
			if err := tx.LockHouseShard(ctx, home%n); err != nil {
				return err
			}
			waited, i = true, -1 // weigh the shards again from the home one, now held
			continue
		}
		if !ok {
			continue
		}
		if t.home < 0 {
			t.home = shard
		}
		r := have.Add(s.shardLimit(limit, t.buy, shard, n))
		if !r.IsPositive() {
			continue
		}
		pay := decimal.Min(r, rest)
		t.payouts = append(t.payouts, payout{shard: shard, amount: pay})
		room, rest = room.Add(r), rest.Sub(pay)
		if !rest.IsPositive() {
			return nil
		}
	}
	return errorf(ErrNotEnoughLiquidity, "the house can sell at most %s %s now, %s asked", room, t.buy, t.gross())
}

// shardStart is the number of house shards and the one a trade in tx tries first: the
// shard its lane of the store's group commit claimed last, else this Trading's own.
func (s *Trading) shardStart(tx interface{ LastHouseShard() (int, bool) }) (n, home int) {
	n, home = s.off.HouseShardsOrDefault(), s.homeShard
	if h, ok := tx.LastHouseShard(); ok {
		home = h
	}
	return n, home
}

// houseClaim is the house shards a trade buying asset in tx tries, in the order
// houseShardsFor tries them, for the store to claim the first free one with the
// account's reads (store.TradingTx.TraderReadsLocking).
func (s *Trading) houseClaim(tx interface{ LastHouseShard() (int, bool) }, asset string) store.HouseClaim {
	n, home := s.shardStart(tx)
	return houseClaimFrom(n, home, asset)
}

// houseClaimFrom is the n house shards a trade buying asset tries from shard home on.
func houseClaimFrom(n, home int, asset string) store.HouseClaim {
	c := store.HouseClaim{Shards: make([]int, n), Books: make([]string, n), Asset: asset}
	for i := range n {
		c.Shards[i] = (home + i) % n
		c.Books[i] = ledger.ShardBook(ledger.BookInventory, c.Shards[i])
	}
	return c
}

// shardLimit is the part of an inventory limit that shard i of n may owe: the limit
// divided by n, truncated to the asset's decimals, shard 0 taking the remainder, so the
// parts sum to the limit exactly.
func (s *catalog) shardLimit(limit decimal.Decimal, asset string, i, n int) decimal.Decimal {
	part := limit.Div(decimal.NewFromInt(int64(n))).Truncate(s.decimals(asset))
	if i == 0 {
		return limit.Sub(part.Mul(decimal.NewFromInt(int64(n - 1))))
	}
	return part
}

// inventoryLimit is the configured limit of an asset.
func (s *catalog) inventoryLimit(asset string) (decimal.Decimal, bool) {
	v, ok := s.off.InventoryLimits[asset]
	if !ok {
		return decimal.Zero, false
	}
	d, err := config.ParseCreditSetting(v)
	return d, err == nil
}

// closedEvent is the outbox event of an order that settled or closed unfilled.
func closedEvent(o store.OffchainOrder, status string) *outbox.Event {
	kind := outbox.OrderSettled
	if status == store.OrderCancelled {
		kind = outbox.OrderCancelled
	}
	payload := outbox.OrderClosed{Source: Source, OrderID: uint64(o.ID), Status: status, TxHash: common.Hash{}}
	if status == store.OrderSettled {
		payload.BuyAmount = o.QuantityBought.String()
	}
	return &outbox.Event{Kind: kind, Source: Source, AccountID: o.AccountID, Payload: payload}
}

// Available is what the house can still pay out of asset on OFFCHAIN (its inventory
// limit less what it owes): the market's inventory of the venue (quantity estimates). ok
// is false for an asset the house does not sell.
func (s *Trading) Available(ctx context.Context, asset string) (decimal.Decimal, int32, bool, error) {
	a, ok := s.asset(asset)
	if !ok {
		return decimal.Zero, 0, false, nil
	}
	limit, ok := s.inventoryLimit(a.ID)
	if !ok {
		return decimal.Zero, 0, false, nil
	}
	have, err := s.st.HouseBalance(ctx, ledger.BookInventory, a.ID)
	if err != nil {
		return decimal.Zero, 0, false, err
	}
	return decimal.Max(decimal.Zero, have.Add(limit)), int32(a.Decimals), true, nil
}

package dtw

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	ethtypes "github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
)

// EventKind names a DTW event that changes balances or orders.
type EventKind string

// The DTW events an indexer follows.
const (
	EventDeposited      EventKind = "Deposited"
	EventWithdrawn      EventKind = "Withdrawn"
	EventOrderPlaced    EventKind = "OrderPlaced"
	EventOrderSettled   EventKind = "OrderSettled"
	EventOrderCancelled EventKind = "OrderCancelled"
	// EventCancelRequested: the trader asked to cancel an open order; it does not close it.
	EventCancelRequested EventKind = "CancelRequested"
)

// Event is one decoded DTW log, flattened: fields that a kind does not carry are zero.
type Event struct {
	Kind EventKind
	// Position of the log on the chain.
	BlockNumber uint64
	BlockHash   common.Hash
	TxHash      common.Hash
	LogIndex    uint
	// BlockTime is the block's timestamp, unix seconds.
	BlockTime uint64
	// Trader is the balance owner (every kind).
	Trader common.Address
	// Token and Amount: Deposited, Withdrawn (and To for Withdrawn).
	Token  common.Address
	Amount *big.Int
	To     common.Address
	// Orders: OrderPlaced carries the whole order; OrderSettled only the key and the buy
	// amount (its trader, tokens and sell amount are OrderPlaced's of the same key: see
	// FromPlaced; its operator is the transaction's sender); OrderCancelled the key, the
	// trader, the sell side and who cancelled; CancelRequested the key and the end of the
	// grace period, as Deadline (anyone may cancel the order after it).
	//
	// OrderKey is the contract's key of the order (OrderKey of its on-chain id, trader and
	// sell token), unique forever on its contract: every order event names it.
	OrderKey common.Hash
	// TraderOrderID is the order's on-chain id (OrderPlaced only): counted per trader and
	// sell token for an order placed directly, 1<<62 | nonce for a relayed one. A Fill,
	// cancel and requestCancel take it with the order.
	TraderOrderID *big.Int
	// OrderID is the gateway's id of the order on its chain, which the store assigns to an
	// OrderPlaced event as it applies it (in chain order) and gives the events that name
	// its key; nil as DecodeLog returns an event.
	OrderID      *big.Int
	SellToken    common.Address
	BuyToken     common.Address
	SellAmount   *big.Int
	MinBuyAmount *big.Int
	BuyAmount    *big.Int
	Deadline     uint64
	OrderKind    uint8
	// Closer is the canceller (cancelled); zero for a settled order, whose operator is
	// its transaction's sender.
	Closer common.Address
}

// FromPlaced fills what an OrderSettled event leaves to the OrderPlaced event of its
// order (the trader, both tokens and the sell amount, all settled at once) from placed,
// which must be that event. Other kinds are left as they are.
func (e *Event) FromPlaced(placed Event) {
	if e.Kind != EventOrderSettled {
		return
	}
	e.Trader, e.SellToken, e.BuyToken, e.SellAmount = placed.Trader, placed.SellToken, placed.BuyToken, placed.SellAmount
}

// Order returns the order an OrderPlaced event describes.
func (e *Event) Order() Order {
	return Order{
		Trader: e.Trader, SellToken: e.SellToken, BuyToken: e.BuyToken,
		SellAmount: e.SellAmount, MinBuyAmount: e.MinBuyAmount, Deadline: e.Deadline, Kind: e.OrderKind,
	}
}

var (
	eventsABI = bindings.NewDTW()
	// EventTopics are the topic-0 values of the followed events, for log filters, in
	// the order Deposited, Withdrawn, OrderPlaced, OrderSettled, OrderCancelled,
	// CancelRequested.
	EventTopics = func() []common.Hash {
		parsed, err := bindings.DTWMetaData.ParseABI()
		if err != nil {
			panic(err)
		}
		var out []common.Hash
		for _, k := range []EventKind{EventDeposited, EventWithdrawn, EventOrderPlaced, EventOrderSettled, EventOrderCancelled, EventCancelRequested} {
			out = append(out, parsed.Events[string(k)].ID)
		}
		return out
	}()
)

// DecodeLog decodes a DTW log; ok is false for logs of other events or contracts.
func DecodeLog(contract common.Address, l *ethtypes.Log) (ev Event, ok bool) {
	if l.Address != contract || len(l.Topics) == 0 {
		return Event{}, false
	}
	ev = Event{BlockNumber: l.BlockNumber, BlockHash: l.BlockHash, TxHash: l.TxHash, LogIndex: l.Index, BlockTime: l.BlockTimestamp}
	switch l.Topics[0] {
	case EventTopics[0]:
		d, err := eventsABI.UnpackDepositedEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.Trader, ev.Token, ev.Amount = EventDeposited, d.Trader, d.Token, d.Amount
	case EventTopics[1]:
		w, err := eventsABI.UnpackWithdrawnEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.Trader, ev.Token, ev.Amount, ev.To = EventWithdrawn, w.Trader, w.Token, w.Amount, w.To
	case EventTopics[2]:
		p, err := eventsABI.UnpackOrderPlacedEvent(l)
		if err != nil {
			return Event{}, false
		}
		o := OrderFromEvent(p)
		id := OrderIDFromEvent(p)
		ev.Kind, ev.TraderOrderID, ev.OrderKey, ev.Trader = EventOrderPlaced, id, common.BigToHash(OrderKey(id, p.Trader, o.SellToken)), p.Trader
		ev.SellToken, ev.BuyToken, ev.SellAmount, ev.MinBuyAmount = o.SellToken, o.BuyToken, o.SellAmount, o.MinBuyAmount
		ev.Deadline, ev.OrderKind = o.Deadline, o.Kind
	case EventTopics[3]:
		s, err := eventsABI.UnpackOrderSettledEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderKey, ev.BuyAmount = EventOrderSettled, common.BigToHash(s.OrderKey), s.BuyAmount
	case EventTopics[4]:
		c, err := eventsABI.UnpackOrderCancelledEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderKey, ev.Trader, ev.Closer = EventOrderCancelled, common.BigToHash(c.OrderKey), c.Trader, c.Canceller
		ev.SellToken, ev.SellAmount = c.SellToken, c.SellAmount
	case EventTopics[5]:
		r, err := eventsABI.UnpackCancelRequestedEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderKey, ev.Trader, ev.Deadline = EventCancelRequested, common.BigToHash(r.OrderKey), r.Trader, r.CancelAfter
	default:
		return Event{}, false
	}
	return ev, true
}

// DecodeLogs decodes the DTW events among logs, in order.
func DecodeLogs(contract common.Address, logs []*ethtypes.Log) []Event {
	var out []Event
	for _, l := range logs {
		if ev, ok := DecodeLog(contract, l); ok {
			out = append(out, ev)
		}
	}
	return out
}

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
	// Orders: OrderPlaced carries the whole order; OrderSettled only the id and the buy
	// amount (its trader, tokens and sell amount are OrderPlaced's of the same id: see
	// FromPlaced; its operator is the transaction's sender); OrderCancelled the id, the
	// trader, the sell side and who cancelled; CancelRequested the id and the end of the
	// grace period, as Deadline (anyone may cancel the order after it).
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
		ev.Kind, ev.OrderID, ev.Trader = EventOrderPlaced, OrderKey(OrderIDFromEvent(p), p.Trader, o.SellToken), p.Trader
		ev.SellToken, ev.BuyToken, ev.SellAmount, ev.MinBuyAmount = o.SellToken, o.BuyToken, o.SellAmount, o.MinBuyAmount
		ev.Deadline, ev.OrderKind = o.Deadline, o.Kind
	case EventTopics[3]:
		s, err := eventsABI.UnpackOrderSettledEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderID, ev.BuyAmount = EventOrderSettled, s.OrderKey, s.BuyAmount
	case EventTopics[4]:
		c, err := eventsABI.UnpackOrderCancelledEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderID, ev.Trader, ev.Closer = EventOrderCancelled, c.OrderKey, c.Trader, c.Canceller
		ev.SellToken, ev.SellAmount = c.SellToken, c.SellAmount
	case EventTopics[5]:
		r, err := eventsABI.UnpackCancelRequestedEvent(l)
		if err != nil {
			return Event{}, false
		}
		ev.Kind, ev.OrderID, ev.Trader, ev.Deadline = EventCancelRequested, r.OrderKey, r.Trader, r.CancelAfter
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

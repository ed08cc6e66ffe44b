package trader

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// Results of verification other than success. ErrVerificationFailed means the chain, as
// the trader's own RPC shows it, contradicts what the gateway reports: a lie or a bug,
// never to be retried away. ErrNotConfirmed and ErrNotClosed only mean it is too early.
var (
	ErrVerificationFailed = errors.New("verification failed")
	ErrNotConfirmed       = chain.ErrNotConfirmed
	ErrNotClosed          = errors.New("order has no return transaction yet")
	// ErrUnknownToken means a token on-chain is missing from the trader's configuration,
	// so its amounts cannot be converted: fix the configuration.
	ErrUnknownToken = errors.New("token not in the configuration")
	// ErrGateway wraps a failure to get the gateway's report at all (network, API error):
	// nothing was verified, and nothing contradicts the chain.
	ErrGateway = errors.New("gateway report")
)

// StatusSource is where the gateway's word comes from; *client.Client implements it.
type StatusSource interface {
	OrderStatus(ctx context.Context, source string, orderID uint64) (api.OrderStatus, error)
	OrderByInstruction(ctx context.Context, source, instructionID string) (api.OrderStatus, error)
	Withdrawal(ctx context.Context, instructionID string) (api.WithdrawalStatus, error)
}

// Verifier checks what the gateway reports about a trader's orders and withdrawals
// against the trader's own RPC and own configuration of the chain. It is safe for
// concurrent use.
type Verifier struct {
	src    chain.Source
	rpc    chain.ReceiptReader
	trader common.Address
	// Confirmations is the depth a transaction needs; default the source's
	// Confirmations, at least 1.
	Confirmations uint64
}

// NewVerifier returns a verifier for trader's orders on src, reading the chain through rpc.
func NewVerifier(src chain.Source, rpc chain.ReceiptReader, trader common.Address) *Verifier {
	return &Verifier{src: src, rpc: rpc, trader: trader, Confirmations: max(src.Confirmations, 1)}
}

func mismatch(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrVerificationFailed, fmt.Sprintf(format, args...))
}

// OrderVerification is a return transaction checked against the trader's own chain view.
type OrderVerification struct {
	// Status is the gateway's report.
	Status api.OrderStatus
	// OrderID is the gateway's id of the order (its orderId).
	OrderID *big.Int
	// OnchainID is the order's id on the DTW contract (onchainOrderId), checked on the
	// trader's own RPC: what cancelling it on-chain takes.
	OnchainID *big.Int
	// Placed is the OrderPlaced event of the placing transaction.
	Placed dtw.Event
	// ReturnTx is the settle or cancel transaction.
	ReturnTx common.Hash
	// Event is the OrderSettled or OrderCancelled event found in it.
	Event dtw.Event
	// Confirmations of ReturnTx, counted on the trader's RPC.
	Confirmations uint64
}

// VerifyOrder fetches an order's status from the gateway by on-chain id and verifies it.
func (v *Verifier) VerifyOrder(ctx context.Context, gw StatusSource, orderID uint64) (*OrderVerification, error) {
	st, err := gw.OrderStatus(ctx, v.src.Name, orderID)
	if err != nil {
		return nil, fmt.Errorf("%w: order status: %w", ErrGateway, err)
	}
	if st.OrderID != strconv.FormatUint(orderID, 10) {
		return nil, mismatch("asked for order %d, the gateway answered order %q", orderID, echo.Value(st.OrderID))
	}
	return v.VerifyOrderStatus(ctx, st)
}

// VerifyOrderByInstruction fetches an order's status by the hash of its placing
// transaction and verifies it.
func (v *Verifier) VerifyOrderByInstruction(ctx context.Context, gw StatusSource, instructionID string) (*OrderVerification, error) {
	st, err := gw.OrderByInstruction(ctx, v.src.Name, instructionID)
	if err != nil {
		return nil, fmt.Errorf("%w: order status: %w", ErrGateway, err)
	}
	if !strings.EqualFold(st.InstructionID, instructionID) {
		return nil, mismatch("asked for instruction %s, the gateway answered %s", instructionID, st.InstructionID)
	}
	return v.VerifyOrderStatus(ctx, st)
}

// VerifyOrderStatus verifies a status the gateway reported. The placing transaction must
// have placed that order of the trader's own DTW contract for the trader; the return
// transaction must have succeeded, been emitted by that contract, closed that order of
// the trader with the status reported, and moved exactly the reported quantities
// (converted with the decimals of the trader's configuration); and it must have
// Confirmations blocks on the trader's RPC.
func (v *Verifier) VerifyOrderStatus(ctx context.Context, st api.OrderStatus) (*OrderVerification, error) {
	if err := v.checkOwner("order", st.OrderSource, st.Trader); err != nil {
		return nil, err
	}
	id, ok := new(big.Int).SetString(st.OrderID, 10)
	if !ok || id.Sign() < 0 {
		return nil, mismatch("order id %q is not an integer", echo.Value(st.OrderID))
	}
	kind, closed := returnKind(st.Status)
	if st.ReturnTxID == nil || *st.ReturnTxID == "" {
		if closed {
			return nil, mismatch("order %s is reported %s without a return transaction", id, st.Status)
		}
		return nil, fmt.Errorf("%w: order %s is %s", ErrNotClosed, id, st.Status)
	}
	if !closed {
		return nil, mismatch("order %s has return transaction %s but status %q", id, echo.Value(*st.ReturnTxID), echo.Value(st.Status))
	}
	onchainID, ok := new(big.Int).SetString(st.OnchainOrderID, 10)
	if !ok || onchainID.Sign() < 0 {
		return nil, mismatch("order %s: on-chain order id %q is not an integer", id, echo.Value(st.OnchainOrderID))
	}
	retTx, err := parseHash("returnTxId", *st.ReturnTxID)
	if err != nil {
		return nil, err
	}
	placeTx, err := parseHash("instructionId", st.InstructionID)
	if err != nil {
		return nil, err
	}
	placed, err := v.placedEvent(ctx, placeTx, onchainID)
	if err != nil {
		return nil, err
	}
	sell, buy, err := v.orderAssets(placed, st)
	if err != nil {
		return nil, err
	}
	if err := sameUnits("amountToSell", st.AmountToSell, sell, placed.SellAmount); err != nil {
		return nil, err
	}
	if err := sameUnits("limitAmountToReceive", st.LimitAmountToReceive, buy, placed.MinBuyAmount); err != nil {
		return nil, err
	}
	sold, err := units("quantitySold", st.QuantitySold, sell)
	if err != nil {
		return nil, err
	}
	bought, err := units("quantityBought", st.QuantityBought, buy)
	if err != nil {
		return nil, err
	}
	// The key of the order the trader's own RPC shows placed, never what the gateway says.
	exp := chain.ReturnExpectation{DTW: v.src.DTW, OrderKey: placed.OrderKey, Trader: v.trader, Confirmations: v.Confirmations}
	if kind == dtw.EventOrderSettled {
		// A settle takes the whole locked amount; OrderSettled names only the order's key.
		if sold.Cmp(placed.SellAmount) != 0 {
			return nil, mismatch("settled order %s reported with quantity sold %s, want its sell amount %s", id, st.QuantitySold, placed.SellAmount)
		}
		exp.Kind, exp.BuyAmount, exp.MinBuyAmount = kind, bought, placed.MinBuyAmount
	} else {
		if sold.Sign() != 0 || bought.Sign() != 0 {
			return nil, mismatch("cancelled order %s reported with quantities sold %s and bought %s, want 0", id, st.QuantitySold, st.QuantityBought)
		}
		exp.Kind, exp.SellAmount = dtw.EventOrderCancelled, placed.SellAmount // a cancel refunds it all
	}
	check, err := chain.VerifyReturnTx(ctx, v.rpc, retTx, exp)
	if errors.Is(err, chain.ErrVerification) {
		return nil, fmt.Errorf("%w: %w", ErrVerificationFailed, err)
	}
	out := &OrderVerification{Status: st, OrderID: id, OnchainID: onchainID, Placed: placed, ReturnTx: retTx}
	if check != nil {
		out.Event, out.Confirmations = check.Event, check.Confirmations
		out.Event.FromPlaced(placed)
	}
	if err != nil {
		return out, err
	}
	// A settle moves the tokens of the order stored under its key; a cancel names its own.
	if ev := check.Event; ev.Kind == dtw.EventOrderCancelled && ev.SellToken != placed.SellToken {
		return nil, mismatch("return transaction %s moved other tokens than order %s holds", retTx, id)
	}
	return out, nil
}

// checkOwner checks that a report is about this verifier's chain and trader.
func (v *Verifier) checkOwner(what, source, trader string) error {
	if !strings.EqualFold(source, v.src.Name) {
		return mismatch("%s source is %q, want %s", what, echo.Value(source), v.src.Name)
	}
	if addr, err := chain.ParseAddress(trader); err != nil || addr != v.trader {
		return mismatch("%s trader is %q, want %s", what, echo.Value(trader), v.trader)
	}
	return nil
}

// placedEvent returns the OrderPlaced event of the order with on-chain id id in the
// placing transaction, from the trader's own DTW contract, for the trader.
func (v *Verifier) placedEvent(ctx context.Context, tx common.Hash, id *big.Int) (dtw.Event, error) {
	r, err := v.rpc.TransactionReceipt(ctx, tx)
	if errors.Is(err, ethereum.NotFound) {
		return dtw.Event{}, fmt.Errorf("%w: your RPC has no receipt of the placing transaction %s", ErrNotConfirmed, tx)
	}
	if err != nil {
		return dtw.Event{}, fmt.Errorf("receipt of %s: %w", tx, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return dtw.Event{}, mismatch("placing transaction %s reverted", tx)
	}
	for _, ev := range dtw.DecodeLogs(v.src.DTW, r.Logs) {
		if ev.Kind == dtw.EventOrderPlaced && ev.TraderOrderID.Cmp(id) == 0 {
			if ev.Trader != v.trader {
				return dtw.Event{}, mismatch("order %s was placed by %s, not by %s", id, ev.Trader, v.trader)
			}
			return ev, nil
		}
	}
	return dtw.Event{}, mismatch("transaction %s placed no order %s of contract %s", tx, id, v.src.DTW)
}

// orderAssets resolves the order's tokens in the trader's configuration, and checks that
// the asset names the gateway reports, where the configuration knows them, are the same
// tokens.
func (v *Verifier) orderAssets(placed dtw.Event, st api.OrderStatus) (sell, buy chain.Asset, err error) {
	if sell, err = v.asset(placed.SellToken); err != nil {
		return
	}
	if buy, err = v.asset(placed.BuyToken); err != nil {
		return
	}
	if err = v.sameAsset("sellingAsset", st.SellingAsset, sell); err != nil {
		return
	}
	err = v.sameAsset("buyingAsset", st.BuyingAsset, buy)
	return
}

func (v *Verifier) asset(token common.Address) (chain.Asset, error) {
	a, ok := v.src.AssetByAddress(token)
	if !ok {
		return chain.Asset{}, fmt.Errorf("%w: token %s on %s; add it with its decimals", ErrUnknownToken, token, v.src.Name)
	}
	return a, nil
}

func (v *Verifier) sameAsset(field, reported string, want chain.Asset) error {
	got, err := v.src.Asset(reported)
	if err != nil {
		return nil // a name the configuration does not know; the amounts are still checked
	}
	if got.Address != want.Address {
		return mismatch("%s is %q (%s), but the chain shows %s", field, echo.Value(reported), got.Address, want.Address)
	}
	return nil
}

// units converts a reported decimal amount to base units with the asset's decimals; an
// amount that is not a whole number of base units cannot match the chain.
func units(field, value string, a chain.Asset) (*big.Int, error) {
	u, err := a.ParseUnits(value)
	if err != nil {
		return nil, mismatch("%s %q is not a whole number of %s base units (%d decimals): %v", field, echo.Value(value), a.ID, a.Decimals, err)
	}
	return u, nil
}

// sameUnits checks an optional reported amount against the chain's.
func sameUnits(field, value string, a chain.Asset, want *big.Int) error {
	if value == "" {
		return nil
	}
	got, err := units(field, value, a)
	if err != nil {
		return err
	}
	if got.Cmp(want) != 0 {
		return mismatch("%s is %s %s (%s base units), the chain shows %s", field, value, a.ID, got, want)
	}
	return nil
}

func parseHash(field, value string) (common.Hash, error) {
	h, err := chain.ParseHash(value)
	if err != nil {
		return common.Hash{}, mismatch("%s %q is not a transaction hash", field, echo.Value(value))
	}
	return h, nil
}

// WithdrawalVerification is a withdrawal checked against the trader's own chain view.
type WithdrawalVerification struct {
	// Status is the gateway's report.
	Status api.WithdrawalStatus
	// Event is the Withdrawn event found.
	Event dtw.Event
	// Confirmations of the transaction, counted on the trader's RPC.
	Confirmations uint64
}

// VerifyWithdrawal fetches a withdrawal's status from the gateway and verifies it.
func (v *Verifier) VerifyWithdrawal(ctx context.Context, gw StatusSource, instructionID string) (*WithdrawalVerification, error) {
	st, err := gw.Withdrawal(ctx, instructionID)
	if err != nil {
		return nil, fmt.Errorf("%w: withdrawal status: %w", ErrGateway, err)
	}
	if !strings.EqualFold(st.InstructionID, instructionID) {
		return nil, mismatch("asked for withdrawal %s, the gateway answered %s", instructionID, st.InstructionID)
	}
	return v.VerifyWithdrawalStatus(ctx, st)
}

// VerifyWithdrawalStatus verifies a withdrawal status the gateway reported: its
// transaction succeeded and the trader's own DTW contract emitted a Withdrawn event for
// the trader with the reported token, amount and destination, at Confirmations depth.
func (v *Verifier) VerifyWithdrawalStatus(ctx context.Context, st api.WithdrawalStatus) (*WithdrawalVerification, error) {
	if err := v.checkOwner("withdrawal", st.Source, st.Trader); err != nil {
		return nil, err
	}
	tx, err := parseHash("transactionHash", st.TransactionHash)
	if err != nil {
		return nil, err
	}
	r, err := v.rpc.TransactionReceipt(ctx, tx)
	if errors.Is(err, ethereum.NotFound) {
		return nil, fmt.Errorf("%w: your RPC has no receipt of %s (gateway status %s)", ErrNotConfirmed, tx, st.Status)
	}
	if err != nil {
		return nil, fmt.Errorf("receipt of %s: %w", tx, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return nil, mismatch("withdrawal transaction %s reverted", tx)
	}
	out := &WithdrawalVerification{Status: st}
	var last error = mismatch("%s has no Withdrawn event of %s from contract %s", tx, v.trader, v.src.DTW)
	for _, ev := range dtw.DecodeLogs(v.src.DTW, r.Logs) {
		if ev.Kind != dtw.EventWithdrawn || ev.Trader != v.trader {
			continue
		}
		if last = v.checkWithdrawn(ev, st); last == nil {
			out.Event = ev
			break
		}
	}
	if last != nil {
		return nil, last
	}
	head, err := v.rpc.BlockNumber(ctx)
	if err != nil {
		return nil, fmt.Errorf("latest block: %w", err)
	}
	if block := r.BlockNumber.Uint64(); head >= block {
		out.Confirmations = head - block + 1
	}
	if out.Confirmations < v.Confirmations {
		return out, fmt.Errorf("%w: %s has %d of %d confirmations", ErrNotConfirmed, tx, out.Confirmations, v.Confirmations)
	}
	return out, nil
}

func (v *Verifier) checkWithdrawn(ev dtw.Event, st api.WithdrawalStatus) error {
	a, err := v.asset(ev.Token)
	if err != nil {
		return err
	}
	if err := v.sameAsset("asset", st.Asset, a); err != nil {
		return err
	}
	if err := sameUnits("amount", st.Amount, a, ev.Amount); err != nil {
		return err
	}
	if st.Amount == "" {
		return mismatch("withdrawal reported without an amount")
	}
	if to, err := chain.ParseAddress(st.To); err != nil || to != ev.To {
		return mismatch("destination is %q, the chain shows %s", echo.Value(st.To), ev.To)
	}
	return nil
}

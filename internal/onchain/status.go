package onchain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

// orderStatusByID returns an order of the caller's by the gateway's id of it (orderId).
func (s *Service) orderStatusByID(ctx context.Context, c *Chain, wallets []common.Address, orderID string) (api.OrderStatus, error) {
	id, err := strconv.ParseUint(orderID, 10, 64)
	if err != nil {
		return api.OrderStatus{}, invalid("orderId %q is not an integer", echo.Value(orderID))
	}
	v, err := s.views.get(ctx, c.Source.Name, id, s.store.OrderView) // the API's most frequent read
	if errors.Is(err, store.ErrNotFound) || (err == nil && !slices.Contains(wallets, v.Order.Placed.Trader)) {
		return api.OrderStatus{}, fmt.Errorf("%w: no order %d on %s for your account", ErrNotFound, id, c.Source.Name)
	}
	if err != nil {
		return api.OrderStatus{}, err
	}
	return formatOrderStatus(c, v)
}

// orderByInstruction returns an order of the caller's by the hash of the transaction that
// placed it (its instructionId), including a relayed order not yet confirmed.
func (s *Service) orderByInstruction(ctx context.Context, c *Chain, wallets []common.Address, instructionID string) (api.OrderStatus, error) {
	tx, err := parseHash("instructionId", instructionID)
	if err != nil {
		return api.OrderStatus{}, err
	}
	notFound := fmt.Errorf("%w: no order placed by %s on %s for your account", ErrNotFound, tx.Hex(), c.Source.Name)
	orders, err := s.store.OrdersByTx(ctx, c.Source.Name, tx)
	if err != nil {
		return api.OrderStatus{}, err
	}
	for _, o := range orders {
		if slices.Contains(wallets, o.Placed.Trader) {
			return s.orderStatus(ctx, c, o)
		}
	}
	r, err := s.store.RelayByTx(ctx, tx)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (r.Kind != RelayOrder || !slices.Contains(wallets, r.Trader))) {
		return api.OrderStatus{}, notFound
	}
	if err != nil {
		return api.OrderStatus{}, err
	}
	st := api.OrderStatus{InstructionID: tx.Hex(), OrderSource: c.Source.Name, Trader: r.Trader.Hex(), Status: api.StatusPending,
		Confirmations: "0", ReturnTxConfirmations: "0"}
	if r.Reason != "" { // reverted or dropped: no order was placed, and the nonce is free again
		st.Status, st.Reason = api.StatusFailed, r.Reason
		return st, nil
	}
	// A fee bump of the relay may be what placed it: the order answers (with the
	// transaction that placed it as its instructionId).
	bumps, err := s.store.FeeBumps(ctx, tx)
	if err != nil {
		return api.OrderStatus{}, err
	}
	for _, h := range bumps {
		orders, err := s.store.OrdersByTx(ctx, c.Source.Name, h)
		if err != nil {
			return api.OrderStatus{}, err
		}
		for _, o := range orders {
			if o.Placed.Trader == r.Trader {
				return s.orderStatus(ctx, c, o)
			}
		}
	}
	return st, nil
}

func parseHash(field, value string) (common.Hash, error) {
	h, err := chain.ParseHash(value)
	if err != nil {
		return common.Hash{}, invalid("%s %q is not a 32-byte transaction hash", field, echo.Value(value))
	}
	return h, nil
}

// orderStatus reads an order's return and its chain's head and formats its status.
func (s *Service) orderStatus(ctx context.Context, c *Chain, o store.ChainOrder) (api.OrderStatus, error) {
	head, err := s.head(ctx, c.Source.Name)
	if err != nil {
		return api.OrderStatus{}, err
	}
	v := store.OrderView{Order: o, Head: head}
	ret, err := s.store.OrderReturn(ctx, c.Source.Name, o.Placed.OrderID.Uint64())
	switch {
	case err == nil:
		v.Return = &ret
	case !errors.Is(err, store.ErrNotFound): // not found: open, or closed but its return not yet checked
		return api.OrderStatus{}, err
	}
	return formatOrderStatus(c, v)
}

// formatOrderStatus is the interface's status of an order of chain c.
func formatOrderStatus(c *Chain, v store.OrderView) (api.OrderStatus, error) {
	p, head := v.Order.Placed, v.Head
	sell, _ := c.Source.AssetByAddress(p.SellToken)
	buy, _ := c.Source.AssetByAddress(p.BuyToken)
	conf := head.Confirmations(p.BlockNumber)
	st := api.OrderStatus{
		InstructionID: p.TxHash.Hex(), OrderSource: c.Source.Name, OrderID: p.OrderID.String(), Trader: p.Trader.Hex(),
		SellingAsset: assetName(sell, p.SellToken), BuyingAsset: assetName(buy, p.BuyToken),
		QuantitySold: "0", QuantityBought: "0",
		LimitAmount:  buy.FromBaseUnits(p.MinBuyAmount).String(),
		AmountToSell: sell.FromBaseUnits(p.SellAmount).String(), LimitAmountToReceive: buy.FromBaseUnits(p.MinBuyAmount).String(),
		OrderType: api.OrderTypeMarket, Deadline: strconv.FormatUint(p.Deadline, 10), Status: api.StatusOpen,
		TimestampMillis: strconv.FormatUint(p.BlockTime*1000, 10),
		Confirmations:   strconv.FormatUint(conf, 10), ReturnTxConfirmations: "0",
	}
	if p.TraderOrderID != nil { // nil only for rows from before the contract keyed orders
		st.OnchainOrderID, st.OrderKey = p.TraderOrderID.String(), p.OrderKey.Hex()
	}
	if p.OrderKind == dtw.KindLimit {
		st.OrderType = api.OrderTypeLimit
	}
	ret := v.Return
	if ret == nil {
		return st, nil // open, or closed but its return transaction not yet checked
	}
	status, err := apiOrderStatus(ret.Status)
	if err != nil {
		return st, err
	}
	tx := ret.TxHash.Hex()
	st.ReturnTxID, st.Status = &tx, status
	st.ReturnTxConfirmations = strconv.FormatUint(head.Confirmations(ret.BlockNumber), 10)
	if v.Order.Closed != nil {
		st.TimestampMillis = strconv.FormatUint(v.Order.Closed.BlockTime*1000, 10)
	}
	if ret.Status == store.OrderSettled {
		st.QuantitySold = st.AmountToSell
		st.QuantityBought = buy.FromBaseUnits(ret.BuyAmount).String()
	}
	return st, nil
}

func assetName(a chain.Asset, addr common.Address) string {
	if a.ID != "" {
		return a.ID
	}
	return addr.Hex()
}

// WithdrawalStatus returns a withdrawal of the caller's by its transaction hash, on any
// chain: one relayed by the gateway, or one the trader sent directly.
func (s *Service) WithdrawalStatus(ctx context.Context, wallets []common.Address, instructionID string) (api.WithdrawalStatus, error) {
	tx, err := parseHash("instructionId", instructionID)
	if err != nil {
		return api.WithdrawalStatus{}, err
	}
	if st, ok, err := s.withdrawalByTx(ctx, wallets, tx, tx); ok || err != nil {
		return st, err
	}
	r, err := s.store.RelayByTx(ctx, tx)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (r.Kind != RelayWithdrawal || !slices.Contains(wallets, r.Trader))) {
		return api.WithdrawalStatus{}, fmt.Errorf("%w: no withdrawal %s for your account", ErrNotFound, tx.Hex())
	}
	if err != nil {
		return api.WithdrawalStatus{}, err
	}
	st := api.WithdrawalStatus{InstructionID: tx.Hex(), Source: r.Source, Trader: r.Trader.Hex(), Status: api.StatusPending,
		TransactionHash: tx.Hex(), Confirmations: "0"}
	if r.Reason != "" { // reverted or dropped: nothing was withdrawn, and the nonce is free again
		st.Status, st.Reason = api.StatusFailed, r.Reason
		return st, nil
	}
	// A fee bump of the relay may be what withdrew: it answers, with its own transaction.
	bumps, err := s.store.FeeBumps(ctx, tx)
	if err != nil {
		return api.WithdrawalStatus{}, err
	}
	for _, h := range bumps {
		if done, ok, err := s.withdrawalByTx(ctx, []common.Address{r.Trader}, tx, h); ok || err != nil {
			return done, err
		}
	}
	return st, nil
}

// withdrawalByTx finds, on any chain, a withdrawal of wallets that transaction paid and
// answers it as instructionID.
func (s *Service) withdrawalByTx(ctx context.Context, wallets []common.Address, instructionID, paid common.Hash) (api.WithdrawalStatus, bool, error) {
	for _, name := range s.reg.Names() {
		c := s.chains[name]
		evs, err := s.store.WithdrawalsByTx(ctx, name, paid)
		if err != nil {
			return api.WithdrawalStatus{}, false, err
		}
		for _, e := range evs {
			if !slices.Contains(wallets, e.Trader) {
				continue
			}
			head, err := s.head(ctx, name)
			if err != nil {
				return api.WithdrawalStatus{}, false, err
			}
			a, _ := c.Source.AssetByAddress(e.Token)
			return api.WithdrawalStatus{
				InstructionID: instructionID.Hex(), Source: name, Trader: e.Trader.Hex(), Asset: assetName(a, e.Token),
				Amount: a.FromBaseUnits(e.Amount).String(), To: e.To.Hex(), Status: api.StatusCompleted, TransactionHash: paid.Hex(),
				Confirmations:   strconv.FormatUint(head.Confirmations(e.BlockNumber), 10),
				TimestampMillis: strconv.FormatUint(e.BlockTime*1000, 10),
			}, true, nil
		}
	}
	return api.WithdrawalStatus{}, false, nil
}

// head returns the chain head its settler last recorded; before the settler's first
// round it is the zero head, at which nothing has confirmations.
func (s *Service) head(ctx context.Context, source string) (store.SettlerHead, error) {
	h, err := s.store.SettlerHead(ctx, source)
	if errors.Is(err, store.ErrNotFound) {
		return store.SettlerHead{Source: source}, nil
	}
	return h, err
}

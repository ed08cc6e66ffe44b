// Package activity turns the outbox's deposit and withdrawal events, of every venue, into
// the account activity clients are pushed (api.AccountActivityEvent): by the webhooks and
// the websocket's ACCOUNT_ACTIVITY channel alike.
package activity

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// Is reports whether ev is account activity: a deposit or a withdrawal.
func Is(ev outbox.Record) bool {
	return ev.Kind == outbox.Deposit || ev.Kind == outbox.Withdrawal
}

// FromEvent returns the activity of a deposit or withdrawal event of accountID (the
// event's account, or the owner of its trader address). Chain amounts are converted with
// the token's decimals from reg (an unknown token shows its address and base units).
// Events of other kinds are an error.
func FromEvent(ev outbox.Record, accountID string, reg *chain.Registry) (api.AccountActivityEvent, error) {
	out := api.AccountActivityEvent{EventID: strconv.FormatInt(ev.ID, 10), Source: ev.Source, AccountID: accountID}
	switch ev.Kind {
	case outbox.Deposit:
		out.ActivityType = api.ActivityDeposit
	case outbox.Withdrawal:
		out.ActivityType = api.ActivityWithdrawal
	default:
		return out, fmt.Errorf("event %d: %s is not account activity", ev.ID, ev.Kind)
	}
	payload, err := ev.Decode()
	if err != nil {
		return out, err
	}
	switch p := payload.(type) {
	case outbox.LedgerActivity:
		return fromLedger(out, ev, p), nil
	case outbox.ChainActivity:
		return fromChain(out, ev, p, reg)
	}
	return out, fmt.Errorf("event %d: %T is not account activity", ev.ID, payload)
}

// fromLedger completes out with a ledger's deposit or withdrawal: amounts in the asset's
// unit, at the time the entry was posted.
func fromLedger(out api.AccountActivityEvent, ev outbox.Record, p outbox.LedgerActivity) api.AccountActivityEvent {
	out.Asset, out.Amount, out.TransactionHash, out.Receipt = p.Asset, p.Amount, p.TxHash, p.Receipt
	out.TimestampMillis = strconv.FormatInt(ev.CreatedAt.UnixMilli(), 10)
	switch {
	case out.ActivityType == api.ActivityWithdrawal:
		out.Reference = &api.ActivityReference{InstructionID: p.InstructionID, TransactionHash: p.TxHash, ActivityLocation: p.Location}
	case p.TxHash != "": // a deposit paid on a chain, as its history record names it
		out.Reference = &api.ActivityReference{TransactionHash: p.TxHash, ActivityLocation: p.Location}
	}
	return out
}

// fromChain completes out with a chain's deposit or withdrawal: base units converted with
// the token's decimals from reg, at the block's time.
func fromChain(out api.AccountActivityEvent, ev outbox.Record, p outbox.ChainActivity, reg *chain.Registry) (api.AccountActivityEvent, error) {
	var asset chain.Asset
	if reg != nil {
		if src, err := reg.Source(p.Source); err == nil {
			asset, _ = src.AssetByAddress(p.Token)
		}
	}
	amount, ok := new(big.Int).SetString(p.Amount, 10)
	if !ok {
		return out, fmt.Errorf("event %d: amount %q is not an integer", ev.ID, p.Amount)
	}
	out.Asset = asset.ID
	if out.Asset == "" {
		out.Asset = p.Token.Hex()
	}
	out.Amount = asset.FromBaseUnits(amount).String()
	out.TimestampMillis = strconv.FormatUint(p.BlockTime*1000, 10)
	out.TransactionHash, out.Removed = p.TxHash.Hex(), p.Removed
	// Deposits and withdrawals name their transaction, as their history records do.
	out.Reference = &api.ActivityReference{InstructionID: p.TxHash.Hex(), TransactionHash: p.TxHash.Hex(), ActivityLocation: p.Source}
	return out, nil
}

package offchain

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
)

// readTx is a swap's transaction with what it read of its account in one statement
// (TradingTx.TraderReads): the account, its settings, commissions and introducer are
// answered from memory; everything else, the ledger's reads after its locks included,
// goes to the transaction.
type readTx struct {
	TradingTx
	accountID string
	reads     store.TraderReads
}

// GetAccount implements TradingTx.
func (t readTx) GetAccount(ctx context.Context, id string) (store.Account, error) {
	if id == t.accountID {
		return t.reads.Account, nil
	}
	return t.TradingTx.GetAccount(ctx, id)
}

// AccountSettings implements TradingTx.
func (t readTx) AccountSettings(ctx context.Context, accountID string) (map[string]string, error) {
	if accountID == t.accountID {
		return t.reads.Settings, nil
	}
	return t.TradingTx.AccountSettings(ctx, accountID)
}

// AccountCommissions implements TradingTx.
func (t readTx) AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error) {
	if accountID == t.accountID && source == Source {
		return t.reads.Commissions, nil
	}
	return t.TradingTx.AccountCommissions(ctx, accountID, source)
}

// ActiveIntroducer implements TradingTx.
func (t readTx) ActiveIntroducer(ctx context.Context, clientID string) (store.IntroducerRelationship, error) {
	if clientID != t.accountID {
		return t.TradingTx.ActiveIntroducer(ctx, clientID)
	}
	if t.reads.Introducer == nil {
		return store.IntroducerRelationship{}, store.ErrNotFound
	}
	return *t.reads.Introducer, nil
}

// unlockedBooks is readTx for what reads the account's balances before its books are
// locked (the assets its credit terms price): they come from memory too.
type unlockedBooks struct{ readTx }

// LedgerBalances implements ledger.Reader.
func (t unlockedBooks) LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	if book == ledger.UserBook(t.accountID) {
		return t.reads.Balances, nil
	}
	return t.readTx.LedgerBalances(ctx, book)
}

package store

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// OffchainAccounts owns what the OFFCHAIN venue keeps per account besides the ledger: its
// settings, and the lookup of an account by the deposit reference its bank transfers quote.
type OffchainAccounts interface {
	// SetAccountSetting sets an account's setting; ErrNotFound for an unknown account.
	SetAccountSetting(ctx context.Context, accountID, settingType, value string, at time.Time) error
	// AccountSettings returns the settings an operator set for an account, by type.
	AccountSettings(ctx context.Context, accountID string) (map[string]string, error)
	// AccountByDepositReference returns the account whose deposit reference is ref, or
	// ErrNotFound.
	AccountByDepositReference(ctx context.Context, ref string) (string, error)
}

// ChainBalances reads what the balances of wallets in a DTW contract derive from.
type ChainBalances interface {
	// TraderEvents returns every followed event of a chain whose trader is one of
	// traders, in chain order (deposits, withdrawals, orders placed, settled, cancelled).
	TraderEvents(ctx context.Context, source string, traders []common.Address) ([]dtw.Event, error)
}

var (
	_ OffchainAccounts = (*SQLite)(nil)
	_ ChainBalances    = (*SQLite)(nil)
)

// SetAccountSetting implements OffchainAccounts.
func (s *conn) SetAccountSetting(ctx context.Context, accountID, settingType, value string, at time.Time) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO account_settings (account_id, setting_type, value, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id, setting_type) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		accountID, settingType, value, at.UnixMilli())
	return wrap("set account setting", err)
}

// AccountSettings implements OffchainAccounts.
func (s *conn) AccountSettings(ctx context.Context, accountID string) (map[string]string, error) {
	type kv struct{ k, v string }
	rows, err := queryAll(ctx, s.r, "account settings", func(r scanner) (kv, error) {
		var x kv
		return x, r.Scan(&x.k, &x.v)
	}, `SELECT setting_type, value FROM account_settings WHERE account_id = ?`, accountID)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rows))
	for _, x := range rows {
		out[x.k] = x.v
	}
	return out, nil
}

// AccountByDepositReference implements OffchainAccounts.
func (s *conn) AccountByDepositReference(ctx context.Context, ref string) (string, error) {
	var id string
	err := s.r.QueryRowContext(ctx, `SELECT account_id FROM deposit_references WHERE reference = ?`, ref).Scan(&id)
	return id, wrap("account by deposit reference", err)
}

// TraderEvents implements ChainBalances.
func (s *conn) TraderEvents(ctx context.Context, source string, traders []common.Address) ([]dtw.Event, error) {
	if len(traders) == 0 {
		return nil, nil
	}
	args := []any{source}
	marks := ""
	for i, t := range traders {
		if i > 0 {
			marks += ", "
		}
		marks += "?"
		args = append(args, addrText(t))
	}
	return s.queryEvents(ctx, "trader events", `SELECT `+eventColumns+` FROM chain_events WHERE source = ? AND trader IN (`+marks+`)
		ORDER BY block_number, log_index`, args...)
}

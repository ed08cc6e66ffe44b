package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
)

// TraderReads is what a trade reads of its account before it decides, in one statement
// (TraderReads): on PostgreSQL each read is a round trip, and a swap made six of them.
type TraderReads struct {
	// Account is the account (ErrNotFound from TraderReads when there is none).
	Account Account
	// Settings are its settings by type (AccountSettings).
	Settings map[string]string
	// Commissions are its commission settings on the source (AccountCommissions).
	Commissions []AccountCommission
	// Introducer is its active introducer relationship, nil without one
	// (ActiveIntroducer).
	Introducer *IntroducerRelationship
	// Balances are the balances of the book asked for (LedgerBalances), read without
	// its lock: what they are for must not rest on them staying.
	Balances map[string]decimal.Decimal
	// OrderID is the id of the account's order of the kind and instructionId asked for,
	// 0 when there is none (read it with OffchainOrder).
	OrderID int64
	// ReceiptHead is, on a store of one writer (SingleWriter), the account's latest
	// receipt's sequence, hash and time (Seq 0 before the first), read without its lock
	// (ReceiptHead); on others Seq 0 always.
	ReceiptHead StoredReceipt
}

// traderReadsQuery reads TraderReads: one row per fact, its kind first, the rest as text
// (UNION ALL needs one type per column on PostgreSQL).
const traderReadsQuery = `SELECT 0, id, parent_id, label, account_asset, CAST(created_at AS TEXT) FROM accounts WHERE id = ?
	UNION ALL SELECT 1, setting_type, value, '', '', '' FROM account_settings WHERE account_id = ?
	UNION ALL SELECT 2, source, pair, CAST(bps AS TEXT), CAST(updated_at AS TEXT), '' FROM account_commissions WHERE account_id = ? AND source = ?
	UNION ALL SELECT 3, introducer_id, share, CAST(created_at AS TEXT), CAST(updated_at AS TEXT), '' FROM introducer_relationships
		WHERE client_id = ? AND active = 1
	UNION ALL SELECT 4, asset, balance, '', '', '' FROM ledger_balances WHERE book = ?
	UNION ALL SELECT 5, CAST(id AS TEXT), '', '', '', '' FROM offchain_orders WHERE account_id = ? AND kind = ? AND instruction_id = ?`

// traderReadsHead is the part of traderReadsQuery that reads the account's receipt head,
// on a store of one writer only (SingleWriter: a swap links its receipt after it,
// ledger.Options.Head); on PostgreSQL the ledger reads the head under its lock.
const traderReadsHead = `
	UNION ALL SELECT * FROM (SELECT 6, CAST(seq AS TEXT), hex(hash), CAST(created_ms AS TEXT), '', '' FROM receipts WHERE account_id = ?
		ORDER BY seq DESC LIMIT 1) AS head`

// TraderReads implements Trading.
func (s *conn) TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (TraderReads, error) {
	query, args := traderReadsQuery, []any{accountID, accountID, accountID, source, accountID, book, accountID, kind, instructionID}
	if s.SingleWriter() {
		query, args = query+traderReadsHead, append(args, accountID)
	}
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return TraderReads{}, wrap("trader reads", err)
	}
	defer rows.Close()
	out := TraderReads{Settings: map[string]string{}, Commissions: []AccountCommission{}, Balances: map[string]decimal.Decimal{},
		ReceiptHead: StoredReceipt{AccountID: accountID}}
	found := false
	for rows.Next() {
		var (
			kind       int
			a, b, c, d string
			e          string
		)
		if err := rows.Scan(&kind, &a, &b, &c, &d, &e); err != nil {
			return TraderReads{}, wrap("trader reads", err)
		}
		if err := out.add(kind, accountID, a, b, c, d, e); err != nil {
			return TraderReads{}, fmt.Errorf("trader reads of %s: %w", accountID, err)
		}
		found = found || kind == 0
	}
	if err := rows.Err(); err != nil {
		return TraderReads{}, wrap("trader reads", err)
	}
	if !found {
		return TraderReads{}, fmt.Errorf("trader reads: account %s: %w", accountID, ErrNotFound)
	}
	return out, nil
}

// add sets the fact of one row of traderReadsQuery.
func (r *TraderReads) add(kind int, accountID, a, b, c, d, e string) error {
	millis := func(v string) (time.Time, error) {
		n, err := strconv.ParseInt(v, 10, 64)
		return time.UnixMilli(n), err
	}
	var err error
	switch kind {
	case 0:
		r.Account = Account{ID: a, ParentID: b, Label: c, AccountAsset: d}
		r.Account.CreatedAt, err = millis(e)
	case 1:
		r.Settings[a] = b
	case 2:
		x := AccountCommission{AccountID: accountID, Source: a, Pair: b}
		if x.Bps, err = strconv.ParseInt(c, 10, 64); err == nil {
			x.UpdatedAt, err = millis(d)
		}
		r.Commissions = append(r.Commissions, x)
	case 3:
		x := IntroducerRelationship{IntroducerID: a, ClientID: accountID, Active: true}
		if x.Share, err = decimal.NewFromString(b); err == nil {
			if x.CreatedAt, err = millis(c); err == nil {
				x.UpdatedAt, err = millis(d)
			}
		}
		r.Introducer = &x
	case 4:
		r.Balances[a], err = decimal.NewFromString(b)
	case 5:
		r.OrderID, err = strconv.ParseInt(a, 10, 64)
	case 6:
		if r.ReceiptHead.Seq, err = strconv.ParseUint(a, 10, 64); err == nil {
			r.ReceiptHead.Hash = common.HexToHash(b)
			r.ReceiptHead.CreatedAt, err = millis(c)
		}
	default:
		err = fmt.Errorf("row of kind %d", kind)
	}
	return err
}

// SingleWriter implements Trading.
func (s *conn) SingleWriter() bool { return !s.postgres() }

package store

import (
	"context"
	"errors"
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
	// (ReceiptHead), or as this process last committed or read it, which may be behind
	// another process's receipts since (never ahead); on others Seq 0 always.
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
	UNION ALL SELECT 6, CAST(seq AS TEXT), hex(hash), CAST(created_ms AS TEXT), CAST(pos AS TEXT), '' FROM receipt_heads WHERE account_id = ?`

// TraderReads implements Trading.
func (s *conn) TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (TraderReads, error) {
	query, args := traderReadsQuery, []any{accountID, accountID, accountID, source, accountID, book, accountID, kind, instructionID}
	head, remembered := StoredReceipt{}, false
	if s.SingleWriter() {
		if s.mem != nil {
			head, remembered = s.mem.head(accountID)
		}
		if !remembered {
			query, args = query+traderReadsHead, append(args, accountID)
		}
	}
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return TraderReads{}, wrap("trader reads", err)
	}
	out, err := scanTraderReads(rows, accountID, nil)
	switch {
	case err != nil:
	case remembered:
		out.ReceiptHead = head
	case s.mem != nil && s.pending == nil && out.ReceiptHead.Seq > 0: // committed: read outside a transaction
		s.mem.read(out.ReceiptHead)
	}
	return out, err
}

// scanTraderReads reads the rows of traderReadsQuery (and closes them) into TraderReads;
// other, when set, is given first each row's kind and columns and says whether it took
// the row (a kind of its own), or an error.
func scanTraderReads(rows readRows, accountID string, other func(kind int, a, b, c string) (bool, error)) (TraderReads, error) {
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
		if other != nil {
			took, err := other(kind, a, b, c)
			if err != nil {
				return TraderReads{}, err
			}
			if took {
				continue
			}
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
		r.ReceiptHead, err = receiptHeadRow(accountID, a, b, c, d)
	default:
		err = fmt.Errorf("row of kind %d", kind)
	}
	return err
}

// receiptHeadRow reads a receipt head row (kind 6: sequence, hash in hex, time in
// milliseconds, and on SQLite its position, "" when not read) of the account's reads.
func receiptHeadRow(accountID, seq, hash, ms, pos string) (StoredReceipt, error) {
	n, err := strconv.ParseUint(seq, 10, 64)
	t, terr := strconv.ParseInt(ms, 10, 64)
	p, perr := int64(0), error(nil)
	if pos != "" {
		p, perr = strconv.ParseInt(pos, 10, 64)
	}
	if err = errors.Join(err, terr, perr); err != nil {
		return StoredReceipt{}, fmt.Errorf("receipt head: %w", err)
	}
	return StoredReceipt{Pos: p, AccountID: accountID, Seq: n, Hash: common.HexToHash(hash), CreatedAt: time.UnixMilli(t)}, nil
}

// SingleWriter implements Trading.
func (s *conn) SingleWriter() bool { return !s.postgres() }

// HouseClaim is what TraderReadsLocking tries of the house's shards once the account's
// book is locked: each of Shards in turn, whose books are Books (one each), until one is
// free; its balance of Asset is read with the claim.
type HouseClaim struct {
	Shards []int
	Books  []string
	Asset  string
}

// maxClaimShards bounds the shards one TraderReadsLocking tries.
const maxClaimShards = 256

// swapLocks is what TraderReadsLocking took and read with its locks, answered once each by
// TryLockHouseShardBalance and ReceiptHead: the shards it found busy, the one it
// claimed, and the account's receipt head.
type swapLocks struct {
	busy    map[int]bool
	claimed int
	claim   bookAsset
	balance decimal.Decimal
	// claimedOK says a shard was claimed; head is the account's receipt head (nil: it has
	// none) when headRead.
	claimedOK, headRead bool
	account             string
	head                *StoredReceipt
	// orderID and entryID are ids taken for the account's order and ledger entry from
	// their sequences, each answered once: by CreateOffchainOrder, which keeps the order's
	// insert back for the entry's statement, and by InsertLedgerEntry, which keeps the
	// entry's statement back for its receipt's (postgres_stash.go); 0 once taken.
	orderID, entryID int64
	// book is the account's book locked, bookBalances its balances read after the lock
	// until a write of a balance or a hold (forgetSwapShards): what an entry that posts
	// to it leaves is known before its statement runs.
	book         string
	bookBalances map[string]decimal.Decimal
}

// TraderReadsLocking implements Trading. On PostgreSQL in a unit of work it is one
// statement: migration 0088's dtwgate_swap_reads for one unit, with 0084's
// dtwgate_swap_locks inlined (the account's book locked as
// LockLedgerBooks locks it, waiting or trying as the unit may, its balances and holds
// read after the lock for LedgerBook, the account's receipt head locked and read for
// ReceiptHead, the shards of claim tried without waiting for TryLockHouseShardBalance)
// and TraderReads' rows, with ids for the order and the ledger entry it may write
// (postgres_stash.go); a swap's four round trips before it decides become one, and none
// when its group read it ahead with its other swaps' (WithSwapReads, readahead.go).
// Elsewhere, and for an account with an active introducer (whose two books the caller
// locks together), it is TraderReads.
func (s *conn) TraderReadsLocking(ctx context.Context, accountID, source, book, kind, instructionID string, claim HouseClaim) (TraderReads, error) {
	if !s.postgres() || !s.inTx() {
		return s.TraderReads(ctx, accountID, source, book, kind, instructionID)
	}
	if len(claim.Shards) != len(claim.Books) || len(claim.Shards) > maxClaimShards {
		return TraderReads{}, fmt.Errorf("trader reads: %d shards, %d books (at most %d)", len(claim.Shards), len(claim.Books), maxClaimShards)
	}
	bookKey := lockKey(bookLockPrefix, book)
	group := s.groupWrites()
	var rows readRows
	if ahead, ok := s.takeAhead(accountID, source, book, kind, instructionID, claim); ok { // readahead.go
		rows, claim = &aheadRows{rows: ahead.rows}, ahead.claim // its shard rows count in the claim tried
	} else {
		// Ahead of the writes the group keeps back (groupwrites.go) unless some are the
		// account's or move its book: what it reads of them then is the claimed shard's
		// balance, moved below.
		if st := s.stash(); group != nil && !group.touches(accountID, book) {
			st.ahead = true
			defer func() { st.ahead = false }()
		}
		r, err := s.r.QueryContext(ctx, swapReadSQL, swapReadsArgs([]*SwapReads{{AccountID: accountID, Source: source, Book: book, Kind: kind,
			InstructionID: instructionID}}, []HouseClaim{claim}, s.waits())...)
		if err != nil {
			return TraderReads{}, wrap("trader reads", err)
		}
		rows = r
	}
	locks := &swapLocks{busy: map[int]bool{}, account: accountID}
	read := bookRead{balances: map[string]decimal.Decimal{}, held: map[string]decimal.Decimal{}}
	locked := false
	out, err := scanTraderReads(rows, accountID, func(k int, a, b, c string) (bool, error) {
		switch k {
		case 9:
			return true, errLockBusy
		case 10:
			locked, locks.headRead = true, true
		case 12, 7:
			m := read.balances
			if k == 7 {
				m = read.held
			}
			v, err := decimal.NewFromString(b)
			if err != nil {
				return true, fmt.Errorf("trader reads of %s: %s %s: %w", accountID, book, a, err)
			}
			m[a] = m[a].Add(v)
		case 6:
			head, err := receiptHeadRow(accountID, a, b, c, "")
			if err != nil {
				return true, fmt.Errorf("trader reads of %s: %w", accountID, err)
			}
			locks.head = &head
		case 13:
			order, oerr := strconv.ParseInt(a, 10, 64)
			entry, eerr := strconv.ParseInt(b, 10, 64)
			if oerr != nil || eerr != nil {
				return true, fmt.Errorf("trader reads of %s: ids %q, %q", accountID, a, b)
			}
			locks.orderID, locks.entryID = order, entry
		case 11, 8:
			i, err := strconv.Atoi(a)
			if err != nil || i < 0 || i >= len(claim.Shards) {
				return true, fmt.Errorf("trader reads of %s: shard row %q", accountID, a)
			}
			if k == 11 {
				locks.busy[claim.Shards[i]] = true
				return true, nil
			}
			if locks.balance, err = decimal.NewFromString(b); err != nil {
				return true, fmt.Errorf("trader reads of %s: shard %d: %w", accountID, claim.Shards[i], err)
			}
			if group != nil { // the shard is this transaction's since it first claimed it
				locks.balance = locks.balance.Add(group.pendingMove(claim.Books[i], claim.Asset))
			}
			locks.claimedOK, locks.claimed, locks.claim = true, claim.Shards[i], bookAsset{claim.Books[i], claim.Asset}
			s.claimedHouseShard(claim.Shards[i])
		default:
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return TraderReads{}, err
	}
	if locked {
		out.Balances = read.balances // read after the lock
		if s.bookLocks == nil {
			s.bookLocks = map[int64]bool{}
		}
		s.bookLocks[bookKey] = true
		s.bookReads = map[string]bookRead{book: read}
		locks.book, locks.bookBalances = book, read.balances
		s.swapLocks = locks
	}
	return out, nil
}

// takeSwapShard answers, once, TryLockHouseShardBalance of shard from what
// TraderReadsLocking found: ok says it has the answer (claimed, with its balance, or
// busy).
func (s *conn) takeSwapShard(shard int, book, asset string) (answered, claimed bool, balance decimal.Decimal) {
	l := s.swapLocks
	if l == nil {
		return false, false, decimal.Zero
	}
	if l.busy[shard] {
		delete(l.busy, shard)
		return true, false, decimal.Zero
	}
	if l.claimedOK && l.claimed == shard && l.claim == (bookAsset{book, asset}) {
		l.claimedOK = false
		return true, true, l.balance
	}
	return false, false, decimal.Zero
}

// takeSwapHead answers, once, ReceiptHead of accountID from what TraderReadsLocking read
// with its lock: ok says it has the answer (head nil: the account has no receipt yet).
func (s *conn) takeSwapHead(accountID string) (head *StoredReceipt, ok bool) {
	l := s.swapLocks
	if l == nil || !l.headRead || l.account != accountID {
		return nil, false
	}
	l.headRead = false
	return l.head, true
}

// forgetSwapShards drops what TraderReadsLocking read of the house shards and the book
// (a write of a balance or a hold came after it); the receipt head stays, locked and
// unchanged until this unit writes a receipt (InsertReceipt drops it).
func (s *conn) forgetSwapShards() {
	if s.swapLocks != nil {
		s.swapLocks.busy, s.swapLocks.claimedOK, s.swapLocks.bookBalances = nil, false, nil
	}
}

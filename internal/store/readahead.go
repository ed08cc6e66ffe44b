package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
)

// A swap's first statement on PostgreSQL (TraderReadsLocking: its locks, its account's
// reads, its ids) is a round trip of its own, run as its unit's turn comes in the group:
// a group of n swaps paid n executor starts of dtwgate_swap_locks and n round trips, the
// lane's connection and its backend waking for each. A swap that says ahead what it will
// ask (WithSwapReads) lets its group's lane read for all of them at once: one statement
// at the group's start, a function looping over the units (migration 0088), each unit's
// part what its own statement would have read (readAhead), its rows kept for the unit's
// TraderReadsLocking. (The units' statements joined by UNION ALL saved the round trips
// but not the executor's start of every part: PostgreSQL's CPU per swap rose.)
//
// What makes that sound:
//   - Only the group's first units are read ahead, while each is a swap saying ahead
//     what it reads and no account repeats (a later swap of the same account must see
//     the earlier one's writes). Within the call they run in the units' order, the first
//     waiting for its locks as the group's first unit does, the others trying, as each
//     would in its turn; each query sees what committed before it, as the unit's own
//     statement's function parts did.
//   - A unit's rows stand for what its own statement would have read only while nothing
//     else ran in the transaction since: the writes the group keeps back are not in the
//     database yet (the shard balance a unit claimed is added the moves kept back on it,
//     as on the unit's own statement: pendingMove), and no other account's swap moves
//     the unit's book. Any statement of a unit (a read, a write, the kept writes sent)
//     drops every read ahead not yet taken (lane.statements), and a unit whose account or
//     book the kept writes touch does not take its rows: each then sends its own
//     statement, as without read-ahead.
//   - A unit's rows are taken only by the TraderReadsLocking that asks exactly what it
//     said (account, source, book, kind, instructionId, the house shards and asset), once.
//   - What the read-ahead did for a unit that then fails stays in the transaction: its
//     locks (held to the group's end, as the group's other locks are) and its book's
//     version bumped (migration 0073: a SERIALIZABLE unit of the same book whose snapshot
//     is older then runs once more, as after a write). The group's reruns never read
//     ahead.

// SwapReads is what a swap's unit of work will ask of TraderReadsLocking first, said
// ahead (WithSwapReads) so that its group commit on PostgreSQL may read it together with
// its group's other swaps' reads, in one statement (readahead.go). Claim is the house
// shards it tries, in the order the unit would try them from its Trading's home shard;
// the lane starts them where it claimed last.
type SwapReads struct {
	AccountID, Source, Book, Kind, InstructionID string
	Claim                                        HouseClaim
}

type swapReadsKey struct{}

// WithSwapReads returns ctx saying that the unit of work run with it asks r of
// TraderReadsLocking first. Stores that cannot read ahead ignore it.
func WithSwapReads(ctx context.Context, r SwapReads) context.Context {
	return context.WithValue(ctx, swapReadsKey{}, &r)
}

func swapReadsOf(ctx context.Context) *SwapReads {
	r, _ := ctx.Value(swapReadsKey{}).(*SwapReads)
	return r
}

// readAhead is what a lane read ahead for its group's first units: each unit's rows,
// taken once, valid while the lane's transaction ran no statement since (at).
type readAhead struct {
	at    int
	units map[*SwapReads]*aheadUnit
}

// aheadUnit is what was read ahead for one unit: its rows, and the house shards tried for
// it in the order tried, which the rows' shard indexes count in (the unit may ask from
// another of them, where its lane claimed last).
type aheadUnit struct {
	rows  []readRow
	claim HouseClaim
}

// readRow is a row of the swap's reads: its kind and five text columns.
type readRow struct {
	kind          int
	a, b, c, d, e string
}

// maxReadAhead bounds the units one read-ahead reads for.
const maxReadAhead = 32

// swapReadsCall is migration 0088's dtwgate_swap_reads (its arguments: swapReadsArgs):
// a group's read-ahead reads its rows with the unit of each (swapReadsSQL), a swap read
// on its own without (swapReadSQL).
const swapReadsCall = `dtwgate_swap_reads(?::text[], ?::text[], ?::bigint[], ?, ?, ?::bigint[], ?::text[], ?::text[],
		?::text[], ?::text[], ?::text[])`

const (
	swapReadsSQL = `SELECT * FROM ` + swapReadsCall
	swapReadSQL  = `SELECT r_kind, r_a, r_b, r_c, r_d, r_e FROM ` + swapReadsCall
)

// swapReadsArgs are swapReadsSQL's arguments for reads, each trying the shards of its
// claim (all as many), the first waiting for its book's lock when wait.
func swapReadsArgs(reads []*SwapReads, claims []HouseClaim, wait bool) []any {
	var (
		accts, books, assets, sources, kinds, ids, shardBooks []string
		lockKeys, shardKeys                                   []int64
	)
	for i, r := range reads {
		c := claims[i]
		accts, books, assets = append(accts, r.AccountID), append(books, r.Book), append(assets, c.Asset)
		sources, kinds, ids = append(sources, r.Source), append(kinds, r.Kind), append(ids, r.InstructionID)
		lockKeys = append(lockKeys, lockKey(bookLockPrefix, r.Book))
		for j, sh := range c.Shards {
			shardKeys, shardBooks = append(shardKeys, lockKey(shardLockPrefix, strconv.Itoa(sh))), append(shardBooks, c.Books[j])
		}
	}
	return []any{accts, books, lockKeys, wait, len(claims[0].Shards), shardKeys, shardBooks, assets, sources, kinds, ids}
}

// readAheadUnits returns the swaps of the group that may be read ahead: its first units,
// while each says what it reads, no account repeats and each tries as many house shards
// as the first (at most maxReadAhead).
func readAheadUnits(live []*unit) []*SwapReads {
	var out []*SwapReads
	seen := map[string]bool{}
	for _, u := range live {
		r := swapReadsOf(u.ctx)
		if r == nil || seen[r.AccountID] || len(out) == maxReadAhead || len(r.Claim.Shards) > maxClaimShards ||
			len(r.Claim.Shards) != len(r.Claim.Books) || (len(out) > 0 && len(r.Claim.Shards) != len(out[0].Claim.Shards)) {
			break
		}
		seen[r.AccountID] = true
		out = append(out, r)
	}
	return out
}

// readAhead reads, in one call of migration 0088's dtwgate_swap_reads on q (the group's
// transaction, before its first unit), for the group's first swaps (readAheadUnits), when
// there are two or more; the house shards each tries start where the lane claimed last.
// An error fails the group, which runs again without reading ahead.
func (l *lane) readAhead(ctx context.Context, q queryer, live []*unit) error {
	l.ahead = nil
	reads := readAheadUnits(live)
	if len(reads) < 2 {
		return nil
	}
	ahead := &readAhead{at: l.statements, units: make(map[*SwapReads]*aheadUnit, len(reads))}
	claims := make([]HouseClaim, len(reads))
	for i, r := range reads {
		claims[i] = r.Claim
		if l.claimed {
			claims[i] = r.Claim.from(l.houseShard)
		}
		ahead.units[r] = &aheadUnit{claim: claims[i]}
	}
	rows, err := q.QueryContext(ctx, swapReadsSQL, swapReadsArgs(reads, claims, true)...)
	if err != nil {
		return fmt.Errorf("read ahead for %d swaps: %w: %w", len(reads), errRerunGroup, wrap("read ahead", err))
	}
	defer rows.Close()
	for rows.Next() {
		var (
			i int
			r readRow
		)
		if err := rows.Scan(&i, &r.kind, &r.a, &r.b, &r.c, &r.d, &r.e); err != nil {
			return fmt.Errorf("read ahead: %w: %w", errRerunGroup, wrap("read ahead", err))
		}
		if i < 0 || i >= len(reads) {
			return fmt.Errorf("read ahead: a row of unit %d of %d: %w", i, len(reads), errRerunGroup)
		}
		u := ahead.units[reads[i]]
		u.rows = append(u.rows, r)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read ahead: %w: %w", errRerunGroup, wrap("read ahead", err))
	}
	l.ahead = ahead
	return nil
}

// from is c with its shards started at shard, when it has it (the order kept, rotated).
func (c HouseClaim) from(shard int) HouseClaim {
	for i, sh := range c.Shards {
		if sh == shard && i > 0 {
			out := HouseClaim{Asset: c.Asset, Shards: make([]int, 0, len(c.Shards)), Books: make([]string, 0, len(c.Books))}
			out.Shards = append(append(out.Shards, c.Shards[i:]...), c.Shards[:i]...)
			out.Books = append(append(out.Books, c.Books[i:]...), c.Books[:i]...)
			return out
		}
	}
	return c
}

// sameShards reports whether c and d try the same shards (their books alike) in the same
// cyclic order, from wherever each starts, for the same asset.
func (c HouseClaim) sameShards(d HouseClaim) bool {
	n := len(c.Shards)
	if c.Asset != d.Asset || n != len(d.Shards) || n != len(c.Books) || n != len(d.Books) {
		return false
	}
	if n == 0 {
		return true
	}
	off := -1
	for i, sh := range c.Shards {
		if sh == d.Shards[0] {
			off = i
			break
		}
	}
	if off < 0 {
		return false
	}
	for j := range n {
		i := (off + j) % n
		if c.Shards[i] != d.Shards[j] || c.Books[i] != d.Books[j] {
			return false
		}
	}
	return true
}

// takeAhead returns, once, what was read ahead for the unit s runs when it answers
// TraderReadsLocking's question (accountID, source, book, kind, instructionID, claim) and
// still stands: no statement ran in the lane's transaction since, and the writes the group
// keeps back touch neither the account nor its book. Any statement since drops it all.
// The rows' shard indexes count in the returned unit's claim, not in claim.
func (s *conn) takeAhead(accountID, source, book, kind, instructionID string, claim HouseClaim) (*aheadUnit, bool) {
	q, ok := s.unit()
	if !ok || q.lane == nil || q.lane.ahead == nil {
		return nil, false
	}
	l := q.lane
	if l.statements != l.ahead.at {
		l.ahead = nil
		return nil, false
	}
	r := swapReadsOf(q.ctx)
	u, ok := l.ahead.units[r]
	if !ok {
		return nil, false
	}
	delete(l.ahead.units, r)
	if r.AccountID != accountID || r.Source != source || r.Book != book || r.Kind != kind || r.InstructionID != instructionID ||
		!u.claim.sameShards(claim) {
		return nil, false
	}
	if w := s.groupWrites(); w != nil && w.touches(accountID, book) {
		return nil, false
	}
	l.taken++
	return u, true
}

// readRows are rows of the swap's reads to scan: a statement's (*sql.Rows) or those read
// ahead (aheadRows).
type readRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

var _ readRows = (*sql.Rows)(nil)

// aheadRows scans rows read ahead as the statement's own rows would scan.
type aheadRows struct {
	rows []readRow
	i    int
}

func (r *aheadRows) Next() bool { r.i++; return r.i <= len(r.rows) }

func (r *aheadRows) Scan(dest ...any) error {
	row := r.rows[r.i-1]
	if len(dest) != 6 {
		return fmt.Errorf("scan of a row read ahead into %d values, not 6", len(dest))
	}
	k, ok := dest[0].(*int)
	if !ok {
		return fmt.Errorf("scan of a row read ahead: kind into %T", dest[0])
	}
	*k = row.kind
	for i, v := range []string{row.a, row.b, row.c, row.d, row.e} {
		p, ok := dest[i+1].(*string)
		if !ok {
			return fmt.Errorf("scan of a row read ahead: column %d into %T", i+1, dest[i+1])
		}
		*p = v
	}
	return nil
}

func (r *aheadRows) Err() error { return nil }

func (r *aheadRows) Close() error { return nil }

package store

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
)

// AccountCommission is a commission an operator set for an account on a source, for one
// pair ("sell/buy") or every pair ("").
type AccountCommission struct {
	AccountID string
	Source    string
	Pair      string
	Bps       int64
	UpdatedAt time.Time
}

// IntroducerRelationship says that an introducer account takes Share of the commission
// its client pays on OFFCHAIN trades while Active.
type IntroducerRelationship struct {
	IntroducerID string
	ClientID     string
	// Share is a fraction of the commission, 0 < Share <= 1.
	Share     decimal.Decimal
	Active    bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// IntroducerRevenue is the introducer's share of one trade's commission.
type IntroducerRevenue struct {
	ID            int64
	IntroducerID  string
	ClientID      string
	OrderID       int64
	Kind          string
	InstructionID string
	Asset         string
	Amount        decimal.Decimal
	CreatedAt     time.Time
}

// RevenueQuery pages an introducer's revenue by id.
type RevenueQuery struct {
	IntroducerID string
	// Start and End bound created_at (inclusive, exclusive); zero for none.
	Start, End time.Time
	// AfterID and BeforeID bound the id, exclusively (0: none).
	AfterID, BeforeID int64
	Desc              bool
	Limit             int
}

// Introducers owns account commissions and introducer relationships and revenue.
type Introducers interface {
	// SetAccountCommission records an account's commission on a source and pair.
	SetAccountCommission(ctx context.Context, c AccountCommission) error
	// AccountCommissions returns an account's commissions on a source.
	AccountCommissions(ctx context.Context, accountID, source string) ([]AccountCommission, error)
	// PutIntroducer records a relationship, or changes its share and activity;
	// ErrConflict when the client has another active introducer.
	PutIntroducer(ctx context.Context, r IntroducerRelationship) error
	// IntroducerRelationships returns the relationships an account is part of, as
	// introducer or client.
	IntroducerRelationships(ctx context.Context, accountID string) ([]IntroducerRelationship, error)
	// ActiveIntroducer returns the client's active relationship, or ErrNotFound.
	ActiveIntroducer(ctx context.Context, clientID string) (IntroducerRelationship, error)
	// AddIntroducerRevenue records an introducer's share of a trade.
	AddIntroducerRevenue(ctx context.Context, r IntroducerRevenue) error
	// IntroducerRevenues pages an introducer's revenue.
	IntroducerRevenues(ctx context.Context, q RevenueQuery) ([]IntroducerRevenue, error)
}

var _ Introducers = (*SQLite)(nil)

// SetAccountCommission implements Introducers.
func (s *conn) SetAccountCommission(ctx context.Context, c AccountCommission) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO account_commissions (account_id, source, pair, bps, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (account_id, source, pair) DO UPDATE SET bps = excluded.bps, updated_at = excluded.updated_at`,
		c.AccountID, c.Source, c.Pair, c.Bps, c.UpdatedAt.UnixMilli())
	return wrap("set account commission", err)
}

// AccountCommissions implements Introducers.
func (s *conn) AccountCommissions(ctx context.Context, accountID, source string) ([]AccountCommission, error) {
	return queryAll(ctx, s.r, "account commissions", func(r scanner) (AccountCommission, error) {
		var (
			c  AccountCommission
			at int64
		)
		err := r.Scan(&c.AccountID, &c.Source, &c.Pair, &c.Bps, &at)
		c.UpdatedAt = time.UnixMilli(at)
		return c, err
	}, `SELECT account_id, source, pair, bps, updated_at FROM account_commissions WHERE account_id = ? AND source = ?`, accountID, source)
}

func scanIntroducer(r scanner) (IntroducerRelationship, error) {
	var (
		x                IntroducerRelationship
		share            string
		active           int
		created, updated int64
	)
	if err := r.Scan(&x.IntroducerID, &x.ClientID, &share, &active, &created, &updated); err != nil {
		return x, err
	}
	x.Active, x.CreatedAt, x.UpdatedAt = active == 1, time.UnixMilli(created), time.UnixMilli(updated)
	var err error
	x.Share, err = decimal.NewFromString(share)
	return x, err
}

const introducerColumns = `introducer_id, client_id, share, active, created_at, updated_at`

// PutIntroducer implements Introducers.
func (s *conn) PutIntroducer(ctx context.Context, r IntroducerRelationship) error {
	active := 0
	if r.Active {
		active = 1
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO introducer_relationships (`+introducerColumns+`) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (introducer_id, client_id) DO UPDATE SET share = excluded.share, active = excluded.active, updated_at = excluded.updated_at`,
		r.IntroducerID, r.ClientID, r.Share.String(), active, r.CreatedAt.UnixMilli(), r.UpdatedAt.UnixMilli())
	return wrap("put introducer", err)
}

// IntroducerRelationships implements Introducers.
func (s *conn) IntroducerRelationships(ctx context.Context, accountID string) ([]IntroducerRelationship, error) {
	return queryAll(ctx, s.r, "introducer relationships", scanIntroducer, `SELECT `+introducerColumns+` FROM introducer_relationships
		WHERE introducer_id = ? OR client_id = ? ORDER BY created_at, introducer_id, client_id`, accountID, accountID)
}

// ActiveIntroducer implements Introducers.
func (s *conn) ActiveIntroducer(ctx context.Context, clientID string) (IntroducerRelationship, error) {
	x, err := scanIntroducer(s.r.QueryRowContext(ctx, `SELECT `+introducerColumns+` FROM introducer_relationships
		WHERE client_id = ? AND active = 1`, clientID))
	return x, wrap("active introducer", err)
}

// AddIntroducerRevenue implements Introducers.
func (s *conn) AddIntroducerRevenue(ctx context.Context, r IntroducerRevenue) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO introducer_revenue (introducer_id, client_id, order_id, kind, instruction_id, asset,
		amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.IntroducerID, r.ClientID, r.OrderID, r.Kind, r.InstructionID, r.Asset,
		r.Amount.String(), r.CreatedAt.UnixMilli())
	return wrap("add introducer revenue", err)
}

// IntroducerRevenues implements Introducers.
func (s *conn) IntroducerRevenues(ctx context.Context, q RevenueQuery) ([]IntroducerRevenue, error) {
	query := `SELECT id, introducer_id, client_id, order_id, kind, instruction_id, asset, amount, created_at FROM introducer_revenue
		WHERE introducer_id = ?`
	query, args := createdWithin(query, []any{q.IntroducerID}, q.Start, q.End)
	if q.AfterID > 0 {
		query += ` AND id > ?`
		args = append(args, q.AfterID)
	}
	if q.BeforeID > 0 {
		query += ` AND id < ?`
		args = append(args, q.BeforeID)
	}
	if q.Desc {
		query += ` ORDER BY id DESC`
	} else {
		query += ` ORDER BY id`
	}
	query += ` LIMIT ?`
	args = append(args, max(q.Limit, 1))
	return queryAll(ctx, s.r, "introducer revenue", func(r scanner) (IntroducerRevenue, error) {
		var (
			x       IntroducerRevenue
			amount  string
			created int64
		)
		if err := r.Scan(&x.ID, &x.IntroducerID, &x.ClientID, &x.OrderID, &x.Kind, &x.InstructionID, &x.Asset, &amount, &created); err != nil {
			return x, err
		}
		x.CreatedAt = time.UnixMilli(created)
		var err error
		x.Amount, err = decimal.NewFromString(amount)
		return x, err
	}, query, args...)
}

// createdWithin adds the bounds start (inclusive) and end (exclusive) of created_at, when
// set, to a query and its arguments.
func createdWithin(query string, args []any, start, end time.Time) (string, []any) {
	if !start.IsZero() {
		query += ` AND created_at >= ?`
		args = append(args, start.UnixMilli())
	}
	if !end.IsZero() {
		query += ` AND created_at < ?`
		args = append(args, end.UnixMilli())
	}
	return query, args
}

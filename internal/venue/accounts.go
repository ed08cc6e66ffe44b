package venue

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
)

// Balancer is a venue that reports an account's balances (GET /v3/balance/{source}, and
// the account snapshot built on them).
type Balancer interface {
	// Balances returns the caller's balance of each asset.
	Balances(ctx context.Context, c Caller) ([]api.BalanceV2, error)
}

// Lender is a venue that lends credit against the collateral of an account's balances
// (OFFCHAIN); chains lend none.
type Lender interface {
	// CreditLimits returns the account's COLLATERAL_CREDIT_CAP (in its account asset) and
	// COLLATERAL_CREDIT_LEVERAGE.
	CreditLimits(ctx context.Context, accountID string) (capacity, leverage decimal.Decimal, err error)
}

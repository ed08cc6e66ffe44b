package config

import (
	"time"

	"github.com/dtwgate/dtwgate/internal/ratelimit"
)

// Defaults of the reserves section.
const (
	// DefaultReservesEvery is the default of reserves.every.
	DefaultReservesEvery = 24 * time.Hour
	// DefaultReservesKeep is the default of reserves.keep.
	DefaultReservesKeep = 2
	// MaxReservesKeep bounds reserves.keep.
	MaxReservesKeep = 30
)

// DefaultReservesPerAccount is the default of reserves.perAccount.
var DefaultReservesPerAccount = ratelimit.Limit{PerSecond: 2, Burst: 10}

// Reserves configures the proof of reserves (internal/solvency): how often the settler
// publishes a snapshot of the liabilities and how the API serves them. Snapshots are
// signed by the receipt key (receipts.key): without one, nothing is published.
type Reserves struct {
	// Every is how often the settler publishes a snapshot (its first one at start when
	// the newest is older than Every). Default 24h when receipts.key is set; a negative
	// value turns the schedule off (`dtwgate admin reserves publish` still publishes).
	Every time.Duration `yaml:"every"`
	// Keep is how many of the newest snapshots keep the balances their proofs are built
	// from (older ones keep only their signed statement). Default 2, at most 30.
	Keep int `yaml:"keep"`
	// PerAccount limits GET /v3/reserves and /v3/reserves/proof per account, in requests
	// per second with a burst; perSecond 0 takes the default, a negative value turns the
	// limit off. Default 2/s, burst 10.
	PerAccount ratelimit.Limit `yaml:"perAccount"`
}

// WithDefaults returns r with its defaults filled in.
func (r Reserves) WithDefaults() Reserves {
	if r.Every == 0 {
		r.Every = DefaultReservesEvery
	}
	if r.Keep == 0 {
		r.Keep = DefaultReservesKeep
	}
	if r.PerAccount.PerSecond == 0 {
		r.PerAccount = DefaultReservesPerAccount
	}
	return r
}

// checkReserves checks the reserves section.
func (c *Config) checkReserves(bad func(field, format string, args ...any)) {
	r := c.Reserves
	if r.Every > 0 && r.Every < time.Minute {
		bad("reserves.every", "%s: at least 1m (or negative: off)", r.Every)
	}
	if r.Keep < 0 || r.Keep > MaxReservesKeep {
		bad("reserves.keep", "%d: between 1 and %d", r.Keep, MaxReservesKeep)
	}
	if l := r.PerAccount; l.Burst < 0 || l.PerSecond > 1e6 {
		bad("reserves.perAccount", "perSecond must be at most 1e6 and burst not negative")
	}
}

package config

import "time"

// DefaultLeaseTTL is the default of election.leaseTTL.
const DefaultLeaseTTL = 10 * time.Second

// Election configures how the processes of one store elect the one that runs the settler
// of each chain and the OFFCHAIN matcher.
type Election struct {
	// LeaseTTL is how long a leader's lease lasts unless renewed. The leader renews it
	// every third of it and stops its work when it could not for two thirds; a leader that
	// is paused, or on SQLite dies, is replaced within about LeaseTTL plus a third (one
	// that shuts down cleanly at once, and on PostgreSQL one that dies within about half a
	// second: its database session ends with it). Every process of a store should use the
	// same value. Default 10s.
	LeaseTTL time.Duration `yaml:"leaseTTL"`
}

// checkElection checks the election section.
func (c *Config) checkElection(bad func(field, format string, args ...any)) {
	if d := c.Election.LeaseTTL; d < time.Second || d > 5*time.Minute {
		bad("election.leaseTTL", "%s: must be between 1s and 5m", d)
	}
}

package benchkit

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// StoreCounters are gateways' store counters, summed over the gateways, from their
// /metrics: round trips to PostgreSQL, group-commit transactions and the units of work
// they held. OK is false when a gateway did not give them all (SQLite has no round
// trips: use ReadCommits there).
type StoreCounters struct {
	OK                  bool
	RoundTrips, Commits int64
	Units               int64
}

// Minus is s less an earlier reading s0.
func (s StoreCounters) Minus(s0 StoreCounters) StoreCounters {
	return StoreCounters{OK: s.OK && s0.OK, RoundTrips: s.RoundTrips - s0.RoundTrips, Commits: s.Commits - s0.Commits, Units: s.Units - s0.Units}
}

// Plus is s and another reading o added up (a later round's counts).
func (s StoreCounters) Plus(o StoreCounters) StoreCounters {
	return StoreCounters{OK: s.OK && o.OK, RoundTrips: s.RoundTrips + o.RoundTrips, Commits: s.Commits + o.Commits, Units: s.Units + o.Units}
}

// Group is the mean units of work per commit, 0 without a commit.
func (s StoreCounters) Group() float64 {
	if s.Commits <= 0 {
		return 0
	}
	return float64(s.Units) / float64(s.Commits)
}

// counter is one metric of StoreCounters: its line in /metrics and its field.
type counter struct {
	line  *regexp.Regexp
	field func(*StoreCounters) *int64
}

// The counters StoreCounters reads.
var (
	roundTrips = counter{metricLine("dtwgate_store_round_trips_total"), func(s *StoreCounters) *int64 { return &s.RoundTrips }}
	commits    = counter{metricLine("dtwgate_store_commits_total"), func(s *StoreCounters) *int64 { return &s.Commits }}
	units      = counter{metricLine("dtwgate_store_commit_units_total"), func(s *StoreCounters) *int64 { return &s.Units }}
)

func metricLine(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^` + name + ` ([0-9.e+]+)$`)
}

// ReadStoreCounters reads the counters of every gateway of gws.
func ReadStoreCounters(ctx context.Context, gws []*Gateway) StoreCounters {
	return readCounters(ctx, gws, roundTrips, commits, units)
}

// ReadCommits is ReadStoreCounters without the round trips, which a SQLite gateway does
// not count.
func ReadCommits(ctx context.Context, gws ...*Gateway) StoreCounters {
	return readCounters(ctx, gws, commits, units)
}

func readCounters(ctx context.Context, gws []*Gateway, cs ...counter) StoreCounters {
	out := StoreCounters{OK: true}
	for _, g := range gws {
		one := StoreCounters{OK: true}
		if err := gatewayCounters(ctx, g, cs, &one); err != nil {
			out.OK = false
			continue
		}
		out = out.Plus(one)
	}
	return out
}

// gatewayCounters reads the counters cs from one gateway's /metrics into out.
func gatewayCounters(ctx context.Context, g *Gateway, cs []counter, out *StoreCounters) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+g.Listen+api.PathMetrics, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("metrics: %s", resp.Status)
	}
	for _, c := range cs {
		m := c.line.FindSubmatch(body)
		if m == nil {
			return fmt.Errorf("metrics: no %s", c.line)
		}
		f, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return fmt.Errorf("metrics: %s: %w", c.line, err)
		}
		*c.field(out) = int64(f)
	}
	return nil
}

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

// Group is the mean units of work per commit, 0 without a commit.
func (s StoreCounters) Group() float64 {
	if s.Commits <= 0 {
		return 0
	}
	return float64(s.Units) / float64(s.Commits)
}

// Metric names of StoreCounters' fields.
const (
	metricRoundTrips = "dtwgate_store_round_trips_total"
	metricCommits    = "dtwgate_store_commits_total"
	metricUnits      = "dtwgate_store_commit_units_total"
)

// ReadStoreCounters reads the counters of every gateway of gws.
func ReadStoreCounters(ctx context.Context, gws []*Gateway) StoreCounters {
	return readCounters(ctx, gws, metricRoundTrips, metricCommits, metricUnits)
}

// ReadCommits is ReadStoreCounters without the round trips, which a SQLite gateway does
// not count.
func ReadCommits(ctx context.Context, gws ...*Gateway) StoreCounters {
	return readCounters(ctx, gws, metricCommits, metricUnits)
}

func readCounters(ctx context.Context, gws []*Gateway, names ...string) StoreCounters {
	out := StoreCounters{OK: true}
	for _, g := range gws {
		vals, err := gatewayCounters(ctx, g, names)
		if err != nil {
			out.OK = false
			continue
		}
		for i, name := range names {
			switch name {
			case metricRoundTrips:
				out.RoundTrips += vals[i]
			case metricCommits:
				out.Commits += vals[i]
			case metricUnits:
				out.Units += vals[i]
			}
		}
	}
	return out
}

// gatewayCounters reads the counters names from one gateway's /metrics, in their order.
func gatewayCounters(ctx context.Context, g *Gateway, names []string) ([]int64, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+g.Listen+api.PathMetrics, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("metrics: %s", resp.Status)
	}
	out := make([]int64, len(names))
	for i, name := range names {
		m := regexp.MustCompile(`(?m)^` + name + ` ([0-9.e+]+)$`).FindSubmatch(body)
		if m == nil {
			return nil, fmt.Errorf("metrics: no %s", name)
		}
		f, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return nil, fmt.Errorf("metrics: %s: %w", name, err)
		}
		out[i] = int64(f)
	}
	return out, nil
}

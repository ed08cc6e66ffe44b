package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/inventory"
)

// Inventory is the Prometheus implementation of the inventory metrics of every chain:
// where the operator's DTW inventory and treasury stand against their bands, and the
// moves between them. Labels: source, asset, place (dtw, treasury); moves by from and
// state. It is safe for concurrent use.
type Inventory struct {
	balance, bandMin, bandTarget, bandMax, outOfBand *prometheus.GaugeVec
	moves                                            *prometheus.CounterVec
}

// NewInventory registers the inventory metrics in reg.
func NewInventory(reg prometheus.Registerer) *Inventory {
	gauge := func(name, help string) *prometheus.GaugeVec {
		return prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: "inventory", Name: name, Help: help},
			[]string{LabelSource, "asset", "place"})
	}
	m := &Inventory{
		balance:    gauge("balance", "The operator's balance in whole tokens, by source, asset and place (dtw: its free balance inside the DTW contract; treasury: its wallet)."),
		bandMin:    gauge("band_min", "The configured band's min in whole tokens, by source, asset and place (only watched places)."),
		bandTarget: gauge("band_target", "The configured band's target in whole tokens, by source, asset and place (only watched places)."),
		bandMax:    gauge("band_max", "The configured band's max in whole tokens, by source, asset and place (only watched places)."),
		outOfBand:  gauge("out_of_band", "Where a watched place stands against its band: -1 below min, 0 within, 1 above max."),
		moves: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "inventory", Name: "moves_total",
			Help: "Inventory moves between the DTW inventory and the treasury, by source, asset, the place funds left (from) and state (sent, done, failed)."},
			[]string{LabelSource, "asset", "from", "state"}),
	}
	reg.MustRegister(m.balance, m.bandMin, m.bandTarget, m.bandMax, m.outOfBand, m.moves)
	return m
}

// Chain returns the inventory metrics of one chain, for its Rebalancer's config.
func (m *Inventory) Chain(source string) inventory.Metricer {
	return inventoryChain{m: m, source: source}
}

type inventoryChain struct {
	m      *Inventory
	source string
}

var _ inventory.Metricer = inventoryChain{}

// RecordPlace implements inventory.Metricer.
func (c inventoryChain) RecordPlace(asset, place string, balance decimal.Decimal, band inventory.Band, state string) {
	// The failed moves out of a watched place exist at 0 from its first report, so that
	// the alert on them (deploy/prometheus/alerts.yaml) sees the chain before a failure.
	c.m.moves.WithLabelValues(c.source, asset, place, "failed")
	l := prometheus.Labels{LabelSource: c.source, "asset": asset, "place": place}
	c.m.balance.With(l).Set(balance.InexactFloat64())
	if !band.Set {
		return
	}
	c.m.bandMin.With(l).Set(band.Min.InexactFloat64())
	c.m.bandTarget.With(l).Set(band.Target.InexactFloat64())
	c.m.bandMax.With(l).Set(band.Max.InexactFloat64())
	v := 0.0
	switch state {
	case inventory.StateBelow:
		v = -1
	case inventory.StateAbove:
		v = 1
	}
	c.m.outOfBand.With(l).Set(v)
}

// RecordMove implements inventory.Metricer.
func (c inventoryChain) RecordMove(asset, from, state string) {
	c.m.moves.WithLabelValues(c.source, asset, from, state).Inc()
}

package metrics_test

import (
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// The Metricer interfaces are their consumers'; these checks live in the test so that
// package metrics, which every layer may use, imports none of its consumers
// (internal/archtest).
var (
	_ engine.Metricer        = (*metrics.Chain)(nil)
	_ chain.FollowerMetricer = (*metrics.Chain)(nil)
	_ chain.SenderMetricer   = (*metrics.Chain)(nil)
	_ election.Metricer      = (*metrics.Election)(nil)
	_ webhooks.Metricer      = (*metrics.Webhooks)(nil)
	_ push.Metricer          = (*metrics.Websocket)(nil)
)

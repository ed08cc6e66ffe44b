package gatewaycmd

import (
	"context"
	"log/slog"
	"os"

	"github.com/dtwgate/dtwgate/chain"
)

// EnvHoldBeforeBroadcast, when set to 1, makes the gateway stop after journaling its first
// transaction (a return transaction, or a relay with its relay record) and before
// broadcasting it, logging "holding before broadcast", until it is killed. Crash tests use
// it to kill a real gateway in that window; never set it in production.
const EnvHoldBeforeBroadcast = "DTWGATE_TEST_HOLD_BEFORE_BROADCAST"

// holdBeforeBroadcast implements EnvHoldBeforeBroadcast.
func holdBeforeBroadcast(log *slog.Logger) func(context.Context, chain.JournalTx) {
	if os.Getenv(EnvHoldBeforeBroadcast) != "1" {
		return nil
	}
	return func(ctx context.Context, tx chain.JournalTx) {
		log.Warn("holding before broadcast", "tx", tx.Hash, "kind", tx.Kind, "orders", tx.OrderIDs)
		<-ctx.Done()
	}
}

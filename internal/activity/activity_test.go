package activity_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/activity"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

func event(t *testing.T, id int64, kind outbox.Kind, source string, payload any) outbox.Record {
	t.Helper()
	body, err := json.Marshal(payload)
	require.NoError(t, err)
	r := outbox.Record{ID: id, Kind: kind, Source: source, Payload: body, CreatedAt: time.UnixMilli(1700000000123)}
	if c, ok := payload.(outbox.ChainActivity); ok { // a chain's row names its trader
		r.Trader = c.Trader
	}
	return r
}

func TestFromEvent(t *testing.T) {
	token := common.HexToAddress("0x00000000000000000000000000000000000000bb")
	unknown := common.HexToAddress("0x00000000000000000000000000000000000000cc")
	tx := common.HexToHash("0xabc")
	trader := common.HexToAddress("0x00000000000000000000000000000000000000dd")
	// A chain's deposits and withdrawals name their transaction, as their history does.
	ref := &api.ActivityReference{InstructionID: tx.Hex(), TransactionHash: tx.Hex(), ActivityLocation: "ETHEREUM"}
	reg, err := chain.NewRegistry([]chain.Source{{Name: "ETHEREUM", Assets: []chain.Asset{{ID: "usdt", Address: token, Decimals: 6}}}})
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		ev   outbox.Record
		want api.AccountActivityEvent
	}{
		{"offchain withdrawal", event(t, 7, outbox.Withdrawal, "OFFCHAIN", outbox.LedgerActivity{Source: "OFFCHAIN",
			Asset: "eur", Amount: "100", Location: "eur-main", InstructionID: "out-1", TxHash: "SEPA-77"}),
			api.AccountActivityEvent{EventID: "7", ActivityType: api.ActivityWithdrawal, Source: "OFFCHAIN", AccountID: "acc",
				AccountActivity: api.AccountActivity{Asset: "eur", Amount: "100", TimestampMillis: "1700000000123",
					Reference: &api.ActivityReference{InstructionID: "out-1", TransactionHash: "SEPA-77", ActivityLocation: "eur-main"}},
				TransactionHash: "SEPA-77"}},
		{"chain deposit", event(t, 8, outbox.Deposit, "ETHEREUM", outbox.ChainActivity{Source: "ETHEREUM", Trader: trader, Token: token,
			Amount: "2500000", BlockTime: 1700000001, TxHash: tx}),
			api.AccountActivityEvent{EventID: "8", ActivityType: api.ActivityDeposit, Source: "ETHEREUM", AccountID: "acc",
				AccountActivity: api.AccountActivity{Asset: "usdt", Amount: "2.5", TimestampMillis: "1700000001000", Reference: ref}, TransactionHash: tx.Hex()}},
		{"removed deposit of an unknown token", event(t, 9, outbox.Deposit, "ETHEREUM", outbox.ChainActivity{Source: "ETHEREUM", Trader: trader, Token: unknown,
			Amount: "17", BlockTime: 1700000002, TxHash: tx, Removed: true}),
			api.AccountActivityEvent{EventID: "9", ActivityType: api.ActivityDeposit, Source: "ETHEREUM", AccountID: "acc",
				AccountActivity: api.AccountActivity{Asset: unknown.Hex(), Amount: "17", TimestampMillis: "1700000002000", Reference: ref}, TransactionHash: tx.Hex(), Removed: true}},
		{"offchain deposit paid on a chain", event(t, 11, outbox.Deposit, "OFFCHAIN", outbox.LedgerActivity{Source: "OFFCHAIN",
			Asset: "dai", Amount: "200", Location: "ETHEREUM", TxHash: tx.Hex()}),
			api.AccountActivityEvent{EventID: "11", ActivityType: api.ActivityDeposit, Source: "OFFCHAIN", AccountID: "acc",
				AccountActivity: api.AccountActivity{Asset: "dai", Amount: "200", TimestampMillis: "1700000000123",
					Reference: &api.ActivityReference{TransactionHash: tx.Hex(), ActivityLocation: "ETHEREUM"}}, TransactionHash: tx.Hex()}},
		{"bank deposit", event(t, 12, outbox.Deposit, "OFFCHAIN", outbox.LedgerActivity{Source: "OFFCHAIN",
			Asset: "eur", Amount: "5", Location: "eur-main"}),
			api.AccountActivityEvent{EventID: "12", ActivityType: api.ActivityDeposit, Source: "OFFCHAIN", AccountID: "acc",
				AccountActivity: api.AccountActivity{Asset: "eur", Amount: "5", TimestampMillis: "1700000000123"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.True(t, activity.Is(tc.ev))
			got, err := activity.FromEvent(tc.ev, "acc", reg)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	price := event(t, 10, outbox.Price, "", outbox.PriceChange{Asset: "eth", Price: "1"})
	require.False(t, activity.Is(price))
	_, err = activity.FromEvent(price, "acc", reg)
	require.ErrorContains(t, err, "not account activity")
}

package outbox_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), filepath.Join(testnet.PrivateDir(t), "outbox.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s
}

// TestWriteDecode: every payload type written with Write in a store transaction reads
// back, from the store, as the same value of its type; a ledger's and a chain's deposit
// of the same kind come back as their own types.
func TestWriteDecode(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	trader := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	to := common.HexToAddress("0x00000000000000000000000000000000000000cc")
	at := time.Unix(1_700_000_000, 0).UTC()
	events := []outbox.Event{
		{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: "acc", Payload: outbox.LedgerActivity{Source: "OFFCHAIN",
			Asset: "eur", Amount: "5", Location: "bank:eur-main"}},
		{Kind: outbox.Withdrawal, Source: "ETHEREUM", Trader: trader, Payload: outbox.ChainActivity{Source: "ETHEREUM",
			TxHash: common.HexToHash("0x01"), BlockNumber: 7, Trader: trader, Token: common.HexToAddress("0xbb"), Amount: "100", To: &to}},
		{Kind: outbox.OrderSettled, Source: "ETHEREUM", Trader: trader, Payload: outbox.OrderClosed{Source: "ETHEREUM", OrderID: 3,
			Status: "SETTLED", TxHash: common.HexToHash("0x02"), BlockNumber: 9, BuyAmount: "42"}},
		{Kind: outbox.WithdrawalAddressStatus, Source: "ETHEREUM", AccountID: "acc", Payload: outbox.WithdrawalAddress{ID: "wa1",
			Source: "ETHEREUM", Address: to, Status: "APPROVED"}},
		{Kind: outbox.AccessChanged, Payload: outbox.AccessChange{What: "whitelist", Address: trader}},
		{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: "3100.5", UpdatedAt: at}},
	}
	require.NoError(t, st.InTx(ctx, func(tx store.Tx) error {
		for _, ev := range events {
			if err := outbox.Write(ctx, tx, ev); err != nil {
				return err
			}
		}
		return nil
	}))
	recs, err := st.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Len(t, recs, len(events))
	for i, r := range recs {
		want := events[i]
		t.Run(string(want.Kind), func(t *testing.T) {
			require.Equal(t, want.Kind, r.Kind)
			require.Equal(t, want.Source, r.Source)
			require.Equal(t, want.Trader, r.Trader)
			got, err := r.Decode()
			require.NoError(t, err)
			require.Equal(t, want.Payload, got)
		})
	}
	price, err := outbox.As[outbox.PriceChange](recs[5])
	require.NoError(t, err)
	require.Equal(t, "3100.5", price.Price)
	_, err = outbox.As[outbox.OrderClosed](recs[5])
	require.ErrorContains(t, err, "not a outbox.OrderClosed")
}

// TestWriteRefuses: Write refuses a payload of another kind's type, no payload, a chain's
// activity without its trader and a ledger's activity naming one (Decode tells the two
// apart by the trader), and writes nothing then.
func TestWriteRefuses(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	trader := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	for _, tc := range []struct {
		name string
		ev   outbox.Event
		want string
	}{
		{"payload of another kind", outbox.Event{Kind: outbox.Price, Payload: outbox.OrderClosed{OrderID: 1}},
			"PRICE event with a outbox.OrderClosed payload"},
		{"no payload", outbox.Event{Kind: outbox.Deposit, AccountID: "acc"}, "DEPOSIT event without a payload"},
		{"chain activity without trader", outbox.Event{Kind: outbox.Deposit, Source: "ETHEREUM",
			Payload: outbox.ChainActivity{Amount: "1"}}, "chain DEPOSIT event without its trader"},
		{"ledger activity with a trader", outbox.Event{Kind: outbox.Withdrawal, AccountID: "acc", Trader: trader,
			Payload: outbox.LedgerActivity{Amount: "1"}}, "ledger WITHDRAWAL event names a trader or no account"},
		{"ledger activity of no account", outbox.Event{Kind: outbox.Withdrawal,
			Payload: outbox.LedgerActivity{Amount: "1"}}, "ledger WITHDRAWAL event names a trader or no account"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.ErrorContains(t, outbox.Write(ctx, st, tc.ev), tc.want)
		})
	}
	last, err := st.LastEventID(ctx)
	require.NoError(t, err)
	require.Zero(t, last, "nothing written")
}

// TestDecodeStoredRows: rows as earlier versions stored them (the store and the offchain
// package wrote their own payload types) decode into this package's types, and the types
// encode to the same bytes: the payload JSON is a stored format.
func TestDecodeStoredRows(t *testing.T) {
	trader := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	for _, tc := range []struct {
		name string
		rec  outbox.Record
		want outbox.Payload
	}{
		{"ledger deposit", outbox.Record{ID: 1, Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: "acc",
			Payload: json.RawMessage(`{"source":"OFFCHAIN","asset":"dai","amount":"200","location":"ETHEREUM","transactionHash":"0xabc"}`)},
			outbox.LedgerActivity{Source: "OFFCHAIN", Asset: "dai", Amount: "200", Location: "ETHEREUM", TxHash: "0xabc"}},
		{"chain deposit", outbox.Record{ID: 2, Kind: outbox.Deposit, Source: "ETHEREUM", Trader: trader,
			Payload: json.RawMessage(`{"source":"ETHEREUM","txHash":"0x0000000000000000000000000000000000000000000000000000000000000abc","blockNumber":5,"blockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","logIndex":1,"blockTime":1700000001,"trader":"0x00000000000000000000000000000000000000aa","token":"0x00000000000000000000000000000000000000bb","amount":"2500000","removed":true}`)},
			outbox.ChainActivity{Source: "ETHEREUM", TxHash: common.HexToHash("0xabc"), BlockNumber: 5, LogIndex: 1, BlockTime: 1700000001,
				Trader: trader, Token: common.HexToAddress("0xbb"), Amount: "2500000", Removed: true}},
		{"ledger order cancelled", outbox.Record{ID: 3, Kind: outbox.OrderCancelled, Source: "OFFCHAIN", AccountID: "acc",
			Payload: json.RawMessage(`{"source":"OFFCHAIN","orderId":12,"status":"CANCELLED","txHash":"0x0000000000000000000000000000000000000000000000000000000000000000","blockNumber":0}`)},
			outbox.OrderClosed{Source: "OFFCHAIN", OrderID: 12, Status: "CANCELLED"}},
		{"access", outbox.Record{ID: 4, Kind: outbox.AccessChanged, Payload: json.RawMessage(`{"what":"api_key","apiKeyId":"k1","address":"0x0000000000000000000000000000000000000000"}`)},
			outbox.AccessChange{What: "api_key", APIKeyID: "k1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.rec.Decode()
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			body, err := json.Marshal(got)
			require.NoError(t, err)
			require.Equal(t, string(tc.rec.Payload), string(body), "byte-identical")
		})
	}
	_, err := outbox.Record{ID: 9, Kind: "SOMETHING"}.Decode()
	require.ErrorContains(t, err, `event 9 of unknown kind "SOMETHING"`)
	_, err = outbox.Record{ID: 10, Kind: outbox.Price, Payload: json.RawMessage(`[`)}.Decode()
	require.ErrorContains(t, err, "event 10: decode PRICE payload")
}

package receipt_test

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api/receipt"
)

// swapReceipt is a market swap's receipt as the gateway writes it.
func swapReceipt() receipt.Receipt {
	return receipt.Receipt{Account: "acc-0123456789abcdef", Sequence: 41, EntryID: 90210, Kind: "TRADE", Reference: "swap-000017",
		Postings:        []receipt.Posting{{Asset: "eur", Amount: "-10"}, {Asset: "usdc", Amount: "10.978011"}},
		Balances:        []receipt.Balance{{Asset: "eur", Balance: "9990"}, {Asset: "usdc", Balance: "10.978011"}},
		TimestampMillis: t0, Previous: common.HexToHash("0x1234")}
}

// BenchmarkReceiptHash: a swap's receipt hashed whole (the signer's, for a receipt of
// another process), its parts beside the writer (PartsOf), and in the writer with its
// parts (HashWith).
func BenchmarkReceiptHash(b *testing.B) {
	r := swapReceipt()
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.HashWith(nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parts", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			receipt.PartsOf(r)
		}
	})
	p := receipt.PartsOf(r)
	b.Run("with parts", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.HashWith(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

package receipt

import (
	"encoding/binary"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// The EIP-712 encoding of a receipt, written out for its fixed types: the gateway hashes
// every receipt inside its movement's store transaction, where the generic encoder
// (apitypes, by reflection over the typed data) cost more than the rest of a swap's
// write. TestFastHashIsEIP712 checks it against signer.TypedDataDigest.
var (
	receiptTypeHash = crypto.Keccak256Hash([]byte("Receipt(string account,uint64 sequence,uint64 entryId,string kind," +
		"Posting[] postings,Balance[] balances,uint64 timestampMillis,string reference,bytes32 previous)" +
		"Balance(string asset,string balance)Posting(string asset,string amount)"))
	postingTypeHash = crypto.Keccak256Hash([]byte("Posting(string asset,string amount)"))
	balanceTypeHash = crypto.Keccak256Hash([]byte("Balance(string asset,string balance)"))
	domainSeparator = crypto.Keccak256Hash(
		crypto.Keccak256([]byte("EIP712Domain(string name,string version)")),
		crypto.Keccak256([]byte(DomainName)),
		crypto.Keccak256([]byte(DomainVersion)))
)

// fastHash is r's EIP-712 digest (r already checked).
func (r Receipt) fastHash() common.Hash {
	pairs := func(typeHash common.Hash, n int, at func(i int) (string, string)) []byte {
		buf := make([]byte, 0, 32*n)
		for i := range n {
			a, b := at(i)
			buf = append(buf, crypto.Keccak256(typeHash[:], crypto.Keccak256([]byte(a)), crypto.Keccak256([]byte(b)))...)
		}
		return crypto.Keccak256(buf)
	}
	u64 := func(v uint64) []byte {
		var w [32]byte
		binary.BigEndian.PutUint64(w[24:], v)
		return w[:]
	}
	msg := crypto.Keccak256(receiptTypeHash[:],
		crypto.Keccak256([]byte(r.Account)),
		u64(r.Sequence),
		u64(r.EntryID),
		crypto.Keccak256([]byte(r.Kind)),
		pairs(postingTypeHash, len(r.Postings), func(i int) (string, string) { return r.Postings[i].Asset, r.Postings[i].Amount }),
		pairs(balanceTypeHash, len(r.Balances), func(i int) (string, string) { return r.Balances[i].Asset, r.Balances[i].Balance }),
		u64(r.TimestampMillis),
		crypto.Keccak256([]byte(r.Reference)),
		r.Previous[:])
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, domainSeparator[:], msg)
}

package receipt

import (
	"encoding/binary"
	"sync"
	"sync/atomic"

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

// keccaks are the hashers fastHash reuses: a fresh keccak state and buffers per call of
// crypto.Keccak256 made most of a receipt's hashing time allocation.
var keccaks = sync.Pool{New: func() any { return &hasher{kh: crypto.NewKeccakState()} }}

// hasher hashes with one reused keccak state into buffers of its own (a slice handed to
// the state's interface methods would escape, one allocation per hash).
type hasher struct {
	kh            crypto.KeccakState
	out           [32]byte
	str, enc, arr []byte
}

// sum returns keccak256(b).
func (h *hasher) sum(b []byte) common.Hash {
	h.kh.Reset()
	h.kh.Write(b)
	h.kh.Read(h.out[:])
	return h.out
}

// string returns keccak256(s), EIP-712's encoding of a string.
func (h *hasher) string(s string) common.Hash {
	h.str = append(h.str[:0], s...)
	return h.sum(h.str)
}

// names caches the hashes of the strings that recur in every receipt, its asset ids and
// kinds (a few of each), up to maxNames of them: four of a swap's receipt's nineteen
// keccaks, in the writer's serial path and again in the signer.
var (
	names     sync.Map // string -> common.Hash
	namesSize atomic.Int32
)

// maxNames bounds names: asset ids and kinds are configured, not chosen by clients, but
// a bound keeps a store full of odd ones from growing the cache.
const maxNames = 1024

// name returns keccak256(s) for an asset id or a kind, from names when it is there.
func (h *hasher) name(s string) common.Hash {
	if v, ok := names.Load(s); ok {
		return v.(common.Hash)
	}
	sum := h.string(s)
	if len(s) <= MaxAssetLen && namesSize.Load() < maxNames {
		if _, loaded := names.LoadOrStore(s, sum); !loaded {
			namesSize.Add(1)
		}
	}
	return sum
}

// pairs returns EIP-712's encoding of an array of n structs of two strings, the first an
// asset id:
// keccak256(hashStruct(item 0) || ...), hashStruct = keccak256(typeHash || keccak256(a) ||
// keccak256(b)).
func (h *hasher) pairs(typeHash common.Hash, n int, at func(i int) (string, string)) common.Hash {
	h.arr = h.arr[:0]
	for i := range n {
		a, b := at(i)
		ha, hb := h.name(a), h.string(b)
		h.enc = append(append(append(h.enc[:0], typeHash[:]...), ha[:]...), hb[:]...)
		item := h.sum(h.enc)
		h.arr = append(h.arr, item[:]...)
	}
	return h.sum(h.arr)
}

// fastHash is r's EIP-712 digest (r already checked).
func (r Receipt) fastHash() common.Hash {
	h := keccaks.Get().(*hasher)
	defer keccaks.Put(h)
	account, kind, reference := h.string(r.Account), h.name(r.Kind), h.string(r.Reference)
	postings := h.pairs(postingTypeHash, len(r.Postings), func(i int) (string, string) { return r.Postings[i].Asset, r.Postings[i].Amount })
	balances := h.pairs(balanceTypeHash, len(r.Balances), func(i int) (string, string) { return r.Balances[i].Asset, r.Balances[i].Balance })
	var u64 [32]byte
	word := func(v uint64) []byte {
		binary.BigEndian.PutUint64(u64[24:], v)
		return u64[:]
	}
	e := append(h.enc[:0], receiptTypeHash[:]...)
	e = append(e, account[:]...)
	e = append(e, word(r.Sequence)...)
	e = append(e, word(r.EntryID)...)
	e = append(e, kind[:]...)
	e = append(e, postings[:]...)
	e = append(e, balances[:]...)
	e = append(e, word(r.TimestampMillis)...)
	e = append(e, reference[:]...)
	e = append(e, r.Previous[:]...)
	h.enc = e
	msg := h.sum(h.enc)
	h.enc = append(append(append(h.enc[:0], 0x19, 0x01), domainSeparator[:]...), msg[:]...)
	return h.sum(h.enc)
}

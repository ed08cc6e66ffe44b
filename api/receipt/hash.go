package receipt

import (
	"encoding/binary"
	"slices"
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

// postings returns the EIP-712 encoding of ps.
func (h *hasher) postings(ps []Posting) common.Hash {
	return h.pairs(postingTypeHash, len(ps), func(i int) (string, string) { return ps[i].Asset, ps[i].Amount })
}

// balances returns the EIP-712 encoding of bs.
func (h *hasher) balances(bs []Balance) common.Hash {
	return h.pairs(balanceTypeHash, len(bs), func(i int) (string, string) { return bs[i].Asset, bs[i].Balance })
}

// Parts are the hashes of a receipt's account, reference, postings and balances: most of
// its hashing, and none of it depends on the receipt's place in its account's chain or
// on its ledger entry's id. A writer that knows them before the movement's transaction
// computes them there (PartsOf), and hashes the receipt inside it with them (HashWith):
// out of the store's serial path.
type Parts struct {
	// of holds the fields hashed, which HashWith compares with the receipt's own.
	of                                     Receipt
	account, reference, postings, balances common.Hash
}

// PartsOf returns the parts of a receipt whose account, reference, postings and balances
// are r's (its other fields are not looked at).
func PartsOf(r Receipt) *Parts {
	h := keccaks.Get().(*hasher)
	defer keccaks.Put(h)
	of := Receipt{Account: r.Account, Reference: r.Reference, Postings: slices.Clone(r.Postings), Balances: slices.Clone(r.Balances)}
	return &Parts{of: of, account: h.string(of.Account), reference: h.string(of.Reference), postings: h.postings(of.Postings),
		balances: h.balances(of.Balances)}
}

// Of reports whether p are all r's parts: its account, reference, postings and balances.
func (p *Parts) Of(r Receipt) bool {
	return p.of.Account == r.Account && p.of.Reference == r.Reference && slices.Equal(p.of.Postings, r.Postings) &&
		slices.Equal(p.of.Balances, r.Balances)
}

// HashWith checks r and returns its EIP-712 digest, as Hash does, taking from p (may be
// nil) the hash of each of r's account, reference, postings and balances that equals
// p's, and hashing the others.
func (r Receipt) HashWith(p *Parts) (common.Hash, error) {
	if err := r.Check(); err != nil {
		return common.Hash{}, err
	}
	return r.fastHash(p), nil
}

// fastHash is r's EIP-712 digest (r already checked), with the parts of p that are r's.
func (r Receipt) fastHash(p *Parts) common.Hash {
	h := keccaks.Get().(*hasher)
	defer keccaks.Put(h)
	if p == nil {
		p = &Parts{}
	}
	var account, reference, postings, balances common.Hash
	if p.of.Account == r.Account && p.account != (common.Hash{}) {
		account = p.account
	} else {
		account = h.string(r.Account)
	}
	if p.of.Reference == r.Reference && p.reference != (common.Hash{}) {
		reference = p.reference
	} else {
		reference = h.string(r.Reference)
	}
	if p.postings != (common.Hash{}) && slices.Equal(p.of.Postings, r.Postings) {
		postings = p.postings
	} else {
		postings = h.postings(r.Postings)
	}
	if p.balances != (common.Hash{}) && slices.Equal(p.of.Balances, r.Balances) {
		balances = p.balances
	} else {
		balances = h.balances(r.Balances)
	}
	kind := h.name(r.Kind)
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

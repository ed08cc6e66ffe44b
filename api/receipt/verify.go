package receipt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/signer"
)

// Key is a published receipt key: its address and the window in which it signs. A
// rotation ends the old key's window and keeps it listed, so old receipts still verify.
type Key struct {
	// Address is the key's address.
	Address common.Address `json:"address"`
	// ValidFromMillis is the first Unix millisecond the key signs receipts of.
	ValidFromMillis uint64 `json:"validFromMillis,string"`
	// ValidUntilMillis ends the window (exclusive); 0 while the key is current.
	ValidUntilMillis uint64 `json:"validUntilMillis,string,omitempty"`
}

// Keys are the published receipt keys, current and retired.
type Keys []Key

// ValidAt reports whether addr is a key of k whose window holds the time atMillis.
func (k Keys) ValidAt(addr common.Address, atMillis uint64) bool {
	for _, key := range k {
		if key.Address == addr && atMillis >= key.ValidFromMillis && (key.ValidUntilMillis == 0 || atMillis < key.ValidUntilMillis) {
			return true
		}
	}
	return false
}

// CheckSignature checks that sig over digest recovers to a key of k valid at atMillis.
// what names the signed thing in the error.
func (k Keys) CheckSignature(what string, digest common.Hash, sig []byte, atMillis uint64) error {
	addr, err := signer.RecoverDigest(digest, sig)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrSignature, what, err)
	}
	if !k.ValidAt(addr, atMillis) {
		return fmt.Errorf("%w: %s is signed by %s, which is no published receipt key valid at %d ms (keys: %s)",
			ErrSignature, what, addr, atMillis, k)
	}
	return nil
}

// String lists the keys and their windows.
func (k Keys) String() string {
	parts := make([]string, len(k))
	for i, key := range k {
		until := "now"
		if key.ValidUntilMillis != 0 {
			until = fmt.Sprint(key.ValidUntilMillis)
		}
		parts[i] = fmt.Sprintf("%s [%d, %s)", key.Address, key.ValidFromMillis, until)
	}
	return strings.Join(parts, ", ")
}

// Anchor is a point of an account's chain that the verifier trusts: its head and the
// account's balances there. The zero Anchor is the chain's start (no receipts, no
// balances).
type Anchor struct {
	Head Head
	// TimestampMillis is the head receipt's time: the next one is not dated before it.
	TimestampMillis uint64
	// Balances by asset at Head; an asset not listed is zero.
	Balances map[string]decimal.Decimal
}

// VerifyChain checks receipts, an account's receipts in sequence order continuing from:
// each one well formed and the account's; its sequence the next one and its previous
// hash the hash of the receipt before it (no gap, no reordering, no rewriting); its time
// not before the previous one's (so a retired key, even leaked, cannot extend a chain
// past its window by dating receipts back); its Hash
// its content's digest; its signature by a key of keys valid at its time; and each
// balance it lists equal to the balance before it plus its postings. It returns the
// anchor at the last receipt. The first problem found is returned, naming the receipt,
// its entry and what does not add up.
func VerifyChain(account string, receipts []Signed, keys Keys, from Anchor) (Anchor, error) {
	head, last := from.Head, from.TimestampMillis
	bal := make(map[string]decimal.Decimal, len(from.Balances))
	for a, v := range from.Balances {
		bal[a] = v
	}
	for _, s := range receipts {
		r := s.Receipt
		what := fmt.Sprintf("receipt #%d (entry %d, %s %q)", r.Sequence, r.EntryID, r.Kind, r.Reference)
		if err := r.Check(); err != nil {
			return Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		if r.Account != account {
			return Anchor{}, fmt.Errorf("%w: %s is account %q's, not %q's", ErrChain, what, r.Account, account)
		}
		switch {
		case r.Sequence == head.Sequence+2:
			return Anchor{}, fmt.Errorf("%w: %s follows #%d: receipt #%d is missing", ErrChain, what, head.Sequence, head.Sequence+1)
		case r.Sequence > head.Sequence+2:
			return Anchor{}, fmt.Errorf("%w: %s follows #%d: receipts #%d to #%d are missing", ErrChain, what, head.Sequence, head.Sequence+1, r.Sequence-1)
		case r.Sequence <= head.Sequence:
			return Anchor{}, fmt.Errorf("%w: %s comes after #%d: out of order or repeated", ErrChain, what, head.Sequence)
		case r.Previous != head.Hash:
			return Anchor{}, fmt.Errorf("%w: %s names previous %s, but #%d hashes to %s: one of them was rewritten or replaced",
				ErrChain, what, r.Previous, head.Sequence, head.Hash)
		}
		if r.TimestampMillis < last {
			return Anchor{}, fmt.Errorf("%w: %s is dated %d ms, before the receipt it follows: a receipt is never dated back", ErrChain, what, r.TimestampMillis)
		}
		h, err := r.Hash()
		if err != nil {
			return Anchor{}, fmt.Errorf("%s: %w", what, err)
		}
		if s.Hash != h {
			return Anchor{}, fmt.Errorf("%w: %s says its hash is %s, but its content hashes to %s: rewritten", ErrChain, what, s.Hash, h)
		}
		if err := keys.CheckSignature(what, h, s.Signature, r.TimestampMillis); err != nil {
			return Anchor{}, err
		}
		posted := map[string]decimal.Decimal{}
		for _, p := range r.Postings {
			amt, _ := ParseAmount(p.Amount) // Check parsed it
			posted[p.Asset] = posted[p.Asset].Add(amt)
		}
		for _, b := range r.Balances {
			got, _ := ParseAmount(b.Balance)
			want := bal[b.Asset].Add(posted[b.Asset])
			if !got.Equal(want) {
				return Anchor{}, fmt.Errorf("%w: %s: %s balance %s is not the previous %s plus its postings %s (= %s)",
					ErrBalance, what, b.Asset, got, bal[b.Asset], posted[b.Asset], want)
			}
			bal[b.Asset] = got
		}
		head, last = s.Head(), r.TimestampMillis
	}
	return Anchor{Head: head, TimestampMillis: last, Balances: bal}, nil
}

// CheckBalances compares the latest balances of a verified chain with the account's
// balances as the gateway reports them (by asset; a missing asset is zero) and names
// every asset that differs.
func CheckBalances(latest, reported map[string]decimal.Decimal) error {
	assets := make([]string, 0, len(latest)+len(reported))
	for a := range latest {
		assets = append(assets, a)
	}
	for a := range reported {
		assets = append(assets, a)
	}
	slices.Sort(assets)
	assets = slices.Compact(assets)
	var diffs []string
	for _, a := range assets {
		if !latest[a].Equal(reported[a]) {
			diffs = append(diffs, fmt.Sprintf("%s: receipts say %s, balances say %s", a, latest[a], reported[a]))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%w: %s", ErrBalance, strings.Join(diffs, "; "))
	}
	return nil
}

// Verify checks an account's whole chain of receipts (VerifyChain from its start) and
// that its latest balances equal the reported ones (CheckBalances). It returns the head.
func Verify(account string, receipts []Signed, keys Keys, reported map[string]decimal.Decimal) (Head, error) {
	end, err := VerifyChain(account, receipts, keys, Anchor{})
	if err != nil {
		return Head{}, err
	}
	if err := CheckBalances(end.Balances, reported); err != nil {
		return Head{}, fmt.Errorf("after receipt #%d: %w", end.Head.Sequence, err)
	}
	return end.Head, nil
}

// Package receipt is the wire form of the gateway's signed receipts and their
// verification, which a trader runs alone: every OFFCHAIN ledger movement of an account
// (a swap or RFQ fill, a deposit credit, a withdrawal hold, capture or release, a bank
// credit, an introducer share) gets a receipt, EIP-712 typed data signed by the gateway's
// receipt key (never its operator key), holding the movement's postings for the account,
// the account's resulting balances and the hash of the account's previous receipt. The
// receipts of an account form a hash chain: an omitted, reordered or rewritten receipt
// breaks it, and Verify says where.
//
// The EIP-712 domain is chain-agnostic: name "dtwgate", version "1", no chainId and no
// verifyingContract (a receipt is about the gateway's ledger, not about a chain). The
// types are
//
//	Receipt(string account,uint64 sequence,uint64 entryId,string kind,Posting[] postings,
//	        Balance[] balances,uint64 timestampMillis,string reference,bytes32 previous)
//	Posting(string asset,string amount)
//	Balance(string asset,string balance)
//
// amount and balance are decimal strings in the asset's units ("-12.5", "0.000001");
// sequence counts an account's receipts from 1; previous is the EIP-712 digest of the
// account's receipt sequence-1 (zero for the first). A receipt's hash is its EIP-712
// digest, the 32 bytes its signature signs. timestampMillis never decreases along an
// account's chain (a writer dates a receipt max(now, previous receipt's time)).
package receipt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/signer"
)

// Domain name and version of the receipt key's EIP-712 domain (chain-agnostic: it has no
// chainId and no verifyingContract). The proof-of-reserves statement signs in it too.
const (
	DomainName    = "dtwgate"
	DomainVersion = "1"
)

// Bounds of one receipt: Check refuses larger ones before any hashing.
const (
	// MaxPostings is the most postings (and balances) one receipt lists.
	MaxPostings = 32
	// MaxStringLen bounds account, kind and reference.
	MaxStringLen = 128
	// MaxAssetLen bounds an asset id.
	MaxAssetLen = 32
	// MaxAmountLen bounds a decimal string.
	MaxAmountLen = 80
)

// Errors of receipts and their verification, each wrapped with what does not add up.
var (
	// ErrMalformed: a receipt breaks the format (a bound, a decimal, a field left empty).
	ErrMalformed = errors.New("malformed receipt")
	// ErrSignature: a signature does not recover to a published receipt key valid at the
	// receipt's time.
	ErrSignature = errors.New("receipt signature not by a published receipt key")
	// ErrChain: the hash chain is broken (a gap, a reordering, another account's receipt, a
	// previous hash that is not the previous receipt's).
	ErrChain = errors.New("receipt chain broken")
	// ErrBalance: balances do not add up (a receipt's balance is not the previous balance
	// plus its postings, or the latest balances differ from the account's balances).
	ErrBalance = errors.New("receipt balances do not add up")
)

// Posting is one posting of a ledger entry to the account: a signed amount of an asset.
type Posting struct {
	// Asset is the asset id, e.g. "usdt".
	Asset string `json:"asset"`
	// Amount is a signed decimal string: positive credits the account.
	Amount string `json:"amount"`
}

// Balance is the account's balance of an asset after the entry.
type Balance struct {
	// Asset is the asset id.
	Asset string `json:"asset"`
	// Balance is a signed decimal string (negative within the account's credit).
	Balance string `json:"balance"`
}

// Receipt is the signed message: one ledger movement of one account.
type Receipt struct {
	// Account is the account id.
	Account string `json:"account"`
	// Sequence numbers the account's receipts from 1, without gaps.
	Sequence uint64 `json:"sequence,string"`
	// EntryID is the ledger entry's id (0 for a movement that is no entry, e.g. a hold).
	EntryID uint64 `json:"entryId,string"`
	// Kind names the movement (DEPOSIT, TRADE, WITHDRAWAL, HOLD, RELEASE, ...).
	Kind string `json:"kind"`
	// Postings are the entry's postings to this account (none for a hold or release).
	Postings []Posting `json:"postings"`
	// Balances are the account's resulting balances of at least every asset posted.
	Balances []Balance `json:"balances"`
	// TimestampMillis is the movement's time in Unix milliseconds.
	TimestampMillis uint64 `json:"timestampMillis,string"`
	// Reference is the client's instructionId or the movement's external reference.
	Reference string `json:"reference"`
	// Previous is the hash of the account's receipt Sequence-1, zero for the first.
	Previous common.Hash `json:"previous"`
}

// Signed is a receipt with its hash and the receipt key's signature, as served.
type Signed struct {
	Receipt
	// Hash is the receipt's EIP-712 digest (what the next receipt's Previous names).
	Hash common.Hash `json:"hash"`
	// Signature is the 65-byte signature of Hash, v = 27 or 28.
	Signature hexutil.Bytes `json:"signature"`
}

// Head is where an account's chain stands: the latest receipt's sequence and hash (zero
// before the first receipt).
type Head struct {
	Sequence uint64      `json:"sequence,string"`
	Hash     common.Hash `json:"hash"`
}

// Head returns the chain's head once s is its latest receipt.
func (s Signed) Head() Head { return Head{Sequence: s.Sequence, Hash: s.Hash} }

// Next returns r linked after h: its Sequence and Previous set.
func (h Head) Next(r Receipt) Receipt {
	r.Sequence = h.Sequence + 1
	r.Previous = h.Hash
	return r
}

// Time returns the receipt's time.
func (r Receipt) Time() time.Time { return time.UnixMilli(int64(r.TimestampMillis)).UTC() }

// Types are the EIP-712 types of a receipt (and of the domain).
var Types = apitypes.Types{
	"EIP712Domain": {
		{Name: "name", Type: "string"},
		{Name: "version", Type: "string"},
	},
	"Receipt": {
		{Name: "account", Type: "string"},
		{Name: "sequence", Type: "uint64"},
		{Name: "entryId", Type: "uint64"},
		{Name: "kind", Type: "string"},
		{Name: "postings", Type: "Posting[]"},
		{Name: "balances", Type: "Balance[]"},
		{Name: "timestampMillis", Type: "uint64"},
		{Name: "reference", Type: "string"},
		{Name: "previous", Type: "bytes32"},
	},
	"Posting": {
		{Name: "asset", Type: "string"},
		{Name: "amount", Type: "string"},
	},
	"Balance": {
		{Name: "asset", Type: "string"},
		{Name: "balance", Type: "string"},
	},
}

// Domain is the receipt key's chain-agnostic EIP-712 domain.
func Domain() apitypes.TypedDataDomain {
	return apitypes.TypedDataDomain{Name: DomainName, Version: DomainVersion}
}

// isDecimal reports whether s is -?(0|[1-9][0-9]*)(\.[0-9]+)?: written out, as the
// writer checks every receipt it hashes in its serial path (a regular expression there
// cost a third of the hash).
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || (len(whole) > 1 && whole[0] == '0') || !allDigits(whole) {
		return false
	}
	return !dot || (frac != "" && allDigits(frac))
}

// allDigits reports whether s has only the digits 0-9.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isAssetID reports whether a is [A-Za-z0-9][A-Za-z0-9._:-]*.
func isAssetID(a string) bool {
	for i := 0; i < len(a); i++ {
		c := a[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case i > 0 && (c == '.' || c == '_' || c == ':' || c == '-'):
		default:
			return false
		}
	}
	return a != ""
}

// ParseAmount parses a receipt's decimal string: an optional minus, digits without
// leading zeros, an optional fraction; at most MaxAmountLen characters.
func ParseAmount(s string) (decimal.Decimal, error) {
	if err := checkAmount(s); err != nil {
		return decimal.Decimal{}, err
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%w: amount %q: %w", ErrMalformed, s, err)
	}
	return d, nil
}

// checkAmount checks the form and length of a receipt's decimal string, every one that
// ParseAmount parses.
func checkAmount(s string) error {
	if len(s) > MaxAmountLen {
		return fmt.Errorf("%w: amount of %d characters, at most %d", ErrMalformed, len(s), MaxAmountLen)
	}
	if !isDecimal(s) {
		return fmt.Errorf("%w: amount %q is not a decimal string", ErrMalformed, s)
	}
	return nil
}

// CheckAsset checks an asset id's form and length.
func CheckAsset(a string) error {
	if len(a) == 0 || len(a) > MaxAssetLen || !isAssetID(a) {
		return fmt.Errorf("%w: asset id %q (1 to %d letters, digits, '.', '_', ':', '-')", ErrMalformed, a, MaxAssetLen)
	}
	return nil
}

// Check checks r's bounds and forms before anything hashes it: a non-empty account, a
// sequence from 1 (previous zero exactly for the first), at most MaxPostings postings and
// balances with valid asset ids and decimal strings, each asset once per list.
func (r Receipt) Check() error {
	switch {
	case r.Account == "" || len(r.Account) > MaxStringLen:
		return fmt.Errorf("%w: account id of %d characters (1 to %d)", ErrMalformed, len(r.Account), MaxStringLen)
	case r.Kind == "" || len(r.Kind) > MaxStringLen:
		return fmt.Errorf("%w: kind of %d characters (1 to %d)", ErrMalformed, len(r.Kind), MaxStringLen)
	case len(r.Reference) > MaxStringLen:
		return fmt.Errorf("%w: reference of %d characters, at most %d", ErrMalformed, len(r.Reference), MaxStringLen)
	case r.Sequence == 0:
		return fmt.Errorf("%w: sequence 0 (receipts count from 1)", ErrMalformed)
	case (r.Sequence == 1) != (r.Previous == common.Hash{}):
		return fmt.Errorf("%w: sequence %d with previous %s (zero exactly for the first)", ErrMalformed, r.Sequence, r.Previous)
	case len(r.Postings) > MaxPostings || len(r.Balances) > MaxPostings:
		return fmt.Errorf("%w: %d postings and %d balances, at most %d each", ErrMalformed, len(r.Postings), len(r.Balances), MaxPostings)
	case r.TimestampMillis > 1<<53:
		return fmt.Errorf("%w: timestampMillis %d out of range", ErrMalformed, r.TimestampMillis)
	}
	// The lists are short (MaxPostings): scans, not a set, and the amounts' forms checked
	// without parsing them (what ParseAmount accepts), as the writer checks every receipt
	// it hashes in its serial path.
	for _, p := range r.Postings {
		if err := CheckAsset(p.Asset); err != nil {
			return err
		}
		if err := checkAmount(p.Amount); err != nil {
			return fmt.Errorf("posting of %s: %w", p.Asset, err)
		}
	}
	for i, b := range r.Balances {
		if err := CheckAsset(b.Asset); err != nil {
			return err
		}
		if slices.ContainsFunc(r.Balances[:i], func(o Balance) bool { return o.Asset == b.Asset }) {
			return fmt.Errorf("%w: balance of %s listed twice", ErrMalformed, b.Asset)
		}
		if err := checkAmount(b.Balance); err != nil {
			return fmt.Errorf("balance of %s: %w", b.Asset, err)
		}
	}
	for _, p := range r.Postings {
		if !slices.ContainsFunc(r.Balances, func(b Balance) bool { return b.Asset == p.Asset }) {
			return fmt.Errorf("%w: %s posted but its resulting balance not listed", ErrMalformed, p.Asset)
		}
	}
	return nil
}

// TypedData returns r as EIP-712 typed data in the receipt domain.
func (r Receipt) TypedData() apitypes.TypedData {
	postings := make([]interface{}, len(r.Postings))
	for i, p := range r.Postings {
		postings[i] = map[string]interface{}{"asset": p.Asset, "amount": p.Amount}
	}
	balances := make([]interface{}, len(r.Balances))
	for i, b := range r.Balances {
		balances[i] = map[string]interface{}{"asset": b.Asset, "balance": b.Balance}
	}
	return apitypes.TypedData{
		Types:       Types,
		PrimaryType: "Receipt",
		Domain:      Domain(),
		Message: apitypes.TypedDataMessage{
			"account":         r.Account,
			"sequence":        fmt.Sprint(r.Sequence),
			"entryId":         fmt.Sprint(r.EntryID),
			"kind":            r.Kind,
			"postings":        postings,
			"balances":        balances,
			"timestampMillis": fmt.Sprint(r.TimestampMillis),
			"reference":       r.Reference,
			"previous":        r.Previous.Hex(),
		},
	}
}

// Hash checks r and returns its EIP-712 digest.
func (r Receipt) Hash() (common.Hash, error) {
	if err := r.Check(); err != nil {
		return common.Hash{}, err
	}
	return r.fastHash(nil), nil
}

// Sign checks r, hashes it and signs its hash with the receipt key s: the signature
// SignTypedData gives over r.TypedData(), byte for byte (a Vault or keystore backend
// signs alike), without the generic encoder hashing r a second time.
func Sign(ctx context.Context, s signer.Signer, r Receipt) (Signed, error) {
	h, err := r.Hash()
	if err != nil {
		return Signed{}, fmt.Errorf("sign receipt: %w", err)
	}
	sig, err := s.SignEIP712Digest(ctx, h) // h is r's EIP-712 digest, computed here from the checked r
	if err != nil {
		return Signed{}, fmt.Errorf("sign receipt %s #%d: %w", r.Account, r.Sequence, err)
	}
	return Signed{Receipt: r, Hash: h, Signature: sig}, nil
}

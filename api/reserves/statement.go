package reserves

import (
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/holiman/uint256"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/signer"
)

// MaxRoots bounds the assets of one statement.
const MaxRoots = 256

// ErrStatement: a statement is malformed or not signed by a published receipt key.
var ErrStatement = errors.New("invalid liabilities statement")

// Root is one asset's liabilities in a statement.
type Root struct {
	// Asset is the asset id.
	Asset string `json:"asset"`
	// Decimals is the number of decimals of the asset's base unit in the tree.
	Decimals uint8 `json:"decimals"`
	// Root is the tree's root hash.
	Root common.Hash `json:"root"`
	// Total is the sum of all leaves in base units, a decimal integer string.
	Total string `json:"total"`
	// Leaves is the number of accounts in the tree.
	Leaves uint64 `json:"leaves,string"`
	// Debts is what accounts using credit owe in this asset (base units): they are zero
	// leaves, and their debt is the house's receivable, not a reserve.
	Debts string `json:"debts"`
}

// Statement is the signed document of a snapshot's liabilities.
type Statement struct {
	// Position is the ledger position of the snapshot: the last entry id it includes.
	Position uint64 `json:"position,string"`
	// TimestampMillis is the snapshot's time in Unix milliseconds.
	TimestampMillis uint64 `json:"timestampMillis,string"`
	// Roots are the assets' trees.
	Roots []Root `json:"roots"`
}

// SignedStatement is a statement with its EIP-712 hash and the receipt key's signature.
type SignedStatement struct {
	Statement
	Hash      common.Hash   `json:"hash"`
	Signature hexutil.Bytes `json:"signature"`
}

// StatementTypes are the EIP-712 types of a statement, in the receipt key's domain
// (receipt.Domain).
var StatementTypes = apitypes.Types{
	"EIP712Domain": receipt.Types["EIP712Domain"],
	"Liabilities": {
		{Name: "position", Type: "uint64"},
		{Name: "timestampMillis", Type: "uint64"},
		{Name: "roots", Type: "AssetRoot[]"},
	},
	"AssetRoot": {
		{Name: "asset", Type: "string"},
		{Name: "decimals", Type: "uint8"},
		{Name: "root", Type: "bytes32"},
		{Name: "total", Type: "uint256"},
		{Name: "leaves", Type: "uint64"},
		{Name: "debts", Type: "uint256"},
	},
}

// RootOf returns t's entry of a statement: its root, total and leaves, with the asset's
// decimals and the debts left out of its leaves.
func RootOf(t *Tree, decimals uint8, debts *uint256.Int) Root {
	h, total := t.Root()
	return Root{Asset: t.Asset(), Decimals: decimals, Root: h, Total: total.Dec(), Leaves: uint64(t.Leaves()), Debts: debts.Dec()}
}

// Check checks the statement's bounds and forms.
func (s Statement) Check() error {
	if len(s.Roots) > MaxRoots {
		return fmt.Errorf("%w: %d roots, at most %d", ErrStatement, len(s.Roots), MaxRoots)
	}
	seen := map[string]bool{}
	for _, r := range s.Roots {
		if err := receipt.CheckAsset(r.Asset); err != nil {
			return fmt.Errorf("%w: %w", ErrStatement, err)
		}
		if seen[r.Asset] {
			return fmt.Errorf("%w: %s listed twice", ErrStatement, r.Asset)
		}
		seen[r.Asset] = true
		if _, err := parseUnits("total", r.Total); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrStatement, r.Asset, err)
		}
		if _, err := parseUnits("debts", r.Debts); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrStatement, r.Asset, err)
		}
	}
	return nil
}

// Root returns the statement's root of asset.
func (s Statement) Root(asset string) (Root, bool) {
	for _, r := range s.Roots {
		if r.Asset == asset {
			return r, true
		}
	}
	return Root{}, false
}

// TypedData returns s as EIP-712 typed data in the receipt key's domain.
func (s Statement) TypedData() apitypes.TypedData {
	roots := make([]interface{}, len(s.Roots))
	for i, r := range s.Roots {
		roots[i] = map[string]interface{}{
			"asset": r.Asset, "decimals": fmt.Sprint(r.Decimals), "root": r.Root.Hex(),
			"total": r.Total, "leaves": fmt.Sprint(r.Leaves), "debts": r.Debts,
		}
	}
	return apitypes.TypedData{
		Types:       StatementTypes,
		PrimaryType: "Liabilities",
		Domain:      receipt.Domain(),
		Message: apitypes.TypedDataMessage{
			"position":        fmt.Sprint(s.Position),
			"timestampMillis": fmt.Sprint(s.TimestampMillis),
			"roots":           roots,
		},
	}
}

// Hash checks s and returns its EIP-712 digest.
func (s Statement) Hash() (common.Hash, error) {
	if err := s.Check(); err != nil {
		return common.Hash{}, err
	}
	h, err := signer.TypedDataDigest(s.TypedData())
	if err != nil {
		return common.Hash{}, fmt.Errorf("%w: %w", ErrStatement, err)
	}
	return h, nil
}

// SignStatement signs s with the receipt key.
func SignStatement(ctx context.Context, key signer.Signer, s Statement) (SignedStatement, error) {
	h, err := s.Hash()
	if err != nil {
		return SignedStatement{}, fmt.Errorf("sign statement: %w", err)
	}
	sig, err := key.SignTypedData(ctx, s.TypedData())
	if err != nil {
		return SignedStatement{}, fmt.Errorf("sign statement at position %d: %w", s.Position, err)
	}
	return SignedStatement{Statement: s, Hash: h, Signature: sig}, nil
}

// Verify checks that s is well formed, that Hash is its content's and that a published
// receipt key valid at its time signed it.
func (s SignedStatement) Verify(keys receipt.Keys) error {
	h, err := s.Statement.Hash()
	if err != nil {
		return err
	}
	if h != s.Hash {
		return fmt.Errorf("%w: it says its hash is %s, but its content hashes to %s: rewritten", ErrStatement, s.Hash, h)
	}
	what := fmt.Sprintf("liabilities statement at position %d", s.Position)
	if err := keys.CheckSignature(what, h, s.Signature, s.TimestampMillis); err != nil {
		return fmt.Errorf("%w: %w", ErrStatement, err)
	}
	return nil
}

// Published is the answer of GET /v3/reserves: the newest signed statement of the
// liabilities, the on-chain holdings listed beside it, and the receipt keys the gateway
// publishes (a verifier pins its own copy where it has one).
type Published struct {
	Statement SignedStatement `json:"statement"`
	Holdings  []Holding       `json:"holdings"`
	Keys      receipt.Keys    `json:"keys"`
}

// Proofs is the answer of GET /v3/reserves/proof: the account's inclusion proof in every
// asset's tree of the newest snapshot it has a leaf in.
type Proofs struct {
	// Account is the account id the leaves commit to.
	Account string `json:"account"`
	// Position is the snapshot's ledger position (its statement's).
	Position uint64 `json:"position,string"`
	// StatementHash is the EIP-712 hash of the statement the proofs lead to.
	StatementHash common.Hash `json:"statementHash"`
	Proofs        []Proof     `json:"proofs"`
}

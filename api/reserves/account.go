package reserves

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/signer"
)

// AccountBalance is an account's ledger balance of one asset at the snapshot.
type AccountBalance struct {
	Account string
	Balance decimal.Decimal
}

// NewLeaves converts ledger balances of one asset to leaves in base units of decimals:
// a negative balance becomes a zero leaf and its magnitude adds to debts, the house's
// receivable (so no leaf is ever negative).
func NewLeaves(decimals uint8, balances []AccountBalance) ([]Leaf, *uint256.Int, error) {
	leaves := make([]Leaf, len(balances))
	debts := new(uint256.Int)
	for i, b := range balances {
		leaf, debt, err := Units(b.Balance, decimals)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", b.Account, err)
		}
		if _, overflow := debts.AddOverflow(debts, &debt); overflow {
			return nil, nil, fmt.Errorf("%w: debts overflow 256 bits", ErrInput)
		}
		leaves[i] = Leaf{Account: b.Account, Balance: leaf}
	}
	return leaves, debts, nil
}

// AccountCheck is what a trader checks of a snapshot: its own proofs against the signed
// statement and its own balances at the snapshot's position.
type AccountCheck struct {
	// Account is the trader's account id.
	Account string
	// Balances are the account's balances at the snapshot's position (from its verified
	// receipts), by asset; a missing asset is zero.
	Balances map[string]decimal.Decimal
	// SeenSalts are the salts of the trader's proofs of earlier snapshots: one seen again
	// means the gateway reused a snapshot's secret.
	SeenSalts []common.Hash
}

// Verify checks st (its signature by keys), every proof against st's root of its asset,
// that each proof is the account's and its leaf equals the account's balance (a negative
// balance is a zero leaf), that every asset the account holds has a proof, and that no
// salt was seen before. It returns the proofs' salts, for the next snapshot's SeenSalts.
func (c AccountCheck) Verify(st SignedStatement, keys receipt.Keys, proofs []Proof) ([]common.Hash, error) {
	if err := st.Verify(keys); err != nil {
		return nil, err
	}
	if len(proofs) > MaxRoots {
		return nil, fmt.Errorf("%w: %d proofs, at most %d", ErrProof, len(proofs), MaxRoots)
	}
	proven := map[string]bool{}
	var salts []common.Hash
	for _, p := range proofs {
		root, ok := st.Root(p.Asset)
		if !ok {
			return nil, fmt.Errorf("%w: a %s proof, but the statement has no %s root", ErrProof, p.Asset, p.Asset)
		}
		if p.Account != c.Account {
			return nil, fmt.Errorf("%w: the %s proof is for account %q, not %q", ErrLeaf, p.Asset, p.Account, c.Account)
		}
		if proven[p.Asset] {
			return nil, fmt.Errorf("%w: two %s proofs", ErrProof, p.Asset)
		}
		proven[p.Asset] = true
		got, err := p.Verify(root)
		if err != nil {
			return nil, err
		}
		want, _, err := Units(c.Balances[p.Asset], root.Decimals)
		if err != nil {
			return nil, fmt.Errorf("%s balance: %w", p.Asset, err)
		}
		if !got.Eq(&want) {
			return nil, fmt.Errorf("%w: the %s leaf holds %s base units, the account's balance at position %d is %s (%s base units)",
				ErrLeaf, p.Asset, got.Dec(), st.Position, c.Balances[p.Asset], want.Dec())
		}
		if slices.Contains(c.SeenSalts, p.Salt) || slices.Contains(salts, p.Salt) {
			return nil, fmt.Errorf("%w: the %s leaf's salt %s", ErrSaltReused, p.Asset, p.Salt)
		}
		salts = append(salts, p.Salt)
	}
	for asset, b := range c.Balances {
		if b.IsPositive() && !proven[asset] {
			return nil, fmt.Errorf("%w: the account holds %s %s at position %d, but no %s proof was given", ErrNotIncluded, b, asset, st.Position, asset)
		}
	}
	return salts, nil
}

// AssetBalances are every account's ledger balance of one asset at a snapshot.
type AssetBalances struct {
	Asset    string
	Decimals uint8
	Balances []AccountBalance
}

// Snapshot is one snapshot's trees, by asset, its signed statement and its secret (which
// the gateway keeps to build the trees again, and never publishes).
type Snapshot struct {
	Trees     map[string]*Tree
	Statement SignedStatement
	Secret    [32]byte
}

// NewSecret returns a fresh random snapshot secret: one per snapshot, never published.
func NewSecret() ([32]byte, error) {
	var s [32]byte
	if _, err := rand.Read(s[:]); err != nil {
		return s, fmt.Errorf("snapshot secret: %w", err)
	}
	return s, nil
}

// BuildSnapshot builds the tree of every asset under a fresh secret (negative balances
// as zero leaves, their debts in the statement) and signs the statement of the ledger
// position and time with the receipt key.
func BuildSnapshot(ctx context.Context, key signer.Signer, position uint64, at time.Time, assets []AssetBalances) (*Snapshot, error) {
	secret, err := NewSecret()
	if err != nil {
		return nil, err
	}
	trees, roots, err := BuildTrees(secret, assets)
	if err != nil {
		return nil, err
	}
	snap := &Snapshot{Trees: trees, Secret: secret}
	st := Statement{Position: position, TimestampMillis: uint64(at.UnixMilli()), Roots: roots}
	if snap.Statement, err = SignStatement(ctx, key, st); err != nil {
		return nil, err
	}
	return snap, nil
}

// BuildTrees builds the tree of every asset under secret (negative balances as zero
// leaves, their debts in the roots), side by side, one per CPU: what BuildSnapshot signs,
// and what the gateway builds again from a stored snapshot's balances and secret to
// serve its proofs. The roots are in the order of assets.
func BuildTrees(secret [32]byte, assets []AssetBalances) (map[string]*Tree, []Root, error) {
	if len(assets) > MaxRoots {
		return nil, nil, fmt.Errorf("%w: %d assets, at most %d", ErrInput, len(assets), MaxRoots)
	}
	roots := make([]Root, len(assets))
	errs := make([]error, len(assets))
	trees := make([]*Tree, len(assets))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, a := range assets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			leaves, debts, err := NewLeaves(a.Decimals, a.Balances)
			if err == nil {
				trees[i], err = Build(a.Asset, secret, leaves)
			}
			if err != nil {
				errs[i] = fmt.Errorf("%s: %w", a.Asset, err)
				return
			}
			roots[i] = RootOf(trees[i], a.Decimals, debts)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	out := make(map[string]*Tree, len(assets))
	for i, a := range assets {
		if out[a.Asset] != nil {
			return nil, nil, fmt.Errorf("%w: asset %s listed twice", ErrInput, a.Asset)
		}
		out[a.Asset] = trees[i]
	}
	return out, roots, nil
}

// Proofs returns account's proof in every tree it has a leaf in, by asset order of the
// statement: what GET /v3/reserves/proof serves.
func (s *Snapshot) Proofs(account string) []Proof {
	var out []Proof
	for _, r := range s.Statement.Roots {
		if p, err := s.Trees[r.Asset].Proof(account); err == nil {
			out = append(out, p)
		}
	}
	return out
}

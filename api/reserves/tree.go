// Package reserves is the gateway's proof of reserves and its verification, which a
// trader runs alone: the liabilities (every account's balance per asset at one ledger
// position) as a Merkle sum tree per asset, a per-account inclusion proof, a statement of
// the roots signed by the receipt key, and the on-chain holdings that back them, read
// from the verifier's own RPC.
//
// The tree closes the naive sum tree's understatement attack (a parent committing only
// to vl+vr lets a custodian publish as little as max(vl, vr)): a parent commits to both
// children's hashes and sums,
//
//	leaf   = keccak256(0x00 || salt || uint256(balance) || accountId)
//	parent = keccak256(0x01 || leftHash || uint256(leftSum) || rightHash || uint256(rightSum))
//
// with sum leftSum+rightSum; a level's odd last node moves up unchanged. Balances are
// base units of the asset (Decimals in the statement) and never negative: an account
// using credit is a zero leaf and its debt is listed beside, as the house's receivable.
// Each leaf's salt is HMAC-SHA256(snapshot secret, asset || 0x00 || accountId): it hides
// the account id from everyone but the account, which receives it with its proof, and it
// differs per asset and per snapshot, so a trader who sees one salt again knows the
// gateway reused a snapshot's secret. Leaves are ordered by salt, so a leaf's position
// says nothing about its account.
package reserves

import (
	"bytes"
	"cmp"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
)

// Bounds: inputs past them are refused before any work.
const (
	// MaxLeaves is the most accounts one tree holds.
	MaxLeaves = 1 << 26
	// MaxAccountLen bounds an account id.
	MaxAccountLen = receipt.MaxStringLen
	// MaxPath is the longest inclusion path (a tree of MaxLeaves leaves has 26 levels).
	MaxPath = 64
)

// Errors of building and verifying, each wrapped with what does not add up.
var (
	// ErrInput: a leaf or an amount the tree refuses (negative, duplicate, too long).
	ErrInput = errors.New("invalid proof-of-reserves input")
	// ErrNotIncluded: the account has no leaf in the tree.
	ErrNotIncluded = errors.New("account not included in the liabilities")
	// ErrProof: an inclusion proof does not lead to the published root and total.
	ErrProof = errors.New("inclusion proof does not verify")
	// ErrLeaf: the account's leaf does not hold its balance at the snapshot.
	ErrLeaf = errors.New("leaf differs from the account's balance")
	// ErrSaltReused: a salt seen in an earlier snapshot appears again.
	ErrSaltReused = errors.New("leaf salt reused from an earlier snapshot")
)

// Domain-separation prefixes of the tree's hashes.
const (
	leafPrefix = 0x00
	nodePrefix = 0x01
)

// Leaf is one account's balance of the tree's asset, in base units.
type Leaf struct {
	Account string
	Balance uint256.Int
}

// Units converts a ledger balance to base units of an asset with decimals. A negative
// balance is a zero leaf: its magnitude is returned as debt, the house's receivable. A
// balance with more fractional digits than decimals, or past 256 bits, is refused.
func Units(balance decimal.Decimal, decimals uint8) (leaf, debt uint256.Int, err error) {
	shifted := balance.Shift(int32(decimals))
	if !shifted.IsInteger() {
		return leaf, debt, fmt.Errorf("%w: %s has more than %d decimals", ErrInput, balance, decimals)
	}
	v := shifted.BigInt()
	neg := v.Sign() < 0
	if neg {
		v.Neg(v)
	}
	u, overflow := uint256.FromBig(v)
	if overflow {
		return leaf, debt, fmt.Errorf("%w: %s does not fit 256 bits", ErrInput, balance)
	}
	if neg {
		return leaf, *u, nil
	}
	return *u, debt, nil
}

// node is a tree node: its hash and the sum under it.
type node struct {
	hash common.Hash
	sum  uint256.Int
}

// Tree is the liabilities of one asset. Its methods may be called concurrently once
// Build returned it.
type Tree struct {
	asset  string
	secret [32]byte
	// accounts are the leaves' accounts in leaf order (by salt); keys the first 8 bytes of
	// their salts, for the binary search of Proof.
	accounts []string
	keys     []uint64
	// levels[0] are the leaves, levels[len-1] the root.
	levels [][]node
}

// Salt returns the salt of an account's leaf of asset under a snapshot's secret.
func Salt(secret [32]byte, asset, account string) common.Hash {
	m := hmac.New(sha256.New, secret[:])
	m.Write([]byte(asset))
	m.Write([]byte{0})
	m.Write([]byte(account))
	return common.BytesToHash(m.Sum(nil))
}

// hasher hashes nodes without allocating.
type hasher struct {
	k   crypto.KeccakState
	buf [1 + 4*32]byte
}

func newHasher() *hasher { return &hasher{k: crypto.NewKeccakState()} }

func (h *hasher) leaf(salt common.Hash, balance *uint256.Int, account string) (out common.Hash) {
	h.buf[0] = leafPrefix
	copy(h.buf[1:33], salt[:])
	balance.WriteToSlice(h.buf[33:65])
	h.k.Reset()
	h.k.Write(h.buf[:65])
	h.k.Write([]byte(account))
	h.k.Read(out[:])
	return out
}

func (h *hasher) parent(l, r *node) (node, error) {
	var out node
	if _, overflow := out.sum.AddOverflow(&l.sum, &r.sum); overflow {
		return node{}, fmt.Errorf("%w: sums overflow 256 bits", ErrInput)
	}
	h.buf[0] = nodePrefix
	copy(h.buf[1:33], l.hash[:])
	l.sum.WriteToSlice(h.buf[33:65])
	copy(h.buf[65:97], r.hash[:])
	r.sum.WriteToSlice(h.buf[97:129])
	h.k.Reset()
	h.k.Write(h.buf[:])
	h.k.Read(out.hash[:])
	return out, nil
}

// Build builds the tree of asset from leaves (one per account, any order; leaves is
// not kept) under the snapshot's secret, which must be fresh for every snapshot and
// never published. It refuses a duplicate or over-long account id and more than
// MaxLeaves leaves.
func Build(asset string, secret [32]byte, leaves []Leaf) (*Tree, error) {
	if err := receipt.CheckAsset(asset); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	if len(leaves) > MaxLeaves {
		return nil, fmt.Errorf("%w: %d leaves, at most %d", ErrInput, len(leaves), MaxLeaves)
	}
	salts := make([]common.Hash, len(leaves))
	order := make([]int32, len(leaves))
	for i, l := range leaves {
		if l.Account == "" || len(l.Account) > MaxAccountLen {
			return nil, fmt.Errorf("%w: account id of %d characters (1 to %d)", ErrInput, len(l.Account), MaxAccountLen)
		}
		salts[i], order[i] = Salt(secret, asset, l.Account), int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return bytes.Compare(salts[a][:], salts[b][:]) })
	t := &Tree{asset: asset, secret: secret, accounts: make([]string, len(leaves)), keys: make([]uint64, len(leaves))}
	h := newHasher()
	level := make([]node, len(leaves))
	for pos, i := range order {
		if pos > 0 && salts[i] == salts[order[pos-1]] {
			return nil, fmt.Errorf("%w: account %q listed twice", ErrInput, leaves[i].Account)
		}
		t.accounts[pos], t.keys[pos] = leaves[i].Account, binary.BigEndian.Uint64(salts[i][:8])
		level[pos] = node{hash: h.leaf(salts[i], &leaves[i].Balance, leaves[i].Account), sum: leaves[i].Balance}
	}
	t.levels = append(t.levels, level)
	for len(level) > 1 {
		up := make([]node, (len(level)+1)/2)
		for i := 0; i+1 < len(level); i += 2 {
			p, err := h.parent(&level[i], &level[i+1])
			if err != nil {
				return nil, err
			}
			up[i/2] = p
		}
		if len(level)%2 == 1 {
			up[len(up)-1] = level[len(level)-1]
		}
		t.levels = append(t.levels, up)
		level = up
	}
	return t, nil
}

// Asset returns the tree's asset.
func (t *Tree) Asset() string { return t.asset }

// Leaves returns the number of leaves.
func (t *Tree) Leaves() int { return len(t.accounts) }

// Root returns the root hash and the total (zero for an empty tree).
func (t *Tree) Root() (common.Hash, *uint256.Int) {
	top := t.levels[len(t.levels)-1]
	if len(top) == 0 {
		return common.Hash{}, new(uint256.Int)
	}
	return top[0].hash, new(uint256.Int).Set(&top[0].sum)
}

// index returns the leaf position of account, or -1.
func (t *Tree) index(account string) int {
	salt := Salt(t.secret, t.asset, account)
	key := binary.BigEndian.Uint64(salt[:8])
	i, _ := slices.BinarySearchFunc(t.keys, key, cmp.Compare[uint64])
	for ; i < len(t.keys) && t.keys[i] == key; i++ {
		if t.accounts[i] == account {
			return i
		}
	}
	return -1
}

// Sibling is a node beside an inclusion path: its hash and sum.
type Sibling struct {
	Hash common.Hash `json:"hash"`
	// Sum is the sum under it in base units, a decimal integer string.
	Sum string `json:"sum"`
}

// Proof is an account's inclusion proof in one asset's tree.
type Proof struct {
	// Asset is the tree's asset.
	Asset string `json:"asset"`
	// Account is the account id the leaf commits to.
	Account string `json:"account"`
	// Salt is the leaf's salt, known only to the account.
	Salt common.Hash `json:"salt"`
	// Balance is the leaf's balance in base units, a decimal integer string.
	Balance string `json:"balance"`
	// Index is the leaf's position and Leaves the tree's number of leaves: together they
	// say on which side each sibling lies and where the odd last node moved up.
	Index  uint64 `json:"index,string"`
	Leaves uint64 `json:"leaves,string"`
	// Path lists the siblings from the leaf's up to the root's children.
	Path []Sibling `json:"path"`
}

// Proof returns account's inclusion proof (ErrNotIncluded when it has no leaf).
func (t *Tree) Proof(account string) (Proof, error) {
	i := t.index(account)
	if i < 0 {
		return Proof{}, fmt.Errorf("%w: %s has no %s leaf", ErrNotIncluded, account, t.asset)
	}
	p := Proof{Asset: t.asset, Account: account, Salt: Salt(t.secret, t.asset, account),
		Balance: t.levels[0][i].sum.Dec(), Index: uint64(i), Leaves: uint64(len(t.accounts))}
	for _, level := range t.levels[:len(t.levels)-1] {
		if sib := i ^ 1; sib < len(level) {
			p.Path = append(p.Path, Sibling{Hash: level[sib].hash, Sum: level[sib].sum.Dec()})
		}
		i /= 2
	}
	return p, nil
}

// parseUnits parses a base-unit decimal integer string of at most 78 digits.
func parseUnits(what, s string) (*uint256.Int, error) {
	if len(s) == 0 || len(s) > 78 || (len(s) > 1 && s[0] == '0') {
		return nil, fmt.Errorf("%w: %s %q is not a base-unit integer", ErrProof, what, s)
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() < 0 {
		return nil, fmt.Errorf("%w: %s %q is not a base-unit integer", ErrProof, what, s)
	}
	u, overflow := uint256.FromBig(v)
	if overflow {
		return nil, fmt.Errorf("%w: %s %q does not fit 256 bits", ErrProof, what, s)
	}
	return u, nil
}

// Verify checks p against root (the asset's root in a verified statement): the leaf
// hashes from its salt, account and balance, and the path, on the sides Index and Leaves
// give, leads to the root's hash and total. It returns the leaf's balance in base units.
func (p Proof) Verify(root Root) (*uint256.Int, error) {
	switch {
	case p.Asset != root.Asset:
		return nil, fmt.Errorf("%w: a %s proof against the %s root", ErrProof, p.Asset, root.Asset)
	case p.Account == "" || len(p.Account) > MaxAccountLen:
		return nil, fmt.Errorf("%w: account id of %d characters", ErrProof, len(p.Account))
	case len(p.Path) > MaxPath:
		return nil, fmt.Errorf("%w: path of %d siblings, at most %d", ErrProof, len(p.Path), MaxPath)
	case p.Leaves != root.Leaves:
		return nil, fmt.Errorf("%w: proof says %d leaves, the statement %d", ErrProof, p.Leaves, root.Leaves)
	case p.Index >= p.Leaves:
		return nil, fmt.Errorf("%w: leaf %d of %d", ErrProof, p.Index, p.Leaves)
	}
	balance, err := parseUnits("balance", p.Balance)
	if err != nil {
		return nil, err
	}
	h := newHasher()
	cur := node{hash: h.leaf(p.Salt, balance, p.Account), sum: *balance}
	i, width, used := p.Index, p.Leaves, 0
	for width > 1 {
		if i == width-1 && width%2 == 1 {
			// the odd last node moves up unchanged
		} else {
			if used == len(p.Path) {
				return nil, fmt.Errorf("%w: path ends after %d siblings, below the root", ErrProof, used)
			}
			sum, err := parseUnits("sibling sum", p.Path[used].Sum)
			if err != nil {
				return nil, err
			}
			sib := node{hash: p.Path[used].Hash, sum: *sum}
			used++
			l, r := &cur, &sib
			if i%2 == 1 {
				l, r = &sib, &cur
			}
			if cur, err = h.parent(l, r); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrProof, err)
			}
		}
		i, width = i/2, (width+1)/2
	}
	total, err := parseUnits("total", root.Total)
	if err != nil {
		return nil, err
	}
	switch {
	case used != len(p.Path):
		return nil, fmt.Errorf("%w: %d siblings past the root", ErrProof, len(p.Path)-used)
	case cur.hash != root.Root:
		return nil, fmt.Errorf("%w: %s's %s path leads to root %s, the statement's is %s", ErrProof, p.Account, p.Asset, cur.hash, root.Root)
	case !cur.sum.Eq(total):
		return nil, fmt.Errorf("%w: %s path sums to %s, the statement's total is %s", ErrProof, p.Asset, cur.sum.Dec(), total.Dec())
	}
	return balance, nil
}

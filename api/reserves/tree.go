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
	"hash"
	"math/big"
	"math/bits"
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

// node is a node of a path being verified: its hash and the sum under it.
type node struct {
	hash common.Hash
	sum  uint256.Int
}

// u128 is a sum stored in a built tree. A tree refuses sums past 128 bits (3.4e38 base
// units, beyond any token's supply), which keeps a stored node at 48 bytes: 1,000,000
// accounts x 4 assets fit in well under 1 GiB. Hashes encode sums as uint256 all the same.
type u128 struct{ hi, lo uint64 }

func (u u128) big() uint256.Int { return uint256.Int{u.lo, u.hi, 0, 0} }

func (u u128) add(v u128) (u128, bool) {
	lo, carry := bits.Add64(u.lo, v.lo, 0)
	hi, overflow := bits.Add64(u.hi, v.hi, carry)
	return u128{hi: hi, lo: lo}, overflow != 0
}

// stored is a node of a built tree.
type stored struct {
	hash common.Hash
	sum  u128
}

// Tree is the liabilities of one asset. Its methods may be called concurrently once
// Build returned it.
type Tree struct {
	asset  string
	secret [32]byte
	// accounts, keys (the first 8 bytes of their salts, for Proof's binary search) and
	// sums are the leaves', in leaf order (by salt). Leaf hashes are not stored: Proof
	// hashes the one sibling leaf it needs again.
	accounts []string
	keys     []uint64
	sums     []u128
	// levels are the nodes above the leaves, levels[0] the leaves' parents; root is the
	// top (a lone leaf's hash and sum for one leaf, zero for none).
	levels [][]stored
	root   stored
}

// Salt returns the salt of an account's leaf of asset under a snapshot's secret.
func Salt(secret [32]byte, asset, account string) common.Hash {
	return newSalter(secret, asset).salt(account)
}

// salter computes an asset's salts with one HMAC state.
type salter struct {
	m     hash.Hash
	asset string
	buf   []byte
}

func newSalter(secret [32]byte, asset string) *salter {
	return &salter{m: hmac.New(sha256.New, secret[:]), asset: asset, buf: make([]byte, 0, sha256.Size)}
}

func (s *salter) salt(account string) common.Hash {
	s.m.Reset()
	s.m.Write([]byte(s.asset))
	s.m.Write([]byte{0})
	s.m.Write([]byte(account))
	return common.BytesToHash(s.m.Sum(s.buf[:0]))
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

func (h *hasher) parentHash(lh common.Hash, ls *uint256.Int, rh common.Hash, rs *uint256.Int) (out common.Hash) {
	h.buf[0] = nodePrefix
	copy(h.buf[1:33], lh[:])
	ls.WriteToSlice(h.buf[33:65])
	copy(h.buf[65:97], rh[:])
	rs.WriteToSlice(h.buf[97:129])
	h.k.Reset()
	h.k.Write(h.buf[:])
	h.k.Read(out[:])
	return out
}

func (h *hasher) parent(l, r *node) (node, error) {
	var out node
	if _, overflow := out.sum.AddOverflow(&l.sum, &r.sum); overflow {
		return node{}, fmt.Errorf("%w: sums overflow 256 bits", ErrInput)
	}
	out.hash = h.parentHash(l.hash, &l.sum, r.hash, &r.sum)
	return out, nil
}

func (h *hasher) stored(l, r *stored) (stored, error) {
	sum, overflow := l.sum.add(r.sum)
	if overflow {
		return stored{}, fmt.Errorf("%w: sums overflow 128 bits", ErrInput)
	}
	ls, rs := l.sum.big(), r.sum.big()
	return stored{hash: h.parentHash(l.hash, &ls, r.hash, &rs), sum: sum}, nil
}

// leafNode returns the stored form of the leaf at pos.
func (t *Tree) leafNode(h *hasher, s *salter, pos int) stored {
	b := t.sums[pos].big()
	return stored{hash: h.leaf(s.salt(t.accounts[pos]), &b, t.accounts[pos]), sum: t.sums[pos]}
}

// Build builds the tree of asset from leaves (one per account, any order; leaves is
// not kept) under the snapshot's secret, which must be fresh for every snapshot and
// never published. It refuses a duplicate or over-long account id, a balance or a total
// past 128 bits and more than MaxLeaves leaves.
func Build(asset string, secret [32]byte, leaves []Leaf) (*Tree, error) {
	if err := receipt.CheckAsset(asset); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInput, err)
	}
	n := len(leaves)
	if n > MaxLeaves {
		return nil, fmt.Errorf("%w: %d leaves, at most %d", ErrInput, n, MaxLeaves)
	}
	s := newSalter(secret, asset)
	keys := make([]uint64, n)
	order := make([]int32, n)
	for i, l := range leaves {
		if l.Account == "" || len(l.Account) > MaxAccountLen {
			return nil, fmt.Errorf("%w: account id of %d characters (1 to %d)", ErrInput, len(l.Account), MaxAccountLen)
		}
		if l.Balance.BitLen() > 128 {
			return nil, fmt.Errorf("%w: %s's balance %s is past 128 bits", ErrInput, l.Account, l.Balance.Dec())
		}
		salt := s.salt(l.Account)
		keys[i], order[i] = binary.BigEndian.Uint64(salt[:8]), int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(keys[a], keys[b]); c != 0 {
			return c
		}
		sa, sb := s.salt(leaves[a].Account), s.salt(leaves[b].Account) // a 64-bit tie: rare
		return bytes.Compare(sa[:], sb[:])
	})
	t := &Tree{asset: asset, secret: secret, accounts: make([]string, n), keys: make([]uint64, n), sums: make([]u128, n)}
	for pos, i := range order {
		if pos > 0 && keys[i] == keys[order[pos-1]] && leaves[i].Account == leaves[order[pos-1]].Account {
			return nil, fmt.Errorf("%w: account %q listed twice", ErrInput, leaves[i].Account)
		}
		b := &leaves[i].Balance
		t.accounts[pos], t.keys[pos], t.sums[pos] = leaves[i].Account, keys[i], u128{hi: b[1], lo: b[0]}
	}
	keys, order = nil, nil
	h := newHasher()
	switch n {
	case 0:
		return t, nil
	case 1:
		t.root = t.leafNode(h, s, 0)
		return t, nil
	}
	level := make([]stored, (n+1)/2)
	for i := 0; i < n; i += 2 {
		l := t.leafNode(h, s, i)
		if i+1 == n {
			level[i/2] = l
			break
		}
		r := t.leafNode(h, s, i+1)
		p, err := h.stored(&l, &r)
		if err != nil {
			return nil, err
		}
		level[i/2] = p
	}
	t.levels = append(t.levels, level)
	for len(level) > 1 {
		up := make([]stored, (len(level)+1)/2)
		for i := 0; i+1 < len(level); i += 2 {
			p, err := h.stored(&level[i], &level[i+1])
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
	t.root = level[0]
	return t, nil
}

// Asset returns the tree's asset.
func (t *Tree) Asset() string { return t.asset }

// Leaves returns the number of leaves.
func (t *Tree) Leaves() int { return len(t.accounts) }

// Root returns the root hash and the total (zero for an empty tree).
func (t *Tree) Root() (common.Hash, *uint256.Int) {
	total := t.root.sum.big()
	return t.root.hash, &total
}

// index returns the leaf position of account, or -1.
func (t *Tree) index(account string) int {
	salt := Salt(t.secret, t.asset, account)
	key := binary.BigEndian.Uint64(salt[:8])
	i, _ := slices.BinarySearch(t.keys, key)
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
	s := newSalter(t.secret, t.asset)
	b := t.sums[i].big()
	p := Proof{Asset: t.asset, Account: account, Salt: s.salt(account),
		Balance: b.Dec(), Index: uint64(i), Leaves: uint64(len(t.accounts))}
	add := func(n stored) {
		sum := n.sum.big()
		p.Path = append(p.Path, Sibling{Hash: n.hash, Sum: sum.Dec()})
	}
	if sib := i ^ 1; sib < len(t.accounts) {
		add(t.leafNode(newHasher(), s, sib))
	}
	i /= 2
	for _, level := range t.levels[:max(len(t.levels)-1, 0)] {
		if sib := i ^ 1; sib < len(level) {
			add(level[sib])
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
	case p.Leaves > MaxLeaves:
		return nil, fmt.Errorf("%w: a tree of %d leaves, at most %d", ErrProof, p.Leaves, MaxLeaves)
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

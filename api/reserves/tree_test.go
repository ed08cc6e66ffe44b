package reserves_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/signer"
)

func secret(t *testing.T) [32]byte {
	t.Helper()
	var s [32]byte
	_, err := rand.Read(s[:])
	require.NoError(t, err)
	return s
}

func leaves(n int) []reserves.Leaf {
	out := make([]reserves.Leaf, n)
	for i := range out {
		out[i] = reserves.Leaf{Account: fmt.Sprintf("acc-%d", i), Balance: *uint256.NewInt(uint64(1000 + i*7))}
	}
	return out
}

// TestEveryProofVerifies: for trees of every shape (odd levels too), every account's
// proof leads to the root and the total is the leaves' sum.
func TestEveryProofVerifies(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 13, 100} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			ls := leaves(n)
			want := new(uint256.Int)
			for _, l := range ls {
				want.Add(want, &l.Balance)
			}
			tree, err := reserves.Build("usdt", secret(t), ls)
			require.NoError(t, err)
			root := reserves.RootOf(tree, 6, new(uint256.Int))
			require.Equal(t, want.Dec(), root.Total)
			for i := range n {
				p, err := tree.Proof(fmt.Sprintf("acc-%d", i))
				require.NoError(t, err)
				got, err := p.Verify(root)
				require.NoError(t, err, "leaf %d of %d", i, n)
				require.Equal(t, uint64(1000+i*7), got.Uint64())
			}
			_, err = tree.Proof("acc-none")
			require.ErrorIs(t, err, reserves.ErrNotIncluded)
		})
	}
}

// TestBuildRefuses: a duplicate account, an over-long id and an amount with too many
// decimals are refused; a negative balance is a zero leaf with its debt beside.
func TestBuildRefuses(t *testing.T) {
	_, err := reserves.Build("usdt", secret(t), append(leaves(3), reserves.Leaf{Account: "acc-1"}))
	require.ErrorIs(t, err, reserves.ErrInput)
	require.ErrorContains(t, err, `"acc-1" listed twice`)
	_, err = reserves.Build("usdt", secret(t), []reserves.Leaf{{Account: string(make([]byte, reserves.MaxAccountLen+1))}})
	require.ErrorIs(t, err, reserves.ErrInput)
	huge := reserves.Leaf{Account: "whale", Balance: *new(uint256.Int).Lsh(uint256.NewInt(1), 128)}
	_, err = reserves.Build("usdt", secret(t), []reserves.Leaf{huge})
	require.ErrorIs(t, err, reserves.ErrInput)
	half := reserves.Leaf{Account: "a", Balance: *new(uint256.Int).Lsh(uint256.NewInt(1), 127)}
	_, err = reserves.Build("usdt", secret(t), []reserves.Leaf{half, {Account: "b", Balance: half.Balance}})
	require.ErrorContains(t, err, "sums overflow 128 bits")
	_, _, err = reserves.Units(decimal.RequireFromString("1.0000001"), 6)
	require.ErrorIs(t, err, reserves.ErrInput)

	ls, debts, err := reserves.NewLeaves(6, []reserves.AccountBalance{
		{Account: "a", Balance: decimal.RequireFromString("2.5")},
		{Account: "b", Balance: decimal.RequireFromString("-1.25")},
		{Account: "c", Balance: decimal.RequireFromString("-0.000001")},
	})
	require.NoError(t, err)
	require.Equal(t, "2500000", ls[0].Balance.Dec())
	require.True(t, ls[1].Balance.IsZero())
	require.Equal(t, "1250001", debts.Dec())
}

// world is a signed snapshot of three accounts' usdt and dai.
type world struct {
	key      signer.Signer
	keys     receipt.Keys
	balances map[string]map[string]decimal.Decimal // account -> asset -> balance
	trees    map[string]*reserves.Tree
	st       reserves.SignedStatement
}

var snapshotTime = uint64(time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC).UnixMilli())

func newWorld(t *testing.T, key signer.Signer, sec [32]byte, leaveOut string, mutate func(asset string, ls []reserves.Leaf)) *world {
	t.Helper()
	d := decimal.RequireFromString
	w := &world{key: key, keys: receipt.Keys{{Address: key.Address()}}, trees: map[string]*reserves.Tree{},
		balances: map[string]map[string]decimal.Decimal{
			"alice": {"usdt": d("100.5"), "dai": d("3")},
			"bob":   {"usdt": d("7"), "dai": d("-2")},
			"carol": {"usdt": d("0.000001")},
		}}
	st := reserves.Statement{Position: 42, TimestampMillis: snapshotTime}
	for _, asset := range []string{"dai", "usdt"} {
		var in []reserves.AccountBalance
		for _, acc := range []string{"alice", "bob", "carol"} {
			if b, ok := w.balances[acc][asset]; ok && acc != leaveOut {
				in = append(in, reserves.AccountBalance{Account: acc, Balance: b})
			}
		}
		ls, debts, err := reserves.NewLeaves(6, in)
		require.NoError(t, err)
		if mutate != nil {
			mutate(asset, ls)
		}
		tree, err := reserves.Build(asset, sec, ls)
		require.NoError(t, err)
		w.trees[asset] = tree
		st.Roots = append(st.Roots, reserves.RootOf(tree, 6, debts))
	}
	signed, err := reserves.SignStatement(context.Background(), key, st)
	require.NoError(t, err)
	w.st = signed
	return w
}

// proofs are the account's proofs as the gateway serves them.
func (w *world) proofs(t *testing.T, account string) []reserves.Proof {
	var out []reserves.Proof
	for _, asset := range []string{"dai", "usdt"} {
		if p, err := w.trees[asset].Proof(account); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func (w *world) check(t *testing.T, account string, proofs []reserves.Proof) error {
	_, err := reserves.AccountCheck{Account: account, Balances: w.balances[account]}.Verify(w.st, w.keys, proofs)
	return err
}

func newKey(t *testing.T) signer.Signer {
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	return signer.NewPrivateKeySigner(k)
}

// TestAccountCheck: each trader verifies its own leaves; the debtor's dai is a zero leaf
// and its debt is the statement's receivable.
func TestAccountCheck(t *testing.T) {
	w := newWorld(t, newKey(t), secret(t), "", nil)
	for _, acc := range []string{"alice", "bob", "carol"} {
		require.NoError(t, w.check(t, acc, w.proofs(t, acc)), acc)
	}
	dai, ok := w.st.Root("dai")
	require.True(t, ok)
	require.Equal(t, "3000000", dai.Total)
	require.Equal(t, "2000000", dai.Debts)
}

// TestCorruptionsCaught: the corruptions, each caught by the trader's check.
func TestCorruptionsCaught(t *testing.T) {
	ctx := context.Background()
	key := newKey(t)
	resign := func(w *world, change func(st *reserves.Statement)) {
		st := w.st.Statement
		st.Roots = append([]reserves.Root(nil), st.Roots...)
		change(&st)
		signed, err := reserves.SignStatement(ctx, key, st)
		require.NoError(t, err)
		w.st = signed
	}

	t.Run("a balance left out", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "bob", nil)
		require.Empty(t, w.proofs(t, "bob"))
		err := w.check(t, "bob", nil)
		require.ErrorIs(t, err, reserves.ErrNotIncluded)
		require.ErrorContains(t, err, "holds 7 usdt at position 42, but no usdt proof")
		// the gateway answers with someone else's proof instead
		err = w.check(t, "bob", w.proofs(t, "carol"))
		require.ErrorIs(t, err, reserves.ErrLeaf)
	})
	t.Run("a balance understated in its leaf", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "", func(asset string, ls []reserves.Leaf) {
			for i := range ls {
				if ls[i].Account == "alice" && asset == "usdt" {
					ls[i].Balance = *uint256.NewInt(1)
				}
			}
		})
		err := w.check(t, "alice", w.proofs(t, "alice"))
		require.ErrorIs(t, err, reserves.ErrLeaf)
		require.ErrorContains(t, err, "the usdt leaf holds 1 base units, the account's balance at position 42 is 100.5")
	})
	t.Run("a sum understated in the statement", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "", nil)
		resign(w, func(st *reserves.Statement) { st.Roots[1].Total = "100500000" }) // usdt: max(vl, vr) of the naive tree
		err := w.check(t, "carol", w.proofs(t, "carol"))
		require.ErrorIs(t, err, reserves.ErrProof)
		require.ErrorContains(t, err, "usdt path sums to 107500001, the statement's total is 100500000")
	})
	t.Run("a sibling's sum understated in a proof", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "", nil)
		ps := w.proofs(t, "carol")
		for i := range ps {
			if ps[i].Asset == "usdt" {
				ps[i].Path[0].Sum = "0"
			}
		}
		resign(w, func(st *reserves.Statement) { st.Roots[1].Total = "1" })
		err := w.check(t, "carol", ps)
		require.ErrorIs(t, err, reserves.ErrProof)
		require.ErrorContains(t, err, "path leads to root")
	})
	t.Run("a salt reused", func(t *testing.T) {
		sec := secret(t)
		first := newWorld(t, key, sec, "", nil)
		salts, err := reserves.AccountCheck{Account: "alice", Balances: first.balances["alice"]}.Verify(first.st, first.keys, first.proofs(t, "alice"))
		require.NoError(t, err)
		require.Len(t, salts, 2)
		next := newWorld(t, key, sec, "", nil) // the next snapshot, same secret
		_, err = reserves.AccountCheck{Account: "alice", Balances: next.balances["alice"], SeenSalts: salts}.Verify(next.st, next.keys, next.proofs(t, "alice"))
		require.ErrorIs(t, err, reserves.ErrSaltReused)
		fresh := newWorld(t, key, secret(t), "", nil)
		_, err = reserves.AccountCheck{Account: "alice", Balances: fresh.balances["alice"], SeenSalts: salts}.Verify(fresh.st, fresh.keys, fresh.proofs(t, "alice"))
		require.NoError(t, err)
	})
	t.Run("a statement rewritten after signing", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "", nil)
		w.st.Roots = append([]reserves.Root(nil), w.st.Roots...)
		w.st.Roots[0].Debts = "0"
		err := w.check(t, "alice", w.proofs(t, "alice"))
		require.ErrorIs(t, err, reserves.ErrStatement)
		require.ErrorContains(t, err, "rewritten")
	})
	t.Run("a statement signed by another key", func(t *testing.T) {
		w := newWorld(t, newKey(t), secret(t), "", nil)
		w.keys = receipt.Keys{{Address: key.Address()}}
		err := w.check(t, "alice", w.proofs(t, "alice"))
		require.ErrorIs(t, err, reserves.ErrStatement)
		require.ErrorIs(t, err, receipt.ErrSignature)
	})
	t.Run("a proof against another asset's root", func(t *testing.T) {
		w := newWorld(t, key, secret(t), "", nil)
		ps := w.proofs(t, "alice")
		ps[0].Asset = "usdt"
		err := w.check(t, "alice", ps)
		require.ErrorIs(t, err, reserves.ErrProof)
	})
}

// TestBuildSnapshot: a snapshot of ledger balances (a debtor among them) under a fresh
// secret signs a statement each account's proofs verify against; two snapshots never
// share a salt.
func TestBuildSnapshot(t *testing.T) {
	ctx := context.Background()
	key := newKey(t)
	d := decimal.RequireFromString
	assets := []reserves.AssetBalances{
		{Asset: "usdt", Decimals: 6, Balances: []reserves.AccountBalance{{Account: "a", Balance: d("1.5")}, {Account: "b", Balance: d("-3")}}},
		{Asset: "eth", Decimals: 18, Balances: []reserves.AccountBalance{{Account: "a", Balance: d("0.25")}}},
	}
	at := time.UnixMilli(int64(snapshotTime))
	snap, err := reserves.BuildSnapshot(ctx, key, 1234, at, assets)
	require.NoError(t, err)
	keys := receipt.Keys{{Address: key.Address()}}
	salts, err := reserves.AccountCheck{Account: "a", Balances: map[string]decimal.Decimal{"usdt": d("1.5"), "eth": d("0.25")}}.
		Verify(snap.Statement, keys, snap.Proofs("a"))
	require.NoError(t, err)
	_, err = reserves.AccountCheck{Account: "b", Balances: map[string]decimal.Decimal{"usdt": d("-3")}}.Verify(snap.Statement, keys, snap.Proofs("b"))
	require.NoError(t, err)
	usdt, _ := snap.Statement.Root("usdt")
	require.Equal(t, "1500000", usdt.Total)
	require.Equal(t, "3000000", usdt.Debts)

	again, err := reserves.BuildSnapshot(ctx, key, 1235, at, assets)
	require.NoError(t, err)
	_, err = reserves.AccountCheck{Account: "a", Balances: map[string]decimal.Decimal{"usdt": d("1.5"), "eth": d("0.25")}, SeenSalts: salts}.
		Verify(again.Statement, keys, again.Proofs("a"))
	require.NoError(t, err)
}

// FuzzProofVerify: a hostile proof (any index, count, path and sums) is refused or
// verified, never a panic, and only the true proof verifies.
func FuzzProofVerify(f *testing.F) {
	tree, err := reserves.Build("usdt", [32]byte{7}, leaves(5))
	if err != nil {
		f.Fatal(err)
	}
	root := reserves.RootOf(tree, 6, new(uint256.Int))
	good, err := tree.Proof("acc-3")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good.Index, good.Leaves, good.Balance, good.Path[0].Sum, 0)
	f.Add(uint64(1<<63), uint64(1<<64-1), "1", "0", 3)
	f.Add(uint64(0), uint64(5), "00", "-1", 1)
	f.Fuzz(func(t *testing.T, index, count uint64, balance, sum string, cut int) {
		p := good
		p.Index, p.Leaves, p.Balance = index, count, balance
		p.Path = append([]reserves.Sibling(nil), good.Path...)
		p.Path[0].Sum = sum
		if cut > 0 && cut <= len(p.Path) {
			p.Path = p.Path[:len(p.Path)-cut]
		}
		r := root
		r.Leaves = count
		if _, err := p.Verify(r); err == nil {
			require.Equal(t, good.Index, index)
			require.Equal(t, good.Leaves, count)
			require.Equal(t, good.Balance, balance)
			require.Equal(t, good.Path[0].Sum, sum)
		}
	})
}

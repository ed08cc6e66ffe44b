package testnet

import (
	"context"
	"os"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// RequireRevert fails the test unless err is a revert with the custom error (or require
// reason) `want`, as RevertName reports it.
func RequireRevert(t TB, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got success, want revert %s", want)
	}
	if got := RevertName(err); got != want {
		t.Fatalf("got revert %q (%v), want %s", got, err, want)
	}
}

// Isolate snapshots the chain and restores the snapshot when the test ends, so that a
// sub-test's transactions and clock moves do not leak into its siblings.
func (c *Chain) Isolate(t TB) {
	t.Helper()
	id, err := c.Snapshot(context.Background())
	if err != nil {
		t.Fatalf("snapshot %s: %v", c.Source, err)
	}
	t.Cleanup(func() {
		if err := c.Revert(context.Background(), id); err != nil {
			t.Errorf("revert %s: %v", c.Source, err)
		}
	})
}

// Events returns the events of one type that the contract at `contract` emitted in a
// receipt, in log order; unpack is a bindings UnpackXxxEvent method.
func Events[E any](r *types.Receipt, contract common.Address, unpack func(*types.Log) (*E, error)) []*E {
	var out []*E
	for _, l := range r.Logs {
		if l.Address != contract {
			continue
		}
		if ev, err := unpack(l); err == nil {
			out = append(out, ev)
		}
	}
	return out
}

// RequireEvent returns the one event of a type that the contract at `contract` emitted in
// a receipt, and fails the test when there is not exactly one.
func RequireEvent[E any](t TB, r *types.Receipt, contract common.Address, unpack func(*types.Log) (*E, error)) *E {
	t.Helper()
	evs := Events(r, contract, unpack)
	if len(evs) != 1 {
		t.Fatalf("got %d %T events in %s, want 1", len(evs), new(E), r.TxHash)
	}
	return evs[0]
}

// WrongChecksum returns a's hex with the case of its first letter flipped: the same
// address, mixed case, with an EIP-55 checksum that does not hold. Strict parsers refuse
// it; common.HexToAddress would read it.
func WrongChecksum(a common.Address) string {
	b := []byte(a.Hex())
	for i := 2; i < len(b); i++ {
		if 'a' <= b[i] && b[i] <= 'f' || 'A' <= b[i] && b[i] <= 'F' {
			b[i] ^= 'a' - 'A'
			return string(b)
		}
	}
	return string(b) // no letter at all: every case is the checksum's
}

// TB is the part of testing.TB the harness uses; *testing.T and *testing.B implement it.
// The harness takes it instead of importing package testing, so that a binary linking
// the harness (`dtwgate devnet`) does not link the test framework and its flags.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// PrivateDir returns a new temporary directory closed to other users (mode 0700), as the
// gateway's store requires of its data directory; t.TempDir's are open to others.
func PrivateDir(t interface {
	TB
	TempDir() string
}) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatalf("private dir: %v", err)
	}
	return dir
}

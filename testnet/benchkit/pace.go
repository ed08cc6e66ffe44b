package benchkit

import (
	"crypto/ecdsa"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

// Pace is how fast this machine runs two fixed pieces of CPU work on one core, the best
// of a few tries: what makes a benchmark's figures of different days or machines
// comparable (the same code measured 0.61 and 1.0 ms of SQLite's gateway CPU per swap
// on two days, docs/scaling.md).
type Pace struct {
	// Sign is one secp256k1 signature (libsecp256k1, as the gateway signs receipts).
	Sign time.Duration
	// Keccak is one Keccak-256 of 1 KiB.
	Keccak time.Duration
}

// MeasurePace measures Pace: each piece of work n times in a row, three times, the
// fastest try's mean (the least disturbed by other work on the machine).
func MeasurePace() (Pace, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return Pace{}, fmt.Errorf("pace: %w", err)
	}
	digest := crypto.Keccak256([]byte("dtwgate pace"))
	block := make([]byte, 1024)
	var p Pace
	if p.Sign, err = fastest(300, func() error { return sign(digest, key) }); err != nil {
		return Pace{}, err
	}
	p.Keccak, err = fastest(3000, func() error { crypto.Keccak256(block); return nil })
	return p, err
}

func sign(digest []byte, key *ecdsa.PrivateKey) error {
	if _, err := crypto.Sign(digest, key); err != nil {
		return fmt.Errorf("pace: sign: %w", err)
	}
	return nil
}

// fastest runs work n times in a row, three times, and returns the fastest try's mean.
func fastest(n int, work func() error) (time.Duration, error) {
	best := time.Duration(0)
	for range 3 {
		start := time.Now()
		for range n {
			if err := work(); err != nil {
				return 0, err
			}
		}
		if d := time.Since(start) / time.Duration(n); best == 0 || d < best {
			best = d
		}
	}
	return best, nil
}

// String is the `#` line a benchmark prints of it.
func (p Pace) String() string {
	return fmt.Sprintf("# this machine's pace (one core, before the load): a secp256k1 signature %.1f us, a Keccak-256 of 1 KiB %.2f us; "+
		"compare figures of different days or machines with these", float64(p.Sign)/float64(time.Microsecond), float64(p.Keccak)/float64(time.Microsecond))
}

// Package receiptkey opens the gateway's receipt key (config receipts.key) and the list of
// receipt keys it publishes: the current one from receipts.keyValidFrom on, and the
// retired ones with their windows, so that a trader verifies old receipts after a
// rotation. The receipt key is never an operator key: Open refuses one whose address is
// an operator's.
package receiptkey

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/signer"
)

// ErrOperatorKey: the receipt key is an operator's key.
var ErrOperatorKey = errors.New("the receipt key is an operator key")

// Key is the open receipt key and the keys the gateway publishes.
type Key struct {
	// Signer signs receipts and statements; the caller closes it.
	Signer signer.Signer
	// Published are the current key and the retired ones, with their windows.
	Published receipt.Keys
}

// Open opens cfg's receipt key (nil, nil when receipts.key is empty) with opts (the
// password file of receipts.keyPasswordFile unless opts has a password) and refuses it
// when its address is one of operators (the chains' operator addresses, which the
// caller opened).
func Open(ctx context.Context, cfg config.Receipts, operators []common.Address, opts signer.Options) (*Key, error) {
	if cfg.Key == "" {
		return nil, nil
	}
	if opts.Password == nil && cfg.KeyPasswordFile != "" {
		opts.Password = signer.PasswordFile(cfg.KeyPasswordFile)
	}
	s, err := signer.Open(ctx, cfg.Key, opts)
	if err != nil {
		return nil, fmt.Errorf("receipt key: %w", err)
	}
	if slices.Contains(operators, s.Address()) {
		_ = s.Close()
		return nil, fmt.Errorf("%w: %s signs return transactions; give receipts.key a key of its own", ErrOperatorKey, s.Address())
	}
	keys, err := Published(cfg, s.Address())
	if err != nil {
		_ = s.Close()
		return nil, err
	}
	return &Key{Signer: s, Published: keys}, nil
}

// Published returns the receipt keys to publish: the retired ones of cfg, then current
// from cfg.KeyValidFrom on.
func Published(cfg config.Receipts, current common.Address) (receipt.Keys, error) {
	var keys receipt.Keys
	for i, k := range cfg.RetiredKeys {
		addr, err := chain.ParseAddress(k.Address)
		if err != nil {
			return nil, fmt.Errorf("receipts.retiredKeys[%d]: %w", i, err)
		}
		if addr == current {
			return nil, fmt.Errorf("receipts.retiredKeys[%d]: %s is the current receipt key", i, addr)
		}
		keys = append(keys, receipt.Key{Address: addr, ValidFromMillis: millis(k.ValidFrom), ValidUntilMillis: millis(k.ValidUntil)})
	}
	return append(keys, receipt.Key{Address: current, ValidFromMillis: millis(cfg.KeyValidFrom)}), nil
}

// millis is t in Unix milliseconds, 0 for the zero time.
func millis(t time.Time) uint64 {
	if t.IsZero() || t.UnixMilli() < 0 {
		return 0
	}
	return uint64(t.UnixMilli())
}

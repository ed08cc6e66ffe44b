package config

import (
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/signer"
)

// MaxRetiredReceiptKeys bounds receipts.retiredKeys.
const MaxRetiredReceiptKeys = 64

// Receipts configures the receipt key: the dedicated key that signs the OFFCHAIN
// movements' receipts and the proof-of-reserves statements (api/receipt,
// api/reserves). It is never an operator key: a receipt key only attests, it holds no
// funds and sends nothing.
type Receipts struct {
	// Key is the receipt key's signer spec (keystore:PATH, account:NAME,
	// vault:MOUNT/data/PATH#FIELD, vault-keystore:...), opened as the operator key is
	// (Vault from the Vault CLI's environment). Default "": no receipts are signed. It
	// may not be a chain's operator spec.
	Key string `yaml:"key"`
	// KeyPasswordFile holds the receipt keystore's password (keystore backends).
	KeyPasswordFile string `yaml:"keyPasswordFile"`
	// KeyValidFrom is when the current key started signing (its published window's
	// start). Default: the zero time, valid since ever; set it at a rotation, at or after
	// the retired key's validUntil.
	KeyValidFrom time.Time `yaml:"keyValidFrom"`
	// RetiredKeys are the former receipt keys, published with their windows so that the
	// receipts they signed still verify. At most MaxRetiredReceiptKeys.
	RetiredKeys []RetiredReceiptKey `yaml:"retiredKeys"`
	// Off writes no receipts of the OFFCHAIN movements. Default false: every movement
	// writes its receipts, signed once a key is set. It exists to measure what receipts
	// cost (make bench-offchain); an account's chain of receipts restarted after a period
	// off does not verify from its start, so never switch it on a gateway whose customers
	// keep receipts.
	Off bool `yaml:"off"`
}

// RetiredReceiptKey is a former receipt key and the window in which it signed.
type RetiredReceiptKey struct {
	// Address is the key's 0x address.
	Address string `yaml:"address"`
	// ValidFrom and ValidUntil bound its window (ValidUntil exclusive, required).
	ValidFrom  time.Time `yaml:"validFrom"`
	ValidUntil time.Time `yaml:"validUntil"`
}

func (c *Config) checkReceipts(bad func(field, format string, args ...any)) {
	r := c.Receipts
	if r.Key != "" {
		if _, err := signer.ParseSpec(r.Key); err != nil {
			bad("receipts.key", "%v", err)
		}
		for i, ch := range c.Chains {
			if ch.Operator != "" && ch.Operator == r.Key {
				bad("receipts.key", "is chains[%d]'s operator key: the receipt key must be a key of its own", i)
			}
		}
	}
	if r.Off && r.Key != "" {
		bad("receipts.off", "writes no receipts: a receipt key has nothing to sign")
	}
	if r.Key == "" && (r.KeyPasswordFile != "" || len(r.RetiredKeys) > 0 || !r.KeyValidFrom.IsZero()) {
		bad("receipts.key", "is needed by the other receipts settings")
	}
	if len(r.RetiredKeys) > MaxRetiredReceiptKeys {
		bad("receipts.retiredKeys", "%d keys, at most %d", len(r.RetiredKeys), MaxRetiredReceiptKeys)
	}
	for i, k := range r.RetiredKeys {
		if a, err := chain.ParseAddress(k.Address); err != nil || a == (common.Address{}) {
			bad("receipts.retiredKeys", "[%d].address %q is not a 0x address", i, k.Address)
		}
		if k.ValidUntil.IsZero() || !k.ValidUntil.After(k.ValidFrom) {
			bad("receipts.retiredKeys", "[%d].validUntil must be after its validFrom: a retired key's window is closed", i)
		}
		if !r.KeyValidFrom.IsZero() && k.ValidUntil.After(r.KeyValidFrom) {
			bad("receipts.retiredKeys", "[%d].validUntil %s is after receipts.keyValidFrom %s: two keys would sign at once",
				i, k.ValidUntil.Format(time.RFC3339), r.KeyValidFrom.Format(time.RFC3339))
		}
	}
}

package config_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/config"
)

// TestReceipts: receipts.key is read from a file and checked: a signer spec of its own
// (never a chain's operator spec), retired keys with closed windows that end before the
// current key's starts.
func TestReceipts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gw.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`receipts:
  key: keystore:/keys/receipts.json
  keyPasswordFile: /keys/receipts.pass
  keyValidFrom: 2026-11-01T00:00:00Z
  retiredKeys:
    - address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
      validFrom: 2026-01-01T00:00:00Z
      validUntil: 2026-11-01T00:00:00Z
`), 0o600))
	c := valid()
	require.NoError(t, c.LoadFile(path))
	require.NoError(t, c.Check())
	require.Equal(t, "keystore:/keys/receipts.json", c.Receipts.Key)
	require.Len(t, c.Receipts.RetiredKeys, 1)

	cases := map[string]struct {
		change func(c *config.Config)
		says   string
	}{
		"not a signer spec": {func(c *config.Config) { c.Receipts.Key = "file:/x" }, "receipts.key"},
		"the operator's key": {func(c *config.Config) {
			c.Chains = []config.Chain{{Operator: "keystore:/keys/receipts.json"}}
		}, "is chains[0]'s operator key"},
		"retired key still open": {func(c *config.Config) { c.Receipts.RetiredKeys[0].ValidUntil = time.Time{} }, "validUntil must be after"},
		"windows overlap": {func(c *config.Config) {
			c.Receipts.KeyValidFrom = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
		}, "two keys would sign at once"},
		"bad address":      {func(c *config.Config) { c.Receipts.RetiredKeys[0].Address = "0x12" }, "is not a 0x address"},
		"settings, no key": {func(c *config.Config) { c.Receipts.Key = "" }, "is needed by the other receipts settings"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := valid()
			require.NoError(t, c.LoadFile(path))
			tc.change(&c)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.ErrorContains(t, err, tc.says)
		})
	}
}

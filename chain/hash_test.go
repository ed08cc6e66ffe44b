package chain

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"
)

func TestParseHash(t *testing.T) {
	h := "0x" + strings.Repeat("ab", 32)
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"lower", h, true},
		{"upper digits", "0x" + strings.ToUpper(h[2:]), true},
		{"no prefix", h[2:], false},
		{"upper prefix", "0X" + h[2:], false},
		{"short", h[:65], false},
		{"long", h + "0", false},
		{"non hex", h[:65] + "g", false},
		{"empty", "", false},
		{"prefix only", "0x", false},
		{"space", " " + h, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseHash(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, ErrBadHash)
				return
			}
			require.NoError(t, err)
			require.Equal(t, common.HexToHash(h), got)
		})
	}
}

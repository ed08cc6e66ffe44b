package chain

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/echo"
)

// ErrBadHash is returned by ParseHash for text that is not a 32-byte hash.
var ErrBadHash = errors.New("invalid transaction hash")

// ParseHash reads a transaction (or block) hash strictly: "0x" and 64 hex digits in any
// case. It is the one parser of hashes given by clients, operators, flags and a gateway's
// reports; anything else (no prefix, a short or long value, a non-hex digit) is refused
// rather than padded or truncated as common.HexToHash would.
func ParseHash(s string) (common.Hash, error) {
	hex, ok := strings.CutPrefix(s, "0x")
	if !ok {
		return common.Hash{}, fmt.Errorf("%w: %q does not start with 0x", ErrBadHash, echo.Value(s))
	}
	if len(hex) != 2*common.HashLength || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return common.Hash{}, fmt.Errorf("%w: %q is not 0x and 64 hex digits", ErrBadHash, echo.Value(s))
	}
	return common.HexToHash(hex), nil
}

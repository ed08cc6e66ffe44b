package chain

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/echo"
)

// ParseAddress reads an address strictly: "0x" and 40 hex digits, either in one case
// (all lower or all upper) or EIP-55 checksummed. It is the one parser of addresses given
// by clients, operators and configuration. A mixed-case address with a wrong checksum is
// most likely mistyped, so it is refused rather than read.
func ParseAddress(s string) (common.Address, error) {
	hex, ok := strings.CutPrefix(s, "0x")
	if !ok {
		return common.Address{}, fmt.Errorf("%w: %q does not start with 0x", ErrBadAddress, echo.Value(s))
	}
	if len(hex) != 2*common.AddressLength || strings.Trim(hex, "0123456789abcdefABCDEF") != "" {
		return common.Address{}, fmt.Errorf("%w: %q is not 0x and 40 hex digits", ErrBadAddress, echo.Value(s))
	}
	addr := common.HexToAddress(hex)
	if hex != strings.ToLower(hex) && hex != strings.ToUpper(hex) && addr.Hex() != s {
		return common.Address{}, fmt.Errorf("%w: %s has mixed case but not its EIP-55 checksum", ErrBadAddress, s)
	}
	return addr, nil
}

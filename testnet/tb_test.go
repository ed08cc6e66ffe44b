package testnet_test

import (
	"testing"

	"github.com/dtwgate/dtwgate/testnet"
)

var (
	_ testnet.TB = (*testing.T)(nil)
	_ testnet.TB = (*testing.B)(nil)
	_ testnet.TB = testing.TB(nil)
)

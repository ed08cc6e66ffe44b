package dtwcli_test

import (
	"os"
	"testing"

	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gatewaytest.Cleanup()
	os.Exit(code)
}

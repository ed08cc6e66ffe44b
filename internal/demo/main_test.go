package main

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDemo runs the whole demo, as `make demo` does: devnet, gateway, Vault and the
// scripted trader session must all succeed, and every process must be stopped.
func TestDemo(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	d := &demo{}
	err := d.run(ctx)
	d.stopAll()
	if d.work != "" {
		defer os.RemoveAll(d.work)
	}
	require.NoError(t, err)
	for _, p := range d.procs {
		require.NotNil(t, p.ProcessState, "process %s must have been stopped", p.Path)
	}
}

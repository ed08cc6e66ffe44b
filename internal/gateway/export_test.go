package gateway

import "time"

// SetMCPConfirmWait sets how long a money-moving tool waits for its confirmation, and
// returns the function that restores it.
func SetMCPConfirmWait(d time.Duration) (restore func()) {
	old := mcpConfirmWait
	mcpConfirmWait = d
	return func() { mcpConfirmWait = old }
}

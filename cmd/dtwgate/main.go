// Command dtwgate runs the dtwgate gateway, its operator commands and a local devnet.
package main

import (
	"os"

	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
)

func main() {
	os.Exit(gatewaycmd.Main(os.Args))
}

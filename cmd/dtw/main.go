// Command dtw is the trader's CLI for the dtwgate gateway and the DTW contract.
package main

import (
	"os"

	"github.com/dtwgate/dtwgate/internal/dtwcli"
)

func main() {
	os.Exit(dtwcli.Main(os.Args))
}

// Command benchpush measures how fast the gateway pushes events (`make bench-push`). Each
// figure runs on a gateway of its own, a whole dtwgate process built in this process
// (internal/app, real HTTP and real sockets on loopback, a SQLite store in a temporary
// directory), so that the test writes events into the gateway's own store and times them
// from their commit. The figures print as `name value` lines; `#` lines describe the run.
//
// A figure is a function below, listed in figures: it starts its gateway with
// startGateway and prints its lines.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"
)

var (
	only       = flag.String("only", "", "run only the figures whose name starts with this prefix")
	cpuProfile = flag.String("cpuprofile", "", "write a CPU profile of ws_fanout's timed changes at N sockets to this file with -N appended, one per -ws-clients size; its samples carry the label side=gateway (the gateway's goroutines), side=clients (the sockets' clients) or none (the bench, and the PRICE events' writes): go tool pprof -tagfocus side=gateway")
)

// The labels of the CPU profile's samples: the goroutines a labelled goroutine starts
// inherit its label.
var (
	sideGateway = pprof.Labels("side", "gateway")
	sideClients = pprof.Labels("side", "clients")
)

// figure is one measurement.
type figure struct {
	// name prefixes the figure's lines, e.g. ws_fanout.
	name string
	run  func(ctx context.Context) error
}

// figures are run in order.
var figures = []figure{
	{"ws_fanout", wsFanout},
	{"webhook_delivery", webhookDelivery},
}

func main() {
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	fmt.Printf("# %d CPUs shared by the gateway and its clients; load average %s\n", runtime.NumCPU(), loadAverage())
	for _, f := range figures {
		if !strings.HasPrefix(f.name, *only) {
			continue
		}
		if err := f.run(ctx); err != nil {
			fmt.Fprintf(os.Stderr, "benchpush: %s: %v\n", f.name, err)
			os.Exit(1)
		}
	}
	fmt.Printf("# load average %s at the end\n", loadAverage())
}

// startProfile starts a CPU profile to path (none when path is empty); the function it
// returns stops it, once however often it is called.
func startProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		_ = f.Close()
		return nil, err
	}
	return sync.OnceFunc(func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}), nil
}

// percentile returns the p-th percentile of latencies (sorted in place).
func percentile(latencies []time.Duration, p float64) time.Duration {
	if len(latencies) == 0 {
		return 0
	}
	slices.Sort(latencies)
	i := int(float64(len(latencies))*p/100+0.5) - 1
	return latencies[min(max(i, 0), len(latencies)-1)]
}

// loadAverage is the machine's 1-minute load average ("?" where /proc has none): other
// work on the machine slows the figures.
func loadAverage() string {
	blob, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(blob))[0]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

package testnet

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// AnvilOptions configures one anvil process.
type AnvilOptions struct {
	// ChainID is the chain id the node reports. Required.
	ChainID uint64
	// BlockTime mines a block every interval; zero mines one block per transaction.
	BlockTime time.Duration
	// Port is the TCP port on 127.0.0.1; zero picks a free one.
	Port int
	// Log receives anvil's output; nil discards it.
	Log io.Writer
}

// Anvil is a running anvil node.
type Anvil struct {
	// URL is the node's HTTP JSON-RPC endpoint.
	URL string
	// Port is the TCP port it listens on.
	Port int

	cmd     *exec.Cmd
	done    chan struct{}
	waitErr error
	stop    sync.Once
}

var listeningRE = regexp.MustCompile(`Listening on ([0-9.]+):([0-9]+)`)

// StartAnvil starts the pinned anvil and waits until its RPC answers.
func StartAnvil(ctx context.Context, opts AnvilOptions) (*Anvil, error) {
	bin, err := NodeTool("anvil")
	if err != nil {
		return nil, err
	}
	if opts.ChainID == 0 {
		return nil, errors.New("anvil: chain id is required")
	}
	args := []string{
		"--host", "127.0.0.1",
		"--port", strconv.Itoa(opts.Port),
		"--chain-id", strconv.FormatUint(opts.ChainID, 10),
		"--accounts", strconv.Itoa(len(defaultKeys)),
	}
	if opts.BlockTime > 0 {
		args = append(args, "--block-time", strconv.FormatFloat(opts.BlockTime.Seconds(), 'f', -1, 64))
	}
	cmd := exec.Command(bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("anvil: %w", err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("anvil: start %s: %w", bin, err)
	}
	a := &Anvil{cmd: cmd, done: make(chan struct{})}
	portCh := make(chan int, 1)
	var tail strings.Builder
	go func() {
		sc := bufio.NewScanner(stdout)
		found := false
		for sc.Scan() {
			line := sc.Text()
			if opts.Log != nil {
				fmt.Fprintln(opts.Log, line)
			}
			if !found {
				if tail.Len() < 4096 {
					tail.WriteString(line + "\n")
				}
				if m := listeningRE.FindStringSubmatch(line); m != nil {
					p, _ := strconv.Atoi(m[2])
					portCh <- p
					found = true
				}
			}
		}
	}()
	go func() {
		a.waitErr = cmd.Wait()
		close(a.done)
	}()

	timer := time.NewTimer(30 * time.Second)
	defer timer.Stop()
	select {
	case a.Port = <-portCh:
	case <-a.done:
		return nil, fmt.Errorf("anvil exited before listening (%v): %s", a.waitErr, tail.String())
	case <-timer.C:
		a.Stop()
		return nil, errors.New("anvil: not listening after 30s")
	case <-ctx.Done():
		a.Stop()
		return nil, ctx.Err()
	}
	a.URL = fmt.Sprintf("http://127.0.0.1:%d", a.Port)
	if err := waitRPC(ctx, a.URL, opts.ChainID); err != nil {
		a.Stop()
		return nil, err
	}
	return a, nil
}

// waitRPC polls eth_chainId until the node answers with the expected id.
func waitRPC(ctx context.Context, url string, chainID uint64) error {
	deadline := time.Now().Add(20 * time.Second)
	var lastErr error
	for time.Now().Before(deadline) {
		c, err := ethclient.DialContext(ctx, url)
		if err == nil {
			id, err2 := c.ChainID(ctx)
			c.Close()
			if err2 == nil {
				if id.Uint64() != chainID {
					return fmt.Errorf("anvil at %s reports chain id %d, want %d", url, id.Uint64(), chainID)
				}
				return nil
			}
			err = err2
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("anvil at %s did not answer: %w", url, lastErr)
}

// Stop kills the node and waits for it to exit. It is safe to call more than once.
func (a *Anvil) Stop() {
	a.stop.Do(func() {
		if a.cmd.Process != nil {
			_ = syscall.Kill(-a.cmd.Process.Pid, syscall.SIGTERM)
			select {
			case <-a.done:
			case <-time.After(5 * time.Second):
				_ = syscall.Kill(-a.cmd.Process.Pid, syscall.SIGKILL)
				<-a.done
			}
		}
	})
}

// Done is closed when the node has exited.
func (a *Anvil) Done() <-chan struct{} { return a.done }

// Dial returns a raw RPC client for anvil's own methods (anvil_mine, evm_snapshot, ...).
func (a *Anvil) Dial(ctx context.Context) (*rpc.Client, error) {
	return rpc.DialContext(ctx, a.URL)
}

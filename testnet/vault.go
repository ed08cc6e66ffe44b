package testnet

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/hashicorp/vault/api"
)

// VaultOptions configures one Vault dev server.
type VaultOptions struct {
	// Port is the TCP port on 127.0.0.1; zero picks a free one.
	Port int
	// RootToken is the dev root token; empty generates a random one.
	RootToken string
	// Log receives the server's output; nil discards it.
	Log io.Writer
}

// Vault is a running Vault dev server: in-memory storage, unsealed, KV v2 mounted at
// secret/, the AppRole auth method available. Everything is lost when it stops.
type Vault struct {
	// Addr is the server's URL, for VAULT_ADDR.
	Addr string
	// Port is the TCP port it listens on.
	Port int
	// RootToken is the root token, for VAULT_TOKEN.
	RootToken string

	cmd     *exec.Cmd
	done    chan struct{}
	waitErr error
	stop    sync.Once
	out     lockedBuffer
}

// VaultBinary returns the path of the pinned Vault server ($DTW_TOOLS_DIR/bin/vault,
// else tools/bin/vault at the module root), or an error wrapping ErrToolMissing that
// says how to build it.
func VaultBinary() (string, error) {
	dir, err := ToolsDir()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "bin", "vault")
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%w: vault not found at %s: run `make tools` in the dtwgate repository (it builds the Vault dev server from testnet/vaultdev), or set %s",
			ErrToolMissing, path, EnvToolsDir)
	}
	return path, nil
}

// NewVault starts a Vault dev server for a test and stops it when the test ends. A
// missing binary fails the test: Vault tests never skip.
func NewVault(t TB) *Vault {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	v, err := StartVault(ctx, VaultOptions{})
	if err != nil {
		t.Fatalf("start vault: %v", err)
	}
	t.Cleanup(v.Stop)
	return v
}

// StartVault starts the pinned Vault in dev mode and waits until it is unsealed and
// answers. Stop it with Stop.
func StartVault(ctx context.Context, opts VaultOptions) (*Vault, error) {
	bin, err := VaultBinary()
	if err != nil {
		return nil, err
	}
	if opts.RootToken == "" {
		opts.RootToken = "root-" + randomHex(12)
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // a picked free port can be taken before vault binds it
		port := opts.Port
		if port == 0 {
			if port, err = freePort(); err != nil {
				return nil, err
			}
		}
		v, err := startVault(ctx, bin, port, opts)
		if err == nil {
			return v, nil
		}
		lastErr = err
		if opts.Port != 0 || ctx.Err() != nil {
			break
		}
	}
	return nil, lastErr
}

func startVault(ctx context.Context, bin string, port int, opts VaultOptions) (*Vault, error) {
	v := &Vault{
		Addr:      fmt.Sprintf("http://127.0.0.1:%d", port),
		Port:      port,
		RootToken: opts.RootToken,
		done:      make(chan struct{}),
	}
	v.cmd = exec.Command(bin, "server", "-dev",
		"-dev-listen-address=127.0.0.1:"+strconv.Itoa(port),
		"-dev-root-token-id="+opts.RootToken,
		"-dev-no-store-token",
	)
	v.cmd.Env = vaultEnv()
	v.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	var out io.Writer = &v.out
	if opts.Log != nil {
		out = io.MultiWriter(&v.out, opts.Log)
	}
	v.cmd.Stdout, v.cmd.Stderr = out, out
	if err := v.cmd.Start(); err != nil {
		return nil, fmt.Errorf("vault: start %s: %w", bin, err)
	}
	go func() {
		v.waitErr = v.cmd.Wait()
		close(v.done)
	}()
	if err := v.waitHealthy(ctx, 60*time.Second); err != nil {
		v.Stop()
		return nil, err
	}
	return v, nil
}

// vaultEnv is the server's environment without the client variables of the caller,
// which must not leak into the dev server.
func vaultEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "VAULT_") {
			env = append(env, kv)
		}
	}
	return env
}

func (v *Vault) waitHealthy(ctx context.Context, limit time.Duration) error {
	client, err := v.Client(v.RootToken)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(limit)
	for {
		hctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		h, err := client.Sys().HealthWithContext(hctx)
		cancel()
		if err == nil && h.Initialized && !h.Sealed {
			return nil
		}
		select {
		case <-v.done:
			return fmt.Errorf("vault exited before it was healthy (%v): %s", v.waitErr, v.out.String())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("vault not healthy after %v (last error %v): %s", limit, err, v.out.String())
		}
	}
}

// Stop kills the server and waits for it to exit. It is safe to call more than once.
func (v *Vault) Stop() {
	v.stop.Do(func() {
		if v.cmd.Process != nil {
			_ = syscall.Kill(-v.cmd.Process.Pid, syscall.SIGKILL)
		}
		<-v.done
	})
}

// Done is closed when the server process has exited.
func (v *Vault) Done() <-chan struct{} { return v.done }

// Client returns a client for the server that authenticates with token. It ignores
// the VAULT_* environment of the caller.
func (v *Vault) Client(token string) (*api.Client, error) {
	conf := api.DefaultConfig()
	conf.Address = v.Addr
	conf.MaxRetries = 0
	client, err := api.NewClient(conf)
	if err != nil {
		return nil, fmt.Errorf("vault client: %w", err)
	}
	client.ClearNamespace()
	client.SetToken(token)
	return client, nil
}

func (v *Vault) root() (*api.Client, error) { return v.Client(v.RootToken) }

// PutPolicy writes an ACL policy (HCL rules) named name.
func (v *Vault) PutPolicy(ctx context.Context, name, rules string) error {
	client, err := v.root()
	if err != nil {
		return err
	}
	if err := client.Sys().PutPolicyWithContext(ctx, name, rules); err != nil {
		return fmt.Errorf("vault: put policy %s: %w", name, err)
	}
	return nil
}

// CreateToken creates a token that holds only the named policies (no default
// policy) and returns it.
func (v *Vault) CreateToken(ctx context.Context, policies ...string) (string, error) {
	client, err := v.root()
	if err != nil {
		return "", err
	}
	secret, err := client.Auth().Token().CreateWithContext(ctx, &api.TokenCreateRequest{
		Policies:        policies,
		NoDefaultPolicy: true,
		TTL:             "1h",
	})
	if err != nil {
		return "", fmt.Errorf("vault: create token: %w", err)
	}
	return secret.Auth.ClientToken, nil
}

// PolicyToken writes a policy named name with rules and returns a token holding only it.
func (v *Vault) PolicyToken(ctx context.Context, name, rules string) (string, error) {
	if err := v.PutPolicy(ctx, name, rules); err != nil {
		return "", err
	}
	return v.CreateToken(ctx, name)
}

// AppRole creates the AppRole role name with policies (enabling the AppRole auth
// method at approle/ the first time) and returns its role id and a new secret id.
func (v *Vault) AppRole(ctx context.Context, name string, policies ...string) (roleID, secretID string, err error) {
	client, err := v.root()
	if err != nil {
		return "", "", err
	}
	auths, err := client.Sys().ListAuthWithContext(ctx)
	if err != nil {
		return "", "", fmt.Errorf("vault: list auth methods: %w", err)
	}
	if _, ok := auths["approle/"]; !ok {
		if err := client.Sys().EnableAuthWithOptionsWithContext(ctx, "approle", &api.EnableAuthOptions{Type: "approle"}); err != nil {
			return "", "", fmt.Errorf("vault: enable approle: %w", err)
		}
	}
	if _, err := client.Logical().WriteWithContext(ctx, "auth/approle/role/"+name, map[string]interface{}{
		"token_policies": policies,
		"token_ttl":      "1h",
	}); err != nil {
		return "", "", fmt.Errorf("vault: create approle %s: %w", name, err)
	}
	rid, err := client.Logical().ReadWithContext(ctx, "auth/approle/role/"+name+"/role-id")
	if err != nil || rid == nil {
		return "", "", fmt.Errorf("vault: read role id of %s: %v", name, err)
	}
	sid, err := client.Logical().WriteWithContext(ctx, "auth/approle/role/"+name+"/secret-id", nil)
	if err != nil || sid == nil {
		return "", "", fmt.Errorf("vault: create secret id of %s: %v", name, err)
	}
	roleID, _ = rid.Data["role_id"].(string)
	secretID, _ = sid.Data["secret_id"].(string)
	if roleID == "" || secretID == "" {
		return "", "", errors.New("vault: approle answered without role id or secret id")
	}
	return roleID, secretID, nil
}

// PutKV writes data as a new version of the KV v2 secret at path under mount.
func (v *Vault) PutKV(ctx context.Context, mount, path string, data map[string]interface{}) error {
	client, err := v.root()
	if err != nil {
		return err
	}
	if _, err := client.KVv2(mount).Put(ctx, path, data); err != nil {
		return fmt.Errorf("vault: put %s/data/%s: %w", mount, path, err)
	}
	return nil
}

// Seal seals the server; every later request fails until a restart.
func (v *Vault) Seal(ctx context.Context) error {
	client, err := v.root()
	if err != nil {
		return err
	}
	if err := client.Sys().SealWithContext(ctx); err != nil {
		return fmt.Errorf("vault: seal: %w", err)
	}
	return nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// lockedBuffer collects a process's output for error messages.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() > 64<<10 {
		return len(p), nil
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Command vault is a small HashiCorp Vault dev server for dtwgate's tests and demo.
//
// It links Vault's core with only the engines dtwgate uses (KV v2 mounted at secret/,
// and the AppRole auth method), so it builds in a fraction of the time of the full
// Vault CLI. It accepts the subset of `vault server -dev` flags that the testnet
// harness passes, so the full Vault binary can stand in for it.
//
// go.mod pins Vault v1.19.0 with sdk v0.15.2 and api v1.16.0 (later releases need
// untagged in-tree modules), and replaces go-discover (Raft auto-join) and the cloud
// KMS seal wrappers with the small stubs under stub/: a single in-memory, Shamir-sealed
// dev server uses neither, and the real modules would add every cloud SDK and
// Kubernetes' client to the build.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	log "github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-kms-wrapping/wrappers/aead/v2"
	kv "github.com/hashicorp/vault-plugin-secrets-kv"
	"github.com/hashicorp/vault/builtin/credential/approle"
	"github.com/hashicorp/vault/helper/namespace"
	vaulthttp "github.com/hashicorp/vault/http"
	"github.com/hashicorp/vault/internalshared/configutil"
	"github.com/hashicorp/vault/sdk/helper/consts"
	"github.com/hashicorp/vault/sdk/logical"
	"github.com/hashicorp/vault/sdk/physical/inmem"
	"github.com/hashicorp/vault/vault"
	"github.com/hashicorp/vault/vault/seal"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "vault: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 || args[0] != "server" {
		if len(args) > 0 && args[0] == "version" {
			fmt.Println("Vault v1.19.0 (dtwgate dev server: kv v2 + approle)")
			return nil
		}
		return errors.New("usage: vault server -dev [-dev-listen-address ADDR] [-dev-root-token-id ID]")
	}
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	dev := fs.Bool("dev", false, "run in dev mode (required)")
	listen := fs.String("dev-listen-address", "127.0.0.1:8200", "address to listen on")
	rootID := fs.String("dev-root-token-id", "root", "root token id")
	fs.Bool("dev-no-store-token", false, "ignored: this server never stores a token")
	logLevel := fs.String("log-level", "warn", "log level")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if !*dev {
		return errors.New("only -dev mode is supported")
	}

	logger := log.New(&log.LoggerOptions{Name: "vault", Level: log.LevelFromString(*logLevel), Output: os.Stderr})
	core, err := newCore(logger)
	if err != nil {
		return fmt.Errorf("create core: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := initDev(ctx, core, *rootID); err != nil {
		return fmt.Errorf("initialize dev mode: %w", err)
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler: vaulthttp.Handler.Handler(&vault.HandlerProperties{
			Core:           core,
			ListenerConfig: &configutil.Listener{Type: "tcp", Address: ln.Addr().String(), TLSDisable: true},
		}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	fmt.Printf("==> Vault dev server started on http://%s (root token %s)\n", ln.Addr(), *rootID)
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return core.Shutdown()
}

func newCore(logger log.Logger) (*vault.Core, error) {
	backend, err := inmem.NewTransactionalInmem(nil, logger.Named("storage"))
	if err != nil {
		return nil, err
	}
	access, err := seal.NewAccessFromSealWrappers(logger.Named("seal"), 1, true, []*seal.SealWrapper{
		seal.NewSealWrapper(aead.NewShamirWrapper(), 1, "shamir", "shamir", false, true),
	})
	if err != nil {
		return nil, err
	}
	return vault.NewCore(&vault.CoreConfig{
		Physical:           backend,
		Seal:               vault.NewDefaultSeal(access),
		Logger:             logger,
		DisableMlock:       true,
		BuiltinRegistry:    registry{},
		LogicalBackends:    map[string]logical.Factory{"kv": kv.Factory},
		CredentialBackends: map[string]logical.Factory{"approle": approle.Factory},
	})
}

func initDev(ctx context.Context, core *vault.Core, rootID string) error {
	ctx = namespace.ContextWithNamespace(ctx, namespace.RootNamespace)
	init, err := core.Initialize(ctx, &vault.InitParams{
		BarrierConfig: &vault.SealConfig{SecretShares: 1, SecretThreshold: 1, Name: "shamir"},
	})
	if err != nil {
		return err
	}
	if unsealed, err := core.Unseal(init.SecretShares[0]); err != nil || !unsealed {
		return fmt.Errorf("unseal: unsealed=%v err=%v", unsealed, err)
	}
	for i := 0; ; i++ {
		standby, err := core.Standby()
		if err != nil {
			return err
		}
		if !core.Sealed() && !standby {
			break
		}
		if i > 100 {
			return errors.New("core did not become active")
		}
		time.Sleep(50 * time.Millisecond)
	}
	resp, err := core.HandleRequest(ctx, &logical.Request{
		Operation:   logical.UpdateOperation,
		ClientToken: init.RootToken,
		Path:        "auth/token/create",
		Data: map[string]interface{}{
			"id": rootID, "policies": []string{"root"}, "no_parent": true, "no_default_policy": true,
		},
	})
	if err != nil || resp == nil || resp.Auth == nil {
		return fmt.Errorf("create root token: %v", err)
	}
	if _, err := core.HandleRequest(ctx, &logical.Request{
		Operation: logical.UpdateOperation, ClientToken: init.RootToken, Path: "auth/token/revoke-self",
	}); err != nil {
		return fmt.Errorf("revoke initial root token: %w", err)
	}
	resp, err = core.HandleRequest(ctx, &logical.Request{
		Operation:   logical.UpdateOperation,
		ClientToken: rootID,
		Path:        "sys/mounts/secret",
		Data: map[string]interface{}{
			"type": "kv", "path": "secret/", "description": "key/value secret storage",
			"options": map[string]string{"version": "2"},
		},
	})
	if err != nil {
		return fmt.Errorf("mount kv v2 at secret/: %w", err)
	}
	if resp.IsError() {
		return fmt.Errorf("mount kv v2 at secret/: %w", resp.Error())
	}
	return nil
}

// registry is the builtin plugin registry: it only knows the engines linked in.
type registry struct{}

func (registry) factory(name string, t consts.PluginType) (logical.Factory, bool) {
	switch {
	case t == consts.PluginTypeSecrets && name == "kv":
		return kv.Factory, true
	case t == consts.PluginTypeCredential && name == "approle":
		return approle.Factory, true
	}
	return nil, false
}

func (r registry) Contains(name string, t consts.PluginType) bool {
	_, ok := r.factory(name, t)
	return ok
}

func (r registry) Get(name string, t consts.PluginType) (func() (interface{}, error), bool) {
	f, ok := r.factory(name, t)
	if !ok {
		return nil, false
	}
	return func() (interface{}, error) { return f, nil }, true
}

func (registry) Keys(t consts.PluginType) []string {
	switch t {
	case consts.PluginTypeSecrets:
		return []string{"kv"}
	case consts.PluginTypeCredential:
		return []string{"approle"}
	}
	return nil
}

func (registry) DeprecationStatus(name string, t consts.PluginType) (consts.DeprecationStatus, bool) {
	if (registry{}).Contains(name, t) {
		return consts.Supported, true
	}
	return consts.Unknown, false
}

func (registry) IsBuiltinEntPlugin(string, consts.PluginType) bool { return false }

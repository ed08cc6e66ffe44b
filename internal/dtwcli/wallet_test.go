package dtwcli_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/dtwgate/dtwgate/testnet"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"
)

var (
	walletBinOnce sync.Once
	walletBin     string
	walletBinErr  error
)

// dtwBinary builds cmd/dtw once per test run.
func dtwBinary(t *testing.T) string {
	t.Helper()
	walletBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "dtw-wallet-test")
		if err != nil {
			walletBinErr = err
			return
		}
		walletBin = filepath.Join(dir, "dtw")
		out, err := exec.Command("go", "build", "-o", walletBin, "github.com/dtwgate/dtwgate/cmd/dtw").CombinedOutput()
		if err != nil {
			walletBinErr = &buildError{out: string(out), err: err}
		}
	})
	require.NoError(t, walletBinErr, "build dtw")
	return walletBin
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// walletEnv is an isolated environment: HOME (so ~/.foundry/keystores and
// ~/.dtw/keystores are the test's), no ambient DTW_ or VAULT_ variables.
type walletEnv struct {
	home string
	env  []string
}

func newWalletEnv(t *testing.T, extra ...string) *walletEnv {
	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	return &walletEnv{home: home, env: append(env, extra...)}
}

// run runs a program in the environment and returns stdout, stderr and the exit code.
func (w *walletEnv) run(t *testing.T, stdin string, bin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.CommandContext(context.Background(), bin, args...)
	cmd.Env = w.env
	cmd.Dir = w.home
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err, "run %s %v", bin, args)
	}
	return strings.TrimSpace(stdout.String()), strings.TrimSpace(stderr.String()), code
}

// ok runs a program and requires it to succeed.
func (w *walletEnv) ok(t *testing.T, stdin string, bin string, args ...string) string {
	t.Helper()
	out, errOut, code := w.run(t, stdin, bin, args...)
	require.Zero(t, code, "%s %s: got exit %d, want 0; stderr: %s", filepath.Base(bin), strings.Join(args, " "), code, errOut)
	return out
}

func (w *walletEnv) file(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(w.home, name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
	return path
}

var addressRE = regexp.MustCompile(`0x[0-9a-fA-F]{40}`)

func TestWalletCastInterop(t *testing.T) {
	cast, err := testnet.NodeTool("cast")
	require.NoError(t, err)
	dtw := dtwBinary(t)
	w := newWalletEnv(t)
	pw := w.file(t, "pw", "s3cret\n")
	foundry := filepath.Join(w.home, ".foundry", "keystores")
	require.NoError(t, os.MkdirAll(foundry, 0o700))

	// cast makes a keystore, dtw reads it.
	out := w.ok(t, "", cast, "wallet", "new", foundry, "alice", "--unsafe-password", "s3cret")
	castAddr := addressRE.FindString(out)
	require.NotEmpty(t, castAddr, "no address in cast output %q", out)
	keystore := filepath.Join(foundry, "alice")

	t.Run("address of a cast keystore", func(t *testing.T) {
		got := w.ok(t, "", dtw, "wallet", "address", "--keystore", keystore, "--password-file", pw)
		require.Equal(t, common.HexToAddress(castAddr).Hex(), got, "got %s, want cast's %s", got, castAddr)
		got = w.ok(t, "", dtw, "wallet", "address", "--account", "alice", "--password-file", pw)
		require.Equal(t, common.HexToAddress(castAddr).Hex(), got, "--account: got %s, want %s", got, castAddr)
	})
	t.Run("cast verifies dtw signatures", func(t *testing.T) {
		for _, msg := range []string{"hello dtw", "line one\nline two", "0xdeadbeef"} {
			sig := w.ok(t, "", dtw, "wallet", "sign-message", "--keystore", keystore, "--password-file", pw, msg)
			require.Regexp(t, `^0x[0-9a-f]{130}$`, sig)
			w.ok(t, "", cast, "wallet", "verify", "--address", castAddr, msg, sig)
			castSig := w.ok(t, "", cast, "wallet", "sign", "--keystore", keystore, "--password-file", pw, msg)
			require.Equal(t, castSig, sig, "got %s, want cast's %s for %q", sig, castSig, msg)
		}
	})

	// dtw makes a keystore, cast reads it.
	t.Run("cast reads a dtw keystore", func(t *testing.T) {
		key := "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
		want := "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
		out := w.ok(t, key+"\n", dtw, "wallet", "import", "--account", "bob", "--password-file", pw)
		require.Contains(t, out, want)
		bobPath := filepath.Join(w.home, ".dtw", "keystores", "bob")
		got := w.ok(t, "", cast, "wallet", "address", "--keystore", bobPath, "--password-file", pw)
		require.Equal(t, want, got, "cast read %s, want %s", got, want)

		list := w.ok(t, "", dtw, "wallet", "list")
		require.Contains(t, list, "bob")
		require.Contains(t, list, "alice")
	})
}

func TestWalletSignTypedData(t *testing.T) {
	dtw := dtwBinary(t)
	w := newWalletEnv(t, "DTW_PASSWORD=pw")
	cow := common.Bytes2Hex(crypto.Keccak256([]byte("cow")))
	keystore := filepath.Join(w.home, "cow.json")
	w.ok(t, cow, dtw, "wallet", "import", "--keystore", keystore)
	mail, err := filepath.Abs("../../signer/testdata/mail.json")
	require.NoError(t, err)
	sig := w.ok(t, "", dtw, "wallet", "sign-typed-data", "--keystore", keystore, mail)
	// The signature of the EIP-712 specification's Mail example.
	want := "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c"
	require.Equal(t, want, sig, "got %s, want %s", sig, want)
}

func TestWalletVaultPut(t *testing.T) {
	dtw := dtwBinary(t)
	v := testnet.NewVault(t)
	w := newWalletEnv(t, "VAULT_ADDR="+v.Addr, "VAULT_TOKEN="+v.RootToken)
	keyFile := w.file(t, "key", "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d\n")
	want := "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

	out := w.ok(t, "", dtw, "wallet", "vault-put", "--private-key-file", keyFile, "secret/data/traders/carol")
	require.Contains(t, out, want)
	got := w.ok(t, "", dtw, "wallet", "address", "--signer", "vault:secret/data/traders/carol#private_key")
	require.Equal(t, want, got, "got %s, want %s", got, want)

	out = w.ok(t, "", dtw, "wallet", "vault-put", "--new", "secret/data/traders/dave")
	dave := addressRE.FindString(out)
	got = w.ok(t, "", dtw, "wallet", "address", "--signer", "vault:secret/traders/dave")
	require.Equal(t, dave, got, "got %s, want %s", got, dave)
}

func TestWalletErrors(t *testing.T) {
	dtw := dtwBinary(t)
	w := newWalletEnv(t)
	pw := w.file(t, "pw", "right")
	wrong := w.file(t, "wrong", "wrong")
	keystore := filepath.Join(w.home, "k.json")
	w.ok(t, "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80", dtw, "wallet", "import", "--keystore", keystore, "--password-file", pw)

	tests := []struct {
		name     string
		stdin    string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no signer", "", []string{"wallet", "address"}, 2, "pass --keystore PATH, --account NAME or --signer SPEC"},
		{"two signers", "", []string{"wallet", "address", "--keystore", keystore, "--account", "x"}, 2, "pass only one"},
		{"bad spec", "", []string{"wallet", "address", "--signer", "ledger:0"}, 2, `unknown kind "ledger"`},
		{"wrong password", "", []string{"wallet", "address", "--keystore", keystore, "--password-file", wrong}, 1, "wrong keystore password"},
		{"no password, no terminal", "", []string{"wallet", "address", "--keystore", keystore}, 1, "pass --password-file FILE or set DTW_PASSWORD"},
		{"missing account", "", []string{"wallet", "address", "--account", "nobody", "--password-file", pw}, 1, "dtw wallet list"},
		{"malformed import", "0x1234", []string{"wallet", "import", "--account", "m", "--password-file", pw}, 1, "4 hex digits, want 64"},
		{"import over existing", "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80", []string{"wallet", "import", "--keystore", keystore, "--password-file", pw}, 1, "account already exists"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := w.run(t, tc.stdin, dtw, tc.args...)
			require.Equal(t, tc.wantCode, code, "got exit %d, want %d; stderr: %s", code, tc.wantCode, errOut)
			require.Contains(t, errOut, tc.wantErr, "got stderr %q, want it to say %q", errOut, tc.wantErr)
		})
	}
}

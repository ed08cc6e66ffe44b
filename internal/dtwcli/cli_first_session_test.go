package dtwcli_test

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	ucli "github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/clihelp"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

// firstSession is the README's first session: the command lines of the sh blocks under
// "## A first session", in order.
func firstSession(t *testing.T) []string {
	t.Helper()
	blob, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(blob), "\n## A first session\n")
	require.True(t, ok, "the README has a first session")
	section, _, _ = strings.Cut(section, "\n## ")
	var lines []string
	fenced := false
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if fenced && strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	require.NotEmpty(t, lines)
	return lines
}

// sessionProc is a long-running command of the session (the devnet, the gateway, a
// watch), its output collected.
type sessionProc struct {
	cmd      *exec.Cmd
	out, err *gatewaytest.Logs
	done     chan struct{}
}

func startSessionProc(t *testing.T, dir string, env []string, bin string, args ...string) *sessionProc {
	t.Helper()
	b := &sessionProc{cmd: exec.Command(bin, args...), out: &gatewaytest.Logs{}, err: &gatewaytest.Logs{}, done: make(chan struct{})}
	b.cmd.Dir, b.cmd.Env = dir, env
	b.cmd.Stdout, b.cmd.Stderr = b.out, b.err
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, b.cmd.Start())
	go func() {
		_ = b.cmd.Wait()
		close(b.done)
	}()
	t.Cleanup(func() {
		_ = b.cmd.Process.Signal(os.Interrupt)
		select {
		case <-b.done:
		case <-time.After(15 * time.Second):
			_ = b.cmd.Process.Kill()
			<-b.done
		}
		if t.Failed() {
			t.Logf("%s %s:\n%s\n%s", filepath.Base(bin), strings.Join(args, " "), b.out, b.err)
		}
	})
	return b
}

// waitReady waits until the gateway p started answers /readyz on listen.
func waitReady(t *testing.T, listen string, p *sessionProc) {
	t.Helper()
	hc := &http.Client{Timeout: 2 * time.Second}
	require.Eventually(t, func() bool {
		resp, err := hc.Get("http://" + listen + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, time.Minute, 100*time.Millisecond, "the gateway is ready:\n%s", p.err)
}

// TestREADMEFirstSession runs the README's first session as a newcomer would, in a fresh
// directory: `make devnet` (the Makefile's recipe, `dtwgate devnet --dir .devnet`, with
// the built binary), `dtwgate serve` on the devnet's config, then every dtwgate and dtw
// line as written. The gateway listens where DTWGATE_LISTEN says (a free port, not
// 8080, which the examples' --api-url names and the test replaces); a `dtw watch` runs
// until its first push, then gets Ctrl-C and must exit 0.
func TestREADMEFirstSession(t *testing.T) {
	t.Parallel()
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^devnet:.*\n\t\$\(GO\) run \./cmd/dtwgate devnet --dir \.devnet$`, string(mk), "make devnet runs `dtwgate devnet --dir .devnet`")

	home := t.TempDir()
	dtwgate := gatewaytest.Binary(t)
	listen := gatewaytest.FreeAddr(t)
	gwEnv := gatewaytest.Env("DTWGATE_LISTEN=" + listen)
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}
	dtw.env.home = home
	for i, kv := range dtw.env.env {
		if strings.HasPrefix(kv, "HOME=") {
			dtw.env.env[i] = "HOME=" + home
		}
	}
	subs := map[string]string{"http://127.0.0.1:8080/api": "http://" + listen + "/api"}
	ran := 0
	for _, l := range firstSession(t) {
		args := runnable(l, subs)
		require.Len(t, args, 1, l)
		words := args[0]
		switch {
		case strings.Join(words, " ") == "make devnet":
			dev := startSessionProc(t, home, gwEnv, dtwgate, "devnet", "--dir", ".devnet")
			require.Eventually(t, func() bool {
				select {
				case <-dev.done:
					return true
				default:
				}
				return strings.Contains(dev.out.String(), "press Ctrl-C")
			}, 3*time.Minute, 200*time.Millisecond, "the devnet starts")
			select {
			case <-dev.done:
				t.Fatalf("the devnet exited:\n%s\n%s", dev.out, dev.err)
			default:
			}
		case words[0] == "dtwgate" && words[1] == "serve":
			gw := startSessionProc(t, home, gwEnv, dtwgate, words[1:]...)
			waitReady(t, listen, gw)
		case words[0] == "dtwgate":
			cmd := exec.Command(dtwgate, words[1:]...)
			cmd.Dir, cmd.Env = home, gwEnv
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s:\n%s", l, out)
			if words[1] == "devnet" {
				require.Regexp(t, `round \d+\s+answer 3100`, string(out), l)
			}
		case words[0] == "dtw" && words[1] == "watch":
			w := startSessionProc(t, home, dtw.env.env, dtw.bin, words[1:]...)
			require.Eventually(t, func() bool { return strings.Contains(w.out.String(), "eth/usdt") }, 30*time.Second, 100*time.Millisecond,
				"%s pushes a price:\n%s\n%s", l, w.out, w.err)
			require.NoError(t, w.cmd.Process.Signal(os.Interrupt))
			select {
			case <-w.done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s did not end on Ctrl-C", l)
			}
			require.Zero(t, w.cmd.ProcessState.ExitCode(), "%s exits 0 on Ctrl-C:\n%s", l, w.err)
		case words[0] == "dtw":
			out := dtw.ok(t, words[1:]...)
			switch words[1] {
			case "swap":
				require.Regexp(t, `status\s+SETTLED`, out, l)
			case "order":
				require.NotContains(t, out, "FAILED", l)
			case "orders":
				require.Regexp(t, regexp.MustCompile(`(?s)OFFCHAIN.*ETHEREUM|ETHEREUM.*OFFCHAIN`), out, "both venues' orders: %s", out)
			}
		default:
			t.Fatalf("the first session has a line no test runs: %s", l)
		}
		ran++
	}
	require.GreaterOrEqual(t, ran, 14, "the session runs")
	require.True(t, bytes.Contains([]byte(dtw.ok(t, "order", "status", "ETHEREUM", "1")), []byte("SETTLED")), "the gasless order settled")
}

// docLines are the command lines of a program ("dtw " or "dtwgate ") in a document, as
// written.
func docLines(t *testing.T, doc, program string) []string {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join("..", "..", doc))
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(string(blob), "\n") {
		if strings.HasPrefix(l, program) {
			out = append(out, l)
		}
	}
	return out
}

// serveWithoutConfig is operating.md's `dtwgate serve` example that needs no config file.
const serveWithoutConfig = "dtwgate serve --listen 127.0.0.1:8080 --data-dir ./data"

// TestDocsServeWithoutConfig runs docs/operating.md's `dtwgate serve` without a config
// file, as written in a fresh directory (its listen address replaced by a free one): it
// becomes ready, creates ./data private to its owner, and stops cleanly on SIGTERM.
func TestDocsServeWithoutConfig(t *testing.T) {
	t.Parallel()
	var line string
	for _, l := range docLines(t, "docs/operating.md", "dtwgate serve ") {
		if strings.HasPrefix(l, serveWithoutConfig+" ") {
			line = l
		}
	}
	require.NotEmpty(t, line, "docs/operating.md shows %q", serveWithoutConfig)
	home, listen := t.TempDir(), gatewaytest.FreeAddr(t)
	args := runnable(line, map[string]string{"127.0.0.1:8080": listen})[0]
	gw := startSessionProc(t, home, gatewaytest.Env(), gatewaytest.Binary(t), args[1:]...)
	waitReady(t, listen, gw)
	fi, err := os.Stat(filepath.Join(home, "data"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	require.NoError(t, gw.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-gw.done:
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
	require.Zero(t, gw.cmd.ProcessState.ExitCode(), "%s", gw.err)
}

// TestEveryDocExampleIsRun: every `dtw` and `dtwgate` example line of the README and
// docs/ is run by a test, as written (without its optional parts), or says what it needs
// that the devnet lacks. The tests that run them: TestREADMEFirstSession (the README's
// session; a line of docs/ that is one of its commands counts), TestREADMEDtwExamples
// (docs/dtw.md's dtw lines), TestREADMEDtwgateAdminExamples (docs/operating.md's admin
// lines) and TestDocsServeWithoutConfig.
func TestEveryDocExampleIsRun(t *testing.T) {
	t.Parallel()
	session := map[string]bool{"dtwgate devnet --dir .devnet": true} // make devnet's recipe
	for _, l := range firstSession(t) {
		session[strings.Join(runnable(l, nil)[0], " ")] = true
	}
	var notRun []string
	for _, doc := range docFiles {
		for _, program := range []string{"dtw ", "dtwgate "} {
			for _, l := range docLines(t, doc, program) {
				cmds := runnable(l, nil)
				switch {
				case doc == "README.md" && session[strings.Join(cmds[0], " ")]:
				case doc == "docs/dtw.md" && program == "dtw ":
				case doc == "docs/operating.md" && strings.HasPrefix(l, "dtwgate admin "):
				case strings.HasPrefix(l, serveWithoutConfig+" ") && doc == "docs/operating.md":
				case strings.Contains(l, devnetLacks):
				case len(cmds) == 1 && session[strings.Join(cmds[0], " ")]:
				default:
					notRun = append(notRun, doc+": "+l)
				}
			}
		}
	}
	require.Empty(t, notRun, "examples no test runs (run them, or say what the devnet lacks):\n%s", strings.Join(notRun, "\n"))
}

// placeholder is a word of an example that stands for a value: ID, ASSET, PRICE.
var placeholder = regexp.MustCompile(`^[A-Z][A-Z_]*$`)

// covers reports whether a command quoted in a help text is, word for word, the start of
// a command a test runs: a placeholder stands for any word, "..." for the rest.
func covers(snippet, run []string) bool {
	for i, w := range snippet {
		switch {
		case w == "..." || (i < len(run) && run[i] == "..."):
			return true
		case i >= len(run):
			return false
		case placeholder.MatchString(w) || w == run[i]:
		default:
			return false
		}
	}
	return true
}

// TestEveryHelpExampleIsRun: every command a --help text quotes (`dtw ...`, `dtwgate
// ...`) starts a command the example tests run (the README's session, docs/dtw.md's and
// docs/operating.md's examples, TestCLIGlobalAccount's --account), its placeholders
// standing for their values and DIR for the devnet directory.
func TestEveryHelpExampleIsRun(t *testing.T) {
	t.Parallel()
	var ran [][]string
	for _, l := range firstSession(t) {
		ran = append(ran, runnable(l, nil)...)
	}
	ran = append(ran, []string{"dtwgate", "devnet", "--dir", ".devnet"}) // make devnet
	// The global --account before a command, on a sub-account, is TestCLIGlobalAccount's.
	ran = append(ran, []string{"dtw", "--account", "ID", "..."})
	for _, doc := range []string{"docs/dtw.md", "docs/operating.md"} {
		for _, program := range []string{"dtw ", "dtwgate "} {
			for _, l := range docLines(t, doc, program) {
				if !strings.Contains(l, devnetLacks) {
					ran = append(ran, runnable(l, nil)...)
				}
			}
		}
	}
	snippet := regexp.MustCompile("`((?:dtw|dtwgate) [^`]+)`")
	var notRun []string
	for _, app := range []*ucli.App{dtwcli.App(), gatewaycmd.App()} {
		for _, h := range clihelp.Texts(app) {
			for _, m := range snippet.FindAllStringSubmatch(h.Text, -1) {
				words := strings.Fields(m[1])
				for i, w := range words {
					if strings.HasPrefix(w, "DIR") {
						words[i] = ".devnet" + strings.TrimPrefix(w, "DIR")
					}
				}
				ok := false
				for _, r := range ran {
					ok = ok || covers(words, r)
				}
				if !ok {
					notRun = append(notRun, h.Command+": "+m[1])
				}
			}
		}
	}
	require.Empty(t, notRun, "commands --help quotes that no example test runs:\n%s", strings.Join(notRun, "\n"))
}

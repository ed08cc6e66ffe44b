package version_test

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gatewaytest.Cleanup()
	os.Exit(code)
}

// buildInfo is what `go version -m` reads from a binary: the main module's version and
// the VCS settings, the independent record --version must repeat.
func buildInfo(t *testing.T, bin string) (version, commit string, modified bool) {
	t.Helper()
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) >= 3 && f[0] == "mod" && f[1] == "github.com/dtwgate/dtwgate":
			version = f[2]
		case len(f) == 2 && f[0] == "build" && strings.HasPrefix(f[1], "vcs.revision="):
			commit = strings.TrimPrefix(f[1], "vcs.revision=")
		case len(f) == 2 && f[0] == "build" && f[1] == "vcs.modified=true":
			modified = true
		}
	}
	require.NotEmpty(t, version, "%s", out)
	return version, commit, modified
}

// TestVersionOfBothBinaries: `dtw --version` and `dtwgate --version`, built with `go
// build` from this checkout (-buildvcs=auto, as `make build`: this machine's GOFLAGS turn it off), print the module version and the commit Go stamped into
// them, as `go version -m` reads them.
func TestVersionOfBothBinaries(t *testing.T) {
	t.Parallel()
	root, err := testnet.ModuleRoot()
	require.NoError(t, err)
	head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	// Go stamps the commit of a clone, not of a git worktree (whose .git is a file).
	gitDir, statErr := os.Stat(filepath.Join(root, ".git"))
	inClone := err == nil && statErr == nil && gitDir.IsDir()
	dir := t.TempDir()
	for _, name := range []string{"dtw", "dtwgate"} {
		t.Run(name, func(t *testing.T) {
			bin := filepath.Join(dir, name)
			out, err := exec.Command("go", "build", "-C", root, "-buildvcs=auto", "-o", bin, "./cmd/"+name).CombinedOutput()
			require.NoError(t, err, "%s", out)
			version, commit, modified := buildInfo(t, bin)
			if inClone {
				require.Equal(t, strings.TrimSpace(string(head)), commit, "go build stamps the checkout's commit")
			}
			want := "commit " + commit
			if commit == "" {
				want = "commit unknown (not built from a checkout)"
			} else if modified {
				want += " (modified)"
			}
			for _, flag := range []string{"--version", "-v"} {
				out, err := exec.Command(bin, flag).CombinedOutput()
				require.NoError(t, err, "%s", out)
				lines := strings.Split(strings.TrimSpace(string(out)), "\n")
				require.Len(t, lines, 3, "%s", out)
				require.Equal(t, name+" version "+version, lines[0])
				require.Equal(t, want, lines[1])
				require.Regexp(t, regexp.MustCompile(`^go go1\.\d+`), lines[2])
			}
		})
	}
}

// TestServeShowsVersion: `dtwgate serve` logs its build at start, and GET /readyz answers
// it beside its other fields.
func TestServeShowsVersion(t *testing.T) {
	t.Parallel()
	p := gatewaytest.New(t, "", filepath.Join(t.TempDir(), "data"))
	p.Start(t)
	version, commit, modified := buildInfo(t, p.Bin)
	resp, err := http.Get("http://" + p.Listen + api.PathReadyz)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var r api.Readiness
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&r))
	require.Equal(t, api.Readiness{Status: "ready", Leases: r.Leases, Version: version, Commit: commit, Modified: modified}, r)
	require.NotNil(t, r.Leases)
	require.Contains(t, p.Logs.String(), `msg="dtwgate starting" version=`+version)
	require.Contains(t, p.Logs.String(), "commit="+commit)
}

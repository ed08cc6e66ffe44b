// Package version reports the build of the running binary from the Go build info:
// the module version and, when built from a checkout, the VCS commit, as `cast
// --version` and `gh --version` do.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// Info is a binary's build.
type Info struct {
	// Version is the main module's version: a tag (v1.2.3), a pseudo-version Go derives
	// from the checkout, or "(devel)" when Go knows none.
	Version string
	// Commit is the VCS revision the binary was built from, "" when not built from a
	// checkout (go test, go run of a file, a module download).
	Commit string
	// Modified reports uncommitted changes in the checkout at build time.
	Modified bool
	// Go is the Go toolchain that built the binary.
	Go string
}

// Get reads the running binary's build info.
func Get() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "(unknown)", Go: runtime.Version()}
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	in := Info{Version: bi.Main.Version, Go: bi.GoVersion}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is the build on one line: "v0.1.0 (commit 0123abc…, modified)".
func (in Info) String() string {
	switch {
	case in.Commit == "":
		return in.Version
	case in.Modified:
		return fmt.Sprintf("%s (commit %s, modified)", in.Version, in.Commit)
	default:
		return fmt.Sprintf("%s (commit %s)", in.Version, in.Commit)
	}
}

// Lines is what `--version` prints for program: its version, commit and toolchain, one
// per line.
func (in Info) Lines(program string) string {
	commit := in.Commit
	if commit == "" {
		commit = "unknown (not built from a checkout)"
	} else if in.Modified {
		commit += " (modified)"
	}
	return fmt.Sprintf("%s version %s\ncommit %s\ngo %s\n", program, in.Version, commit, in.Go)
}

// Print is the urfave/cli version printer of dtw and dtwgate: Lines of the app's name.
func Print(c *cli.Context) {
	fmt.Fprint(c.App.Writer, Get().Lines(c.App.Name))
}

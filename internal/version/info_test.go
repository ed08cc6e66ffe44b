package version

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFromBuildInfo: the version and the VCS settings Go stamps become the lines
// --version prints.
func TestFromBuildInfo(t *testing.T) {
	t.Parallel()
	const rev = "b7928fa37bedb40e97a2009971cb965b488cab1f"
	bi := func(v string, settings ...debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/dtwgate/dtwgate", Version: v}, Settings: settings}
	}
	for _, tc := range []struct {
		name  string
		bi    *debug.BuildInfo
		line  string
		lines string
	}{
		{"tagged clean", bi("v1.2.0", debug.BuildSetting{Key: "vcs.revision", Value: rev}, debug.BuildSetting{Key: "vcs.modified", Value: "false"}),
			"v1.2.0 (commit " + rev + ")", "dtw version v1.2.0\ncommit " + rev + "\ngo go1.26.8\n"},
		{"modified checkout", bi("v0.0.0-20261127004454-b7928fa37bed+dirty", debug.BuildSetting{Key: "vcs.revision", Value: rev}, debug.BuildSetting{Key: "vcs.modified", Value: "true"}),
			"v0.0.0-20261127004454-b7928fa37bed+dirty (commit " + rev + ", modified)",
			"dtw version v0.0.0-20261127004454-b7928fa37bed+dirty\ncommit " + rev + " (modified)\ngo go1.26.8\n"},
		{"no checkout", bi(""), "(devel)", "dtw version (devel)\ncommit unknown (not built from a checkout)\ngo go1.26.8\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := fromBuildInfo(tc.bi)
			require.Equal(t, tc.line, in.String())
			require.Equal(t, tc.lines, in.Lines("dtw"))
		})
	}
}

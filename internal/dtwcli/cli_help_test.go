package dtwcli_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	ucli "github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
)

// helpPage is the --help output of one command of an application.
type helpPage struct {
	command string
	text    string
}

// helpPages runs `--help` of the application and of every command and subcommand in
// it, each on a fresh application, and returns their outputs.
func helpPages(t *testing.T, newApp func() *ucli.App) []helpPage {
	t.Helper()
	var paths [][]string
	var walk func(prefix []string, cmds []*ucli.Command)
	walk = func(prefix []string, cmds []*ucli.Command) {
		for _, c := range cmds {
			if c.Hidden || c.Name == "help" {
				continue
			}
			p := append(append([]string{}, prefix...), c.Name)
			paths = append(paths, p)
			walk(p, c.Subcommands)
		}
	}
	app := newApp()
	walk(nil, app.Commands)
	pages := []helpPage{}
	for _, p := range append([][]string{nil}, paths...) {
		a := newApp()
		var out bytes.Buffer
		a.Writer, a.ErrWriter = &out, &out
		args := append(append([]string{a.Name}, p...), "--help")
		require.NoError(t, a.Run(args), "%s", strings.Join(args, " "))
		pages = append(pages, helpPage{command: strings.Join(args[:len(args)-1], " "), text: out.String()})
	}
	require.Greater(t, len(pages), 10)
	return pages
}

// defaultWritten matches a default written by hand in a usage text: "(default X",
// "(default: X", "default off".
var defaultWritten = regexp.MustCompile(`\(default[ :]`)

// TestHelpDefaultsSayOneThing runs --help of every command of dtw and dtwgate and fails
// on a flag whose help line states its default twice: once by hand in the usage text
// and again in the "(default: X)" urfave/cli appends from the flag's value (which said
// "(default: 0s)" beside "(default 10s; config election.leaseTTL)"). A default is said
// once, by urfave/cli, from the flag's Value or its DefaultText: no usage text writes
// one by hand. serve --help says how fast another settler takes over as
// internal/election does it: within a third of the lease after a clean stop, not "at
// once".
func TestHelpDefaultsSayOneThing(t *testing.T) {
	t.Parallel()
	var twice, byHand []string
	for _, app := range []func() *ucli.App{dtwcli.App, gatewaycmd.App} {
		for _, page := range helpPages(t, app) {
			for _, line := range strings.Split(page.text, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "--") && len(defaultWritten.FindAllString(line, -1)) > 1 {
					twice = append(twice, page.command+": "+strings.TrimSpace(line))
				}
			}
		}
		var walk func(path string, cmds []*ucli.Command)
		walk = func(path string, cmds []*ucli.Command) {
			for _, c := range cmds {
				for _, f := range c.Flags {
					if u, ok := f.(ucli.DocGenerationFlag); ok && strings.Contains(u.GetUsage(), "(default") {
						byHand = append(byHand, path+" "+c.Name+" --"+f.Names()[0]+": "+u.GetUsage())
					}
				}
				walk(path+" "+c.Name, c.Subcommands)
			}
		}
		a := app()
		walk(a.Name, a.Commands)
	}
	require.Empty(t, twice, "flags that state their default twice:\n%s", strings.Join(twice, "\n"))
	require.Empty(t, byHand, "defaults written by hand in a usage text (set Value or DefaultText):\n%s", strings.Join(byHand, "\n"))

	var serve bytes.Buffer
	a := gatewaycmd.App()
	a.Writer = &serve
	require.NoError(t, a.Run([]string{"dtwgate", "serve", "--help"}))
	require.NotContains(t, serve.String(), "takes over at once")
	require.Contains(t, serve.String(), "every third of --lease-ttl")
	require.Contains(t, serve.String(), "(default: 10s; config election.leaseTTL)")
}

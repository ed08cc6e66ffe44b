package cmd_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	ucli "github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/clihelp"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
)

// modulePath is the module's import path: a Go package path in a document is a directory
// of this repository under it.
const modulePath = "github.com/dtwgate/dtwgate"

// ignoredTop are the repository's top-level entries git ignores: what a document names
// under them exists only after `make tools` or `make build`.
var ignoredTop = map[string]bool{".git": true, "tools": true, "bin": true, "node_modules": true, ".devnet": true}

var (
	inlineCode  = regexp.MustCompile("`([^`\n]+)`")
	mdLink      = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	makeTarget  = regexp.MustCompile(`(?m)^([A-Za-z0-9_.-]+)\s*:`)
	pathTrimmed = regexp.MustCompile(`^[("']+|[)"',.;:]+$`)
)

// docChecker checks what a document names against the repository as it is.
type docChecker struct {
	root    string
	top     map[string]bool
	targets map[string]bool
	apps    map[string]*ucli.App
	bases   map[string]bool
	bad     []string
}

func newDocChecker(t *testing.T) *docChecker {
	t.Helper()
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	d := &docChecker{root: root, top: map[string]bool{}, targets: map[string]bool{},
		apps: map[string]*ucli.App{"dtw": dtwcli.App(), "dtwgate": gatewaycmd.App()}}
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		if !ignoredTop[e.Name()] {
			d.top[e.Name()] = true
		}
	}
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	require.NoError(t, err)
	for _, m := range makeTarget.FindAllStringSubmatch(string(mk), -1) {
		d.targets[m[1]] = true
	}
	return d
}

func (d *docChecker) fail(where, format string, args ...any) {
	d.bad = append(d.bad, where+": "+strings.TrimSpace(fmt.Sprintf(format, args...)))
}

// path checks a word that names a file or directory of the repository (its first
// segment is a top-level entry, or it is a package path of the module), or a Go or
// Solidity file by its base name; other words are left alone.
func (d *docChecker) path(where, w string) {
	w = pathTrimmed.ReplaceAllString(w, "")
	w = strings.TrimPrefix(w, "./")
	if strings.HasPrefix(w, modulePath+"/") {
		w = strings.TrimPrefix(w, modulePath+"/")
	} else if w == modulePath {
		return
	}
	if w == "" || strings.ContainsAny(w, "{}<>$=") {
		return
	}
	first, _, nested := strings.Cut(w, "/")
	if !nested {
		if d.top[w] {
			return
		}
		switch filepath.Ext(w) {
		case ".go", ".sol", ".mjs", ".js":
			if !d.baseExists(w) {
				d.fail(where, "file %s is in no directory of the repository", w)
			}
		}
		return
	}
	if !d.top[first] {
		return
	}
	matches, err := filepath.Glob(filepath.Join(d.root, filepath.FromSlash(w)))
	if err != nil || len(matches) == 0 {
		d.fail(where, "path %s does not exist", w)
	}
}

// baseExists reports whether a file of that base name exists anywhere in the repository
// outside what git ignores.
func (d *docChecker) baseExists(base string) bool {
	if d.bases == nil {
		d.bases = map[string]bool{}
		_ = filepath.WalkDir(d.root, func(p string, e os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if e.IsDir() && p != d.root && ignoredTop[e.Name()] {
				return filepath.SkipDir
			}
			d.bases[e.Name()] = true
			return nil
		})
	}
	return d.bases[base]
}

// command checks a command line: `make TARGET...`, or `dtw`/`dtwgate` followed by its
// subcommands (each alternative of a|b, and of `a ... | b ...`) and flags, which must
// exist in the app's command tree; positional arguments and placeholders are left alone.
func (d *docChecker) command(where, line string) {
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	words := strings.Fields(line)
	if len(words) == 0 {
		return
	}
	if words[0] == "make" {
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "-") || strings.Contains(w, "=") {
				continue
			}
			if !d.targets[w] {
				d.fail(where, "make target %q is not in the Makefile", w)
			}
		}
		return
	}
	app, ok := d.apps[words[0]]
	if !ok {
		return
	}
	path := []*ucli.Command{{Name: app.Name, Subcommands: app.Commands, Flags: app.Flags}}
	leaf, lastWasSub, depth := false, false, 0
	for _, raw := range words[1:] {
		optional := depth > 0 || strings.HasPrefix(raw, "[")
		depth += strings.Count(raw, "[") - strings.Count(raw, "]")
		w := strings.Trim(raw, "[]()")
		switch {
		case w == "|":
			if lastWasSub && len(path) > 1 {
				path, leaf = path[:len(path)-1], false
			}
			lastWasSub = false
		case strings.HasPrefix(w, "-"):
			name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
			if name == "" || name == "help" || name == "h" || (len(path) == 1 && (name == "version" || name == "v")) {
				continue
			}
			if !hasFlag(path, name) {
				d.fail(where, "%s has no flag --%s", commandName(path), name)
			}
			lastWasSub = false
		case optional || leaf || w == "" || w != strings.ToLower(w) || strings.ContainsAny(w, "./:0123456789@*"):
			lastWasSub = false // an argument or a placeholder
		default:
			cur := path[len(path)-1]
			if len(cur.Subcommands) == 0 {
				leaf, lastWasSub = true, false
				continue
			}
			var next *ucli.Command
			for _, alt := range strings.Split(w, "|") {
				c := findCommand(cur.Subcommands, alt)
				if c == nil {
					d.fail(where, "%s has no command %q", commandName(path), alt)
					continue
				}
				if next == nil {
					next = c
				}
			}
			if next == nil {
				leaf = true
				continue
			}
			path, lastWasSub = append(path, next), true
		}
	}
}

func findCommand(cmds []*ucli.Command, name string) *ucli.Command {
	for _, c := range cmds {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c
		}
	}
	return nil
}

// hasFlag reports whether the innermost command of path or one of its ancestors defines
// the flag (urfave takes an ancestor's flags before the subcommand; documents write
// them in either place).
func hasFlag(path []*ucli.Command, name string) bool {
	for _, c := range path {
		for _, f := range c.Flags {
			if slices.Contains(f.Names(), name) {
				return true
			}
		}
	}
	return false
}

func commandName(path []*ucli.Command) string {
	names := make([]string, len(path))
	for i, c := range path {
		names[i] = c.Name
	}
	return "`" + strings.Join(names, " ") + "`"
}

// check reads one document: its inline code, its fenced command lines and its relative
// links.
func (d *docChecker) check(t *testing.T, doc string) {
	t.Helper()
	blob, err := os.ReadFile(filepath.Join(d.root, doc))
	require.NoError(t, err)
	fenced := false
	for n, line := range strings.Split(string(blob), "\n") {
		where := doc + ":" + strconv.Itoa(n+1)
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			d.command(where, line)
			for _, w := range strings.Fields(line) {
				d.path(where, w)
			}
			continue
		}
		for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
			d.command(where, m[1])
			for _, w := range strings.Fields(m[1]) {
				d.path(where, w)
			}
		}
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			target, anchor, _ := strings.Cut(m[1], "#")
			if strings.Contains(target, "://") {
				continue
			}
			file := filepath.Join(d.root, filepath.Dir(doc), target)
			if target == "" {
				file = filepath.Join(d.root, doc)
			}
			if _, err := os.Stat(file); err != nil {
				d.fail(where, "link %s leads nowhere", m[1])
			} else if anchor != "" && strings.HasSuffix(file, ".md") && !slices.Contains(headingAnchors(t, file), anchor) {
				d.fail(where, "link %s: no heading of %s has the anchor #%s", m[1], filepath.Base(file), anchor)
			}
		}
	}
}

// headingAnchors are the anchors GitHub gives a Markdown file's headings: lower case,
// without punctuation, spaces as dashes.
func headingAnchors(t *testing.T, file string) []string {
	t.Helper()
	blob, err := os.ReadFile(file)
	require.NoError(t, err)
	var out []string
	fenced := false
	for _, l := range strings.Split(string(blob), "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(l, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
				b.WriteRune(r)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestDocReferences fails when README.md or a document of docs/ names a file or
// directory of the repository, a Go package of the module, a make target, or a `dtw` or
// `dtwgate` command or flag that does not exist, or links to a file or heading that does
// not.
func TestDocReferences(t *testing.T) {
	t.Parallel()
	d := newDocChecker(t)
	docs, err := filepath.Glob(filepath.Join(d.root, "docs", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, docs, "docs/ holds the documents")
	d.check(t, "README.md")
	for _, doc := range docs {
		d.check(t, filepath.ToSlash(strings.TrimPrefix(doc, d.root+string(filepath.Separator))))
	}
	require.Empty(t, d.bad, "documents name what does not exist:\n%s", strings.Join(d.bad, "\n"))
}

// TestDocReferencesCatches: the checker finds each kind of stale reference.
func TestDocReferencesCatches(t *testing.T) {
	t.Parallel()
	d := newDocChecker(t)
	for _, tc := range []struct{ line, want string }{
		{"`internal/nosuch/x.go`", "path internal/nosuch/x.go does not exist"},
		{"`github.com/dtwgate/dtwgate/internal/nosuch`", "path internal/nosuch does not exist"},
		{"`nosuchfile.go`", "file nosuchfile.go is in no directory"},
		{"`make bench-nosuch`", `make target "bench-nosuch"`},
		{"`dtw order frobnicate ETHEREUM 1`", "`dtw order` has no command \"frobnicate\""},
		{"`dtwgate admin keys create --nosuch-flag`", "`dtwgate admin keys create` has no flag --nosuch-flag"},
		{"`dtw history deposits|nosuch ETHEREUM`", "`dtw history` has no command \"nosuch\""},
		{"[x](nosuch.md)", "link nosuch.md leads nowhere"},
		{"[x](#nosuch-heading)", "no heading of x.md has the anchor #nosuch-heading"},
	} {
		d.bad = nil
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "x.md"), []byte(tc.line+"\n"), 0o644))
		rel, err := filepath.Rel(d.root, filepath.Join(dir, "x.md"))
		require.NoError(t, err)
		d.check(t, rel)
		require.Len(t, d.bad, 1, "%s: got %v", tc.line, d.bad)
		require.Contains(t, d.bad[0], tc.want)
	}
	for _, ok := range []string{"`dtw history deposits|withdrawals ETHEREUM`", "`dtw [--account ID] offchain credit | deposit-reference`",
		"`make test`", "`internal/gateway/routes.go`", "`api/webhook`", "`eth/usdt`", "`dtwgate devnet price set --dir DIR ETH 3100`"} {
		d.bad = nil
		d.command("ok", strings.Trim(ok, "`"))
		for _, w := range strings.Fields(strings.Trim(ok, "`")) {
			d.path("ok", w)
		}
		require.Empty(t, d.bad, ok)
	}
}

// helpSnippet is a command quoted in a help text: `dtw ...`, `dtwgate ...` or `make ...`.
var helpSnippet = regexp.MustCompile("`((?:dtw|dtwgate|make) [^`]+)`")

// TestHelpReferences: every command a --help text quotes (`dtw ...`, `dtwgate ...`,
// `make ...`, in a command's usage, description, arguments or a flag's usage) names
// commands, flags and make targets that exist.
func TestHelpReferences(t *testing.T) {
	t.Parallel()
	d := newDocChecker(t)
	checked := 0
	for _, app := range []*ucli.App{dtwcli.App(), gatewaycmd.App()} {
		for _, h := range clihelp.Texts(app) {
			for _, m := range helpSnippet.FindAllStringSubmatch(h.Text, -1) {
				d.command(h.Command+" --help", m[1])
				checked++
			}
		}
	}
	require.Positive(t, checked, "help texts quote commands")
	require.Empty(t, d.bad, "help texts name what does not exist:\n%s", strings.Join(d.bad, "\n"))
}

// TestArchitectureListsEveryPackage: docs/architecture.md's package map has a row for
// every package of the module (TestDocReferences fails on a row whose package is gone).
func TestArchitectureListsEveryPackage(t *testing.T) {
	t.Parallel()
	list := exec.Command("go", "list", "./...")
	list.Dir = ".." // the module root
	out, err := list.CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	blob, err := os.ReadFile(filepath.Join("..", "docs", "architecture.md"))
	require.NoError(t, err)
	var missing []string
	for _, p := range strings.Fields(string(out)) {
		p = strings.TrimPrefix(strings.TrimPrefix(p, modulePath), "/")
		if p != "" && !strings.Contains(string(blob), "| `"+p+"` |") {
			missing = append(missing, p)
		}
	}
	require.Empty(t, missing, "docs/architecture.md's package map lacks these packages (one line each):\n%s", strings.Join(missing, "\n"))
}

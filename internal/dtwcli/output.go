package dtwcli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"
)

// printJSON writes v as indented JSON.
func printJSON(c *cli.Context, v any) error {
	enc := json.NewEncoder(c.App.Writer)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// table writes a header and rows as aligned columns.
func table(c *cli.Context, header []string, rows [][]string) error {
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	return w.Flush()
}

// output prints v as JSON with --json, else runs human.
func output(c *cli.Context, v any, human func() error) error {
	if c.Bool(flagJSON) {
		return printJSON(c, v)
	}
	return human()
}

// progress prints a progress line to stderr with --json (stdout stays parseable), else
// to stdout.
func progress(c *cli.Context, format string, args ...any) {
	w := c.App.Writer
	if c.Bool(flagJSON) {
		w = c.App.ErrWriter
	}
	fmt.Fprintf(w, format+"\n", args...)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// yamlOut writes v as YAML.
func yamlOut(c *cli.Context, v any) error {
	enc := yaml.NewEncoder(c.App.Writer)
	enc.SetIndent(2)
	return enc.Encode(v)
}

package dtwcli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

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

// when formats a time for people: RFC 3339 in UTC and how far it is from now, e.g.
// "2026-11-27T00:23:00Z (in 59m)" or "2026-11-26T23:20:00Z (3m ago)". --json keeps the
// gateway's own form.
func when(t time.Time) string {
	return t.UTC().Format(time.RFC3339) + " (" + relative(time.Until(t)) + ")"
}

// relative says how far away d is: "in 59m", "3m ago", "now", to the largest unit or two.
func relative(d time.Duration) string {
	ago := d < 0
	if ago {
		d = -d
	}
	var s string
	switch {
	case d < time.Second:
		return "now"
	case d < time.Minute:
		s = strconv.Itoa(int(d/time.Second)) + "s"
	case d < time.Hour:
		s = strconv.Itoa(int(d/time.Minute)) + "m"
	case d < 48*time.Hour:
		s = strconv.Itoa(int(d/time.Hour)) + "h"
		if m := int(d % time.Hour / time.Minute); m != 0 {
			s += strconv.Itoa(m) + "m"
		}
	default:
		s = strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	if ago {
		return s + " ago"
	}
	return "in " + s
}

// unixTime formats a string of Unix seconds with when, "-" when empty.
func unixTime(s string) string {
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return "-"
	}
	return when(time.Unix(sec, 0))
}

// millis formats a string of Unix milliseconds with when, "-" when empty.
func millis(s string) string {
	ms, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return "-"
	}
	return when(time.UnixMilli(ms))
}

// amountOf is an amount with its asset, "-" when there is no amount.
func amountOf(amount, asset string) string {
	if amount == "" {
		return "-"
	}
	return strings.TrimSpace(amount + " " + asset)
}

// Package echo bounds what error messages repeat of their input. A description that
// quotes a request's amount, address, id, asset or query value quotes at most a short
// prefix of it, so a client cannot make the gateway write back (or format) a large value.
package echo

import "unicode/utf8"

// MaxValue is how many bytes of an input value an error message repeats.
const MaxValue = 48

// Ellipsis marks a value cut short.
const Ellipsis = "…"

// Value returns s, or its first MaxValue bytes followed by Ellipsis when s is longer.
// Quote the result with %q where the value came from a client.
func Value(s string) string { return Prefix(s, MaxValue) }

// Prefix returns s, or its first n bytes followed by Ellipsis when s is longer. The cut
// falls on a rune boundary, so a valid UTF-8 s stays valid.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n, 0)
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + Ellipsis
}

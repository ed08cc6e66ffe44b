package echo_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/echo"
)

func TestValue(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"short", "1.5", "1.5"},
		{"exactly the limit", strings.Repeat("a", echo.MaxValue), strings.Repeat("a", echo.MaxValue)},
		{"one over", strings.Repeat("a", echo.MaxValue+1), strings.Repeat("a", echo.MaxValue) + echo.Ellipsis},
		{"huge", strings.Repeat("9", 10<<20), strings.Repeat("9", echo.MaxValue) + echo.Ellipsis},
		{"cut inside a rune", strings.Repeat("a", echo.MaxValue-1) + "€€", strings.Repeat("a", echo.MaxValue-1) + echo.Ellipsis},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := echo.Value(c.in)
			require.Equal(t, c.want, got)
			require.True(t, utf8.ValidString(got), "got %q, want valid UTF-8", got)
		})
	}
}

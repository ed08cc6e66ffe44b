package gateway

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/errs"
)

func TestParsePageRequest(t *testing.T) {
	start, end := "2026-01-02T15:04:05.000Z", "2026-01-03T00:00:00Z"
	base := func(kv ...string) url.Values {
		q := url.Values{api.ParamSource: {"ETHEREUM"}, api.ParamStartTime: {start}, api.ParamEndTime: {end}}
		for i := 0; i+1 < len(kv); i += 2 {
			q.Set(kv[i], kv[i+1])
		}
		return q
	}
	t.Run("defaults", func(t *testing.T) {
		got, err := parsePageRequest(base(), pageRules{times: true})
		require.NoError(t, err)
		require.Equal(t, api.PageRequest{Source: "ETHEREUM", Start: time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC),
			End: time.Date(2026, 1, 3, 0, 0, 0, 0, time.UTC), PageSize: api.DefaultPageSize}, got)
	})
	t.Run("all set", func(t *testing.T) {
		got, err := parsePageRequest(base(api.ParamPageSize, "2000", api.ParamOrderBy, "newest_first", api.ParamAfter, "12-3"), pageRules{times: true})
		require.NoError(t, err)
		require.Equal(t, 2000, got.PageSize)
		require.True(t, got.NewestFirst)
		require.Equal(t, "12-3", got.After, "cursors are the venue's to check")
	})
	t.Run("optional times", func(t *testing.T) {
		got, err := parsePageRequest(url.Values{}, pageRules{})
		require.NoError(t, err)
		require.True(t, got.Start.IsZero() && got.End.IsZero())
	})
	bad := []struct {
		name  string
		q     url.Values
		wants string
	}{
		{"no start", url.Values{api.ParamEndTime: {end}}, "start_time is required"},
		{"bad end", base(api.ParamEndTime, "yesterday"), "end_time"},
		{"end before start", base(api.ParamEndTime, "2025-01-01T00:00:00Z"), "before"},
		{"page size 0", base(api.ParamPageSize, "0"), "page_size"},
		{"page size 2001", base(api.ParamPageSize, "2001"), "page_size"},
		{"page size text", base(api.ParamPageSize, "ten"), "page_size"},
		{"order", base(api.ParamOrderBy, "random"), "order_by"},
		{"both cursors", base(api.ParamBefore, "1-1", api.ParamAfter, "2-2"), "cannot be combined"},
		{"long value echoed short", base(api.ParamOrderBy, strings.Repeat("x", 5000)), "order_by"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			_, err := parsePageRequest(c.q, pageRules{times: true})
			require.True(t, errors.Is(err, errs.ErrInvalidQuery), "got %v", err)
			status, body := errorBody(err, "")
			require.Equal(t, 400, status)
			require.Equal(t, api.CodeInvalidQueryParams, body.Code)
			require.Contains(t, body.Description, c.wants)
			require.Less(t, len(body.Description), 200)
		})
	}
}

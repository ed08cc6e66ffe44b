package gateway

import (
	"net/url"
	"strconv"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// pageRules says which paging parameters an endpoint requires.
type pageRules struct {
	// times are required (deposits, withdrawals, introducer revenue); order history takes
	// optional times. A missing or unknown source is the venue's to refuse
	// (INVALID_ORDER_SOURCE).
	times bool
}

// parsePageRequest reads and checks the paging query of a history endpoint; every error
// is INVALID_QUERY_PARAMS naming the parameter.
func parsePageRequest(q url.Values, rules pageRules) (api.PageRequest, error) {
	req := api.PageRequest{Source: q.Get(api.ParamSource), PageSize: api.DefaultPageSize,
		Before: q.Get(api.ParamBefore), After: q.Get(api.ParamAfter)}
	var err error
	if req.Start, err = parseTimeParam(q, api.ParamStartTime, rules.times); err != nil {
		return req, err
	}
	if req.End, err = parseTimeParam(q, api.ParamEndTime, rules.times); err != nil {
		return req, err
	}
	if !req.Start.IsZero() && !req.End.IsZero() && req.End.Before(req.Start) {
		return req, fail(errs.ErrInvalidQuery, "%s is before %s", api.ParamEndTime, api.ParamStartTime)
	}
	if v := q.Get(api.ParamPageSize); v != "" {
		if req.PageSize, err = strconv.Atoi(v); err != nil || req.PageSize < 1 || req.PageSize > api.MaxPageSize {
			return req, fail(errs.ErrInvalidQuery, "%s %q: want an integer from 1 to %d", api.ParamPageSize, echo.Value(v), api.MaxPageSize)
		}
	}
	switch v := q.Get(api.ParamOrderBy); v {
	case "", api.OrderOldestFirst:
	case api.OrderNewestFirst:
		req.NewestFirst = true
	default:
		return req, fail(errs.ErrInvalidQuery, "%s %q: use %s or %s", api.ParamOrderBy, echo.Value(v), api.OrderOldestFirst, api.OrderNewestFirst)
	}
	if req.Before != "" && req.After != "" {
		return req, fail(errs.ErrInvalidQuery, "%s and %s cannot be combined", api.ParamBefore, api.ParamAfter)
	}
	return req, nil
}

// parseTimeParam reads an ISO 8601 timestamp parameter; zero when absent and optional.
func parseTimeParam(q url.Values, name string, required bool) (time.Time, error) {
	v := q.Get(name)
	if v == "" {
		if required {
			return time.Time{}, fail(errs.ErrInvalidQuery, "%s is required (ISO 8601, e.g. 2026-01-02T15:04:05.000Z)", name)
		}
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, fail(errs.ErrInvalidQuery, "%s %q is not an ISO 8601 timestamp such as 2026-01-02T15:04:05.000Z", name, echo.Value(v))
	}
	return t, nil
}

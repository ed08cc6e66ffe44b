package errs_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// TestSentinelsAreOfTheirKind: a package's sentinel is errors.Is its kind and itself, keeps
// its own text, and is no other package's sentinel of the same kind.
func TestSentinelsAreOfTheirKind(t *testing.T) {
	webhookNotFound := errs.New(errs.ErrNotFound, "webhook subscription not found")
	storeNotFound := errs.Private(errs.ErrNotFound, "not found")
	err := fmt.Errorf("%w: sub 7", webhookNotFound)
	require.ErrorIs(t, err, errs.ErrNotFound)
	require.ErrorIs(t, err, webhookNotFound)
	require.NotErrorIs(t, err, storeNotFound)
	require.NotErrorIs(t, err, errs.ErrInvalid)
	require.Equal(t, "webhook subscription not found: sub 7", err.Error())
}

// TestPrivate: only errors that wrap a Private sentinel, anywhere in their tree, are
// private.
func TestPrivate(t *testing.T) {
	storeNotFound := errs.Private(errs.ErrNotFound, "not found")
	cases := map[string]struct {
		err  error
		want bool
	}{
		"kind":                {fmt.Errorf("%w: order 5", errs.ErrNotFound), false},
		"public sentinel":     {fmt.Errorf("x: %w", errs.New(errs.ErrForbidden, "not yours")), false},
		"private sentinel":    {fmt.Errorf("select orders: %w", storeNotFound), true},
		"both, private later": {fmt.Errorf("%w: %w", errs.ErrNotFound, fmt.Errorf("op: %w", storeNotFound)), true},
		"joined":              {errors.Join(errs.ErrInvalid, storeNotFound), true},
		"unrelated":           {errors.New("disk on fire"), false},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, c.want, errs.IsPrivate(c.err))
		})
	}
}

// TestDescribed: a Described error's description survives wrapping; its text names its
// kind.
func TestDescribed(t *testing.T) {
	err := fmt.Errorf("handler: %w", errs.Fail(errs.ErrInvalidQuery, "pageSize %d is over %d", 3000, 2000))
	require.ErrorIs(t, err, errs.ErrInvalidQuery)
	d, ok := errs.Description(err)
	require.True(t, ok)
	require.Equal(t, "pageSize 3000 is over 2000", d)
	require.Equal(t, "handler: invalid query parameters: pageSize 3000 is over 2000", err.Error())
	_, ok = errs.Description(errs.ErrInvalid)
	require.False(t, ok)
}

// TestRequired: the first empty field is named; all set is nil.
func TestRequired(t *testing.T) {
	require.NoError(t, errs.Required("a", "1", "b", "2"))
	err := errs.Required("a", "1", "b", "", "c", "")
	require.ErrorIs(t, err, errs.ErrInvalid)
	d, _ := errs.Description(err)
	require.Equal(t, "field b is required", d)
}

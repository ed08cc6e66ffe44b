package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrBadStoreURL is returned by Open for a store setting that names no backend it knows.
var ErrBadStoreURL = errors.New("store must be empty (SQLite in the data directory) or a postgres:// URL")

// IsPostgresURL reports whether url names a PostgreSQL database (postgres:// or
// postgresql://).
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// Open opens the store a configuration names: the PostgreSQL database at url when it is a
// postgres:// URL (replicas share it), else, when url is empty, the SQLite database at
// sqlitePath (whose directory must exist and be private), with opts.
func Open(ctx context.Context, url, sqlitePath string, opts SQLiteOptions) (Store, error) {
	// Each branch returns a nil Store on error, not a Store holding a nil pointer (which
	// a caller's nil check would take for an open store).
	switch {
	case url == "":
		s, err := OpenSQLiteWith(ctx, sqlitePath, opts)
		if err != nil {
			return nil, err
		}
		return s, nil
	case IsPostgresURL(url):
		s, err := OpenPostgres(ctx, url)
		if err != nil {
			return nil, err
		}
		return s, nil
	}
	return nil, fmt.Errorf("%w, not %q", ErrBadStoreURL, redactURL(url))
}

// redactURL hides what follows a scheme's user in url (a password, perhaps).
func redactURL(url string) string {
	if scheme, rest, ok := strings.Cut(url, "://"); ok {
		if _, host, ok := strings.Cut(rest, "@"); ok {
			return scheme + "://...@" + host
		}
	}
	return url
}

package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"testing/fstest"
)

// MigrateBelow applies to db the migrations numbered below version (of the PostgreSQL
// translations when postgres), as a store of that age would have: a migration's test
// writes rows in the old shape, then opens the store, which applies the rest.
func MigrateBelow(ctx context.Context, db *sql.DB, postgres bool, version int) error {
	files, dir, placeholder, intType := fs.FS(migrationFiles), "migrations", "?", "INTEGER"
	if postgres {
		files, dir, placeholder, intType = pgMigrationFiles, "migrations/postgres", "$1", "BIGINT"
	}
	names, err := fs.Glob(files, dir+"/*.sql")
	if err != nil {
		return err
	}
	old := fstest.MapFS{}
	for _, name := range names {
		n, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
		if err != nil || n >= version {
			continue
		}
		body, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		old[name] = &fstest.MapFile{Data: body}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`CREATE TABLE schema_migrations (version %s PRIMARY KEY, applied_at %s NOT NULL)`,
		intType, intType)); err != nil {
		return err
	}
	if err := applyMigrations(ctx, tx, old, dir, placeholder); err != nil {
		return err
	}
	return tx.Commit()
}

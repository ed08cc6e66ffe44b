package benchkit

import (
	"fmt"
	"os"
)

// TempDir makes a private temporary directory for a benchmark's files (gateway configs,
// data, logs). cleanup removes it, unless keep is set: then its path is printed as a `#`
// line and it stays for a look afterwards.
func TempDir(prefix string, keep bool) (dir string, cleanup func(), err error) {
	dir, err = os.MkdirTemp("", prefix)
	if err != nil {
		return "", nil, err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		_ = os.RemoveAll(dir)
		return "", nil, err
	}
	if keep {
		fmt.Println("# temporary directory:", dir)
		return dir, func() {}, nil
	}
	return dir, func() { _ = os.RemoveAll(dir) }, nil
}

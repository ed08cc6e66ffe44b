package testnet

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// EnvToolsDir names the environment variable that points at the pinned tools directory.
const EnvToolsDir = "DTW_TOOLS_DIR"

// ErrToolMissing reports that a pinned tool is not installed.
var ErrToolMissing = errors.New("pinned tool not installed")

// ToolsDir returns the pinned tools directory: $DTW_TOOLS_DIR, or tools/ at the root of the
// dtwgate module found by walking up from the working directory.
func ToolsDir() (string, error) {
	if dir := os.Getenv(EnvToolsDir); dir != "" {
		return dir, nil
	}
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "tools"), nil
}

// NodeTool returns the path of an npm-installed tool (anvil, cast, solcjs), or an error
// wrapping ErrToolMissing that says how to install it.
func NodeTool(name string) (string, error) {
	dir, err := ToolsDir()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "node_modules", ".bin", name)
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%w: %s not found at %s: run `make tools` in the dtwgate repository (or set %s)",
			ErrToolMissing, name, path, EnvToolsDir)
	}
	return path, nil
}

// ModuleRoot walks up from the working directory to the directory holding go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("working directory: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%w: no go.mod above the working directory; set %s", ErrToolMissing, EnvToolsDir)
		}
		dir = parent
	}
}

package statedir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// Default is where a hub keeps what outlives it (its journal, and
// the log of a hub whose terminal went away): $XDG_STATE_HOME/a2term,
// else ~/.local/state/a2term.
func Default() string {
	if dir := os.Getenv("XDG_STATE_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "a2term")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return filepath.Join(os.TempDir(), fmt.Sprintf("a2term-state-%d", os.Getuid()))
	}
	return filepath.Join(home, ".local", "state", "a2term")
}

// Files names the files of the hub at socket in the state directory
// dir: its journal and its log. Each socket path has its own, so that two
// hubs never share one, and a hub restarted at the same socket finds its
// journal again.
func Files(dir, socket string) (journal, logFile string) {
	abs, err := filepath.Abs(socket)
	if err != nil {
		abs = socket
	}
	sum := sha256.Sum256([]byte(abs))
	name := "a2term-" + hex.EncodeToString(sum[:8])
	return filepath.Join(dir, name+".journal"), filepath.Join(dir, name+".log")
}

// Prepare creates dir with mode 0700 when it does not exist, and
// refuses one that is not a directory owned by this user and closed to
// group and others: what a journal holds (what the person typed) is
// theirs alone.
func Prepare(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("a2term state: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("a2term state: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("a2term state: %s is not a directory", dir)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("a2term state: %s is open to others (mode %o); make it 0700", dir, fi.Mode().Perm())
	}
	if uid, ok := FileOwner(fi); ok && uid != os.Getuid() {
		return fmt.Errorf("a2term state: %s belongs to another user", dir)
	}
	return nil
}

// OpenLog opens (appending) the log of a hub whose terminal went away,
// 0600, in dir.
func OpenLog(dir, socket string) (*os.File, error) {
	if err := Prepare(dir); err != nil {
		return nil, err
	}
	_, path := Files(dir, socket)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("a2term log: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("a2term log: %w", err)
	}
	return f, nil
}

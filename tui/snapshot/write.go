package snapshot

import (
	"os"
	"path/filepath"
)

// WriteFile writes data to path whole or not at all: to a temporary file
// beside it, renamed over path once written, so a failed or interrupted
// write never leaves a golden file half written or empty.
func WriteFile(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644) //nolint:gosec // golden files are the repository's, read by everyone
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

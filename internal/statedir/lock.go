package statedir

import (
	"errors"
	"os"
)

// openLockFile opens the file at path, creating it (0600) when there is
// none; created says it did.
func openLockFile(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f, true, nil
	}
	if !errors.Is(err, os.ErrExist) {
		return nil, false, err
	}
	f, err = os.OpenFile(path, os.O_RDWR, 0)
	return f, false, err
}

//go:build !unix

package bridge

import (
	"errors"
	"os"
)

// lockFile opens the file at path, created 0600 when there is none
// (created says so); there are no advisory locks here, and the socket
// alone keeps two hubs apart.
func lockFile(path string) (f *os.File, created, ok bool, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f, true, true, nil
	}
	if !errors.Is(err, os.ErrExist) {
		return nil, false, false, err
	}
	f, err = os.OpenFile(path, os.O_RDWR, 0)
	return f, false, err == nil, err
}

// unlockFile closes f and removes the lock file at path.
func unlockFile(f *os.File, path string) {
	f.Close()
	_ = os.Remove(path)
}

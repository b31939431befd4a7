//go:build !unix

package bridge

import "os"

// lockFile opens the file at path, created 0600 when there is none
// (created says so); there are no advisory locks here, and the socket
// alone keeps two hubs apart.
func lockFile(path string) (f *os.File, created, ok bool, err error) {
	f, created, err = openLockFile(path)
	return f, created, err == nil, err
}

// unlockFile closes f and removes the lock file at path.
func unlockFile(f *os.File, path string) {
	f.Close()
	_ = os.Remove(path)
}

//go:build !unix

package statedir

import "os"

// LockFile opens the file at path, created 0600 when there is none
// (created says so); there are no advisory locks here, and the socket
// alone keeps two hubs apart.
func LockFile(path string) (f *os.File, created, ok bool, err error) {
	f, created, err = openLockFile(path)
	return f, created, err == nil, err
}

// UnlockFile closes f and removes the lock file at path.
func UnlockFile(f *os.File, path string) {
	f.Close()
	_ = os.Remove(path)
}

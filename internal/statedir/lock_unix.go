//go:build unix

package statedir

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// LockFile takes an exclusive lock on the file at path, created 0600,
// held until the file is closed; ok is false when another process holds
// it, and created says this call made the file. A hub that gives its
// lock up may remove the file while it holds the lock (unlockFile): a
// lock taken on a file that is no longer the one at path is let go, and
// taken again on the file there now.
func LockFile(path string) (f *os.File, created, ok bool, err error) {
	for range 16 {
		f, created, err = openLockFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue // removed between the two opens
		}
		if err != nil {
			return nil, false, false, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				return nil, false, false, nil
			}
			return nil, false, false, fmt.Errorf("locking %s: %w", path, err)
		}
		held, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, false, false, err
		}
		there, err := os.Stat(path)
		if err == nil && os.SameFile(held, there) {
			return f, created, true, nil
		}
		f.Close()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, false, false, err
		}
	}
	return nil, false, false, fmt.Errorf("%s: the lock file keeps being replaced", path)
}

// UnlockFile removes the lock file at path, then lets the lock f holds
// go: removed while it is held, so that no other process can lock it
// meanwhile and then find it gone (lockFile retries such a lock).
func UnlockFile(f *os.File, path string) {
	_ = os.Remove(path)
	f.Close()
}

//go:build !unix

package bridge

import "os"

// lockFile opens the file at path; there are no advisory locks here, and
// the socket alone keeps two hubs apart.
func lockFile(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	return f, err == nil, err
}

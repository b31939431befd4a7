//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package plain

import (
	"os"

	"golang.org/x/sys/unix"
)

// TerminalEcho returns an Options.Echo for the terminal in: it turns the
// terminal's echo of typed characters off and on, leaving line editing
// as it is, so that the person still types a whole line. It returns nil
// when in is not a terminal.
func TerminalEcho(in *os.File) func(on bool) bool {
	fd := int(in.Fd())
	if _, err := unix.IoctlGetTermios(fd, ioctlGetTermios); err != nil {
		return nil
	}
	return func(on bool) bool {
		t, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
		if err != nil {
			return false
		}
		if on {
			t.Lflag |= unix.ECHO
		} else {
			t.Lflag &^= unix.ECHO
		}
		return unix.IoctlSetTermios(fd, ioctlSetTermios, t) == nil
	}
}

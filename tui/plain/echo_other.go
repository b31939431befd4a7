//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package plain

import "os"

// TerminalEcho returns nil: this system offers no way to hide what is
// typed, so a hidden field's value shows as it is typed (the prompt says
// so).
func TerminalEcho(in *os.File) func(on bool) bool { return nil }

//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, in user and kernel
// mode: on a loaded machine it measures work, where the wall clock also
// counts the waits for a core.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

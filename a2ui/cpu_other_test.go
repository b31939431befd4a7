//go:build !unix

package a2ui

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }

//go:build !unix

package testutil

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }

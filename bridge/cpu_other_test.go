//go:build !unix

package bridge_test

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }

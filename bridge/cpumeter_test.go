package bridge_test

import "testing"

// cpuLoop runs body as the benchmark's loop and also reports the
// processor time per operation (cpu-ns/op), a steadier measure than the
// wall clock when other work shares the cores.
func cpuLoop(b *testing.B, body func()) {
	from, ok := cpuTime()
	n := 0
	for b.Loop() {
		body()
		n++
	}
	if to, ok2 := cpuTime(); ok && ok2 && n > 0 {
		b.ReportMetric(float64((to-from).Nanoseconds())/float64(n), "cpu-ns/op")
	}
}

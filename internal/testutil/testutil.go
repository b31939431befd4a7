// Package testutil holds what the tests of several packages share, so
// that each is written once: a buffer that a server's goroutines and
// the test write and read at once (SyncBuffer), and the processor time
// a benchmark reports beside the wall clock (CPULoop, CPUMeter).
//
// The tests that drive a real terminal share package tmuxtest instead.
package testutil

import (
	"bytes"
	"sync"
	"testing"
	"time"
)

// SyncBuffer is a bytes.Buffer that is safe for concurrent use: what a
// log, a program's output or a server writes to while the test reads it.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p) //nolint:wrapcheck // a writer passes its buffer's errors on as they are
}

// String returns what was written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// CPULoop runs body as the benchmark's loop and also reports the
// processor time per operation (cpu-ns/op), a steadier measure than the
// wall clock when other work shares the cores.
func CPULoop(b *testing.B, body func()) {
	var m CPUMeter
	m.Start()
	n := 0
	for b.Loop() {
		body()
		n++
	}
	m.Stop()
	m.Report(b, n)
}

// CPUMeter adds up the processor time of the timed parts of a benchmark
// and reports it per operation (cpu-ns/op), for a benchmark that times
// only part of each iteration.
type CPUMeter struct {
	total, from time.Duration
	ok          bool
}

// Start starts a timed part.
func (m *CPUMeter) Start() { m.from, m.ok = cpuTime() }

// Stop ends a timed part and adds it up.
func (m *CPUMeter) Stop() {
	if now, ok := cpuTime(); ok && m.ok {
		m.total += now - m.from
	}
}

// Report reports the time added up, per operation of n.
func (m *CPUMeter) Report(b *testing.B, n int) {
	if m.ok && n > 0 {
		b.ReportMetric(float64(m.total.Nanoseconds())/float64(n), "cpu-ns/op")
	}
}

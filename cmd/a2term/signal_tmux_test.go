//go:build unix

package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalsEndTheTerminalProgram sends SIGTERM and SIGINT, as kill
// does, to each command that draws in the terminal, a few times over: each
// ends, however its goroutines race for the signal. (Bubble Tea's own
// signal handler, beside a2term's, could leave the program waiting for
// ever for a quit it sent too late.)
func TestSignalsEndTheTerminalProgram(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	stream, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl"))
	sock := filepath.Join(dir, "run", "a2term.sock")
	for _, tc := range []struct {
		name  string
		args  []string
		ready string
	}{
		{"canvas", []string{"--no-web", "--no-state", "--socket", sock}, "Waiting for an agent"},
		{"replay", []string{"replay", stream}, "Order a coffee"},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
			for round := range 2 {
				t.Run(tc.name+"-"+strings.ToUpper(sig.String()[:3])+strconv.Itoa(round), func(t *testing.T) {
					x := startTmux(t, 100, 30, append([]string{bin}, tc.args...)...)
					x.waitFor(tc.ready)
					pid := x.panePID(x.firstPane()) // the pane's command execs a2term
					if err := syscall.Kill(pid, sig); err != nil {
						t.Fatal(err)
					}
					// a2term ended once it is gone or a zombie: tmux
					// may leave it one for a while, or for good (a
					// server that misses its SIGCHLD).
					deadline := time.Now().Add(screenWait)
					for alive(pid) {
						if time.Now().After(deadline) {
							_ = syscall.Kill(pid, syscall.SIGKILL)
							screen, _ := x.srv.Command("capture-pane", "-p", "-t", x.session).CombinedOutput()
							t.Fatalf("a2term %s did not end on %v; the screen:\n%s", tc.name, sig, screen)
						}
						time.Sleep(20 * time.Millisecond)
					}
				})
			}
		}
	}
}

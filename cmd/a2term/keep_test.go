//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/statedir"
)

// panePID returns the process id of the command a pane runs.
func (x *tmux) panePID(pane string) int {
	x.t.Helper()
	return x.srv.PanePID(pane)
}

// TestKeepSurvivesTheTerminal closes the tmux pane of an a2term --keep
// while its agent waits: the hub stays, a terminal that attaches shows
// the same canvas with what happened meanwhile, and a press there is the
// answer to the very call that was waiting.
func TestKeepSurvivesTheTerminal(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s", "a2term.sock")
	state := filepath.Join(dir, "state")
	x := startTmux(t, 120, 30, bin, "--state", filepath.Join(state, "a2term"), "--keep", "--no-web", "--socket", sock)
	pane := x.firstPane()
	pid := x.panePID(pane)
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	x.waitForIn(pane, "Waiting for an agent")

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	agent := showHello(t, ctx, sock)
	x.waitForIn(pane, "Who is there?")
	got := agentWaits(t, agent)
	waitUntil(t, "the agent waits", func() bool {
		info, err := agent.Info(ctx)
		return err == nil && strings.Contains(x.screenOf(pane), "waiting for the person") && info.Queued == 0
	})

	x.srv.Run("kill-pane", "-t", pane)
	// The hub is still there, its stdio off the dead terminal, and it
	// logs to its file in the state directory.
	_, logFile := statedir.Files(filepath.Join(state, "a2term"), sock)
	waitUntil(t, "the log says the terminal went away", func() bool {
		b, _ := os.ReadFile(logFile)
		return strings.Contains(string(b), "the terminal went away")
	})
	if fi, err := os.Stat(logFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("log file: %v, %v", fi, err)
	}
	if !alive(pid) {
		t.Fatal("the kept a2term is gone")
	}
	if err := agent.Append(ctx, hub.RoleAgent, "said while no one watched"); err != nil {
		t.Fatal(err)
	}

	y := startTmux(t, 120, 30, bin, "attach", "--socket", sock)
	again := y.firstPane()
	y.waitForIn(again, "Who is there?")
	y.waitForIn(again, "While no one watched:")
	y.keysTo(again, "A", "d", "a")
	y.waitForIn(again, "Ada")
	y.keysTo(again, "Tab", "Enter")
	select {
	case res := <-got:
		if name, values := actionOf(t, res); name != "greet" || values != `{"name":"Ada"}` {
			t.Errorf("the waiting call got %s %s", name, values)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the call that waited when the terminal went away never got the press")
	}

	// SIGTERM ends the kept hub; its socket goes with it.
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the socket is removed", func() bool {
		_, err := os.Stat(sock)
		return os.IsNotExist(err)
	})
	b, _ := os.ReadFile(logFile)
	if strings.Contains(string(b), "/pair/") {
		t.Errorf("the log holds a pairing link:\n%s", b)
	}
}

// waitUntil polls cond for at most 20 seconds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// screenWait bounds every wait of the end-to-end tests for a screen, a
// process or a socket to reach a state: generous, so that a loaded machine
// (the whole suite under -race on two cores) is slow, never failing; a
// test that passes never waits it out.
const screenWait = 60 * time.Second

// tmux drives a real terminal: the program runs in a tmux pane, keys are
// sent with send-keys and the screen is read with capture-pane.
type tmux struct {
	t       *testing.T
	session string
}

func startTmux(t *testing.T, w, h int, command ...string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed; the terminal end-to-end tests need it (CI installs it)")
	}
	session := "a2term-test-" + strings.ReplaceAll(t.Name(), "/", "-")
	_ = exec.Command("tmux", "kill-session", "-t", session).Run()
	command = paneCommand(command)
	args := append([]string{"new-session", "-d", "-s", session, "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), "--"}, command...)
	// When the last session of the tmux server has just ended, the server
	// is on its way out and a new session can race it: try again then.
	for attempt := 0; ; attempt++ {
		cmd := exec.Command("tmux", args...)
		cmd.Env = append(os.Environ(), "TERM=xterm-256color")
		out, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		if attempt == 20 || !strings.Contains(string(out), "server exited unexpectedly") {
			t.Fatalf("tmux new-session: %v: %s", err, out)
		}
		time.Sleep(50 * time.Millisecond)
	}
	x := &tmux{t: t, session: session}
	t.Cleanup(func() { _ = exec.Command("tmux", "kill-session", "-t", session).Run() })
	return x
}

// paneCommand is command as a test's pane runs it. The tmux server's
// environment is its own: the state directory of the tests is passed on
// explicitly. What the screens look like is the test's choice, not the
// environment's: a NO_COLOR or a forced colour where the tests run would
// change every frame, and so would CI, which termenv takes to mean "not a
// terminal" (no colour); the program starts without them, and a test that
// wants one sets it in its command.
func paneCommand(command []string) []string {
	return append([]string{"env", "-u", "CI", "-u", "NO_COLOR", "-u", "CLICOLOR", "-u", "CLICOLOR_FORCE", "-u", "COLORTERM",
		"XDG_STATE_HOME=" + os.Getenv("XDG_STATE_HOME")}, command...)
}

func (x *tmux) keys(keys ...string) {
	x.t.Helper()
	args := append([]string{"send-keys", "-t", x.session}, keys...)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		x.t.Fatalf("send-keys %v: %v: %s", keys, err, out)
	}
}

func (x *tmux) screen() string {
	out, err := exec.Command("tmux", "capture-pane", "-p", "-t", x.session).Output()
	if err != nil {
		x.t.Fatalf("capture-pane: %v", err)
	}
	return string(out)
}

// settle waits until the screen stays the same between two looks, for at
// most screenWait: the program has drawn all it had to draw.
func (x *tmux) settle() string {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	prev := x.screen()
	for {
		time.Sleep(100 * time.Millisecond)
		s := x.screen()
		if s == prev || time.Now().After(deadline) {
			return s
		}
		prev = s
	}
}

// waitFor polls the screen until it holds want, for at most screenWait.
func (x *tmux) waitFor(want string) string {
	x.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		s := x.screen()
		if strings.Contains(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("the screen never showed %q; it shows:\n%s", want, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// buildBinary builds a2term once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "a2term")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	return bin
}

// TestReplayInTmux plays a form in a real terminal at 80×24: tab to the
// name field, type, tab to the button, press it, and read the press in the
// transcript, with the typed value, as the hub words it.
func TestReplayInTmux(t *testing.T) {
	bin := buildBinary(t)
	stream, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl"))
	x := startTmux(t, 80, 24, bin, "replay", stream)
	x.waitFor("Order a coffee") // the name field, the first control, has the focus
	x.keys("End", "BSpace", "BSpace", "BSpace", "G", "r", "a", "c", "e")
	x.waitFor("Grace")
	for i := 0; i < 3; i++ {
		x.keys("Tab")
	}
	x.keys("Enter")
	x.keys("C-t") // the transcript, on a narrow terminal
	s := x.waitFor("pressed order on order (terminal)")
	if !strings.Contains(s, `"name":"Grace"`) {
		t.Errorf("the press does not carry the typed name:\n%s", s)
	}
	x.keys("C-t", "C-c")
}

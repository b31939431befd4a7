package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/tmuxtest"
)

// screenWait bounds every wait of the end-to-end tests for a screen, a
// process or a socket to reach a state: generous, so that a loaded machine
// (the whole suite under -race on two cores) is slow, never failing; a
// test that passes never waits it out.
const screenWait = 60 * time.Second

// tmux drives a real terminal: the program runs in a tmux pane, keys are
// sent with send-keys and the screen is read with capture-pane. Each is
// a tmux server of the test's own (tmuxtest), never the user's.
type tmux struct {
	t       *testing.T
	srv     *tmuxtest.Server
	session string
}

// startTmux runs command in a pane of w×h, on a tmux server of its own.
func startTmux(t *testing.T, w, h int, command ...string) *tmux {
	t.Helper()
	return startTmuxWith(t, nil, w, h, command...)
}

// startTmuxWith is startTmux on a server whose configuration is the tmux
// commands config.
func startTmuxWith(t *testing.T, config []string, w, h int, command ...string) *tmux {
	t.Helper()
	x := &tmux{t: t, srv: tmuxtest.Start(t, config...), session: "test"}
	x.srv.NewSession(x.session, w, h, paneCommand(command)...)
	return x
}

// paneCommand is command as a test's pane runs it. The state directory
// of the tests is passed on explicitly, whatever the tmux server's own
// environment. What the screens look like is the test's choice, not the
// environment's: a NO_COLOR or a forced colour where the tests run would
// change every frame, and so would CI, which termenv takes to mean "not a
// terminal" (no colour); the program starts without them, and a test that
// wants one sets it in its command.
func paneCommand(command []string) []string {
	return append([]string{
		"env", "-u", "CI", "-u", "NO_COLOR", "-u", "CLICOLOR", "-u", "CLICOLOR_FORCE", "-u", "COLORTERM",
		"XDG_STATE_HOME=" + os.Getenv("XDG_STATE_HOME"),
	}, command...)
}

func (x *tmux) keys(keys ...string) {
	x.t.Helper()
	x.srv.Keys(x.session, keys...)
}

func (x *tmux) screen() string {
	x.t.Helper()
	return x.srv.Screen(x.session)
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

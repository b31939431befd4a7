//go:build unix

package main

import (
	"path/filepath"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/internal/testutil/a2aagent"
)

// TestConnectInTmux: a2term connect, in a real terminal, talks to the
// scripted A2A agent: the person writes a message (ctrl+r), the agent's
// form shows, the person ticks its box and presses its button, and the
// agent's answer shows, in the transcript and on the form.
func TestConnectInTmux(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	x := startTmux(t, 120, 40, bin, "connect", a.URL, "--no-web", "--no-state", "--socket", sock)
	x.waitFor("Connected to Scripted agent")
	x.waitFor("It speaks A2UI v0.9.1")
	x.keys("C-r")
	x.waitFor("to the agent:")
	x.keys("-l", "a table for two")
	x.waitFor("a table for two")
	x.keys("Enter")
	x.waitFor("Here is the menu.")
	x.waitFor("Margherita")
	x.waitFor("input-required")
	// The box has the focus first; the note and the button come next.
	// A note too long fails the form's check: the button refuses.
	x.keys("Space")
	x.waitFor("[x] Deliver it")
	x.keys("Tab")
	x.keys("-l", "ring twice at the back door")
	x.waitFor("✗ At most 20 characters")
	x.waitFor("✗ The note is too long")
	x.keys("Tab", "Enter")
	x.waitFor("Not sent")
	x.keys("BTab", "End")
	for range len(" at the back door") {
		x.keys("BSpace")
	}
	x.waitGone("At most 20 characters")
	x.keys("Tab", "Enter")
	x.waitFor(`Order placed: deliver=true, note`)
	x.waitFor("completed")
	got := a.Received()
	if len(got) != 2 {
		t.Fatalf("the agent got %d messages, want 2", len(got))
	}
	d, ok := got[1].Message.Parts[0].(a2a.DataPart)
	if !ok || d.Data["action"] == nil {
		t.Fatalf("the press reached the agent as %#v", got[1].Message.Parts)
	}
	if act, _ := d.Data["action"].(map[string]any); act["context"] == nil || act["context"].(map[string]any)["note"] != "ring twice" {
		t.Errorf("the press carried %v, want the note fixed to fit its check", d.Data["action"])
	}
}

// TestConnectJournalInTmux: a2term connect started again at the same
// socket and state directory restores the canvas and the transcript, and
// goes on in the same conversation (the same contextId).
func TestConnectJournalInTmux(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	bin := buildBinary(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "s", "a2term.sock")
	args := []string{bin, "connect", a.URL, "--no-web", "--socket", sock, "--state", filepath.Join(dir, "state")}
	// The pane stays once a2term quits; the process's end says it has
	// quit (tmux's "Pane is dead" line is drawn late, or not at all, on a
	// loaded machine).
	x := startTmuxWith(t, []string{"set -g remain-on-exit on"}, 120, 40, args...)
	x.waitFor("It speaks A2UI v0.9.1")
	pid := x.panePID(x.firstPane())
	x.keys("C-r")
	x.keys("-l", "hello")
	x.keys("Enter")
	x.waitFor("Margherita")
	x.keys("C-c")
	waitGone(t, pid)

	y := startTmux(t, 120, 40, args...)
	y.waitFor("The conversation goes on where it was.")
	y.waitFor("Here is the menu.")
	y.waitFor("Margherita")
	y.keys("C-r")
	y.keys("-l", "fail")
	y.keys("Enter")
	y.waitFor("The kitchen is closed.")
	if c := a.Contexts(); len(c) != 2 || c[0] == "" || c[1] != c[0] {
		t.Errorf("the two a2terms' tasks ran in contexts %q; want one conversation", c)
	}
}

// TestConnectAttachedInTmux: a terminal attached to a2term connect, in
// a pane beside it, writes to the agent (ctrl+r) and cancels its task
// (ctrl+x) as the connect's own terminal does: the agent's answer and
// the task's state show in both panes.
func TestConnectAttachedInTmux(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	bin := buildBinary(t)
	sock := filepath.Join(t.TempDir(), "s", "a2term.sock")
	x := startTmux(t, 201, 40, bin, "connect", a.URL, "--no-web", "--no-state", "--socket", sock)
	left := x.firstPane()
	x.waitForIn(left, "Connected to Scripted agent")
	right := x.split(bin, "attach", "--socket", sock)
	x.waitForIn(right, "Connected to Scripted agent")
	x.keysTo(right, "C-r")
	x.waitForIn(right, "to the agent:")
	x.keysTo(right, "-l", "a table for two")
	x.waitForIn(right, "a table for two")
	x.keysTo(right, "Enter")
	for _, p := range []string{right, left} {
		x.waitForIn(p, "Margherita")
		x.waitForIn(p, "input-required")
	}
	x.keysTo(right, "C-x")
	for _, p := range []string{right, left} {
		x.waitForIn(p, "canceled")
	}
	got := a.Received()
	if len(got) != 1 {
		t.Fatalf("the agent got %d messages, want 1", len(got))
	}
	if p, ok := got[0].Message.Parts[0].(a2a.TextPart); !ok || p.Text != "a table for two" {
		t.Errorf("the agent got %#v", got[0].Message.Parts)
	}
}

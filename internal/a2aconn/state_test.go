package a2aconn_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// TestContextKept: the conversation's contextId outlives a2term: the next
// one at the same state file goes on in it, and one talking to another
// agent does not.
func TestContextKept(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	state := filepath.Join(t.TempDir(), "journal.a2a")
	h, c := connect(t, a, a2aconn.Options{StatePath: state})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, h, a2a.TaskStateInputRequired)
	first := c.ContextID()
	if first == "" {
		t.Fatal("no contextId after the agent's answer")
	}
	if st, err := os.Stat(state); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the state file: %v, %v; want it private", st, err)
	}

	h2, c2 := connect(t, a, a2aconn.Options{StatePath: state})
	if c2.ContextID() != first {
		t.Fatalf("the next a2term has contextId %q, want %q", c2.ContextID(), first)
	}
	hubtest.WaitForTranscript(t, h2, "The conversation goes on where it was.", 1)
	if err := c2.Say("fail"); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, h2, a2a.TaskStateFailed)
	got := a.Received()
	if last := got[len(got)-1].Message; last.ContextID != first || last.TaskID != "" {
		t.Errorf("the next message went with contextId %q, task %q; want %q and a new task", last.ContextID, last.TaskID, first)
	}

	other := a2aagent.Start(t, a2aagent.Options{})
	_, c3 := connect(t, other, a2aconn.Options{StatePath: state})
	if c3.ContextID() != "" {
		t.Errorf("another agent was given this one's contextId")
	}
}

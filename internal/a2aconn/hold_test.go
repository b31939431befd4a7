package a2aconn_test

import (
	"strings"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// waitIdle returns once c's turn is over, as a snapshot waits for it:
// at every change of the hub.
func waitIdle(t *testing.T, h *hub.Hub, c *a2aconn.Conn) {
	t.Helper()
	waitHub(t, h, "the agent's turn to end", c.Idle)
}

// waitHub returns once cond holds, checking it at every change of h.
func waitHub(t *testing.T, h *hub.Hub, what string, cond func() bool) {
	t.Helper()
	changed, cancel := h.Subscribe()
	defer cancel()
	timeout := time.NewTimer(hubtest.Guard)
	defer timeout.Stop()
	for !cond() {
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("waited in vain for %s: %v", what, h.Snapshot().Transcript)
		}
	}
}

// TestHoldKeepsMessages: what the person writes while the Conn is held
// is in the transcript at once but reaches the agent only at Release
// (a press meanwhile goes first); Idle is false while such a message
// waits and while its turn runs, and true once the turn is over.
func TestHoldKeepsMessages(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{HideURL: true})
	waitIdle(t, h, c)
	for _, e := range h.Snapshot().Transcript {
		if strings.Contains(e.Text, a.URL) || strings.Contains(e.Text, "127.0.0.1") {
			t.Errorf("HideURL, yet the transcript has %q", e.Text)
		}
	}
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, h, c)
	if !strings.Contains(lastAgentLine(h), "Here is the menu.") {
		t.Fatalf("idle before the agent answered: %v", h.Snapshot().Transcript)
	}

	c.Hold()
	if err := c.Say("fail"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "← the person wrote: fail", 1)
	if c.Idle() {
		t.Error("idle while a held message waits to be sent")
	}
	// A press is not held by the Conn: it goes to the agent, the held
	// message does not.
	if err := h.SetValue(hub.Terminal, "order", "agree", true); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "order", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "the agent's task is completed", 1)
	waitHub(t, h, "the press's turn to end", func() bool { return h.Waiting() > 0 })
	if got := texts(a.Received()); got != "hello,<press>" {
		t.Fatalf("while held the agent got %s, want hello,<press>", got)
	}
	if c.Idle() {
		t.Error("idle while a held message waits to be sent")
	}

	c.Release()
	waitIdle(t, h, c)
	if got := texts(a.Received()); got != "hello,<press>,fail" {
		t.Errorf("after Release the agent got %s", got)
	}
	if s := h.Snapshot().Status.Task; s != string(a2a.TaskStateFailed) {
		t.Errorf("idle with the task %s, want failed", s)
	}
}

// texts lists the text of each message the agent got, "<press>" for one
// with none.
func texts(rs []a2aagent.Received) string {
	var out []string
	for _, r := range rs {
		s := ""
		for _, p := range r.Message.Parts {
			if tp, ok := p.(a2a.TextPart); ok {
				s += tp.Text
			}
		}
		if s == "" {
			s = "<press>"
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

func lastAgentLine(h *hub.Hub) string {
	tr := h.Snapshot().Transcript
	for i := len(tr) - 1; i >= 0; i-- {
		if tr[i].Role == hub.RoleAgent {
			return tr[i].Text
		}
	}
	return ""
}

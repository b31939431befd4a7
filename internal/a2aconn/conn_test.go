package a2aconn_test

import (
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// connect dials agent a with a hub of its own and runs the conversation
// until the test ends.
func connect(t *testing.T, a *a2aagent.Agent, opts a2aconn.Options) (*hub.Hub, *a2aconn.Conn) {
	t.Helper()
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if opts.URL == "" {
		opts.URL = a.URL
	}
	c, _ := a2aagent.Connect(t, h, opts)
	return h, c
}

// waitStatus returns once the status line shows task state s.
func waitStatus(t *testing.T, h *hub.Hub, s a2a.TaskState) {
	t.Helper()
	hubtest.Eventually(t, "task state "+string(s), func() bool { return h.Snapshot().Status.Task == string(s) })
}

func TestFormPressAndAnswer(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{})
	if v, ok := c.Version(); !ok || v.Name != "v0.9.1" {
		t.Fatalf("negotiated %+v, %v; want v0.9.1", v, ok)
	}
	hubtest.WaitForTranscript(t, h, "Connected to Scripted agent", 1)
	hubtest.WaitForTranscript(t, h, "A2UI forms for a2term's tests.", 1)
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Here is the menu.", 1)
	waitStatus(t, h, a2a.TaskStateInputRequired)
	s := h.Snapshot().Canvas.Surface("order")
	if s == nil || s.ComponentCount() != 8 {
		t.Fatalf("the form is not shown: %v", h.Snapshot().Transcript)
	}
	if err := h.SetValue(hub.Terminal, "order", "agree", true); err != nil {
		t.Fatal(err)
	}
	if err := h.Press(hub.Terminal, "order", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Order placed: deliver=true.", 1)
	waitStatus(t, h, a2a.TaskStateCompleted)
	hubtest.WaitForTranscript(t, h, "the agent's task is completed", 1)

	got := a.Received()
	if len(got) != 2 {
		t.Fatalf("the agent got %d messages, want 2", len(got))
	}
	for _, r := range got {
		if r.Extensions != a2aconn.ExtensionBase+"v0.9.1" {
			t.Errorf("X-A2A-Extensions = %q", r.Extensions)
		}
		if _, ok := r.Message.Metadata["a2uiClientCapabilities"]; !ok {
			t.Errorf("no capabilities in %v", r.Message.Metadata)
		}
	}
	press := got[1].Message
	if press.ContextID == "" || press.ContextID != got[0].Message.ContextID && got[0].Message.ContextID != "" {
		t.Errorf("the press is not in the conversation: %q", press.ContextID)
	}
	if press.TaskID == "" {
		t.Error("the press does not answer the task that asked for input")
	}
	if _, ok := press.Metadata["a2uiClientDataModel"]; !ok {
		t.Errorf("the surface asked for its data model; metadata %v", press.Metadata)
	}
	d, ok := press.Parts[0].(a2a.DataPart)
	if !ok || d.Metadata["mimeType"] != a2aconn.MIMEType || d.Data["action"] == nil {
		t.Fatalf("the press is %#v", press.Parts)
	}
	title := h.Snapshot().Canvas.Surface("order")
	if title == nil || !strings.Contains(string(title.ComponentJSON("title")), "Order placed") {
		t.Errorf("the agent's update is not shown")
	}

	// Another message in the same conversation: the menu anew, shown.
	if err := c.Say("and a salad"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Here is the menu.", 2)
	waitStatus(t, h, a2a.TaskStateInputRequired)
	for _, e := range h.Snapshot().Transcript {
		if strings.HasPrefix(e.Text, "→ show refused") {
			t.Errorf("the menu shown again was refused: %s", e.Text)
		}
	}
	if title := h.Snapshot().Canvas.Surface("order"); title == nil || !strings.Contains(string(title.ComponentJSON("title")), "Your order") {
		t.Errorf("the menu is not shown anew")
	}
}

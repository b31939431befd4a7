package a2aconn_test

import (
	"context"
	"strings"
	"testing"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/a2aconn"
	"github.com/a2term/a2term/internal/testutil/a2aagent"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// TestTaskStates: each task state the agent reaches shows on the status
// line, and in the transcript where the person must act on it.
func TestTaskStates(t *testing.T) {
	for _, tc := range []struct {
		say   string
		state a2a.TaskState
		line  string
	}{
		{"hello", a2a.TaskStateInputRequired, "the agent waits for your answer"},
		{"fail", a2a.TaskStateFailed, "the agent's task failed"},
		{"reject", a2a.TaskStateRejected, "the agent rejected the task"},
		{"auth", a2a.TaskStateAuthRequired, "the agent needs credentials"},
		{"slow", a2a.TaskStateWorking, "Cooking slowly…"},
	} {
		t.Run(tc.say, func(t *testing.T) {
			for _, streaming := range []bool{true, false} {
				if !streaming && tc.say == "slow" {
					continue // message/send waits for the end of the task
				}
				a := a2aagent.Start(t, a2aagent.Options{NoStreaming: !streaming})
				h, c := connect(t, a, a2aconn.Options{})
				if err := c.Say(tc.say); err != nil {
					t.Fatal(err)
				}
				hubtest.WaitForTranscript(t, h, tc.line, 1)
				waitStatus(t, h, tc.state)
			}
		})
	}
}

// TestCancel: the person cancels the task under way; the agent cancels
// it and the status line says so.
func TestCancel(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{})
	if err := c.Cancel(context.Background()); err == nil {
		t.Error("Cancel with no task under way did not say so")
	}
	if err := c.Say("slow"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Cooking slowly…", 1)
	waitStatus(t, h, a2a.TaskStateWorking)
	if err := c.Cancel(hubtest.CtxFor(t)); err != nil {
		t.Fatal(err)
	}
	<-a.Canceled()
	waitStatus(t, h, a2a.TaskStateCanceled)
	hubtest.WaitForTranscript(t, h, "the agent's task was canceled", 1)
}

// TestRefusalIsSentBack: a batch a2term refuses changes nothing on the
// canvas, and goes back to the agent as the A2UI error message, which
// the agent answers.
func TestRefusalIsSentBack(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{})
	if err := c.Say("bad"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "show refused", 1)
	hubtest.WaitForTranscript(t, h, "Sorry: ", 1)
	if n := len(h.Snapshot().Canvas.Surfaces()); n != 0 {
		t.Errorf("the refused batch left %d surfaces", n)
	}
	got := a.Received()
	if len(got) != 2 {
		t.Fatalf("the agent got %d messages, want the text and the error", len(got))
	}
	d, ok := got[1].Message.Parts[0].(a2a.DataPart)
	if !ok || d.Metadata["mimeType"] != a2aconn.MIMEType {
		t.Fatalf("the error went as %#v", got[1].Message.Parts)
	}
	e, _ := d.Data["error"].(map[string]any)
	if d.Data["version"] != "v0.9" || e == nil || e["surfaceId"] != "nowhere" || e["code"] == "" {
		t.Errorf("the error message is %v", d.Data)
	}
	if got[1].Message.TaskID == "" {
		t.Error("the error does not answer the task that sent the batch")
	}
}

// TestResumeDroppedStream: the agent's stream breaks mid-answer; a2term
// resumes it (tasks/resubscribe) and shows the rest, without sending the
// message again, and a press made before goes to the agent once.
func TestResumeDroppedStream(t *testing.T) {
	a := a2aagent.Start(t, a2aagent.Options{})
	h, c := connect(t, a, a2aconn.Options{})
	if err := c.Say("hello"); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, h, a2a.TaskStateInputRequired)
	if err := h.Press(hub.Terminal, "order", "send", h.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "Order placed", 1)
	if err := c.Say("drop"); err != nil {
		t.Fatal(err)
	}
	hubtest.WaitForTranscript(t, h, "resuming it", 1)
	hubtest.WaitForTranscript(t, h, "Served after the drop.", 1)
	waitStatus(t, h, a2a.TaskStateCompleted)
	var says, presses int
	for _, r := range a.Received() {
		for _, p := range r.Message.Parts {
			switch p := p.(type) {
			case a2a.TextPart:
				if p.Text == "drop" {
					says++
				}
			case a2a.DataPart:
				if p.Data["action"] != nil {
					presses++
				}
			}
		}
	}
	if says != 1 || presses != 1 {
		t.Errorf("the agent got the message %d times and the press %d times; want each once", says, presses)
	}
	n := 0
	for _, e := range h.Snapshot().Transcript {
		if strings.Contains(e.Text, "Served after the drop.") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the answer shows %d times", n)
	}
}

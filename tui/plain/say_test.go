package plain

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// talker is a transport that carries text, as a2term connect's does.
type talker struct {
	said     []string
	canceled int
}

func (f *talker) Say(text string) error { f.said = append(f.said, text); return nil }

func (f *talker) CancelTask() error {
	f.canceled++
	return errors.New("no task of the agent's is under way")
}

// TestSayAndCancel: say sends its text through the view to the transport
// that carries it (a2term connect), cancel asks it to cancel; help lists
// both only where the status says someone listens, and without anyone
// they say so.
func TestSayAndCancel(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	f := &talker{}
	h.SetTalk(f)
	var out bytes.Buffer
	s := New(h, &out, Options{})
	defer s.Close()
	s.Exec("say  book a table for two ")
	s.Exec("say")
	s.Exec("cancel")
	s.Exec("help")
	if len(f.said) != 1 || f.said[0] != "book a table for two" {
		t.Errorf("said %q", f.said)
	}
	for _, want := range []string{"Not done: say what?", "Not done: no task of the agent's is under way", "- say TEXT: send TEXT to the agent"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	if f.canceled != 1 {
		t.Errorf("cancel asked %d times", f.canceled)
	}

	none := hub.New(hub.Options{})
	defer none.Close()
	out.Reset()
	off := New(none, &out, Options{})
	defer off.Close()
	off.Exec("help")
	off.Exec("say hello")
	off.Exec("cancel")
	if strings.Contains(out.String(), "- say TEXT") || strings.Count(out.String(), "there is no agent to talk to here") != 2 {
		t.Errorf("without a transport that carries text:\n%s", out.String())
	}
}

// TestTaskState: plain mode says the agent's task state when it changes,
// as the full-screen program's status line shows it, once per change,
// and status says it again.
func TestTaskState(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	var out bytes.Buffer
	s := New(h, &out, Options{})
	defer s.Close()
	for _, task := range []string{"working", "working", "input-required"} {
		h.Board().SetStatus(func(st *hub.Status) { st.Task = task })
		s.Refresh()
	}
	s.Exec("status")
	if n := strings.Count(out.String(), "The agent's task: working."); n != 1 {
		t.Errorf("working said %d times:\n%s", n, out.String())
	}
	if n := strings.Count(out.String(), "The agent's task: input-required."); n != 2 {
		t.Errorf("input-required said %d times, want 2 (the change, status):\n%s", n, out.String())
	}
}

package plain

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// TestSayAndCancel: say sends its text to the transport that carries it
// (a2term connect), cancel asks it to cancel; help lists both only where
// there is such a transport, and without one they say so.
func TestSayAndCancel(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	var out bytes.Buffer
	var said []string
	canceled := 0
	s := New(h, &out, Options{
		Say:        func(text string) error { said = append(said, text); return nil },
		CancelTask: func() error { canceled++; return errors.New("no task of the agent's is under way") },
	})
	defer s.Close()
	s.Exec("say  book a table for two ")
	s.Exec("say")
	s.Exec("cancel")
	s.Exec("help")
	if len(said) != 1 || said[0] != "book a table for two" {
		t.Errorf("said %q", said)
	}
	for _, want := range []string{"Not done: say what?", "Not done: no task of the agent's is under way", "- say TEXT: send TEXT to the agent"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	if canceled != 1 {
		t.Errorf("cancel asked %d times", canceled)
	}

	out.Reset()
	off := New(h, &out, Options{})
	defer off.Close()
	off.Exec("help")
	off.Exec("say hello")
	if strings.Contains(out.String(), "- say TEXT") || !strings.Contains(out.String(), "there is no agent to write to here") {
		t.Errorf("without a transport that carries text:\n%s", out.String())
	}
}

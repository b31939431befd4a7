package tui

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/hub"
)

// talker is a transport that carries text, as a2term connect's does.
type talker struct {
	said []string
	fail bool
}

func (f *talker) Say(text string) error {
	if f.fail {
		return errors.New("16 messages wait for the agent already")
	}
	f.said = append(f.said, text)
	return nil
}

func (f *talker) CancelTask() error { return nil }

// TestSayLine: where the hub's status says someone listens (a transport
// that carries text), ctrl+r opens a line on the status line; what is
// typed is sent on enter, through the view, in a command; a send that
// fails gives the text back to the line and says why. ctrl+x asks to
// cancel. Where no one listens neither key does anything and the help
// has no group for them, until someone does.
func TestSayLine(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	f := &talker{}
	h.SetTalk(f)
	opts := testOptions(termenv.Ascii)
	m := New(h, opts)
	defer m.Close()
	m.SetSize(100, 24)
	typeIn := func(s string) tea.Cmd {
		var cmd tea.Cmd
		for _, r := range s {
			_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
		return cmd
	}
	run := func(cmd tea.Cmd) {
		if cmd != nil {
			m.Update(cmd())
		}
	}
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	typeIn("two at eight")
	if v := m.View(); !strings.Contains(v, "to the agent: two at eight") {
		t.Fatalf("the line does not show what is typed:\n%s", v)
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	run(cmd)
	if len(f.said) != 1 || f.said[0] != "two at eight" {
		t.Fatalf("said %q", f.said)
	}
	if strings.Contains(m.View(), "to the agent:") {
		t.Error("the line stays open after enter")
	}

	f.fail = true
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	typeIn("again")
	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	run(cmd)
	if v := m.View(); !strings.Contains(v, "not sent: 16 messages wait") {
		t.Errorf("a refused message is not said:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	if v := m.View(); !strings.Contains(v, "to the agent: again") {
		t.Errorf("the refused text is not given back:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})

	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyCtrlX})
	run(cmd)
	if v := m.View(); !strings.Contains(v, "asked to cancel") {
		t.Errorf("ctrl+x:\n%s", v)
	}

	none := hub.New(hub.Options{})
	defer none.Close()
	plain := New(none, testOptions(termenv.Ascii))
	defer plain.Close()
	plain.SetSize(100, 24)
	if strings.Contains(plain.View(), "write to the agent") {
		t.Errorf("the hints offer to write with no transport:\n%s", plain.View())
	}
	plain.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	if strings.Contains(plain.View(), "to the agent:") {
		t.Error("ctrl+r opened a line with no transport to send it")
	}
	for _, g := range plain.keys.groups() {
		if g.title == "The agent" {
			t.Error("the help lists the agent's keys with no transport for them")
		}
	}

	// A transport given later: the keys work from the next change on.
	none.SetTalk(f)
	plain.Update(changedMsg{})
	// The canvas is empty: the first hint says how to begin.
	if v := plain.View(); !strings.Contains(v, "ctrl+r write to the agent · tab controls") {
		t.Errorf("the hints do not say how to write to the agent:\n%s", v)
	}
	plain.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	if !strings.Contains(plain.View(), "to the agent:") {
		t.Errorf("ctrl+r opened no line once someone listens:\n%s", plain.View())
	}
}

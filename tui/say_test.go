package tui

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/hub"
)

// TestSayLine: with a transport that carries text, ctrl+r opens a line on
// the status line; what is typed is sent on enter, in a command; a send
// that fails gives the text back to the line and says why. ctrl+x asks
// to cancel. Without such a transport neither key does anything and the
// help has no group for them.
func TestSayLine(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	var said []string
	fail := false
	opts := testOptions(termenv.Ascii)
	opts.Say = func(text string) error {
		if fail {
			return errors.New("16 messages wait for the agent already")
		}
		said = append(said, text)
		return nil
	}
	opts.CancelTask = func() error { return nil }
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
	if len(said) != 1 || said[0] != "two at eight" {
		t.Fatalf("said %q", said)
	}
	if strings.Contains(m.View(), "to the agent:") {
		t.Error("the line stays open after enter")
	}

	fail = true
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

	plain := New(h, testOptions(termenv.Ascii))
	defer plain.Close()
	plain.SetSize(100, 24)
	plain.Update(tea.KeyMsg{Type: tea.KeyCtrlR})
	if strings.Contains(plain.View(), "to the agent:") {
		t.Error("ctrl+r opened a line with no transport to send it")
	}
	for _, g := range plain.keys.groups() {
		if g.title == "The agent" {
			t.Error("the help lists the agent's keys with no transport for them")
		}
	}
}

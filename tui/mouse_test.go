package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/bridge"
)

// click sends a left click at the centre of node id's hit, as the terminal
// reports it (screen coordinates: the tab bar is row 0).
func click(t *testing.T, m *Model, id string) {
	t.Helper()
	for _, h := range m.lay.frame.Hits {
		if h.Node == id && h.Focusable {
			x := m.lay.innerX + h.X + h.W/2
			y := 1 + h.Y - m.lay.scroll
			// As the program does: what the click asks of the view runs
			// in a command, whose answer comes back to the model.
			(&Screen{m: m}).run(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			return
		}
	}
	t.Fatalf("%q is not drawn as a control", id)
}

func TestMouseClicks(t *testing.T) {
	board := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	var got []string
	board.OnAction(func(a *a2ui.UserAction, s bridge.Source) { got = append(got, a.Name+"/"+string(s)) })
	m := New(board, testOptions(termenv.ANSI256))
	defer m.Close()
	m.SetSize(100, 30)

	click(t, m, "gift")
	if v := checkBoxValue(t, m, "gift"); !v {
		t.Error("a click on the check box did not tick it")
	}
	if m.focus[m.active] != "gift" {
		t.Errorf("focus is %q after clicking the check box", m.focus[m.active])
	}
	click(t, m, "send")
	if len(got) != 1 || got[0] != "save/terminal" {
		t.Errorf("a click on Save fired %v", got)
	}
	// A click on the second tab of the tab bar shows that surface.
	tab := m.lay.tabs[1]
	m.Update(tea.MouseMsg{X: tab.x + 1, Y: 0, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.active != "other" {
		t.Errorf("active surface %q after clicking its tab", m.active)
	}
	// The wheel scrolls; a click elsewhere does nothing.
	m.Update(tea.MouseMsg{X: 90, Y: 29, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if len(got) != 1 {
		t.Errorf("a click on nothing fired %v", got)
	}
}

func checkBoxValue(t *testing.T, m *Model, id string) bool {
	t.Helper()
	n := m.snap.Canvas.Surface(m.active).Tree().Find(id)
	if n == nil {
		t.Fatalf("no node %q", id)
	}
	return n.Props.(*a2ui.CheckBoxProps).Value
}

func TestOpenWebKeyShowsWhatItSays(t *testing.T) {
	board := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	opts := testOptions(termenv.Ascii)
	calls := 0
	opts.OpenWeb = func() []string {
		calls++
		return []string{"On your own machine run: ssh -L 4242:127.0.0.1:4242 host", "then open http://127.0.0.1:4242/?t=x"}
	}
	m := New(board, opts)
	defer m.Close()
	m.SetSize(80, 24)
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlO})
	if cmd == nil {
		t.Fatal("ctrl+o did nothing")
	}
	m.Update(cmd())
	if calls != 1 || !strings.Contains(m.View(), "ssh -L 4242:127.0.0.1:4242 host") {
		t.Fatalf("after ctrl+o (%d calls) the screen shows:\n%s", calls, m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'x'}})
	if strings.Contains(m.View(), "ssh -L") {
		t.Error("a key did not close the message")
	}
	off := New(board, testOptions(termenv.Ascii))
	defer off.Close()
	off.SetSize(80, 24)
	off.Update(tea.KeyMsg{Type: tea.KeyCtrlO})
	if !strings.Contains(off.View(), "the web mirror is off") {
		t.Error("ctrl+o without a mirror says nothing")
	}
}

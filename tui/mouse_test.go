package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
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
	board.OnAction(func(a *a2ui.UserAction, s hub.Source) { got = append(got, a.Name+"/"+string(s)) })
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

// TestOpenWebLinkIsOneLink: ctrl+o's answer never wraps the link with the
// words: at any width it is one terminal hyperlink (OSC 8) to the whole
// link, on rows of its own, and where it fits it is whole on one row.
func TestOpenWebLinkIsOneLink(t *testing.T) {
	const link = "http://127.0.0.1:41234/pair/7YqPjw2dN9sKxA4hBvR3mZ"
	board := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	opts := testOptions(termenv.Ascii)
	opts.OpenWeb = func() []string {
		return []string{
			"a2term runs over SSH, so the browser is not opened here.", "",
			"on your machine run: ssh -L 41234:127.0.0.1:41234 build-box — then open " + link,
		}
	}
	m := New(board, opts)
	defer m.Close()
	osc8 := regexp.MustCompile(`\x1b\]8;([^;]*);([^\x07\x1b]*)(?:\x07|\x1b\\)`)
	for _, w := range []int{40, 60, 80, 120} {
		m.SetSize(w, 24)
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlO})
		m.Update(cmd())
		screen := m.View()
		var shown strings.Builder
		rows := 0
		for _, row := range strings.Split(screen, "\n") {
			ms := osc8.FindAllStringSubmatchIndex(row, -1)
			if len(ms) == 0 {
				continue
			}
			if len(ms) != 2 || row[ms[0][2]:ms[0][3]] != "id=a2term-link" || row[ms[0][4]:ms[0][5]] != link || ms[1][5] != ms[1][4] {
				t.Fatalf("width %d: a row of the link is not one hyperlink to it: %q", w, row)
			}
			shown.WriteString(row[ms[0][1]:ms[1][0]])
			rows++
		}
		if shown.String() != link {
			t.Errorf("width %d: the hyperlink's rows show %q, want the link whole", w, shown.String())
		}
		if want := (len(link) + w - 3) / (w - 2); rows != want {
			t.Errorf("width %d: the link takes %d rows, want %d", w, rows, want)
		}
		if !regexp.MustCompile(`here\. *\n *\n *on your machine`).MatchString(ansi.Strip(screen)) {
			t.Errorf("width %d: the words before the link, or the empty line, are gone:\n%s", w, ansi.Strip(screen))
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'x'}})
	}
}

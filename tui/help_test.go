package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// helpScreen opens the help on the demo at w×h and returns the model and
// a function that reads the body's rows back as plain text.
func helpScreen(t *testing.T, w, h int) (*Model, func() []string) {
	t.Helper()
	m := New(demoBoard(t), testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(w, h)
	m.Update(tea.KeyMsg{Type: tea.KeyF1})
	if !m.helpOpen {
		t.Fatal("f1 did not open the help")
	}
	return m, func() []string {
		ls := lines(m.View())
		var out []string
		for _, l := range ls[1 : 1+m.lay.bodyH] {
			out = append(out, strings.TrimRight(ansi.Strip(l), " "))
		}
		return out
	}
}

// shown reports which of the help's lines (as plain text) are on the
// screen, in order and without a gap, and whether a row of marks shows.
func helpShown(t *testing.T, m *Model, body []string) (first, n int, marks bool) {
	t.Helper()
	var want []string
	for _, l := range m.helpLines() {
		want = append(want, strings.TrimRight(ansi.Strip(l), " "))
	}
	first = -1
	for _, row := range body[1:] {
		if strings.Contains(row, "more: ") {
			marks = true
			continue
		}
		if first < 0 {
			for i, l := range want {
				if l == row && l != "" {
					first = i
					break
				}
			}
			if first < 0 {
				continue
			}
		}
		if first+n < len(want) && want[first+n] == row {
			n++
		}
	}
	return first, n, marks
}

// TestHelpReachesItsLastLine: at 80×24 and 60×20 End and ↓ show the
// help's last line with no "more" below it, the marks never stand on a
// line of the help, and a page down shows the line after the last one
// shown.
func TestHelpReachesItsLastLine(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 20}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m, body := helpScreen(t, size[0], size[1])
			all := m.helpLines()
			for strings.TrimSpace(all[len(all)-1]) == "" {
				all = all[:len(all)-1] // a blank line at the end is nothing to reach
			}
			if last := ansi.Strip(all[len(all)-1]); !strings.Contains(last, "quit, from anywhere") {
				t.Fatalf("the help's last line is %q", last)
			}
			// Every row under the heading is a line of the help or the
			// marks: the marks cover none.
			first, n, marks := helpShown(t, m, body())
			if first != 0 || !marks {
				t.Fatalf("the help opens at line %d, marks %v: %q", first, marks, body())
			}
			if n+2 != m.lay.bodyH {
				t.Errorf("%d help lines and a row of marks in a body of %d: %q", n, m.lay.bodyH, body())
			}
			// A page down shows the line after the last one shown.
			m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
			f2, n2, _ := helpShown(t, m, body())
			if f2 > first+n || f2+n2 <= first+n {
				t.Errorf("pgdn showed lines %d–%d after %d–%d: line %d (%q) was never shown",
					f2, f2+n2-1, first, first+n-1, first+n, ansi.Strip(all[first+n]))
			}
			// End: the last line, and no "more" below it.
			m.Update(tea.KeyMsg{Type: tea.KeyEnd})
			b := body()
			if !strings.Contains(strings.Join(b, "\n"), "quit, from anywhere") {
				t.Errorf("end does not show the last line: %q", b)
			}
			if strings.Contains(strings.Join(b, "\n"), "more: ↓") || strings.Contains(strings.Join(b, "\n"), "more: v") {
				t.Errorf("end still says more is below: %q", b)
			}
			fe, ne, _ := helpShown(t, m, b)
			if fe+ne < len(all) {
				t.Errorf("end shows lines %d–%d of %d", fe, fe+ne-1, len(all))
			}
			// ↓ one line at a time from the top reaches the same end.
			m.Update(tea.KeyMsg{Type: tea.KeyHome})
			for range all {
				m.Update(tea.KeyMsg{Type: tea.KeyDown})
			}
			if fd, nd, _ := helpShown(t, m, body()); fd != fe || nd != ne {
				t.Errorf("↓ stops at lines %d–%d, end at %d–%d", fd, fd+nd-1, fe, fe+ne-1)
			}
		})
	}
}

// TestHelpSaysWhereTabGoes: tab reaches the transcript only when the
// transcript is beside the surface (100 columns and more), and the help
// says so only then.
func TestHelpSaysWhereTabGoes(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
		m, _ := helpScreen(t, size[0], size[1])
		text := ansi.Strip(strings.Join(m.helpLines(), "\n"))
		says := strings.Contains(text, "then the transcript")
		if says != m.lay.wide {
			t.Errorf("%dx%d: the help says tab reaches the transcript: %v; it does: %v", size[0], size[1], says, m.lay.wide)
		}
		if !strings.Contains(text, "next control") {
			t.Errorf("%dx%d: the help no longer says what tab does", size[0], size[1])
		}
	}
}

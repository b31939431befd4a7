package tui

import (
	"fmt"
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// TestTranscriptSourcesCannotBeForged: a line the agent appends and lines
// a child prints that read exactly like a2term's own event line are still
// told apart in the frame with no colour, with Unicode and with ASCII
// glyphs: only a2term's lines have the gutter mark in the first column of
// the transcript, on every line they wrap to, and the others carry a
// label the view draws before their text. A long agent line that puts a
// fake gutter and time where its text wraps gets no gutter either.
func TestTranscriptSourcesCannotBeForged(t *testing.T) {
	data, err := os.ReadFile("../testdata/streams/order-form.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const forged = "← the person pressed go on f (terminal)"
	for _, ascii := range []bool{false, true} {
		b := boardFrom(t, data, false)
		b.Append(hub.RoleEvent, forged) // a2term's own
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, forged)
		b.AppendFrom(hub.FromAgent, hub.RoleNote, forged)
		b.AppendOutput(false, forged)
		b.AppendOutput(true, forged)
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, strings.Repeat("x ", 40)+"▌* 09:30 "+forged+" "+strings.Repeat("y ", 30))
		opts := testOptions(termenv.Ascii)
		opts.Widgets.ASCII = ascii
		m := New(b, opts)
		m.SetSize(140, 40)
		frame := m.View()
		m.Close()
		if strings.Contains(frame, "\x1b") {
			t.Fatalf("a frame with no colour holds escape sequences")
		}
		gutter := "▌"
		if ascii {
			gutter = "*"
		}

		// The column of the gutter: where the Transcript heading starts,
		// one cell left of it.
		col := -1
		rows := lines(frame)
		for _, r := range rows {
			if i := strings.Index(r, " Transcript"); i >= 0 {
				col = ansi.StringWidth(r[:i])
				break
			}
		}
		if col < 0 {
			t.Fatalf("no transcript in the frame:\n%s", frame)
		}
		labels := map[string]int{}
		var marked []string
		for _, r := range rows {
			if ansi.StringWidth(r) <= col {
				continue
			}
			cell := ansi.Cut(r, col, col+1)
			rest := ansi.Cut(r, col+1, ansi.StringWidth(r))
			if cell == gutter {
				marked = append(marked, rest)
			} else if cell != " " {
				t.Errorf("the transcript's gutter holds %q: %q", cell, rest)
			}
			if strings.HasPrefix(rest, "09:30 ") && strings.Contains(rest, forged) {
				label, _, _ := strings.Cut(strings.TrimPrefix(rest, "09:30 "), " ")
				if cell == gutter {
					label = "(a2term)"
				}
				labels[label]++
			}
		}
		want := map[string]int{"(a2term)": 1, "agent": 1, "note": 1, "out": 1, "err": 1}
		for k, n := range want {
			if labels[k] != n {
				t.Errorf("ascii %v: %d lines %q labelled %s, want %d (all: %v)\n%s", ascii, labels[k], forged, k, n, labels, frame)
			}
		}
		// Only a2term's lines are marked: its event and the show line.
		for _, r := range marked {
			if !strings.Contains(r, forged) && !strings.Contains(r, "→ show") && !strings.HasPrefix(strings.TrimSpace(r), "components") {
				t.Errorf("ascii %v: a line not a2term's has the gutter mark: %q", ascii, r)
			}
			if strings.Contains(r, "x x") || strings.Contains(r, "y y") {
				t.Errorf("ascii %v: the agent's long line got the gutter mark: %q", ascii, r)
			}
		}
		if len(marked) < 2 {
			t.Errorf("ascii %v: %d marked lines, want the show and the event: %q", ascii, len(marked), marked)
		}
	}
}

// TestWrapWordsKeepsAddressesWhole wraps text holding a web address and
// a path at every width from 8 to 80: no line is wider than the width,
// the text comes back in order, and the address and the path are each on
// one line whenever they fit on a line at all, else start lines of their
// own.
func TestWrapWordsKeepsAddressesWhole(t *testing.T) {
	const url = "http://127.0.0.1:41234/pair/0123456789abcdef"
	const path = "/home/ada/src/a2term-demo/agent.py"
	text := "Open " + url + " in your browser, or read " + path + " first — it is short."
	for w := 8; w <= 80; w++ {
		spans := wrapWords(text, w)
		var got []string
		for _, sp := range spans {
			l := text[sp[0]:sp[1]]
			if textWidth(l) > w {
				t.Fatalf("width %d: line %q is wider", w, l)
			}
			got = append(got, l)
		}
		if noSpace := func(s string) string { return strings.ReplaceAll(s, " ", "") }; noSpace(strings.Join(got, "")) != noSpace(text) {
			t.Fatalf("width %d: the words changed: %q", w, got)
		}
		for _, word := range []string{url, path} {
			whole := false
			for _, l := range got {
				whole = whole || strings.Contains(l, word)
			}
			if len(word) <= w && !whole {
				t.Errorf("width %d: %q is broken: %q", w, word, got)
			}
			if len(word) > w {
				// Too long for a line: its pieces start lines of their own.
				for _, l := range got {
					if i := strings.Index(l, word[:4]); i > 0 {
						t.Errorf("width %d: %q starts after other text: %q", w, word, l)
					}
				}
			}
		}
	}
	if got := wrapWords("  indented\nsecond", 20); len(got) != 2 || got[0] != [2]int{0, 10} {
		t.Errorf("paragraphs and their indent: %v", got)
	}
	if got := wrapWords("", 10); len(got) != 1 {
		t.Errorf("empty text: %v", got)
	}
}

// narrowTranscript returns a program at 60×20 showing the transcript
// view of a board holding n entries of two lines each.
func narrowTranscript(t *testing.T, n int) (*Model, *hub.Board) {
	t.Helper()
	b := hub.NewBoard(a2ui.Options{}, fixedClock)
	for i := 0; i < n; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("entry %d says something long enough to wrap onto a second line", i))
	}
	m := New(b, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(60, 20)
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	if !m.lay.showScript {
		t.Fatal("ctrl+t did not show the transcript")
	}
	return m, b
}

// TestTranscriptScrollKeepsTheReader: scrolled up, new entries leave the
// lines read where they are and are counted in a "↓ N new" mark; End goes
// back to following the newest line; Home shows the first line.
func TestTranscriptScrollKeepsTheReader(t *testing.T) {
	m, b := narrowTranscript(t, 30)
	body := func() string { return strings.Join(lines(m.View())[1:19], "\n") }
	if !strings.Contains(body(), "entry 29 says") || strings.Contains(body(), "more below") {
		t.Fatalf("the transcript does not start at its newest line:\n%s", body())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyPgUp})
	read := lines(m.View())[1:18]
	for i := 0; i < 3; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("late %d", i))
	}
	m.refresh()
	now := lines(m.View())
	if strings.Join(now[1:18], "\n") != strings.Join(read, "\n") {
		t.Errorf("new lines moved the reader:\n%s\nwas\n%s", strings.Join(now[1:18], "\n"), strings.Join(read, "\n"))
	}
	if !strings.Contains(now[18], "3 new") {
		t.Errorf("no mark of the new lines: %q", now[18])
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEnd})
	if !strings.Contains(body(), "late 2") || strings.Contains(body(), "new · end") {
		t.Errorf("end did not go to the newest line:\n%s", body())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyHome})
	if got := lines(m.View())[1]; !strings.HasPrefix(got, " Transcript") || !strings.Contains(lines(m.View())[2], "entry 0 says") {
		t.Errorf("home does not show the first line: %q", got)
	}
	// The reader stays on what they read while older entries are dropped
	// in front of it; once it is gone, the oldest kept is shown.
	m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
	top := lines(m.View())[1]
	for i := 0; i < 40; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, "more")
	}
	m.refresh()
	if got := lines(m.View())[1]; got != top {
		t.Errorf("the top line moved from %q to %q", top, got)
	}
}

// TestTranscriptEntriesHang: an entry's wrapped lines hang after its time
// and label, whatever the width.
func TestTranscriptEntriesHang(t *testing.T) {
	th := components.NewTheme(testOptions(termenv.Ascii).Renderer, components.Options{})
	e := hub.Entry{
		Seq: 1, Time: fixedClock(), From: hub.FromAgent, Role: hub.RoleAgent,
		Text: "a reasonably long sentence that will need several lines in a narrow pane",
	}
	for _, w := range []int{24, 40, 60} {
		ls := layoutEntry(th, e, w)
		if len(ls) < 2 {
			t.Fatalf("width %d: %d lines", w, len(ls))
		}
		if !strings.HasPrefix(ls[0].drawn, " 09:30 agent a") {
			t.Errorf("width %d: first line %q", w, ls[0].drawn)
		}
		for _, l := range ls[1:] {
			if !strings.HasPrefix(l.drawn, strings.Repeat(" ", 13)) || l.drawn[13] == ' ' || l.drawnW > w {
				t.Errorf("width %d: line %q does not hang after the time and label", w, l.drawn)
			}
		}
	}
}

// hubView is the view of an attached terminal whose hub may be started
// again: the board it shows can be swapped for another, and what it says
// while it has lost its hub is set by the test, as is, when canvas is set,
// the canvas it took anew from the hub (a resync: anew counts them).
type hubView struct {
	*hub.Board
	lost   string
	canvas *a2ui.Canvas
	anew   uint64
}

func (v *hubView) Snapshot() hub.Snapshot {
	s := v.Board.Snapshot()
	s.Status.Lost = v.lost
	if v.canvas != nil {
		s.Canvas = v.canvas
	}
	s.Anew = v.anew
	return s
}

// TestTranscriptOfAHubStartedAgain: an attached terminal whose hub was
// started again without its journal shows the new hub's transcript, numbered
// from 1 again, in place of the old one — whether the new hub has written
// fewer lines than the old one had, or more — rather than wait for the new
// numbers to pass the old ones.
func TestTranscriptOfAHubStartedAgain(t *testing.T) {
	old := hub.NewBoard(a2ui.Options{}, fixedClock)
	for i := 1; i <= 20; i++ {
		old.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("old hub line %d", i))
	}
	v := &hubView{Board: old}
	m := New(v, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(60, 20)
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	if f := m.View(); !strings.Contains(f, "old hub line 20") {
		t.Fatalf("the first hub's newest line is not shown:\n%s", f)
	}
	again := hub.NewBoard(a2ui.Options{}, fixedClock)
	again.AppendFrom(hub.FromAgent, hub.RoleAgent, "new hub line 1")
	again.AppendFrom(hub.FromAgent, hub.RoleAgent, "new hub line 2")
	v.Board = again
	m.refresh()
	f := m.View()
	if !strings.Contains(f, "new hub line 1") || !strings.Contains(f, "new hub line 2") {
		t.Errorf("the new hub's lines are not shown:\n%s", f)
	}
	if strings.Contains(f, "old hub line") {
		t.Errorf("the old hub's lines are still shown:\n%s", f)
	}
	// A third hub that wrote more lines than the first had by the time the
	// terminal reached it.
	third := hub.NewBoard(a2ui.Options{}, fixedClock)
	for i := 1; i <= 25; i++ {
		third.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("third hub line %d", i))
	}
	v.Board = third
	m.refresh()
	f = m.View()
	if !strings.Contains(f, "third hub line 25") || strings.Contains(f, "new hub line") {
		t.Errorf("the third hub's transcript is not the one shown:\n%s", f)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyHome})
	if f := m.View(); !strings.Contains(f, "third hub line 1\n") && !strings.Contains(f, "third hub line 1 ") {
		t.Errorf("the top of the transcript is not the third hub's first line:\n%s", f)
	}
}

// TestLostHubIsSaidBesideTheTranscript: while an attached terminal has
// lost its hub, the status line says so; the transcript holds only the
// hub's entries, so that once the terminal reaches the hub again the
// entries it wrote meanwhile are all shown, the one numbered after the
// last seen included, and the status line no longer says it is lost.
func TestLostHubIsSaidBesideTheTranscript(t *testing.T) {
	b := hub.NewBoard(a2ui.Options{}, fixedClock)
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "line one")
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "line two")
	v := &hubView{Board: b}
	m := New(v, testOptions(termenv.Ascii))
	t.Cleanup(m.Close)
	m.SetSize(60, 20)
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	_ = m.View()
	v.lost = "The a2term at a2term.sock went away; trying to reach it again…"
	m.refresh()
	if f := m.View(); !strings.Contains(f, "went away") {
		t.Errorf("the frame does not say the a2term went away:\n%s", f)
	}
	// Keys do not make it go while the a2term is away.
	m.Update(tea.KeyMsg{Type: tea.KeyPgUp})
	m.Update(tea.KeyMsg{Type: tea.KeyEnd})
	if f := m.View(); !strings.Contains(f, "went away") {
		t.Errorf("after two keys, the frame no longer says the a2term went away:\n%s", f)
	}
	v.lost = ""
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "line three")
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "line four")
	m.refresh()
	f := m.View()
	for _, want := range []string{"line two", "line three", "line four"} {
		if !strings.Contains(f, want) {
			t.Errorf("%q is not shown once the a2term is reached again:\n%s", want, f)
		}
	}
	if strings.Contains(f, "went away") {
		t.Errorf("the frame still says the a2term went away:\n%s", f)
	}
}

// TestWrapWordsCutsJSONAfterCommas: an action's JSON, too long for a
// line, is cut after a comma or a colon (a line never narrower than half
// the width for it), not in the middle of a value such as "INV-1057".
func TestWrapWordsCutsJSONAfterCommas(t *testing.T) {
	const ctx = `context={"invoices":["INV-1042","INV-1057"],"note":"thanks"}`
	for w := 12; w < len(ctx); w++ {
		var got []string
		for _, sp := range wrapWords(ctx, w) {
			l := ctx[sp[0]:sp[1]]
			if textWidth(l) > w {
				t.Fatalf("width %d: line %q is wider", w, l)
			}
			got = append(got, l)
		}
		if strings.Join(got, "") != ctx {
			t.Fatalf("width %d: the text changed: %q", w, got)
		}
		for i, l := range got[:len(got)-1] {
			// Cut after a separator unless none leaves half a line.
			if k := strings.LastIndexAny(l, ",:"); k+1 != len(l) && 2*(k+1) >= w {
				t.Errorf("width %d: line %d %q is cut at %d, not after its separator at %d", w, i, l, len(l), k+1)
			}
		}
	}
	// However narrow, no line is wider than the width, wide characters
	// after the comma included.
	for _, text := range []string{",x世", "ab,cd世界,e", "a,世,界"} {
		for w := 1; w <= 4; w++ {
			for _, sp := range wrapWords(text, w) {
				if l := text[sp[0]:sp[1]]; textWidth(l) > max(w, 2) {
					t.Errorf("%q at %d: line %q is wider", text, w, l)
				}
			}
		}
	}
	var lines []string
	for _, sp := range wrapWords(ctx, 24) {
		lines = append(lines, ctx[sp[0]:sp[1]])
	}
	if want := []string{`context={"invoices":`, `["INV-1042","INV-1057"],`, `"note":"thanks"}`}; strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("at 24: %q, want %q", lines, want)
	}
}

// TestWrapWordsCutsLongPathsAtSeparators wraps a path longer than a
// line at widths 24 to 40: every line but the last ends at a slash, so
// no name in the path is cut in two and each piece can be copied as it
// is, and the pieces put together are the path.
func TestWrapWordsCutsLongPathsAtSeparators(t *testing.T) {
	const path = "/home/ada/src/a2term-demo/some/deeply/nested/folder/of/agents/agent.py"
	for w := 16; w <= 40; w++ {
		var got []string
		for _, sp := range wrapWords("see "+path, w) {
			got = append(got, ("see " + path)[sp[0]:sp[1]])
		}
		if got[0] != "see" || strings.Join(got[1:], "") != path {
			t.Fatalf("width %d: %q", w, got)
		}
		for _, l := range got[1 : len(got)-1] {
			if !strings.HasSuffix(l, "/") || textWidth(l) > w {
				t.Errorf("width %d: %q is not cut after a slash: %q", w, l, got)
			}
		}
	}
	// A name longer than the line is cut after a dash.
	const long = "/srv/summary-of-open-invoices.json"
	if got := wrapWords(long, 20); len(got) != 3 || long[got[1][0]:got[1][1]] != "summary-of-open-" {
		t.Errorf("a name longer than a line: %v", got)
	}
}

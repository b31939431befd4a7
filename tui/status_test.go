package tui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestStatusLineKeepsTheWebAddress draws the status line at every width
// from 60 to 200 in every state of the keys (a field, a button, the
// transcript, a search, a notice, nothing focused): it fits, says what the
// keys do, and always shows the web mirror's address, shortened rather
// than left out.
func TestStatusLineKeepsTheWebAddress(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	b.SetStatus(func(s *hub.Status) {
		s.WebURL = "http://127.0.0.1:41234/pair/0123456789abcdef0123456789abcdef"
		s.Listening = "/run/user/1000/a2term/a2term.sock"
		s.Viewers, s.Queued = 2, 3
		s.Agent = hub.AgentConnected
	})
	m := New(b, testOptions(termenv.ANSI256))
	defer m.Close()
	states := []struct {
		name string
		set  func()
		says string
	}{
		{"field", func() { m.Focus("name") }, "typing"},
		{"button", func() { m.Focus("send") }, "enter"},
		{"list", func() { m.Focus("milk") }, "choose"},
		{"nothing", func() { m.clearFocus(); m.relayout() }, "tab"},
		{"transcript", func() {
			if m.lay.wide {
				m.clearFocus()
				m.scriptFocus = true
			} else {
				m.narrowScript = true
			}
			m.relayout()
		}, "scroll"},
		{"search", func() { m.Update(tea.KeyMsg{Type: tea.KeyEsc}); m.Update(runes("/")) }, "/"},
		{"notice", func() { m.searching = false; m.setNotice("Not sent: the agent refused it for a long reason", false) }, "Not sent"},
	}
	for w := 60; w <= 200; w++ {
		m.SetSize(w, 24)
		m.narrowScript, m.scriptFocus, m.hideScript, m.searching, m.notice = false, false, false, false, ""
		for _, st := range states {
			st.set()
			line := m.statusLines(1)[0] // the status line in one row
			plain := ansi.Strip(line)
			if ansi.StringWidth(line) > w {
				t.Fatalf("width %d, %s: the status line is %d wide: %q", w, st.name, ansi.StringWidth(line), plain)
			}
			if !strings.Contains(plain, "127.0.0.1:41234") {
				t.Errorf("width %d, %s: no web address: %q", w, st.name, plain)
			}
			if !strings.Contains(plain, st.says) {
				t.Errorf("width %d, %s: does not say %q: %q", w, st.name, st.says, plain)
			}
			if w >= 160 && st.name == "nothing" && !strings.Contains(plain, "pair/0123456789abcdef0123456789abcdef") {
				t.Errorf("width %d: the whole link does not show: %q", w, plain)
			}
		}
	}
}

// TestTabsMarkWhatChanged: a tab is marked while its surface changed since
// it was last on the screen, and not once it is shown.
func TestTabsMarkWhatChanged(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	m := New(b, testOptions(termenv.Ascii))
	defer m.Close()
	m.SetSize(80, 24)
	m.Show("other")
	m.Show("settings")
	tab := func(id string) string {
		for _, tp := range m.lay.tabs {
			if tp.id == id {
				return tp.label
			}
		}
		return ""
	}
	if strings.Contains(tab("other"), "•") {
		t.Fatalf("a surface seen and unchanged is marked: %q", tab("other"))
	}
	showOn(t, b, `{"dataModelUpdate":{"surfaceId":"other","contents":[{"key":"x","valueString":"y"}]}}
{"surfaceUpdate":{"surfaceId":"other","components":[{"id":"hello","component":{"Text":{"text":{"literalString":"Changed"}}}}]}}`)
	m.refresh()
	if !strings.Contains(tab("other"), "•") || strings.Contains(tab("settings"), "•") {
		t.Errorf("tabs after other changed: %q %q", tab("settings"), tab("other"))
	}
	m.Update(altKey("2"))
	m.Update(altKey("1"))
	if strings.Contains(tab("other"), "•") {
		t.Errorf("seen, the tab is still marked: %q", tab("other"))
	}
	// A wide terminal with the pane hidden counts the agent's lines on the
	// transcript's tab too.
	m.SetSize(120, 30)
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
	b.AppendFrom(hub.FromAgent, hub.RoleAgent, "hidden words")
	m.refresh()
	if got := m.lay.scriptTab.label; got != " transcript 1 new " {
		t.Errorf("the hidden transcript's tab: %q", got)
	}
}

// TestLongNoticeIsReadInFull: a refusal too long for the status line takes
// the rows above it (up to three) instead of losing its end, where the
// reason is; the screen keeps its height, the web address stays, and the
// next key gives the rows back to the surface.
func TestLongNoticeIsReadInFull(t *testing.T) {
	b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
	b.SetStatus(func(s *hub.Status) {
		s.WebURL = "http://127.0.0.1:41234/pair/0123456789abcdef0123456789abcdef"
		s.Agent = hub.AgentConnected
	})
	m := New(b, testOptions(termenv.ANSI256))
	defer m.Close()
	const notice = `Not sent: button "save" is disabled by its checks: Save waits for a four-digit PIN and one or two ways to reach you`
	for w := 60; w <= 200; w += 7 {
		m.SetSize(w, 20)
		m.Focus("send")
		one := m.lay.bodyH
		m.setNotice(notice, false)
		rows := m.lay.statusH
		// The notice is 113 cells: beside the address it needs more
		// than one row below 110 columns.
		if rows < 1 || rows > 3 || (w < 110 && rows == 1) {
			t.Errorf("width %d: the notice takes %d rows", w, rows)
		}
		if m.lay.bodyH != one-(rows-1) {
			t.Errorf("width %d: the body is %d rows with a %d-row status, %d with one", w, m.lay.bodyH, rows, one)
		}
		screen := strings.Split(m.View(), "\n")
		if len(screen) != 20 {
			t.Fatalf("width %d: the screen is %d rows", w, len(screen))
		}
		status := ansi.Strip(strings.Join(screen[20-rows:], " "))
		for _, word := range strings.Fields(notice) {
			if !strings.Contains(status, word) {
				t.Errorf("width %d: the status rows lack %q:\n%s", w, word, status)
			}
		}
		if !strings.Contains(status, "127.0.0.1:41234") {
			t.Errorf("width %d: no web address:\n%s", w, status)
		}
		for _, row := range screen {
			if ansi.StringWidth(row) > w {
				t.Errorf("width %d: a row is %d wide: %q", w, ansi.StringWidth(row), ansi.Strip(row))
			}
		}
		m.Update(tea.KeyMsg{Type: tea.KeyTab})
		if m.lay.statusH != 1 || m.lay.bodyH != one {
			t.Errorf("width %d: after a key the status has %d rows and the body %d (want 1 and %d)", w, m.lay.statusH, m.lay.bodyH, one)
		}
	}
}

// TestStatusRowsFollowAnEmptyingCanvas: the status line's rows, worked out
// before the surface is laid out, still fit a long notice once the last
// surface is deleted under it (an empty canvas leaves the keys less room).
func TestStatusRowsFollowAnEmptyingCanvas(t *testing.T) {
	raw := func(s string) []json.RawMessage { return []json.RawMessage{json.RawMessage(s)} }
	for n := 10; n < 200; n++ {
		b := hub.NewBoard(a2ui.Options{}, nil)
		b.SetStatus(func(s *hub.Status) { s.Listening = "/run/user/1000/a2term-123456789/a2term.sock" })
		if _, _, err := b.Show(append(raw(`{"beginRendering":{"surfaceId":"main","root":"pay"}}`), raw(`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay"}}}},{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`)...)); err != nil {
			t.Fatal(err)
		}
		m := New(b, testOptions(termenv.Ascii))
		m.SetSize(80, 20)
		m.setNotice(strings.Repeat("x", n%7)+strings.Repeat(" refused", n/8), false)
		if _, _, err := b.Show(raw(`{"deleteSurface":{"surfaceId":"main"}}`)); err != nil {
			t.Fatal(err)
		}
		m.Update(changedMsg{})
		if got, want := m.lay.statusH, m.statusRows(); got != want {
			t.Errorf("a notice of %d cells: the layout keeps %d status rows, the status needs %d", len(m.notice), got, want)
		}
		if rows := len(strings.Split(m.View(), "\n")); rows != 20 {
			t.Errorf("a notice of %d cells: the screen is %d rows", len(m.notice), rows)
		}
		m.Close()
	}
}

// set gives v canvas c, taken anew (a resync) or as an ordinary change.
func (v *hubView) set(c *a2ui.Canvas, anew bool) {
	v.canvas = c
	if anew {
		v.anew++
	}
}

// TestTabsUnmarkedAfterARestore: when the canvas is made anew from the
// same state (an attached terminal resyncing with its hub), the tabs the
// person saw stay unmarked though every version moved; a surface that
// changed meanwhile is marked, and so is one that changes later.
func TestTabsUnmarkedAfterARestore(t *testing.T) {
	two := func(other string) []json.RawMessage {
		return raws(`{"surfaceUpdate":{"surfaceId":"one","components":[{"id":"t","component":{"Text":{"text":{"literalString":"One"}}}}]}}`,
			`{"beginRendering":{"surfaceId":"one","root":"t"}}`,
			`{"surfaceUpdate":{"surfaceId":"two","components":[{"id":"t","component":{"Text":{"text":{"literalString":"`+other+`"}}}}]}}`,
			`{"beginRendering":{"surfaceId":"two","root":"t"}}`)
	}
	first, _, err := a2ui.New(a2ui.Options{}).ApplyJSON(two("Two"))
	if err != nil {
		t.Fatal(err)
	}
	v := &hubView{Board: hub.NewBoard(a2ui.Options{}, fixedClock), canvas: first}
	m := New(v, testOptions(termenv.Ascii))
	defer m.Close()
	m.SetSize(80, 24)
	m.Show("two")
	m.Show("one")
	marked := func() (out []string) {
		for _, tp := range m.lay.tabs {
			if strings.Contains(tp.label, "•") {
				out = append(out, tp.id)
			}
		}
		return out
	}
	restore := func(from *a2ui.Canvas) *a2ui.Canvas {
		c, err := a2ui.NewAfter(from.Options(), v.Snapshot().Canvas.Version()).Restore(from.Save())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	again := restore(first)
	if again.Surface("two").Version() <= first.Surface("two").Version() {
		t.Fatal("the restored canvas's versions do not move on")
	}
	v.set(again, true)
	m.refresh()
	if got := marked(); len(got) != 0 {
		t.Errorf("after the same state was restored, tabs %v are marked", got)
	}
	changed, _, err := a2ui.New(a2ui.Options{}).ApplyJSON(two("Changed"))
	if err != nil {
		t.Fatal(err)
	}
	v.set(restore(changed), true)
	m.refresh()
	if got := marked(); strings.Join(got, " ") != "two" {
		t.Errorf("after a state where two changed was restored, tabs %v are marked, want two", got)
	}
	m.Show("two")
	m.Show("one")
	later, _, err := v.Snapshot().Canvas.ApplyJSON(raws(`{"surfaceUpdate":{"surfaceId":"two","components":[{"id":"t","component":{"Text":{"text":{"literalString":"Later"}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	v.set(later, false)
	m.refresh()
	if got := marked(); strings.Join(got, " ") != "two" {
		t.Errorf("after two changed, tabs %v are marked, want two", got)
	}
}

// TestStatusLineHoldsTheWholeLinkAt80: at 80 columns the status line
// shows the pairing link whole (22 characters of code, 128 bits), not a
// code cut short, whatever the keys say on the left, once an agent is
// connected (before, where agents connect may take the room).
func TestStatusLineHoldsTheWholeLinkAt80(t *testing.T) {
	const link = "127.0.0.1:41234/pair/7YqPjw2dN9sKxA4hBvR3mZ"
	for _, agent := range []hub.AgentPresence{hub.AgentConnected} {
		b := boardFrom(t, fixtures(t)["settings.jsonl"], false)
		b.SetStatus(func(s *hub.Status) {
			s.WebURL = "http://" + link
			s.Listening = "/run/user/1000/a2term/a2term.sock"
			s.Agent = agent
		})
		m := New(b, testOptions(termenv.ANSI256))
		m.SetSize(80, 24)
		for _, id := range []string{"name", "send", "milk"} {
			m.Focus(id)
			if line := ansi.Strip(m.statusLines(1)[0]); !strings.Contains(line, link) {
				t.Errorf("agent %v, focus on %s: the status line at 80 columns cuts the link:\n%q", agent, id, line)
			}
		}
		m.Close()
	}
}

package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// focusInView reports whether the focused control is on the screen.
func focusInView(m *Model) bool {
	for _, h := range m.lay.focusables {
		if h.Node == m.focus[m.active] {
			return h.Y >= m.lay.scroll && h.Y+min(h.H, m.lay.surfH) <= m.lay.scroll+m.lay.surfH
		}
	}
	return false
}

// TestScrollKeepsTheFocusInView: in the demo's gallery the Tabs control
// has the focus; a page down keeps the focus on a control on the screen,
// which the keys then work (it is never silently dropped).
func TestScrollKeepsTheFocusInView(t *testing.T) {
	for _, size := range [][2]int{{60, 20}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := New(demoBoard(t), testOptions(termenv.Ascii))
			defer m.Close()
			m.SetSize(size[0], size[1])
			m.Show("gallery")
			if m.focus["gallery"] != "tabs" {
				t.Fatalf("the gallery opened with the focus on %q", m.focus["gallery"])
			}
			// Where the first tab fits, a page down has nothing to scroll
			// and leaves the focus where it is; where it does not (60x20),
			// the focus stays in view or the status line says it went.
			fits := m.lay.frame.H() <= m.lay.surfH
			m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
			switch {
			case fits && m.focus["gallery"] != "tabs":
				t.Fatalf("pgdn on a surface that fits took the focus to %q", m.focus["gallery"])
			case !fits && m.focus["gallery"] == "" && m.notice == "":
				t.Fatal("pgdn dropped the focus and said nothing")
			case !fits && m.focus["gallery"] != "" && !focusInView(m):
				t.Fatalf("pgdn left the focus on %q, off the screen", m.focus["gallery"])
			}
			if m.focus["gallery"] != "tabs" {
				m.Update(tea.KeyMsg{Type: tea.KeyHome})
				m.Update(tea.KeyMsg{Type: tea.KeyTab})
				if m.focus["gallery"] != "tabs" {
					t.Fatalf("back at the top, tab focused %q", m.focus["gallery"])
				}
			}
			m.Update(tea.KeyMsg{Type: tea.KeyRight}) // Layout
			m.Update(tea.KeyMsg{Type: tea.KeyRight}) // Input, the longest
			if m.lay.frame.H() <= m.lay.surfH {
				t.Fatal("the Input tab fits: nothing to scroll")
			}
			for i := 0; i < 3 && m.lay.scroll+m.lay.surfH < m.lay.frame.H(); i++ {
				before := m.lay.scroll
				m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
				if m.lay.scroll == before {
					t.Fatalf("pgdn %d did not scroll", i+1)
				}
				if m.focus["gallery"] == "" && m.notice == "" {
					t.Fatalf("pgdn %d dropped the focus and said nothing", i+1)
				}
				if m.focus["gallery"] != "" && !focusInView(m) {
					t.Fatalf("pgdn %d left the focus on %q, off the screen", i+1, m.focus["gallery"])
				}
			}
			if m.focus["gallery"] == "" {
				t.Fatalf("no control in view after scrolling the gallery: %q", m.View())
			}
			// The same again up, to the top.
			for i := 0; i < 3 && m.lay.scroll > 0; i++ {
				m.Update(tea.KeyMsg{Type: tea.KeyPgUp})
				if !focusInView(m) {
					t.Fatalf("pgup %d: focus %q off the screen", i+1, m.focus["gallery"])
				}
			}
			if m.lay.scroll != 0 {
				t.Errorf("pgup did not reach the top: scroll %d", m.lay.scroll)
			}
		})
	}
}

// TestScrollSaysTheFocusWentOff: when no control is left on the screen,
// the focus goes and the status line says so, and tab brings it back.
func TestScrollSaysTheFocusWentOff(t *testing.T) {
	var ids []string
	var parts []string
	for i := 0; i < 40; i++ {
		id := fmt.Sprintf("t%d", i)
		ids = append(ids, `"`+id+`"`)
		parts = append(parts, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"literalString":"line %d"}}}}`, id, i))
	}
	stream := `{"beginRendering":{"surfaceId":"s","root":"col"}}
{"surfaceUpdate":{"surfaceId":"s","components":[` +
		`{"id":"col","component":{"Column":{"children":{"explicitList":["top",` + strings.Join(ids, ",") + `]}}}},` +
		`{"id":"top","component":{"Button":{"child":"top-label","action":{"name":"go"}}}},` +
		`{"id":"top-label","component":{"Text":{"text":{"literalString":"Go"}}}},` +
		strings.Join(parts, ",") + `]}}`
	m := New(boardFrom(t, []byte(stream), false), testOptions(termenv.Ascii))
	defer m.Close()
	m.SetSize(80, 24)
	if m.focus["s"] != "top" {
		t.Fatalf("focus %q, not the button", m.focus["s"])
	}
	m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
	if m.focus["s"] != "" {
		t.Fatalf("the focus stayed on %q, off the screen", m.focus["s"])
	}
	if !strings.Contains(m.View(), "no control in view") {
		t.Errorf("the status line does not say the focus went: %q", lines(m.View())[23])
	}
	m.Update(tea.KeyMsg{Type: tea.KeyTab})
	if m.focus["s"] != "top" || m.lay.scroll != 0 {
		t.Errorf("tab: focus %q, scroll %d", m.focus["s"], m.lay.scroll)
	}
}

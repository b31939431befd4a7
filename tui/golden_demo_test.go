package tui

import (
	"fmt"
	"os"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/hub"
)

// demoBoard shows the demo's three surfaces and a transcript of what an
// agent says while showing them: its words, a2term's own lines, a tool's
// output, a child's output with an address and a path in it.
func demoBoard(t *testing.T) *hub.Board {
	t.Helper()
	var stream []byte
	for _, part := range []string{"invoices", "settings", "gallery"} {
		data, err := os.ReadFile("../cmd/a2term/demo/" + part + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		stream = append(append(stream, data...), '\n')
	}
	b := boardFrom(t, stream, false)
	for i := 0; i < 12; i++ {
		b.AppendFrom(hub.FromAgent, hub.RoleAgent, fmt.Sprintf("Step %d: here is what I did, in a sentence long enough to wrap in the pane.", i+1))
		switch i % 3 {
		case 0:
			b.AppendFrom(hub.FromAgent, hub.RoleTool, "read /home/ada/projects/a2term-demo/invoices/2026-12.json (4 kB)")
		case 1:
			b.AppendOutput(false, "fetched https://billing.example.com/api/v2/invoices?status=open in 120 ms")
		case 2:
			b.Append(hub.RoleNote, "a note from a2term itself")
		}
	}
	return b
}

// TestGoldenDemo keeps the frames of the demo's surfaces at 60×20, 80×24
// and 120×40, with colour and without: each surface as it opens (its first
// control focused), the transcript scrolled back, the gallery scrolled
// down, and the help open (go test ./tui -run TestGoldenDemo -update
// rewrites them; review the diff). Every frame is exactly the terminal's
// size and no line is wider.
func TestGoldenDemo(t *testing.T) {
	for _, profile := range []struct {
		name string
		p    termenv.Profile
	}{{"color", termenv.ANSI256}, {"nocolor", termenv.Ascii}} {
		for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
			w, h := size[0], size[1]
			frame := func(name string, do func(t *testing.T, m *Model, b *hub.Board)) {
				t.Run(fmt.Sprintf("%s_%s_%dx%d", name, profile.name, w, h), func(t *testing.T) {
					b := demoBoard(t)
					m := New(b, testOptions(profile.p))
					defer m.Close()
					m.SetSize(w, h)
					do(t, m, b)
					f := m.View()
					ls := lines(f)
					if len(ls) != h {
						t.Fatalf("%d lines", len(ls))
					}
					for i, l := range ls {
						if ansi.StringWidth(l) > w {
							t.Fatalf("line %d is %d wide: %q", i, ansi.StringWidth(l), ansi.Strip(l))
						}
					}
					golden.RequireEqual(t, []byte(f+"\n"))
				})
			}
			for _, s := range []string{"invoices", "settings", "gallery"} {
				frame(s, func(_ *testing.T, m *Model, _ *hub.Board) { m.Show(s) })
			}
			frame("transcript_scrolled", func(t *testing.T, m *Model, b *hub.Board) {
				if !m.lay.wide {
					m.Update(tea.KeyMsg{Type: tea.KeyCtrlT})
				} else {
					for range m.lay.focusables {
						m.Update(tea.KeyMsg{Type: tea.KeyTab}) // past the last control: the pane
					}
					if !m.scriptActive() {
						t.Fatal("tab did not reach the transcript")
					}
				}
				m.Update(tea.KeyMsg{Type: tea.KeyPgUp})
				b.AppendFrom(hub.FromAgent, hub.RoleAgent, "a line that arrives while the person reads")
				m.refresh()
			})
			frame("gallery_scrolled", func(t *testing.T, m *Model, _ *hub.Board) {
				m.Show("gallery")
				m.Update(tea.KeyMsg{Type: tea.KeyRight}) // the tabs have the focus: Layout
				m.Update(tea.KeyMsg{Type: tea.KeyRight}) // Input, the longest
				m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
				if m.lay.frame.H() > m.lay.surfH && m.lay.scroll == 0 {
					t.Fatal("the gallery did not scroll")
				}
			})
			frame("help", func(_ *testing.T, m *Model, _ *hub.Board) { m.Update(tea.KeyMsg{Type: tea.KeyF1}) })
		}
	}
}

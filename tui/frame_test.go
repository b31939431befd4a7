package tui

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/components"
)

// TestWidthSweep draws every fixture at every width from 20 to 200: the
// frame is always exactly as tall as the terminal and no line is wider.
func TestWidthSweep(t *testing.T) {
	for name, data := range fixtures(t) {
		b := boardFrom(t, data, true)
		m := New(b, testOptions(termenv.ANSI256))
		for w := 20; w <= 200; w++ {
			for _, h := range []int{20, 41} {
				m.SetSize(w, h)
				ls := lines(m.View())
				if len(ls) != h {
					t.Fatalf("%s at %dx%d: %d lines", name, w, h, len(ls))
				}
				for i, l := range ls {
					if got := ansi.StringWidth(l); got > w {
						t.Fatalf("%s at %dx%d: line %d is %d wide: %q", name, w, h, i, got, ansi.Strip(l))
					}
				}
			}
		}
		m.Close()
	}
}

// TestHostileTextStaysText pushes a stream whose every string carries
// escape sequences, controls and bidi overrides through the whole pipeline:
// every frame — idle, each control focused, the dialog open, the help —
// holds no escape but the program's own SGR styling.
func TestHostileTextStaysText(t *testing.T) {
	data := fixtures(t)["hostile.jsonl"]
	if data == nil {
		t.Fatal("testdata/streams/hostile.jsonl is missing")
	}
	for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		b := boardFrom(t, data, false)
		m := New(b, testOptions(profile))
		for _, size := range [][2]int{{80, 24}, {120, 40}, {60, 20}} {
			m.SetSize(size[0], size[1])
			check := func(state string) {
				t.Helper()
				f := m.View()
				if bad := badEscape(f); bad != "" {
					t.Fatalf("%v %dx%d %s: frame holds %q", profile, size[0], size[1], state, bad)
				}
				if strings.Contains(f, "hunter2") {
					t.Fatalf("%s: the obscured value is visible", state)
				}
			}
			check("idle")
			for _, f := range m.lay.focusables {
				m.focus[m.active] = f.Node
				m.relayout()
				check("focus " + f.Node)
			}
			m.state().Modal = "modal"
			m.relayout()
			check("dialog open")
			m.state().Modal = ""
			m.helpOpen = true
			check("help")
			m.helpOpen = false
		}
		m.Close()
	}
}

func TestFrameNamesWhatIsMissing(t *testing.T) {
	b := boardFrom(t, fixtures(t)["order-form.jsonl"], false)
	if _, err := Frame(b, testOptions(termenv.Ascii), 80, 24, "nope", ""); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown surface: %v", err)
	}
	if _, err := Frame(b, testOptions(termenv.Ascii), 80, 24, "", "title"); err == nil || !strings.Contains(err.Error(), `"title"`) {
		t.Errorf("focus on a Text: %v", err)
	}
	f, err := Frame(b, testOptions(termenv.Ascii), 80, 24, "order", "send")
	if err != nil {
		t.Fatal(err)
	}
	// Without colour the focused button is marked by glyphs, and the
	// active tab by brackets.
	if !strings.Contains(f, "> Order <") || !strings.Contains(f, "[1 order]") {
		t.Errorf("frame does not show the focused button and the active tab:\n%s", f)
	}
	idle, err := Frame(b, testOptions(termenv.Ascii), 80, 24, "order", "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(idle, "> Order <") || !strings.Contains(idle, "[ Order ]") {
		t.Errorf("with no focus the button is still drawn focused:\n%s", idle)
	}
}

// TestNoColorKeepsTheLayout draws every fixture with each control focused
// in colour and without (NO_COLOR): the surface is as tall and every
// control is drawn where it is in colour, so the marks that stand for
// colour take no columns of their own, and nothing wraps differently.
func TestNoColorKeepsTheLayout(t *testing.T) {
	for name, data := range fixtures(t) {
		// Pictures are left out: without colour there is no picture to
		// draw, only its alt text.
		co, po := testOptions(termenv.ANSI256), testOptions(termenv.Ascii)
		co.Widgets.NoImages, po.Widgets.NoImages = true, true
		color, plain := New(boardFrom(t, data, true), co), New(boardFrom(t, data, true), po)
		for _, size := range [][2]int{{60, 20}, {80, 24}, {120, 40}} {
			color.SetSize(size[0], size[1])
			plain.SetSize(size[0], size[1])
			for _, s := range color.shownSurfaces() {
				color.Show(s.ID())
				plain.Show(s.ID())
				for _, f := range append([]components.Hit{{}}, color.lay.focusables...) {
					color.focus[color.active], plain.focus[plain.active] = f.Node, f.Node
					color.relayout()
					plain.relayout()
					if ch, ph := color.lay.frame.H(), plain.lay.frame.H(); ch != ph {
						t.Errorf("%s %s %v focus %q: %d lines in colour, %d without", name, s.ID(), size, f.Node, ch, ph)
					}
					if !reflect.DeepEqual(color.lay.focusables, plain.lay.focusables) {
						t.Errorf("%s %s %v focus %q: the controls move without colour:\n%+v\n%+v", name, s.ID(), size, f.Node, color.lay.focusables, plain.lay.focusables)
					}
					cl, pl := lines(color.View()), lines(plain.View())
					for i := range cl {
						if cw, pw := ansi.StringWidth(cl[i]), ansi.StringWidth(pl[i]); cw != pw {
							t.Errorf("%s %s %v focus %q: line %d is %d wide in colour, %d without:\n%q\n%q", name, s.ID(), size, f.Node, i, cw, pw, ansi.Strip(cl[i]), pl[i])
						}
					}
				}
			}
		}
		color.Close()
		plain.Close()
	}
}

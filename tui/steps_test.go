package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/components"
)

// TestEveryHelpKeyIsAStep names every key of both KeyMaps in a step: each
// parses, and the key press it makes matches the binding it came from, so
// a key that the help shows works in --keys and does what the help says.
func TestEveryHelpKeyIsAStep(t *testing.T) {
	km, ck := DefaultKeyMap(), components.DefaultKeyMap()
	bindings := []key.Binding{
		km.NextFocus, km.PrevFocus, km.NextSurface, km.PrevSurface, km.Surface, km.Transcript,
		km.OpenWeb, km.CopyLink, km.Help, km.Back, km.ScrollUp, km.ScrollDown, km.Quit, km.HelpQ, km.QuitQ,
		km.SurfaceDigit, km.LineUp, km.LineDown, km.Top, km.Bottom, km.Search, km.NextMatch, km.PrevMatch,
		ck.Activate, ck.Left, ck.Right, ck.Up, ck.Down, ck.Home, ck.End, ck.BigLeft, ck.BigRight, ck.Delete,
		ck.Close, ck.DeleteForward, ck.Newline, ck.WordLeft, ck.WordRight, ck.DeleteWord, ck.KillStart, ck.KillEnd,
	}
	n := 0
	for _, b := range bindings {
		for _, name := range b.Keys() {
			if name == " " {
				name = "space"
			}
			steps, err := ParseSteps(name)
			if err != nil {
				t.Errorf("%q: %v", name, err)
				continue
			}
			if len(steps) != 1 || len(steps[0].Keys) != 1 || !key.Matches(steps[0].Keys[0], b) {
				t.Errorf("%q: the step %+v does not match its binding %v", name, steps, b.Keys())
			}
			n++
		}
		// The help's spelling of a lone key names it too (pgdn).
		if h := b.Help().Key; len(b.Keys()) == 1 && h != b.Keys()[0] && isKeyWord(h) {
			steps, err := ParseSteps(h)
			if err != nil || len(steps) != 1 || len(steps[0].Keys) != 1 || !key.Matches(steps[0].Keys[0], b) {
				t.Errorf("the help's %q: %+v, %v", h, steps, err)
			}
			n++
		}
	}
	if _, err := ParseSteps("pgdn"); err != nil {
		t.Errorf("pgdn, as the help writes it: %v", err)
	}
	if n < 30 || len(KeyNames()) > n {
		t.Errorf("%d keys named by the bindings, %d key names", n, len(KeyNames()))
	}
	for _, want := range []string{"tab", "shift+tab", "enter", "space", "up", "alt+2", "ctrl+o", "esc", "?", "q"} {
		if _, err := ParseSteps(want); err != nil {
			t.Errorf("%q: %v", want, err)
		}
	}
}

func TestParseSteps(t *testing.T) {
	steps, err := ParseSteps(`tab  shift+tab type:Ada type:"Grace Hopper" space wait enter type:"a \"b\""`)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range steps {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, "|"); got != `tab|shift+tab|type:Ada|type:"Grace Hopper"|space|wait|enter|type:"a \"b\""` {
		t.Errorf("names %s", got)
	}
	if !steps[5].Wait || len(steps[5].Keys) != 0 {
		t.Errorf("wait: %+v", steps[5])
	}
	var typed strings.Builder
	for _, k := range steps[3].Keys {
		typed.WriteString(string(k.Runes))
	}
	if typed.String() != "Grace Hopper" || len(steps[3].Keys) != 12 || steps[3].Keys[5].Type != tea.KeySpace {
		t.Errorf("type:\"Grace Hopper\" types %q in %d keys", typed.String(), len(steps[3].Keys))
	}
	if k := steps[4].Keys[0]; k.Type != tea.KeySpace || k.String() != " " {
		t.Errorf("space is %v", k)
	}
	if string(steps[7].Keys[2].Runes) != `"` || string(steps[7].Keys[4].Runes) != `"` {
		t.Errorf("escaped quote: %+v", steps[7].Keys)
	}
	if steps, err := ParseSteps("  "); err != nil || len(steps) != 0 {
		t.Errorf("no steps: %v %v", steps, err)
	}
	for in, want := range map[string]string{
		"tab nope":    `unknown key "nope"; the keys are / 1 2`,
		"Tab":         `unknown key "Tab"`,
		"ctrl+z":      `unknown key "ctrl+z"`,
		`"tab"`:       `unknown key "\"tab\""`,
		"type:":       "types nothing",
		`type:"open`:  "not closed",
		"type:a\tb":   "unknown key",
		"type:\x1b[m": "printable",
	} {
		_, err := ParseSteps(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	_, err = ParseSteps("nope")
	for _, k := range []string{"tab", "shift+tab", "space", "enter", "ctrl+n", "alt+8", "type:TEXT", "wait"} {
		if !strings.Contains(err.Error(), " "+k) {
			t.Errorf("the error does not name %q: %v", k, err)
		}
	}
}

package components

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// iconTree builds an Icon with a literal name (one of the 48) through a
// real stream.
func iconTree(t *testing.T, name string) *a2ui.Node {
	t.Helper()
	_, root := surface(t, "s", one(`{"id":"root","component":{"Icon":{"name":{"literalString":"`+name+`"}}}}`, nil, ""))
	return root
}

// iconBoundTree builds an Icon whose name comes from the data model, the
// way agents send names outside the 48.
func iconBoundTree(t *testing.T, name string) *a2ui.Node {
	t.Helper()
	v, _ := json.Marshal(name)
	_, root := surface(t, "s", one(`{"id":"root","component":{"Icon":{"name":{"path":"/icon"}}}}`, nil,
		`[{"key":"icon","valueString":`+string(v)+`}]`))
	return root
}

// iconGallery is a Column of Rows, each an icon and its name.
func iconGallery(t *testing.T, names []string, bound bool) *a2ui.Node {
	t.Helper()
	var ids, comps []string
	var contents []string
	for i, name := range names {
		id := fmt.Sprintf("r%d", i)
		ids = append(ids, `"`+id+`"`)
		nameProp := `{"literalString":"` + name + `"}`
		if bound {
			nameProp = fmt.Sprintf(`{"path":"/n%d"}`, i)
			contents = append(contents, fmt.Sprintf(`{"key":"n%d","valueString":%q}`, i, name))
		}
		comps = append(comps,
			`{"id":"`+id+`","component":{"Row":{"children":{"explicitList":["`+id+`i","`+id+`t"]}}}}`,
			`{"id":"`+id+`i","component":{"Icon":{"name":`+nameProp+`}}}`,
			`{"id":"`+id+`t","component":{"Text":{"text":{"literalString":"`+name+`"}}}}`)
	}
	root := `{"id":"root","component":{"Column":{"children":{"explicitList":[` + strings.Join(ids, ",") + `]}}}}`
	data := ""
	if bound {
		data = "[" + strings.Join(contents, ",") + "]"
	}
	_, n := surface(t, "s", one(root, comps, data))
	return n
}

func TestIconGolden(t *testing.T) {
	states := map[string]*Context{
		"color": textCtx(termenv.ANSI256, Options{}),
		"ascii": textCtx(termenv.ANSI256, Options{ASCII: true}),
	}
	goldenStates(t, "icon_standard", iconGallery(t, a2ui.IconNames(), false), states)
	goldenStates(t, "icon_material", iconGallery(t, []string{
		"pause", "play_arrow", "priority_high", "skip_next", "skip_previous", "stop",
		"arrow_back", "shopping_cart", "favorite_border", "no_such_icon",
	}, true), states)
	goldenStates(t, "icon_single", iconTree(t, "warning"), states)
}

// TestIconStandardNames checks every one of the 48 names: a glyph of its
// own, one cell wide in Unicode, an ASCII form, and never the
// unknown-name form.
func TestIconStandardNames(t *testing.T) {
	uni := textCtx(termenv.ANSI256, Options{})
	asc := textCtx(termenv.ANSI256, Options{ASCII: true})
	seenUni, seenASCII := map[string]string{}, map[string]string{}
	names := a2ui.IconNames()
	if len(names) != 48 {
		t.Fatalf("a2ui has %d icon names, want 48", len(names))
	}
	for _, name := range names {
		n := iconTree(t, name)
		unknown := "[" + name + "]"
		for _, c := range []*Context{uni, asc} {
			b := Render(n, 10, c)
			checkBlock(t, b, 10)
			glyph := strings.TrimRight(ansi.Strip(b.Lines[0]), " ")
			if glyph == "" || glyph == unknown || strings.Contains(glyph, name) {
				t.Errorf("%s (ASCII %v) drawn as %q", name, c.Theme.Options.ASCII, glyph)
			}
			if nat := Natural(n, c); nat != ansi.StringWidth(glyph) {
				t.Errorf("%s: Natural %d, glyph %q is %d wide", name, nat, glyph, ansi.StringWidth(glyph))
			}
			if c == uni {
				if w := ansi.StringWidth(glyph); w != 1 {
					t.Errorf("%s: glyph %q is %d cells wide, want 1", name, glyph, w)
				}
				if other, dup := seenUni[glyph]; dup {
					t.Errorf("%s and %s share the glyph %q", name, other, glyph)
				}
				seenUni[glyph] = name
				continue
			}
			for _, r := range glyph {
				if r > 0x7e || r < 0x20 {
					t.Errorf("%s: ASCII form %q holds %q", name, glyph, r)
				}
			}
			if other, dup := seenASCII[glyph]; dup {
				t.Errorf("%s and %s share the ASCII form %q", name, other, glyph)
			}
			seenASCII[glyph] = name
		}
	}
}

func TestIconMaterialNames(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	tests := map[string]string{
		"pause":           "‖",
		"play_arrow":      "▶",
		"priority_high":   "!",
		"skip_next":       "⇥",
		"skip_previous":   "⇤",
		"arrow_back":      "←", // a standard icon in Material's spelling
		"shopping_cart":   "⊔",
		"favorite_border": "♡",
		"lock-open":       "◻",
		"Settings":        "⚙",
	}
	for name, want := range tests {
		n := iconBoundTree(t, name)
		b := Render(n, 5, c)
		checkBlock(t, b, 5)
		if got := strings.TrimRight(ansi.Strip(b.Lines[0]), " "); got != want {
			t.Errorf("%q drawn %q, want %q", name, got, want)
		}
	}
}

func TestIconUnknownName(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	n := iconBoundTree(t, "rocket_launch_pad")
	b := Render(n, 30, c)
	checkBlock(t, b, 30)
	if want := c.Theme.Missing.Render("[rocket_launch_pad]"); !strings.HasPrefix(b.Lines[0], want) {
		t.Errorf("unknown icon drawn %q, want %q in the Missing style", b.Lines[0], want)
	}
	if got := Natural(n, c); got != len("[rocket_launch_pad]") {
		t.Errorf("Natural %d, want %d", got, len("[rocket_launch_pad]"))
	}
	// A long bound name is cut, not allowed to claim a whole row.
	long := iconBoundTree(t, strings.Repeat("x", 200))
	if got := Natural(long, c); got > maxIconName+2 {
		t.Errorf("Natural of a 200-character name is %d", got)
	}
	for w := 1; w <= 40; w++ {
		checkBlock(t, Render(long, w, c), w)
	}
}

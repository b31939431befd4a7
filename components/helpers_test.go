package components

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// testTheme is the theme golden files are drawn with: a pinned colour
// profile and a dark background, so that files do not depend on the
// terminal running the tests.
func testTheme(profile termenv.Profile) *Theme {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(true)
	return NewTheme(r, Options{})
}

// goldenWidths are the widths every widget is drawn at in golden files.
var goldenWidths = []int{30, 60, 100}

// surface applies a JSONL stream (one message per line) to a new canvas
// and returns the resolved tree of the surface; it fails the test on any
// refusal.
func surface(t *testing.T, surfaceID, stream string) (*a2ui.Canvas, *a2ui.Node) {
	t.Helper()
	var raws []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(stream), "\n") {
		if strings.TrimSpace(l) != "" {
			raws = append(raws, json.RawMessage(l))
		}
	}
	c, _, err := a2ui.New(a2ui.Options{}).ApplyJSON(raws)
	if err != nil {
		t.Fatalf("stream refused: %v", err)
	}
	s := c.Surface(surfaceID)
	if s == nil || s.Tree() == nil {
		t.Fatalf("surface %q is not shown", surfaceID)
	}
	return c, s.Tree()
}

// one builds a stream showing a single component (plus any others given)
// as the root of surface "s", with an optional data model (contents JSON).
func one(root string, others []string, contents string) string {
	comps := append([]string{root}, others...)
	var b strings.Builder
	b.WriteString(`{"beginRendering":{"surfaceId":"s","root":"root"}}` + "\n")
	b.WriteString(`{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(comps, ",") + `]}}` + "\n")
	if contents != "" {
		b.WriteString(`{"dataModelUpdate":{"surfaceId":"s","contents":` + contents + `}}` + "\n")
	}
	return b.String()
}

// checkBlock asserts the invariants every drawn block must hold: every
// line exactly w cells wide, no escape sequence but SGR styling, hits
// inside the block.
func checkBlock(t *testing.T, b Block, w int) {
	t.Helper()
	if b.W != w {
		t.Errorf("block is %d wide, asked for %d", b.W, w)
	}
	for i, l := range b.Lines {
		if got := ansi.StringWidth(l); got != w {
			t.Errorf("line %d is %d cells wide, want %d: %q", i, got, w, l)
		}
		if bad := nonSGR(l); bad != "" {
			t.Errorf("line %d holds a non-SGR escape %q", i, bad)
		}
	}
	for _, h := range b.Hits {
		if h.X < 0 || h.Y < 0 || h.X+h.W > w || h.Y+h.H > b.H() {
			t.Errorf("hit %+v lies outside the %dx%d block", h, w, b.H())
		}
	}
}

// nonSGR returns the first escape sequence in s that is not SGR styling.
func nonSGR(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] >= 0x30 && s[j] <= 0x3f) {
				j++
			}
			if j < len(s) && s[j] == 'm' {
				i = j
				continue
			}
		}
		end := min(len(s), i+8)
		return s[i:end]
	}
	return ""
}

// goldenBlock compares a drawn block with testdata/<name>.golden (run
// go test ./components -update to rewrite, then review the diff).
func goldenBlock(t *testing.T, name string, b Block) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		golden.RequireEqual(t, []byte(b.String()+"\n"))
	})
}

// states draws node n of a tree at every golden width in each named
// context and checks each against its golden file.
func goldenStates(t *testing.T, prefix string, n *a2ui.Node, states map[string]*Context) {
	t.Helper()
	for name, c := range states {
		for _, w := range goldenWidths {
			b := Render(n, w, c)
			checkBlock(t, b, w)
			goldenBlock(t, fmt.Sprintf("%s_%s_w%d", prefix, name, w), b)
		}
	}
}

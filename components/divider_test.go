package components

import (
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

func TestDividerGolden(t *testing.T) {
	st := NewState()
	goldenStates(t, "horizontal", layDivider("root", "horizontal"), pick(layStates("", st), "idle", "ascii_focused"))
	row := layRow("root", "start", "center",
		layColumn("col", "stretch", layText("a", "Check-in"), layText("b", "Friday 14:00")),
		layDivider("d", "vertical"),
		layColumn("col2", "stretch", layText("c", "Check-out"), layText("d2", "Sunday 11:00")))
	goldenStates(t, "vertical_in_row", row, pick(layStates("", st), "idle", "ascii_focused"))
}

func TestDividerHorizontal(t *testing.T) {
	for _, w := range []int{1, 2, 30, 100} {
		for _, ascii := range []bool{false, true} {
			glyph := "─"
			if ascii {
				glyph = "-"
			}
			b := Render(layDivider("d", "horizontal"), w, layCtx(termenv.TrueColor, ascii, ""))
			checkBlock(t, b, w)
			if got := plain(b); got != strings.Repeat(glyph, w) {
				t.Errorf("w=%d ascii=%v: %q", w, ascii, got)
			}
			if len(b.Hits) != 0 {
				t.Errorf("a rule is not something to click: %+v", b.Hits)
			}
		}
	}
}

// TestDividerSpansAlignedColumn: a horizontal rule has no width of its own
// and spans a column whatever its alignment.
func TestDividerSpansAlignedColumn(t *testing.T) {
	for _, align := range []string{"start", "center", "end", "stretch"} {
		n := layColumn("col", align, layText("t", "Title"), layDivider("d", "horizontal"))
		for _, ln := range []*a2ui.Node{n, layList("l", "vertical", align, n.Children...)} {
			b := Render(ln, 24, layCtx(termenv.TrueColor, false, ""))
			checkBlock(t, b, 24)
			if got := layLines(b)[1]; got != strings.Repeat("─", 24) {
				t.Errorf("%s %s: rule %q", ln.Type, align, got)
			}
		}
	}
}

func TestDividerVertical(t *testing.T) {
	c := layCtx(termenv.TrueColor, false, "")
	d := layDivider("d", "vertical")
	if got := Natural(d, c); got != 1 {
		t.Errorf("Natural = %d, want 1", got)
	}
	b := Render(d, 1, c)
	checkBlock(t, b, 1)
	if plain(b) != "│" {
		t.Errorf("alone: %q", plain(b))
	}
	// In a row: as tall as the tallest neighbour, whatever the alignment.
	for _, align := range []string{"start", "center", "end", "stretch"} {
		row := layRow("r", "start", align,
			layText("a", "x"), layDivider("d", "vertical"),
			layColumn("col", "stretch", layText("b", "1"), layText("c", "2"), layText("e", "3"), layText("f", "4")))
		b := Render(row, 20, c)
		checkBlock(t, b, 20)
		if b.H() != 4 {
			t.Fatalf("%s: height %d", align, b.H())
		}
		for y, l := range layLines(b) {
			if layCell(l, 2) != "│" {
				t.Errorf("%s line %d = %q: the divider should reach every line", align, y, l)
			}
		}
	}
}

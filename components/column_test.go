package components

import (
	"reflect"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// layForm is a small form: a heading, a card, a rule and two buttons in a
// row; focus goes to "go".
func layForm(id, align string) *a2ui.Node {
	return layColumn(id, align,
		layText("h", "Booking"),
		layCard("card", layText("body", "Two nights in Porto, from Friday to Sunday, breakfast included.")),
		layDivider("rule", "horizontal"),
		layRow("actions", "end", "center", layButton("back", "Back"), layButton("go", "Book")),
	)
}

func TestColumnGolden(t *testing.T) {
	st := NewState()
	for _, align := range []string{"stretch", "start", "center", "end"} {
		goldenStates(t, align, layForm("root", align), layStates("go", st))
	}
}

func TestColumnAlignment(t *testing.T) {
	const w = 40
	for _, c := range []struct {
		align string
		x     func(natural int) int
	}{
		{"start", func(int) int { return 0 }},
		{"center", func(n int) int { return (w - n) / 2 }},
		{"end", func(n int) int { return w - n }},
	} {
		n := layColumn("col", c.align, layButton("b", "Go"), layCard("card", layText("t", "Boxed")))
		b := Render(n, w, layCtx(termenv.TrueColor, false, ""))
		checkBlock(t, b, w)
		if b.H() != 4 {
			t.Fatalf("%s: height %d, want 4", c.align, b.H())
		}
		if h, _ := layHit(b, "b"); h.X != c.x(6) || h.Y != 0 || h.W != 6 {
			t.Errorf("%s: button hit %+v, want at column %d", c.align, h, c.x(6))
		}
		// The card keeps its natural width (5 + frame and padding).
		lines := layLines(b)
		if got := layCol(lines[1], "╭"); got != c.x(9) {
			t.Errorf("%s: card frame starts at %d, want %d: %q", c.align, got, c.x(9), lines[1])
		}
		if got := layCell(lines[1], c.x(9)+8); got != "╮" {
			t.Errorf("%s: card frame is not 9 wide: %q", c.align, lines[1])
		}
		if got := layCol(lines[2], "Boxed"); got != c.x(9)+2 {
			t.Errorf("%s: card text at %d, want %d", c.align, got, c.x(9)+2)
		}
	}

	// Stretch: every child as wide as the column.
	n := layColumn("col", "stretch", layButton("b", "Go"), layCard("card", layText("t", "Boxed")))
	b := Render(n, w, layCtx(termenv.TrueColor, false, ""))
	checkBlock(t, b, w)
	lines := layLines(b)
	if layCell(lines[1], 0) != "╭" || layCell(lines[1], w-1) != "╮" || layCell(lines[3], w-1) != "╯" {
		t.Errorf("stretch: the card should span the column:\n%s", plain(b))
	}
	if h, _ := layHit(b, "b"); h.X != 0 {
		t.Errorf("stretch: button hit %+v", h)
	}

	// A child wider than the column is drawn at the column's width,
	// wrapped rather than cut.
	long := "words that are far too many for a narrow column"
	for _, align := range []string{"start", "center", "end", "stretch"} {
		b := Render(layColumn("col", align, layText("t", long)), 12, layCtx(termenv.TrueColor, false, ""))
		checkBlock(t, b, 12)
		if got, want := layLetters(b.String()), layLetters(long); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: text lost:\n%s", align, plain(b))
		}
	}
}

func TestColumnStacksAndShiftsHits(t *testing.T) {
	n := layForm("col", "stretch")
	b := Render(n, 30, layCtx(termenv.TrueColor, false, "go"))
	checkBlock(t, b, 30)
	lines := layLines(b)
	if lines[0] != Fit("Booking", 30) {
		t.Errorf("line 0 = %q", lines[0])
	}
	rule := -1
	for i, l := range lines {
		if l == strings.Repeat("─", 30) {
			rule = i
		}
	}
	if rule < 0 {
		t.Fatalf("no rule across the column:\n%s", plain(b))
	}
	back, _ := layHit(b, "back")
	gob, _ := layHit(b, "go")
	if back.Y != rule+1 || gob.Y != rule+1 || gob.X+gob.W != 30 || back.X+back.W+rowGap != gob.X {
		t.Errorf("buttons below the rule, at the end: %+v %+v (rule on line %d)", back, gob, rule)
	}
	body := "Two nights in Porto, from Friday to Sunday, breakfast included."
	if got := Natural(n, layCtx(termenv.TrueColor, false, "")); got != len(body)+4 {
		t.Errorf("Natural = %d, want the card's %d", got, len(body)+4)
	}
}

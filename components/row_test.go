package components

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

func TestRowGolden(t *testing.T) {
	st := NewState()
	tall := layColumn("tall", "stretch", layText("t1", "one"), layText("t2", "two"), layText("t3", "three"))
	trees := map[string]*a2ui.Node{
		"natural": layRow("root", "start", "stretch",
			layText("a", "Name:"), layText("b", "Ada Lovelace"), layButton("go", "Edit")),
		"weights": layRow("root", "start", "stretch",
			layWeighted(layCard("c1", layButton("go", "Go")), 1),
			layWeighted(layCard("c2", layText("b", "Two parts of the width")), 2)),
		"spaceBetween": layRow("root", "spaceBetween", "center",
			layButton("back", "Back"), layText("t", "Step 2 of 3"), layButton("go", "Next")),
		"divider_end": layRow("root", "center", "end",
			tall, layDivider("d", "vertical"), layButton("go", "Bottom")),
		"shares": layRow("root", "start", "stretch",
			layText("a", "A first long sentence that wants room"),
			layText("b", "and a second one that wants room too"),
			layButton("go", "Go")),
		"stacks": layRow("root", "spaceAround", "stretch",
			layText("a", "Departure 09:40"), layText("b", "Lisbon"), layText("c", "Porto"), layButton("go", "Seat")),
	}
	for name, n := range trees {
		goldenStates(t, name, n, layStates("go", st))
	}
}

// cssStarts is where CSS justify-content places boxes of the given widths,
// separated by gap, in w columns.
func cssStarts(widths []int, w, gap int, dist string) []float64 {
	n := len(widths)
	used := gap * (n - 1)
	for _, x := range widths {
		used += x
	}
	free := float64(w - used)
	lead, between := 0.0, 0.0
	switch dist {
	case "center":
		lead = free / 2
	case "end":
		lead = free
	case "spaceBetween":
		if n > 1 {
			between = free / float64(n-1)
		}
	case "spaceAround":
		between = free / float64(n)
		lead = between / 2
	case "spaceEvenly":
		between = free / float64(n+1)
		lead = between
	}
	out := make([]float64, n)
	x := lead
	for i, cw := range widths {
		out[i] = x
		x += float64(cw+gap) + between
	}
	return out
}

func TestRowDistribution(t *testing.T) {
	ids := []string{"a", "b", "c"}
	labels := []string{"Alpha", "Be", "Gamma delta"}
	for _, dist := range []string{"start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"} {
		for _, w := range []int{33, 40, 41, 60, 77, 100} {
			var ch []*a2ui.Node
			for i, id := range ids {
				ch = append(ch, layButton(id, labels[i]))
			}
			n := layRow("r", dist, "stretch", ch...)
			c := layCtx(termenv.TrueColor, false, "")
			b := Render(n, w, c)
			checkBlock(t, b, w)
			var widths []int
			for i, id := range ids {
				widths = append(widths, Natural(ch[i], c))
				h, ok := layHit(b, id)
				if !ok {
					t.Fatalf("%s w=%d: no hit for %s", dist, w, id)
				}
				// Children that fit keep their natural width.
				if h.W != widths[i] {
					t.Errorf("%s w=%d: %s is %d wide, want its natural %d", dist, w, id, h.W, widths[i])
				}
			}
			want := cssStarts(widths, w, rowGap, dist)
			for i, id := range ids {
				h, _ := layHit(b, id)
				if math.Abs(float64(h.X)-want[i]) >= 1 {
					t.Errorf("%s w=%d: %s starts at column %d, CSS puts it at %.2f", dist, w, id, h.X, want[i])
				}
				if got := layCol(layLines(b)[0], labels[i]); got != h.X+2 {
					t.Errorf("%s w=%d: %q drawn at column %d, its hit at %d", dist, w, labels[i], got, h.X)
				}
			}
			last, _ := layHit(b, "c")
			if (dist == "end" || dist == "spaceBetween") && last.X+last.W != w {
				t.Errorf("%s w=%d: the last child ends at %d, want flush with the edge", dist, w, last.X+last.W)
			}
			if first, _ := layHit(b, "a"); (dist == "start" || dist == "spaceBetween") && first.X != 0 {
				t.Errorf("%s w=%d: the first child starts at %d", dist, w, first.X)
			}
		}
	}
}

func TestRowDistributionOneChild(t *testing.T) {
	for dist, x := range map[string]int{"start": 0, "center": 17, "end": 34, "spaceBetween": 0, "spaceAround": 17, "spaceEvenly": 17} {
		b := Render(layRow("r", dist, "center", layButton("a", "Go")), 40, layCtx(termenv.TrueColor, false, ""))
		if h, _ := layHit(b, "a"); h.X != x {
			t.Errorf("%s: a lone child at %d, want %d", dist, h.X, x)
		}
	}
}

func TestRowWeights(t *testing.T) {
	for _, w := range []int{30, 45, 60, 61, 62, 100, 121} {
		n := layRow("r", "start", "stretch",
			layWeighted(layCard("c1", layButton("b1", "One")), 1),
			layWeighted(layCard("c2", layButton("b2", "Two")), 2))
		b := Render(n, w, layCtx(termenv.TrueColor, false, ""))
		checkBlock(t, b, w)
		top := layLines(b)[0]
		// The frames show the shares: "╭──╮ ╭────╮".
		w0 := layCol(top, "╮ ╭") + 1
		if w0 <= 0 {
			t.Fatalf("w=%d: the cards are not side by side:\n%s", w, plain(b))
		}
		w1 := w - w0 - rowGap
		avail := float64(w - rowGap)
		if math.Abs(float64(w0)-avail/3) > 1 || math.Abs(float64(w1)-2*avail/3) > 1 {
			t.Errorf("w=%d: shares %d and %d, want about %.1f and %.1f", w, w0, w1, avail/3, 2*avail/3)
		}
		if layCell(top, w-1) != "╮" {
			t.Errorf("w=%d: the second card does not reach the edge: %q", w, top)
		}
		h1, _ := layHit(b, "b1")
		h2, _ := layHit(b, "b2")
		if h1.X != 2 || h1.Y != 1 || h2.X != w0+rowGap+2 || h2.Y != 1 {
			t.Errorf("w=%d: hits %+v and %+v, want at column 2 and %d, line 1", w, h1, h2, w0+rowGap+2)
		}
	}
	// A child without weight keeps its natural width; the weighted one
	// takes the rest.
	n := layRow("r", "start", "stretch",
		layButton("b0", "Fixed"),
		layWeighted(layCard("c", layButton("b1", "Grows")), 1))
	b := Render(n, 50, layCtx(termenv.TrueColor, false, ""))
	h0, _ := layHit(b, "b0")
	h1, _ := layHit(b, "b1")
	if h0.X != 0 || h0.W != 9 || h1.X != 9+rowGap+2 {
		t.Errorf("fixed and weighted: %+v %+v", h0, h1)
	}
	if top := layLines(b)[0]; layCol(top, "╭") != 10 || layCell(top, 49) != "╮" {
		t.Errorf("the weighted card should fill columns 10..49: %q", top)
	}
}

// TestRowNaturalWidthFirstWhenNotFitting: when the children do not all
// fit, a narrow one keeps its natural width and the wide ones share what
// is left equally, as a flex row does (the track list's number and
// duration beside a long title).
func TestRowNaturalWidthFirstWhenNotFitting(t *testing.T) {
	long := "a sentence long enough that three of them never fit side by side"
	for _, w := range []int{62, 63, 64, 90} {
		n := layRow("r", "center", "stretch",
			layCard("c1", layText("t1", long)), layCard("c2", layText("t2", long)), layCard("c3", layText("t3", "short")))
		b := Render(n, w, layCtx(termenv.TrueColor, false, ""))
		checkBlock(t, b, w)
		top := layLines(b)[0]
		frames := strings.Split(strings.TrimRight(top, " "), " ")
		if len(frames) != 3 {
			t.Fatalf("w=%d: want three frames side by side, got %q", w, top)
		}
		short := Natural(n.Children[2], layCtx(termenv.TrueColor, false, ""))
		avail := w - 2*rowGap - short
		for i, f := range frames {
			fw := len([]rune(f))
			switch {
			case i == 2 && fw != short:
				t.Errorf("w=%d: the short card is %d wide, want its natural %d", w, fw, short)
			case i < 2 && fw != avail/2 && fw != avail/2+1:
				t.Errorf("w=%d: card %d is %d wide, want half of %d", w, i+1, fw, avail)
			}
		}
		if got := layLetters(b.String()); !reflect.DeepEqual(got, layLetters(long+long+"short")) {
			t.Errorf("w=%d: text lost:\n%s", w, plain(b))
		}
	}
}

func TestRowAlignment(t *testing.T) {
	for align, y := range map[string]int{"start": 0, "stretch": 0, "center": 1, "end": 2} {
		n := layRow("r", "start", align,
			layColumn("col", "stretch", layText("t1", "one"), layText("t2", "two"), layText("t3", "three")),
			layButton("b", "Go"), layText("x", "x"))
		b := Render(n, 40, layCtx(termenv.TrueColor, false, ""))
		checkBlock(t, b, 40)
		if b.H() != 3 {
			t.Fatalf("%s: height %d, want 3", align, b.H())
		}
		if h, _ := layHit(b, "b"); h.Y != y || h.X != 6 {
			t.Errorf("%s: button hit %+v, want line %d column 6", align, h, y)
		}
		for i, l := range layLines(b) {
			if has := layCol(l, "x") == 13; has != (i == y) {
				t.Errorf("%s: line %d = %q; the short text belongs on line %d", align, i, l, y)
			}
		}
	}
}

func TestRowStacksWhenTooNarrow(t *testing.T) {
	n := layRow("r", "spaceBetween", "center",
		layText("a", "Alpha beta gamma"), layText("b", "Delta epsilon"), layText("c", "Zeta"))
	c := layCtx(termenv.TrueColor, false, "")
	side := Render(n, 40, c)
	if got := plain(side); got != "Alpha beta gamma   Delta epsilon    Zeta" {
		t.Errorf("side by side at 40: %q", got)
	}
	b := Render(n, 20, c)
	checkBlock(t, b, 20)
	if got := plain(b); got != "Alpha beta gamma\nDelta epsilon\nZeta" {
		t.Errorf("stacked at 20:\n%s", got)
	}
}

// TestRowWidthSweep draws rows at every width from 1 to 120: every line
// fits, hits stay inside, and no child loses a letter (a row that cannot
// fit its children stacks them instead of cutting them).
func TestRowWidthSweep(t *testing.T) {
	texts := func() []*a2ui.Node {
		return []*a2ui.Node{
			layText("a", "Departure Lisbon 09:40"),
			layText("b", "Arrival Porto"),
			layText("c", "Seat 14C window"),
		}
	}
	trees := map[string]*a2ui.Node{
		"plain":   layRow("r", "start", "stretch", texts()...),
		"between": layRow("r", "spaceBetween", "center", texts()...),
		"weights": layRow("r", "start", "end", layWeighted(texts()[0], 1), layWeighted(texts()[1], 3), texts()[2]),
		"cards": layRow("r", "spaceEvenly", "start",
			layCard("k1", layText("a", "Boxed words here")), layDivider("d", "vertical"),
			layCard("k2", layRow("in", "end", "center", texts()...))),
		"column": layRow("r", "center", "center",
			layColumn("col", "center", texts()...), layText("z", "Z9"), layList("l", "vertical", "end", texts()...)),
	}
	for name, n := range trees {
		var all strings.Builder
		n.Walk(func(x *a2ui.Node) bool {
			if p, ok := x.Props.(*a2ui.TextProps); ok {
				all.WriteString(p.Text)
			}
			return true
		})
		want := layLetters(all.String())
		for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
			c := layCtx(p, p == termenv.Ascii, "")
			for w := 1; w <= 120; w++ {
				b := Render(n, w, c)
				checkBlock(t, b, w)
				if got := layLetters(b.String()); !reflect.DeepEqual(got, want) {
					t.Errorf("%s w=%d: letters %v, want %v:\n%s", name, w, got, want, plain(b))
				}
			}
		}
	}
}

func TestRowVerticalDivider(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		glyph := "│"
		if ascii {
			glyph = "|"
		}
		n := layRow("r", "start", "center",
			layColumn("col", "stretch", layText("t1", "one"), layText("t2", "two"), layText("t3", "three")),
			layDivider("d", "vertical"), layText("x", "side"))
		b := Render(n, 40, layCtx(termenv.Ascii, ascii, ""))
		checkBlock(t, b, 40)
		if b.H() != 3 {
			t.Fatalf("height %d, want 3", b.H())
		}
		for i, l := range layLines(b) {
			if got := layCell(l, 6); got != glyph {
				t.Errorf("ascii=%v line %d = %q: want %q in column 6", ascii, i, l, glyph)
			}
			if strings.Count(l, glyph) != 1 {
				t.Errorf("ascii=%v line %d = %q: the divider is one column", ascii, i, l)
			}
		}
		if got := layCol(layLines(b)[1], "side"); got != 8 {
			t.Errorf("ascii=%v: the text after the divider is at %d, want 8", ascii, got)
		}
	}
}

func TestRowNatural(t *testing.T) {
	c := layCtx(termenv.TrueColor, false, "")
	n := layRow("r", "start", "stretch", layText("a", "abc"), layButton("b", "Go"), layDivider("d", "vertical"))
	if got, want := Natural(n, c), 3+1+6+1+1; got != want {
		t.Errorf("Natural = %d, want %d", got, want)
	}
	// Given its natural width, a row draws everything on one line.
	b := Render(n, Natural(n, c), c)
	if got := plain(b); got != "abc [ Go ] │" {
		t.Errorf("at natural width: %q", got)
	}
	if b := Render(layRow("r", "start", "stretch"), 10, c); b.W != 10 || b.H() != 0 {
		t.Errorf("an empty row: %+v", b)
	}
}

// TestRowWeightsShareWhatIsLeft: weighted children share what the others
// leave, in proportion to their weights; a short unweighted child keeps its
// natural width even when the row is crowded.
func TestRowWeightsShareWhatIsLeft(t *testing.T) {
	ctx := layCtx(termenv.TrueColor, false, "")
	n := layRow("r", "start", "center",
		layText("num", "1"),
		layWeighted(layText("title", "A title long enough to need two lines here"), 2),
		layWeighted(layText("artist", "An artist"), 1),
		layText("len", "4:05"))
	b := Render(n, 40, ctx)
	checkBlock(t, b, 40)
	lines := layLines(b)
	if layCol(lines[0], "1") != 0 || layCol(lines[0], "4:05") != 36 {
		t.Errorf("the fixed children moved:\n%s", plain(b))
	}
	// 40 - 3 gaps - 1 - 4 = 32 shared 2:1: the title 22 columns from
	// column 2, the artist 10 from column 25.
	if layCol(lines[0], "A title") != 2 || layCol(lines[0], "An artist") != 25 {
		t.Errorf("weights not shared 2:1:\n%s", plain(b))
	}
	for _, l := range lines {
		if layCol(l, "An artist") >= 0 && layCol(l, "title") > layCol(l, "An artist") {
			t.Errorf("the title wrapped into the artist:\n%s", plain(b))
		}
	}
}

// TestRowStretchesAWeightedColumn: with the default alignment a Column
// beside a taller child is drawn as tall as the row, its weighted child
// taking the extra lines, so that what follows it sits at the bottom.
func TestRowStretchesAWeightedColumn(t *testing.T) {
	ctx := layCtx(termenv.TrueColor, false, "")
	tall := layColumn("tall", "stretch", layText("a", "one"), layText("b", "two"), layText("c", "three"), layText("d", "four"))
	side := layColumn("side", "stretch", layText("head", "Head"), layWeighted(layText("body", "body"), 1), layButton("go", "Go"))
	b := Render(layRow("r", "start", "stretch", tall, side), 30, ctx)
	checkBlock(t, b, 30)
	h, ok := layHit(b, "go")
	if !ok || b.H() != 4 || h.Y != 3 {
		t.Errorf("button at line %d of %d, want the last:\n%s", h.Y, b.H(), plain(b))
	}
	// Without a weighted child, nothing grows: the button follows the body.
	side2 := layColumn("side", "stretch", layText("head", "Head"), layText("body", "body"), layButton("go", "Go"))
	b = Render(layRow("r", "start", "stretch", tall, side2), 30, ctx)
	if h, _ := layHit(b, "go"); h.Y != 2 {
		t.Errorf("unweighted: button at line %d, want 2:\n%s", h.Y, plain(b))
	}
	// Aligned to the start, the column keeps its own height.
	b = Render(layRow("r", "start", "start", tall, side), 30, ctx)
	if h, _ := layHit(b, "go"); h.Y != 2 {
		t.Errorf("start: button at line %d, want 2:\n%s", h.Y, plain(b))
	}
}

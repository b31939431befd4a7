package components

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// layStrip is a horizontal list of k cards, each holding a button "bI"
// labelled "Item I"; each card is 14 columns wide, the strip 16k-2.
func layStrip(id string, k int) *a2ui.Node {
	var ch []*a2ui.Node
	for i := 0; i < k; i++ {
		ch = append(ch, layCard(fmt.Sprintf("card%d", i), layButton(fmt.Sprintf("b%d", i), fmt.Sprintf("Item %d", i))))
	}
	return layList(id, "horizontal", "start", ch...)
}

func TestListGolden(t *testing.T) {
	st := NewState()
	vertical := layList("root", "vertical", "center",
		layText("a", "First entry"), layButton("go", "Second entry"), layText("c", "A third entry that is rather longer than the others"))
	goldenStates(t, "vertical", vertical, layStates("go", st))

	few := layList("root", "horizontal", "start", layButton("a", "Yes"), layButton("go", "No"), layButton("c", "Maybe"))
	goldenStates(t, "horizontal_fits", few, layStates("go", st))

	// Scrolled to the focused card, the 6th of 8.
	goldenStates(t, "horizontal_scrolled", layStrip("root", 8), layStates("b5", st))
}

func TestListVerticalLikeColumn(t *testing.T) {
	kids := func() []*a2ui.Node {
		return []*a2ui.Node{layButton("b", "Go"), layCard("card", layText("t", "Boxed text")), layText("x", "plain")}
	}
	for _, align := range []string{"start", "center", "end", "stretch"} {
		for _, w := range []int{7, 30, 60} {
			c := layCtx(termenv.TrueColor, false, "b")
			l := Render(layList("l", "vertical", align, kids()...), w, c)
			col := Render(layColumn("l", align, kids()...), w, c)
			checkBlock(t, l, w)
			if !reflect.DeepEqual(l, col) {
				t.Errorf("%s w=%d: a vertical list differs from a column:\n%s\n---\n%s", align, w, plain(l), plain(col))
			}
		}
	}
	// No direction is vertical.
	n := &a2ui.Node{ID: "l", Type: "List", Props: &a2ui.ListProps{}, Children: kids()}
	if got, want := plain(Render(n, 30, layCtx(termenv.TrueColor, false, ""))), plain(Render(layColumn("l", "stretch", kids()...), 30, layCtx(termenv.TrueColor, false, ""))); got != want {
		t.Errorf("a list without direction:\n%s\nwant\n%s", got, want)
	}
}

func TestListHorizontalFits(t *testing.T) {
	n := layList("l", "horizontal", "start", layButton("a", "Yes"), layButton("b", "No"), layButton("c", "Maybe"))
	c := layCtx(termenv.TrueColor, false, "")
	b := Render(n, 40, c)
	checkBlock(t, b, 40)
	if got := plain(b); got != "[ Yes ]  [ No ]  [ Maybe ]" {
		t.Errorf("got %q", got)
	}
	for id, x := range map[string]int{"a": 0, "b": 9, "c": 17} {
		if h, ok := layHit(b, id); !ok || h.X != x || !h.Focusable {
			t.Errorf("%s: hit %+v, want focusable at %d", id, h, x)
		}
	}
	// Its natural width is the strip: given it, nothing scrolls.
	nat := Natural(n, c)
	if nat != 26 {
		t.Errorf("Natural = %d, want 26", nat)
	}
	for _, align := range []string{"start", "center", "end"} {
		b := Render(layColumn("col", align, layText("t", "Answer:"), n), 60, c)
		if got := plain(b); strings.ContainsAny(got, "‹›") || !strings.Contains(got, "[ Yes ]  [ No ]  [ Maybe ]") {
			t.Errorf("%s: a list at its natural width scrolls:\n%s", align, got)
		}
		for _, id := range []string{"a", "b", "c"} {
			if _, ok := layHit(b, id); !ok {
				t.Errorf("%s: no hit for %s", align, id)
			}
		}
	}
}

// TestListHorizontalScrolls focuses each card of a strip wider than the
// width in turn: the focused button is inside the window with a hit,
// marks show what is hidden, and exactly the children in view keep hits,
// at their place in the strip less the offset.
func TestListHorizontalScrolls(t *testing.T) {
	const k = 8
	n := layStrip("l", k)
	stripW := 16*k - 2
	for _, ascii := range []bool{false, true} {
		full := Render(n, 1000, layCtx(termenv.TrueColor, ascii, ""))
		left, right := "‹", "›"
		if ascii {
			left, right = "<", ">"
		}
		for _, w := range []int{20, 40, 61} {
			for i := 0; i < k; i++ {
				id := fmt.Sprintf("b%d", i)
				c := layCtx(termenv.TrueColor, ascii, id)
				b := Render(n, w, c)
				checkBlock(t, b, w)
				h, ok := layHit(b, id)
				if !ok || !h.Focusable {
					t.Fatalf("ascii=%v w=%d focus %s: no focusable hit for it: %+v", ascii, w, id, b.Hits)
				}
				at, _ := layHit(full, id)
				off := at.X - h.X
				if h.W != at.W || h.X < 1 && off > 0 || h.X+h.W > w-1 && off+w < stripW {
					t.Errorf("ascii=%v w=%d focus %s: hit %+v not fully in view (offset %d)", ascii, w, id, h, off)
				}
				top := layLines(b)[0]
				if got := strings.HasPrefix(top, left); got != (off > 0) {
					t.Errorf("ascii=%v w=%d focus %s: offset %d, left mark %v: %q", ascii, w, id, off, got, top)
				}
				if got := strings.HasSuffix(top, right); got != (off+w < stripW) {
					t.Errorf("ascii=%v w=%d focus %s: offset %d, right mark %v: %q", ascii, w, id, off, got, top)
				}
				checkWindow(t, b, full, off, w)
			}
		}
	}
}

// checkWindow asserts b shows the columns off..off+w of the full strip:
// hits of children out of view are gone, the others moved and clipped.
func checkWindow(t *testing.T, b, full Block, off, w int) {
	t.Helper()
	// A strip that scrolls is a control (the tests' strips are all "l"):
	// its own hit comes first.
	want := []Hit{{X: 0, Y: 0, W: w, H: b.H(), Node: "l", Part: -1, Focusable: true}}
	for _, h := range full.Hits {
		if h.X+h.W <= off || h.X >= off+w {
			continue
		}
		lo, hi := max(h.X, off), min(h.X+h.W, off+w)
		h.X, h.W = lo-off, hi-lo
		want = append(want, h)
	}
	if !reflect.DeepEqual(b.Hits, want) {
		t.Errorf("offset %d width %d: hits\n%+v\nwant\n%+v", off, w, b.Hits, want)
	}
	fl, bl := layLines(full), layLines(b)
	for y := range bl {
		// Between the marks, the window shows the strip.
		got := []rune(bl[y])
		src := []rune(fl[y])
		for x := 1; x < w-1; x++ {
			if got[x] != src[off+x] {
				t.Errorf("offset %d line %d: %q is not the strip's %q", off, y, bl[y], string(src[off:off+w]))
				break
			}
		}
	}
}

func TestListHorizontalScrollState(t *testing.T) {
	n := layStrip("l", 6)
	full := Render(n, 1000, layCtx(termenv.TrueColor, false, ""))
	for _, scroll := range []int{0, 5, 30, 52, 1000, -3} {
		c := layCtx(termenv.TrueColor, false, "")
		c.State.Node("l").Scroll = scroll
		b := Render(n, 42, c)
		checkBlock(t, b, 42)
		off := max(0, min(scroll, 16*6-2-42))
		checkWindow(t, b, full, off, 42)
	}
	// Focus elsewhere leaves the list where it was scrolled.
	c := layCtx(termenv.TrueColor, false, "elsewhere")
	c.State.Node("l").Scroll = 30
	checkWindow(t, Render(n, 42, c), full, 30, 42)
}

func TestListHorizontalWidthSweep(t *testing.T) {
	lists := map[string]*a2ui.Node{
		"cards": layStrip("l", 5),
		"wide runes": layList("l", "horizontal", "center",
			layText("a", "漢字のテキスト"), layButton("b", "東京"), layText("c", "emoji 👩‍💻 🇯🇵 done"), layText("d", "한국어 텍스트"), layButton("e", "Go")),
	}
	for name, n := range lists {
		for _, focus := range []string{"", "b", "e"} {
			for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
				for w := 1; w <= 100; w++ {
					for _, scroll := range []int{0, 1, 3, 7} {
						c := layCtx(p, p == termenv.Ascii, focus)
						c.State.Node("l").Scroll = scroll
						b := Render(n, w, c)
						checkBlock(t, b, w)
						if t.Failed() {
							t.Fatalf("%s focus %q w=%d scroll %d:\n%s", name, focus, w, scroll, b.String())
						}
					}
				}
			}
		}
	}
}

// TestListHorizontalWideRunes scrolls a strip of wide characters to an
// offset that cuts one in two: the half is drawn blank and the rest stays
// in its column.
func TestListHorizontalWideRunes(t *testing.T) {
	var ch []*a2ui.Node
	for i := 0; i < 4; i++ {
		ch = append(ch, layText(fmt.Sprintf("t%d", i), "漢字漢字"))
	}
	n := layList("l", "horizontal", "start", ch...)
	for _, c := range []struct {
		scroll int
		want   string
	}{
		{0, "漢字漢字 ›"},
		{1, "‹字漢字  ›"},  // 漢 cut by the edge: blank
		{2, "‹ 漢字   ›"}, // marks cover half a character: blank
		{3, "‹漢字  漢›"},
		{28, "‹ 漢字漢字"}, // the end
		{29, "‹ 漢字漢字"}, // past the end: kept at the end
	} {
		ctx := layCtx(termenv.TrueColor, false, "")
		ctx.State.Node("l").Scroll = c.scroll
		b := Render(n, 10, ctx)
		checkBlock(t, b, 10)
		if got := layLines(b)[0]; got != c.want {
			t.Errorf("scroll %d: %q, want %q", c.scroll, got, c.want)
		}
	}
}

// TestListHorizontalKeys focuses a strip of cards that holds no control
// (nothing in it could take the focus and scroll it) and walks it with
// the arrows: every card comes into view, marked, and the keys stop at
// the ends, where the program may use them.
func TestListHorizontalKeys(t *testing.T) {
	var ch []*a2ui.Node
	for i := 0; i < 7; i++ {
		ch = append(ch, layCard(fmt.Sprintf("c%d", i), layText(fmt.Sprintf("t%d", i), fmt.Sprintf("Fruit %d", i))))
	}
	n := layList("l", "horizontal", "start", ch...)
	km := DefaultKeyMap()
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		c := layCtx(p, p == termenv.Ascii, "l")
		b := Render(n, 30, c)
		if h, ok := layHit(b, "l"); !ok || !h.Focusable || b.Hits[0].Node != "l" {
			t.Fatalf("%v: a strip wider than its place is no control: %+v", p, b.Hits)
		}
		ctl, ok := ControlFor(n)
		if !ok {
			t.Fatal("List is not a control")
		}
		st := c.State.Node("l")
		if in := ctl.Key(n, st, ctlKey("left"), c); in.Kind != Ignored {
			t.Errorf("%v: left at the first card: %+v", p, in)
		}
		for i := 0; i < 7; i++ {
			if i > 0 {
				if in := ctl.Key(n, st, ctlKey("right"), c); in.Kind != Handled {
					t.Fatalf("%v: right to card %d: %+v", p, i, in)
				}
			}
			b := Render(n, 30, c)
			checkBlock(t, b, 30)
			text := strings.Join(layLines(b), "\n")
			if !strings.Contains(text, fmt.Sprintf("Fruit %d", i)) {
				t.Errorf("%v: card %d is not in view:\n%s", p, i, text)
			}
			if p == termenv.Ascii {
				// Without colour the card is marked in the blank gaps beside it.
				top := layLines(b)[0]
				if i > 0 && !strings.Contains(top, ">+") {
					t.Errorf("ascii: card %d is not marked: %q", i, top)
				}
			} else if !strings.Contains(b.Lines[1], c.Theme.Focus.Render(fmt.Sprintf("│ Fruit %d │", i))) {
				t.Errorf("card %d is not drawn reversed: %q", i, b.Lines[1])
			}
		}
		if in := ctl.Key(n, st, ctlKey("right"), c); in.Kind != Ignored {
			t.Errorf("%v: right past the last card: %+v", p, in)
		}
		if in := ctl.Key(n, st, ctlKey(km.Home.Keys()[0]), c); in.Kind != Handled || st.Cursor != 0 {
			t.Errorf("%v: home: %+v cursor %d", p, in, st.Cursor)
		}
		// Unfocused, the strip stays where the cursor left it.
		st.Cursor = 6
		c.Focus = ""
		if text := strings.Join(layLines(Render(n, 30, c)), "\n"); !strings.Contains(text, "Fruit 6") {
			t.Errorf("%v: unfocused, the strip went back:\n%s", p, text)
		}
	}
}

// TestListHorizontalFirstPressScrolls: each → on a strip wider than its
// place moves what the person sees, from the first press, until its end
// is in view; ← moves it back the same way.
func TestListHorizontalFirstPressScrolls(t *testing.T) {
	var ch []*a2ui.Node
	for i := 0; i < 7; i++ {
		ch = append(ch, layCard(fmt.Sprintf("c%d", i), layText(fmt.Sprintf("t%d", i), fmt.Sprintf("Fruit %d", i))))
	}
	n := layList("l", "horizontal", "start", ch...)
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		c := layCtx(p, p == termenv.Ascii, "l")
		ctl, _ := ControlFor(n)
		st := c.State.Node("l")
		// The row of the cards' text, without the marks or colour.
		seen := func() (string, bool) {
			b := Render(n, 30, c)
			more := strings.HasSuffix(ansi.Strip(layLines(b)[0]), c.Theme.Glyph("›", ">"))
			return ansi.Strip(layLines(b)[1]), more
		}
		moves := 0
		for _, k := range []string{"right", "left"} {
			for i := 0; i < 6; i++ {
				before, more := seen()
				if k == "right" && !more || k == "left" && st.Cursor == 0 {
					break
				}
				ctl.Key(n, st, ctlKey(k), c)
				if after, _ := seen(); after == before {
					t.Errorf("%v: %s press %d (cursor %d) moved nothing in view: %q", p, k, i+1, st.Cursor, after)
				}
				moves++
			}
		}
		if moves < 4 {
			t.Errorf("%v: only %d presses scrolled", p, moves)
		}
	}
}

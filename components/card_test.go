package components

import (
	"reflect"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

func TestCardGolden(t *testing.T) {
	st := NewState()
	text := layCard("root", layText("t", "**Hotel Miramar** — two nights, breakfast included, sea view on request."))
	goldenStates(t, "text", text, pick(layStates("", st), "idle", "ascii_focused"))
	form := layCard("root", layColumn("col", "stretch",
		layText("h", "Contact"),
		layRow("r", "spaceBetween", "center", layText("q", "Call the front desk?"), layButton("go", "Call"))))
	goldenStates(t, "form", form, layStates("go", st))
}

func TestCardFrame(t *testing.T) {
	n := layCard("card", layText("t", "Hello"))
	b := Render(n, 12, layCtx(termenv.TrueColor, false, ""))
	checkBlock(t, b, 12)
	want := []string{
		"╭──────────╮",
		"│ Hello    │",
		"╰──────────╯",
	}
	if got := layLines(b); !reflect.DeepEqual(got, want) {
		t.Errorf("card:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	a := Render(n, 12, layCtx(termenv.Ascii, true, ""))
	checkBlock(t, a, 12)
	want = []string{
		"+----------+",
		"| Hello    |",
		"+----------+",
	}
	if got := layLines(a); !reflect.DeepEqual(got, want) {
		t.Errorf("ascii card:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.ContainsFunc(a.String(), func(r rune) bool { return r > 127 }) {
		t.Errorf("the ASCII card holds non-ASCII: %q", a.String())
	}
	if got := Natural(n, layCtx(termenv.TrueColor, false, "")); got != 9 {
		t.Errorf("Natural = %d, want 5 + 4", got)
	}
}

func TestCardChildInsideWithPadding(t *testing.T) {
	child := layColumn("col", "stretch",
		layText("t", "A child that wraps inside the frame of the card"),
		layRow("r", "end", "center", layButton("no", "No"), layButton("yes", "Yes")))
	for _, w := range []int{5, 6, 20, 40, 77} {
		c := layCtx(termenv.TrueColor, false, "yes")
		b := Render(layCard("card", child), w, c)
		checkBlock(t, b, w)
		inner := Render(child, w-4, c)
		if b.H() != inner.H()+2 {
			t.Fatalf("w=%d: height %d, want the child's %d and the frame", w, b.H(), inner.H())
		}
		lines, in := layLines(b), layLines(inner)
		for y := 1; y < b.H()-1; y++ {
			l := []rune(lines[y])
			if string(l[:2]) != "│ " || string(l[len(l)-2:]) != " │" {
				t.Errorf("w=%d line %d = %q: want the frame and a column of padding on each side", w, y, lines[y])
			}
			if got := string(l[2 : len(l)-2]); got != in[y-1] {
				t.Errorf("w=%d line %d = %q, want the child's %q", w, y, got, in[y-1])
			}
		}
		// The child's hits, moved inside the frame.
		var want []Hit
		for _, h := range inner.Hits {
			h.X += 2
			h.Y++
			want = append(want, h)
		}
		if !reflect.DeepEqual(b.Hits, want) {
			t.Errorf("w=%d: hits %+v, want %+v", w, b.Hits, want)
		}
		if h, ok := layHit(b, "yes"); !ok || !h.Focusable || h.X+h.W != w-2 {
			t.Errorf("w=%d: the button at the end of the row should end at the padding: %+v", w, h)
		}
	}
}

func TestCardTooNarrowForAFrame(t *testing.T) {
	n := layCard("card", layButton("b", "Go"))
	for w := 1; w <= 4; w++ {
		c := layCtx(termenv.TrueColor, false, "")
		b := Render(n, w, c)
		checkBlock(t, b, w)
		if got, want := b.String(), Render(n.Children[0], w, c).String(); got != want {
			t.Errorf("w=%d: %q, want the child alone %q", w, got, want)
		}
	}
	empty := &a2ui.Node{ID: "card", Type: "Card", Props: &a2ui.CardProps{}}
	if b := Render(empty, 20, layCtx(termenv.TrueColor, false, "")); b.W != 20 || b.H() != 0 {
		t.Errorf("a card without child: %+v", b)
	}
}

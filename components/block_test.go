package components

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// The lay* helpers build trees by hand for the tests of the layout widgets
// (Row, Column, List, Card, Divider, Tabs, Modal) and of the cache, with the
// properties the resolver gives when the agent names none.

func layText(id, s string) *a2ui.Node {
	return &a2ui.Node{ID: id, Component: id, Type: "Text", Props: &a2ui.TextProps{Text: s}}
}

func layButton(id, label string) *a2ui.Node {
	return &a2ui.Node{
		ID: id, Component: id, Type: "Button", Props: &a2ui.ButtonProps{Action: "go"},
		Children: []*a2ui.Node{layText(id+"-label", label)},
	}
}

func layRow(id, dist, align string, ch ...*a2ui.Node) *a2ui.Node {
	return &a2ui.Node{
		ID: id, Component: id, Type: "Row",
		Props: &a2ui.RowProps{Distribution: dist, Alignment: align}, Children: ch,
	}
}

func layColumn(id, align string, ch ...*a2ui.Node) *a2ui.Node {
	return &a2ui.Node{
		ID: id, Component: id, Type: "Column",
		Props: &a2ui.ColumnProps{Distribution: "start", Alignment: align}, Children: ch,
	}
}

func layList(id, dir, align string, ch ...*a2ui.Node) *a2ui.Node {
	return &a2ui.Node{
		ID: id, Component: id, Type: "List",
		Props: &a2ui.ListProps{Direction: dir, Alignment: align}, Children: ch,
	}
}

func layCard(id string, child *a2ui.Node) *a2ui.Node {
	return &a2ui.Node{ID: id, Component: id, Type: "Card", Props: &a2ui.CardProps{}, Children: []*a2ui.Node{child}}
}

func layDivider(id, axis string) *a2ui.Node {
	return &a2ui.Node{ID: id, Component: id, Type: "Divider", Props: &a2ui.DividerProps{Axis: axis}}
}

func layTabs(id string, titles []string, ch ...*a2ui.Node) *a2ui.Node {
	return &a2ui.Node{ID: id, Component: id, Type: "Tabs", Props: &a2ui.TabsProps{Titles: titles}, Children: ch}
}

func layModal(id string, entry, content *a2ui.Node) *a2ui.Node {
	return &a2ui.Node{ID: id, Component: id, Type: "Modal", Props: &a2ui.ModalProps{}, Children: []*a2ui.Node{entry, content}}
}

// layWeighted sets a node's flex weight.
func layWeighted(n *a2ui.Node, w float64) *a2ui.Node {
	n.Weight = w
	return n
}

// layCtx is a drawing context with a pinned profile; ascii also picks
// ASCII glyphs.
func layCtx(p termenv.Profile, ascii bool, focus string) *Context {
	th := testTheme(p)
	th.Options.ASCII = ascii
	return &Context{Theme: th, State: NewState(), Focus: focus}
}

// layStates are the contexts layout golden files are drawn in: idle in
// colour, focus on a control inside, and focus without colour in ASCII
// glyphs. All share one view state.
func layStates(focus string, st *State) map[string]*Context {
	color := testTheme(termenv.TrueColor)
	ascii := testTheme(termenv.Ascii)
	ascii.Options.ASCII = true
	return map[string]*Context{
		"idle":          {Theme: color, State: st},
		"focused":       {Theme: color, State: st, Focus: focus},
		"ascii_focused": {Theme: ascii, State: st, Focus: focus},
	}
}

// layHit returns the first hit of node id.
func layHit(b Block, id string) (Hit, bool) {
	for _, h := range b.Hits {
		if h.Node == id {
			return h, true
		}
	}
	return Hit{}, false
}

// layLines returns the lines without styling, untrimmed.
func layLines(b Block) []string {
	out := make([]string, len(b.Lines))
	for i, l := range b.Lines {
		out[i] = ansi.Strip(l)
	}
	return out
}

// layCol is the cell column where s first appears in the plain line l, or
// -1.
func layCol(l, s string) int {
	i := strings.Index(l, s)
	if i < 0 {
		return -1
	}
	return ansi.StringWidth(l[:i])
}

// layCell returns the character drawn in cell x of plain line l (for
// lines of one-cell characters).
func layCell(l string, x int) string {
	r := []rune(l)
	if x < 0 || x >= len(r) {
		return ""
	}
	return string(r[x])
}

// layLetters counts the letters and digits of s: what a layout must never
// lose, whatever frames and padding it adds.
func layLetters(s string) map[rune]int {
	m := map[rune]int{}
	for _, r := range ansi.Strip(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			m[r]++
		}
	}
	return m
}

func TestFitWideRunes(t *testing.T) {
	cases := []struct {
		in   string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 3, "abc"},
		{"漢字漢字", 8, "漢字漢字"},
		{"漢字漢字", 5, "漢字 "}, // a wide rune never split: cut before it, pad
		{"漢字漢字", 4, "漢字"},
		{"漢字漢字", 1, " "},
		{"a👍b", 3, "a👍"},
		{"a👍b", 2, "a "},
		{"👩‍💻 dev", 4, "👩‍💻 d"},
		{"👩‍💻 dev", 1, " "},
		{"🇯🇵x", 2, "🇯🇵"},
		{"café", 4, "café"},
		{"", 3, "   "},
		{"abc", 0, ""},
		{"abc", -2, ""},
	}
	for _, c := range cases {
		got := Fit(c.in, c.w)
		if got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		if c.w > 0 && ansi.StringWidth(got) != c.w {
			t.Errorf("Fit(%q, %d) is %d cells", c.in, c.w, ansi.StringWidth(got))
		}
	}
	// Styling is kept, and never counted as width.
	styled := "\x1b[1m漢字漢字\x1b[0m"
	for w := 1; w <= 10; w++ {
		got := Fit(styled, w)
		if ansi.StringWidth(got) != w {
			t.Errorf("Fit(styled, %d) is %d cells: %q", w, ansi.StringWidth(got), got)
		}
		if w >= 2 && !strings.HasPrefix(got, "\x1b[1m") {
			t.Errorf("Fit(styled, %d) lost its styling: %q", w, got)
		}
	}
}

func TestTextBlockAndEmpty(t *testing.T) {
	b := TextBlock(6, "漢字漢字", "ab", "")
	checkBlock(t, b, 6)
	if got := layLines(b); !reflect.DeepEqual(got, []string{"漢字漢", "ab    ", "      "}) {
		t.Errorf("TextBlock lines %q", got)
	}
	e := Empty(4, 3)
	checkBlock(t, e, 4)
	if e.H() != 3 || e.String() != "    \n    \n    " {
		t.Errorf("Empty(4, 3) = %q", e.String())
	}
}

func TestStackKeepsWidthAndShiftsHits(t *testing.T) {
	a := TextBlock(5, "a", "a").Mark("a", true)
	b := TextBlock(3, "bb").Mark("b", false)
	c := TextBlock(12, "a line too long for eight").Mark("c", true)
	s := Stack(8, a, b, c)
	checkBlock(t, Block{W: s.W, Lines: s.Lines}, 8)
	want := []string{"a       ", "a       ", "bb      ", "a line t"}
	if got := layLines(s); !reflect.DeepEqual(got, want) {
		t.Errorf("Stack lines %q, want %q", got, want)
	}
	wantHits := []Hit{
		{X: 0, Y: 0, W: 5, H: 2, Node: "a", Part: -1, Focusable: true},
		{X: 0, Y: 2, W: 3, H: 1, Node: "b", Part: -1},
		{X: 0, Y: 3, W: 12, H: 1, Node: "c", Part: -1, Focusable: true},
	}
	if !reflect.DeepEqual(s.Hits, wantHits) {
		t.Errorf("Stack hits %+v, want %+v", s.Hits, wantHits)
	}
}

func TestBesideAlignsAndShiftsHits(t *testing.T) {
	tall := TextBlock(2, "t1", "t2", "t3", "t4").Mark("tall", false)
	short := TextBlock(3, "s1").Mark("short", true)
	wide := TextBlock(4, "漢字", "x").Mark("wide", true)
	for _, c := range []struct {
		valign string
		top    int // line of short
		wtop   int // first line of wide
	}{
		{"start", 0, 0}, {"stretch", 0, 0}, {"", 0, 0}, {"center", 1, 1}, {"end", 3, 2},
	} {
		b := Beside(2, c.valign, tall, short, wide)
		checkBlock(t, b, 2+2+3+2+4)
		if b.H() != 4 {
			t.Fatalf("%s: height %d, want 4", c.valign, b.H())
		}
		lines := layLines(b)
		for y, l := range lines {
			wantShort := "   "
			if y == c.top {
				wantShort = "s1 "
			}
			if got := l[4:7]; got != wantShort {
				t.Errorf("%s: line %d holds %q in the short column, want %q", c.valign, y, got, wantShort)
			}
		}
		if got := lines[c.wtop]; !strings.HasSuffix(got, "  漢字") {
			t.Errorf("%s: line %d = %q, want the wide block there", c.valign, c.wtop, got)
		}
		if h, _ := layHit(b, "short"); h.X != 4 || h.Y != c.top || h.W != 3 {
			t.Errorf("%s: short hit %+v, want X 4, Y %d", c.valign, h, c.top)
		}
		if h, _ := layHit(b, "wide"); h.X != 9 || h.Y != c.wtop || h.H != 2 {
			t.Errorf("%s: wide hit %+v, want X 9, Y %d", c.valign, h, c.wtop)
		}
		if h, _ := layHit(b, "tall"); h.X != 0 || h.Y != 0 {
			t.Errorf("%s: tall hit %+v", c.valign, h)
		}
	}
	// No gap, and a block without lines reserves its columns.
	b := Beside(0, "start", TextBlock(1, "a"), Block{W: 3}, TextBlock(1, "b"))
	if b.W != 5 || b.String() != "a   b" {
		t.Errorf("Beside with a spacer = %q (%d wide)", b.String(), b.W)
	}
}

func TestIndentAndAlign(t *testing.T) {
	b := TextBlock(4, "ab", "漢字").Mark("x", true)
	in := Indent(b, 3, 10)
	checkBlock(t, in, 10)
	if got := layLines(in); !reflect.DeepEqual(got, []string{"   ab     ", "   漢字   "}) {
		t.Errorf("Indent lines %q", got)
	}
	if in.Hits[0].X != 3 || in.Hits[0].W != 4 {
		t.Errorf("Indent hit %+v", in.Hits[0])
	}
	if got := Indent(b, 0, 4); !reflect.DeepEqual(got, b) {
		t.Errorf("Indent by nothing changed the block")
	}
	// Too far right: cut to the width.
	if got := Indent(b, 8, 10); ansi.StringWidth(got.Lines[0]) != 10 || got.W != 10 {
		t.Errorf("Indent past the edge: %q", got.Lines)
	}
	for _, c := range []struct {
		how string
		x   int
	}{{"start", 0}, {"", 0}, {"stretch", 0}, {"center", 3}, {"end", 7}} {
		a := Align(b, 11, c.how)
		checkBlock(t, a, 11)
		if a.Hits[0].X != c.x || layCol(layLines(a)[0], "ab") != c.x || layCol(layLines(a)[1], "漢字") != c.x {
			t.Errorf("Align %q: hit %+v lines %q, want at column %d", c.how, a.Hits[0], layLines(a), c.x)
		}
	}
	// Wider than the space: cut, never shifted left.
	if a := Align(TextBlock(6, "abcdef"), 4, "center"); a.String() != "abcd" {
		t.Errorf("Align wider block = %q", a.String())
	}
}

func TestMarkAndWrap(t *testing.T) {
	b := TextBlock(5, "a", "b").Mark("in", false)
	b = Indent(b, 1, 7).Mark("out", true)
	want := []Hit{
		{X: 0, Y: 0, W: 7, H: 2, Node: "out", Part: -1, Focusable: true},
		{X: 1, Y: 0, W: 5, H: 2, Node: "in", Part: -1},
	}
	if !reflect.DeepEqual(b.Hits, want) {
		t.Errorf("Mark hits %+v, want %+v", b.Hits, want)
	}
	lines := Wrap("one two three 漢字漢字", 5)
	for _, l := range lines {
		if ansi.StringWidth(l) > 5 {
			t.Errorf("wrapped line %q is wider than 5", l)
		}
	}
	if got := strings.Join(lines, ""); !strings.Contains(strings.ReplaceAll(got, " ", ""), "onetwothree漢字漢字") {
		t.Errorf("Wrap lost text: %q", lines)
	}
	if Wrap("x", 0) != nil {
		t.Errorf("Wrap at width 0 should give nothing")
	}
}

// TestPlainHelpersMatchAnsi checks that the helpers that skip parsing
// printable ASCII measure, cut and wrap every string as x/ansi does.
func TestPlainHelpersMatchAnsi(t *testing.T) {
	plain := 0
	for _, s := range plainInputs() {
		if printable(s) {
			plain++
		}
		if got, want := stringWidth(s), ansi.StringWidth(s); got != want {
			t.Fatalf("width of %q: %d, ansi's %d", s, got, want)
		}
		for w := 0; w <= len(s)+2; w++ {
			if got, want := truncate(s, w), ansi.Truncate(s, w, ""); got != want {
				t.Fatalf("%q cut to %d: %q, ansi's %q", s, w, got, want)
			}
			if w == 0 {
				continue
			}
			want := strings.Split(ansi.Wrap(s, w, ""), "\n")
			for i := 1; i < len(want); i++ {
				want[i] = dropOrphan(want[i])
			}
			if got := Wrap(s, w); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q wrapped to %d: %q, ansi's %q", s, w, got, want)
			}
		}
	}
	if plain < 500 {
		t.Fatalf("only %d inputs are printable ASCII", plain)
	}
	// Strip: what the themes' styles draw, and escape sequences of every
	// kind, whole and cut short.
	var styled []string
	for _, prof := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		th := testTheme(prof)
		for _, st := range []Style{
			th.Text, th.Dim, th.Bold, th.Italic, th.Code, th.Link, th.Heading[0], th.Caption, th.Accent,
			th.Focus, th.Button, th.Primary, th.Border, th.Error, th.Selected, th.Disabled, th.Missing, th.Track, th.FieldLine,
		} {
			for _, s := range plainCases {
				styled = append(styled, st.Render(s)+"  ", "x"+st.Render(s)+st.Render("y"))
			}
		}
	}
	styled = append(styled, "\x1b[", "a\x1b[3", "a\x1b[38;5;1", "\x1b[1;2m\x1b[0mz", "\x1b[?25l", "\x1b[ q", "\x1b]0;t\x07x",
		"\x1bPq\x1b\\", "\x1b(B", "\x1bc", "\x9b1m", "a\x1b[1\x1bm", "\x1b[1;2;3;4;5m", "\x1b[:1m", "\x1b[<1m", "é\x1b[1m")
	for _, s := range append(styled, plainInputs()...) {
		if got, want := strip(s), ansi.Strip(s); got != want {
			t.Fatalf("strip(%q) = %q, ansi's %q", s, got, want)
		}
	}
	if got := blanks(3) + "|" + blanks(500); got != "   |"+strings.Repeat(" ", 500) {
		t.Fatalf("blanks: %q", got)
	}
}

// TestWidthIsStringWidth: Width counts what ansi.StringWidth does, for
// strings made of printable ASCII, styling, other escape sequences (some
// cut short), controls and characters of other widths.
func TestWidthIsStringWidth(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{
		"a", "Z", " ", "~", "\x1b[1m", "\x1b[0m", "\x1b[38;2;1;2;3m", "\x1b[", "\x1b", "[", "m",
		"é", "·", "\x1b]8;;x\x07", "\t", "\x7f", "\x1b[?25l", "\x1b[1;", "漢", "e\u0301", "👍🏽",
	}
	for range 100000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if s := b.String(); Width(s) != ansi.StringWidth(s) {
			t.Fatalf("%q: %d cells, ansi.StringWidth says %d", s, Width(s), ansi.StringWidth(s))
		}
	}
}

package components

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Block is a drawn widget: Lines, each exactly W cells wide, and the
// places where controls were drawn. The helpers below rely on that width
// instead of measuring lines again, so a widget that builds Lines by hand
// must keep it (Fit does).
type Block struct {
	Lines []string
	W     int
	Hits  []Hit
}

// Hit is a rectangle of a Block where a node was drawn. Focusable hits are
// controls, in drawing order; Part tells which piece of a control was hit
// (an option, a tab), or -1 for the control as a whole.
type Hit struct {
	X, Y, W, H int
	Node       string
	Part       int
	Focusable  bool
}

// H returns the block's height.
func (b Block) H() int { return len(b.Lines) }

// String joins the lines.
func (b Block) String() string { return strings.Join(b.Lines, "\n") }

// resize makes a line known to be have cells wide exactly w wide, padding
// without measuring; only a cut needs to measure.
func resize(l string, have, w int) string {
	switch {
	case have == w:
		return l
	case have < w:
		return l + blanks(w-have)
	}
	return Fit(l, w)
}

// spaces is where blanks takes its runs of spaces from.
const spaces = "                                                                                " +
	"                                                                                " +
	"                                                                                " +
	"                                                                                "

// blanks returns n spaces, without allocating them up to a screen's width.
func blanks(n int) string {
	if n <= len(spaces) {
		return spaces[:max(n, 0)]
	}
	return strings.Repeat(" ", n)
}

// printable reports whether s is printable ASCII only: one cell per
// byte, no styling, nothing that joins or breaks.
func printable(s string) bool {
	for i := range len(s) {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// stringWidth is ansi.StringWidth, counted without parsing for printable
// ASCII.
func stringWidth(s string) int {
	if printable(s) {
		return len(s)
	}
	return Width(s)
}

// Width is ansi.StringWidth(s), the cells s takes, counted without its
// parser for printable ASCII styled with CSI sequences only (which is how
// every style of a theme draws): one cell a byte, none for a sequence.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c == 0x1b:
			j := csiEnd(s, i)
			if j < 0 {
				return ansi.StringWidth(s)
			}
			i = j
		default:
			return ansi.StringWidth(s)
		}
	}
	return n
}

// csiEnd returns the index just past the CSI escape sequence that starts
// at s[i] (ESC [, parameters, intermediates, a final byte), or -1 when
// none starts there or it is cut short.
func csiEnd(s string, i int) int {
	if s[i] != 0x1b || i+1 >= len(s) || s[i+1] != '[' {
		return -1
	}
	j := i + 2
	for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
		j++ // parameters
	}
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++ // intermediates
	}
	if j >= len(s) || s[j] < 0x40 || s[j] > 0x7e {
		return -1
	}
	return j + 1
}

// truncate is ansi.Truncate(s, w, ""), without parsing a printable ASCII
// s that fits.
func truncate(s string, w int) string {
	if len(s) <= w && printable(s) {
		return s
	}
	return ansi.Truncate(s, w, "")
}

// strip is ansi.Strip, without its parser for printable ASCII styled
// with CSI sequences only (which is how every style of a theme draws).
func strip(s string) string {
	if printable(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			j := i + 1
			for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f {
				j++
			}
			b.WriteString(s[i:j])
			i = j
		case c == 0x1b:
			j := csiEnd(s, i)
			if j < 0 {
				return ansi.Strip(s)
			}
			i = j
		default:
			return ansi.Strip(s)
		}
	}
	return b.String()
}

// Fit cuts or pads s, which may hold styling, to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := stringWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "")
		n = ansi.StringWidth(s)
	}
	if n < w {
		s += blanks(w - n)
	}
	return s
}

// Window returns cells off to off+w of line l, exactly w wide: a wide
// character an edge cuts in two is drawn as a blank, so that what follows
// it stays in its column (ansi.Cut would keep it whole, and Truncate drop
// it).
func Window(l string, off, w int) string {
	if off > 0 && ansi.StringWidth(ansi.Truncate(l, off, "")) < off {
		return Fit(" "+ansi.Cut(l, off+1, off+w), w)
	}
	return Fit(ansi.Cut(l, off, off+w), w)
}

// TextBlock makes a block from text lines, fitting each to w.
func TextBlock(w int, lines ...string) Block {
	b := Block{W: w, Lines: make([]string, len(lines))}
	for i, l := range lines {
		b.Lines[i] = Fit(l, w)
	}
	return b
}

// Empty is a block of h blank lines.
func Empty(w, h int) Block {
	b := Block{W: w, Lines: make([]string, h)}
	blank := blanks(w)
	for i := range b.Lines {
		b.Lines[i] = blank
	}
	return b
}

// Stack puts blocks one under another in w columns.
func Stack(w int, blocks ...Block) Block {
	n, nh := 0, 0
	for _, b := range blocks {
		n += len(b.Lines)
		nh += len(b.Hits)
	}
	out := Block{W: w, Lines: make([]string, 0, n), Hits: make([]Hit, 0, nh)}
	for _, b := range blocks {
		y := len(out.Lines)
		if b.W == w {
			out.Lines = append(out.Lines, b.Lines...)
		} else {
			for _, l := range b.Lines {
				out.Lines = append(out.Lines, resize(l, b.W, w))
			}
		}
		for _, h := range b.Hits {
			h.Y += y
			out.Hits = append(out.Hits, h)
		}
	}
	return out
}

// blockTops returns the line each of blocks starts at when they are
// placed side by side in h lines according to valign, in buf when it has
// room.
func blockTops(buf []int, blocks []Block, h int, valign string) []int {
	tops := buf[:0]
	if len(blocks) > cap(buf) {
		tops = make([]int, 0, len(blocks))
	}
	tops = tops[:len(blocks)]
	for i := range blocks {
		switch valign {
		case "center":
			tops[i] = (h - len(blocks[i].Lines)) / 2
		case "end":
			tops[i] = h - len(blocks[i].Lines)
		default:
			tops[i] = 0
		}
	}
	return tops
}

// Beside puts blocks side by side with gap columns between them, padding
// each to the height of the tallest according to valign ("start",
// "center", "end"; "stretch" is drawn as start).
func Beside(gap int, valign string, blocks ...Block) Block {
	gap = max(gap, 0)
	var xb [2 * smallRow]int
	xs := xb[:0]
	if len(blocks) > len(xb) {
		xs = make([]int, 0, len(blocks))
	}
	x := 0
	for i := range blocks {
		if i > 0 {
			x += gap
		}
		xs = append(xs, x)
		x += blocks[i].W
	}
	return placeBeside(blocks, nil, xs, x, x, valign)
}

// Indent moves a block right by left columns and widens it to w.
func Indent(b Block, left, w int) Block {
	left = max(left, 0)
	if left == 0 && b.W == w {
		return b
	}
	pad := blanks(left)
	out := Block{W: w, Lines: make([]string, len(b.Lines)), Hits: make([]Hit, 0, len(b.Hits))}
	for i, l := range b.Lines {
		out.Lines[i] = resize(pad+l, left+b.W, w)
	}
	for _, h := range b.Hits {
		h.X += left
		out.Hits = append(out.Hits, h)
	}
	return out
}

// Align places a block narrower than w inside w: "start", "center", "end"
// (anything else is start).
func Align(b Block, w int, how string) Block {
	switch how {
	case "center":
		return Indent(b, (w-b.W)/2, w)
	case "end":
		return Indent(b, w-b.W, w)
	}
	return Indent(b, 0, w)
}

// Mark records that the whole block is node id; focusable for controls.
func (b Block) Mark(id string, focusable bool) Block {
	hits := make([]Hit, 0, 1+len(b.Hits))
	hits = append(hits, Hit{X: 0, Y: 0, W: b.W, H: b.H(), Node: id, Part: -1, Focusable: focusable})
	b.Hits = append(hits, b.Hits...)
	return b
}

// Wrap breaks text (which may hold styling) into lines of at most w cells,
// at word boundaries where it can and inside words where it must.
func Wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	if len(s) <= w && printable(s) {
		return []string{s} // what ansi.Wrap leaves as it is
	}
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = dropOrphan(lines[i])
	}
	return lines
}

// dropOrphan removes what a wrapped line starts with that would join the
// cluster drawn before it: ansi.Wrap breaks at a space or hyphen even when
// a mark or an emoji modifier clinging to it follows, and that mark, drawn
// after an indent or a border, would make the line narrower than it was
// measured.
func dropOrphan(l string) string {
	if l == "" || l[0] < utf8.RuneSelf {
		return l // ASCII, styling included, continues nothing
	}
	c, _ := ansi.FirstGraphemeCluster("a"+l, ansi.GraphemeWidth)
	return l[len(c)-1:]
}

// controlFrame draws inner in a rounded box, one column of padding each side,
// with edges in the edge style. Double draws the focus without colour: a
// doubled box (">"/"<" sides in ASCII). Reverse draws the content in the
// Focus style, for a focused button.
func controlFrame(t *Theme, inner Block, edge Style, double, reverse bool) Block {
	tl, tr, bl, br := t.Glyph("╭", "+"), t.Glyph("╮", "+"), t.Glyph("╰", "+"), t.Glyph("╯", "+")
	h, vl, vr := t.Glyph("─", "-"), t.Glyph("│", "|"), t.Glyph("│", "|")
	if double {
		tl, tr, bl, br = t.Glyph("╔", "+"), t.Glyph("╗", "+"), t.Glyph("╚", "+"), t.Glyph("╝", "+")
		h, vl, vr = t.Glyph("═", "="), t.Glyph("║", ">"), t.Glyph("║", "<")
	}
	w := inner.W + 4
	out := Block{W: w}
	out.Lines = append(out.Lines, edge.Render(tl+strings.Repeat(h, w-2)+tr))
	for _, l := range inner.Lines {
		if reverse {
			body := t.Focus.Render(Fit(ansi.Strip(l), inner.W))
			out.Lines = append(out.Lines, edge.Render(vl+" ")+body+edge.Render(" "+vr))
			continue
		}
		out.Lines = append(out.Lines, edge.Render(vl)+" "+Fit(l, inner.W)+" "+edge.Render(vr))
	}
	out.Lines = append(out.Lines, edge.Render(bl+strings.Repeat(h, w-2)+br))
	for _, hit := range inner.Hits {
		hit.X += 2
		hit.Y++
		out.Hits = append(out.Hits, hit)
	}
	return out
}

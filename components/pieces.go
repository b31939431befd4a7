package components

import (
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// linePieces is a line of a block as the strings it is made of, before
// they are joined: a Row copies a cheap leaf's pieces into its own lines
// without the leaf's line being made (see leafPieces).
type linePieces struct {
	s [8]string
	n int
}

// pieces makes a line of ss, at most eight.
func pieces(ss ...string) linePieces {
	var l linePieces
	l.n = copy(l.s[:], ss)
	return l
}

// len is the line's length in bytes.
func (l *linePieces) len() int {
	n := 0
	for _, s := range l.s[:l.n] {
		n += len(s)
	}
	return n
}

// writeTo adds the line to b.
func (l *linePieces) writeTo(b *strings.Builder) {
	for _, s := range l.s[:l.n] {
		b.WriteString(s)
	}
}

// String joins the pieces, in one allocation.
func (l *linePieces) String() string {
	var b strings.Builder
	b.Grow(l.len())
	l.writeTo(&b)
	return b.String()
}

// leafPieces is a leaf drawn as pieces of lines, one or two, exactly as
// wide as it was drawn at, with its one hit if it has one (a control).
type leafPieces struct {
	lines  [2]linePieces
	h      int
	hit    Hit
	hasHit bool
}

// drawPieces draws n, a child of a Row held by the cache, as pieces into
// lp when Render would draw it without keeping its block (a cheap leaf,
// see Render) and its widget can (see pieceDrawer): what Render(n, w, c)
// draws, lines and hits, without the lines being made. It reports
// whether it did.
func drawPieces(n *a2ui.Node, w int, c *Context, lp *leafPieces) bool {
	if !c.held || w <= 0 || c.onPath(n) || n.ID == c.Reveal {
		return false
	}
	wd, _ := widget(n.Type)
	d, ok := wd.(pieceDrawer)
	if !ok || !cheapDraw(wd, n) {
		return false
	}
	*lp, ok = d.drawPieces(n, w, c)
	return ok
}

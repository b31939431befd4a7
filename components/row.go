package components

import (
	"cmp"
	"slices"
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// minCell is the narrowest a Row child may be drawn before the Row gives
// up and stacks its children instead of cutting them.
const minCell = 8

// Row lays its children side by side, as a CSS flex row with the weights
// as flex-grow: children without a weight get their natural width first
// (when they do not all fit, the narrow ones keep theirs and the wide
// ones share what is left equally), and children with a weight share
// what remains in proportion to their weights. With no weights, free
// space is spread by distribution. When the shares would be too narrow,
// the children are stacked instead. With the default alignment
// (stretch), a Column child is drawn as tall as the row, its weighted
// children growing to fill it.
type Row struct{}

// Render draws the children side by side.
func (Row) Render(n *a2ui.Node, w int, c *Context) Block {
	dist, align := "start", "stretch"
	if p, ok := n.Props.(*a2ui.RowProps); ok {
		dist, align = p.Distribution, p.Alignment
	}
	return layoutRow(n.Children, w, dist, align, c)
}

// Natural is the children's natural widths side by side.
func (Row) Natural(n *a2ui.Node, c *Context) int {
	total := 0
	for i, ch := range n.Children {
		if i > 0 {
			total += rowGap
		}
		total += Natural(ch, c)
	}
	return total
}

const rowGap = 1

// smallRow is how many children a row may have for its layout to keep
// its working lists on the stack.
const smallRow = 8

func layoutRow(children []*a2ui.Node, w int, dist, align string, c *Context) Block {
	if len(children) == 0 {
		return Block{W: w}
	}
	gaps := rowGap * (len(children) - 1)
	avail := w - gaps
	// Widths on the stack for a row of a few children.
	var buf [2 * smallRow]int
	natural, widths := buf[:0], buf[smallRow:smallRow]
	if len(children) > smallRow {
		natural, widths = make([]int, 0, len(children)), make([]int, 0, len(children))
	}
	natural, widths = natural[:len(children)], widths[:len(children)]
	weighted := false
	sum := 0
	for i, ch := range children {
		natural[i] = max(Natural(ch, c), 1)
		sum += natural[i]
		weighted = weighted || ch.Weight > 0
	}
	if !weighted {
		naturalFirst(widths, natural, avail, nil)
	} else {
		// The weighted children keep room for a fair share of the row
		// (or their natural width, if less); the others take their
		// natural widths from the rest, and the weighted ones share what
		// is left.
		reserve := 0
		fair := max(minCell, avail/len(children))
		for i, ch := range children {
			if ch.Weight > 0 {
				reserve += min(natural[i], fair)
			}
		}
		naturalFirst(widths, natural, max(avail-reserve, 0), children)
		fixed := 0
		for i := range widths {
			fixed += widths[i]
		}
		share(widths, avail-fixed, children)
	}
	for i, cw := range widths {
		if cw < min(minCell, natural[i]) || cw < 1 {
			// Too narrow to draw side by side: stack, each at full width.
			return stackChildren(children, w, "stretch", c)
		}
	}
	var bb [smallRow]Block
	blocks := bb[:0]
	// The cheap leaves of a row the cache holds are drawn as pieces
	// (drawPieces), which the row copies into its own lines; their blocks
	// here are as tall, without lines.
	k := c.Cache
	var leaves rowPieces
	for i, ch := range children {
		if k != nil && i < piecesRow && drawPieces(ch, widths[i], c, &leaves.l[i]) {
			leaves.drawn |= 1 << i
			k.pieced++
			blocks = append(blocks, Block{W: widths[i], Lines: k.noLines[:leaves.l[i].h]})
			continue
		}
		blocks = append(blocks, Render(ch, widths[i], c))
	}
	if align == "stretch" || align == "" {
		stretchColumns(blocks, children, widths, c)
	}
	stretchDividers(blocks, children)
	used := gaps
	for _, cw := range widths {
		used += cw
	}
	return distribute(blocks, &leaves, w, w-used, dist, align)
}

// piecesRow is how many children of a row may be drawn as pieces: those
// of a row of a few, on the stack.
const piecesRow = 4

// rowPieces holds the children of a row drawn as pieces: child i when bit
// i of drawn is set.
type rowPieces struct {
	l     [piecesRow]leafPieces
	drawn uint
}

// at returns child i's pieces, or nil.
func (r *rowPieces) at(i int) *leafPieces {
	if r == nil || i >= piecesRow || r.drawn&(1<<i) == 0 {
		return nil
	}
	return &r.l[i]
}

// naturalFirst gives the entries that take part their natural widths
// within total: all of them when they fit; else the narrow ones keep
// theirs and the wide ones share what is left equally, so that a short
// title beside a long one is never squeezed to make room for it. With
// children, only those without a weight take part; else all do.
func naturalFirst(widths, natural []int, total int, children []*a2ui.Node) {
	var buf [smallRow]int
	idx := buf[:0]
	for i := range widths {
		if children == nil || children[i].Weight <= 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) > 1 {
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(natural[a], natural[b]) })
	}
	left := total
	for k, i := range idx {
		fair := left / (len(idx) - k)
		widths[i] = min(natural[i], fair)
		left -= widths[i]
	}
	// What integer division left over goes to the widest that wanted more.
	for k := len(idx) - 1; k >= 0 && left > 0; k-- {
		i := idx[k]
		if more := natural[i] - widths[i]; more > 0 {
			give := min(more, left)
			widths[i] += give
			left -= give
		}
	}
}

// stretchColumns draws a Column child that is shorter than the row again
// at the row's height, as a stretched flex item: its weighted children
// grow to fill it.
func stretchColumns(blocks []Block, children []*a2ui.Node, widths []int, c *Context) {
	h := 0
	for _, b := range blocks {
		h = max(h, b.H())
	}
	for i, ch := range children {
		if ch.Type != "Column" || blocks[i].H() >= h || !hasWeighted(ch.Children) {
			continue
		}
		align := "stretch"
		if p, ok := ch.Props.(*a2ui.ColumnProps); ok {
			align = p.Alignment
		}
		blocks[i] = stackChildrenTo(ch.Children, widths[i], align, h, c)
	}
}

func hasWeighted(children []*a2ui.Node) bool {
	for _, ch := range children {
		if ch.Weight > 0 {
			return true
		}
	}
	return false
}

// share splits total between the children with a weight, in proportion
// to it, giving the remainder to the first ones.
func share(widths []int, total int, children []*a2ui.Node) {
	sum := 0.0
	var buf [smallRow]int
	idx := buf[:0]
	for i, ch := range children {
		if ch.Weight > 0 {
			idx = append(idx, i)
			sum += ch.Weight
		}
	}
	if len(idx) == 0 || sum <= 0 {
		return
	}
	given := 0
	for _, i := range idx {
		widths[i] = int(float64(total) * children[i].Weight / sum)
		given += widths[i]
	}
	for k := 0; given < total; k++ {
		widths[idx[k%len(idx)]]++
		given++
	}
}

// distribute places the drawn children in w columns with free columns to
// spare, as CSS justify-content would: each child starts at the column its
// exact position rounds down to, so that no remainder is lost (with
// spaceBetween the last child ends at the edge).
func distribute(blocks []Block, leaves *rowPieces, w, free int, dist, align string) Block {
	if align == "stretch" {
		align = "start"
	}
	n := len(blocks)
	// before(i) is how many free columns lie before child i.
	before := func(int) int { return 0 }
	if free > 0 && n > 0 {
		switch dist {
		case "center":
			before = func(int) int { return free / 2 }
		case "end":
			before = func(int) int { return free }
		case "spaceBetween":
			if n > 1 {
				before = func(i int) int { return free * i / (n - 1) }
			}
		case "spaceAround":
			before = func(i int) int { return free * (2*i + 1) / (2 * n) }
		case "spaceEvenly":
			before = func(i int) int { return free * (i + 1) / (n + 1) }
		}
	}
	// Where each child starts: free columns before it, and the gap.
	var xb [smallRow]int
	xs := xb[:0]
	if n > len(xb) {
		xs = make([]int, 0, n)
	}
	x, prev := 0, 0
	for i, b := range blocks {
		gap := before(i) - prev
		if i > 0 {
			gap += rowGap
		}
		x += max(gap, 0)
		xs = append(xs, x)
		x += b.W
		prev = before(i)
	}
	return placeBeside(blocks, leaves, xs, x, w, align)
}

// placeBeside puts blocks side by side in w columns, block i from column
// xs[i] (in order; they end at column end), the columns between them
// blank, each padded to the height of the tallest by valign ("start",
// "center", "end"; "stretch" is drawn as start), the lines padded or cut
// to w: each line made once, every line cut from one string, and a row
// of at most two lines and two hits (a label beside a field and a
// button) in one allocation besides it. Beside is placeBeside with
// columns a gap apart. A block whose child leaves
// holds (leaves may be nil) is a leaf drawn as pieces, which are its
// lines and hit.
func placeBeside(blocks []Block, leaves *rowPieces, xs []int, end, w int, valign string) Block {
	h, nh, used := 0, 0, 0
	for i := range blocks {
		h = max(h, len(blocks[i].Lines))
		nh += len(blocks[i].Hits)
		if lp := leaves.at(i); lp != nil && lp.hasHit {
			nh++
		}
		used += blocks[i].W
	}
	var out Block
	if h <= 2 && nh > 0 && nh <= 2 {
		small := &struct {
			lines [2]string
			hits  [2]Hit
		}{}
		out = Block{W: w, Lines: small.lines[:h], Hits: small.hits[:0:nh]}
	} else {
		out = Block{W: w, Lines: make([]string, h), Hits: make([]Hit, 0, nh)}
	}
	var tb [smallRow]int
	tops := blockTops(tb[:], blocks, h, valign)
	// Padded to w when narrower, cut to it when wider (as Indent does).
	pad := max(w-end, 0)
	n := (end - used + pad) * h
	for i := range blocks {
		b := &blocks[i]
		n += (h - len(b.Lines)) * b.W
		if lp := leaves.at(i); lp != nil {
			for j := range lp.h {
				n += lp.lines[j].len()
			}
			continue
		}
		for _, l := range b.Lines {
			n += len(l)
		}
	}
	var eb [2 * smallRow]int
	ends := eb[:0]
	if h > len(eb) {
		ends = make([]int, 0, h)
	}
	var sb strings.Builder
	sb.Grow(n)
	for y := range h {
		x := 0
		for i := range blocks {
			b := &blocks[i]
			sb.WriteString(blanks(xs[i] - x))
			switch j := y - tops[i]; {
			case j < 0 || j >= len(b.Lines):
				sb.WriteString(blanks(b.W))
			case leaves.at(i) != nil:
				leaves.at(i).lines[j].writeTo(&sb)
			default:
				sb.WriteString(b.Lines[j])
			}
			x = xs[i] + b.W
		}
		sb.WriteString(blanks(pad))
		ends = append(ends, sb.Len())
	}
	all, from := sb.String(), 0
	for y, to := range ends {
		out.Lines[y] = all[from:to]
		if end > w {
			out.Lines[y] = Fit(out.Lines[y], w)
		}
		from = to
	}
	for i := range blocks {
		if lp := leaves.at(i); lp != nil && lp.hasHit {
			ht := lp.hit
			ht.X += xs[i]
			ht.Y += tops[i]
			out.Hits = append(out.Hits, ht)
		}
		for _, ht := range blocks[i].Hits {
			ht.X += xs[i]
			ht.Y += tops[i]
			out.Hits = append(out.Hits, ht)
		}
	}
	return out
}

// stretchDividers draws a vertical Divider of a Row as tall as the row.
func stretchDividers(blocks []Block, children []*a2ui.Node) {
	h := 0
	for _, b := range blocks {
		h = max(h, b.H())
	}
	for i, ch := range children {
		if ch.Type != "Divider" {
			continue
		}
		if p, ok := ch.Props.(*a2ui.DividerProps); ok && p.Axis == "vertical" && blocks[i].H() > 0 {
			lines := make([]string, h)
			for y := range lines {
				lines[y] = blocks[i].Lines[0]
			}
			blocks[i].Lines = lines
		}
	}
}

package components

import (
	"cmp"
	"slices"

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
		unweighted := func(i int) bool { return children[i].Weight <= 0 }
		naturalFirst(widths, natural, max(avail-reserve, 0), unweighted)
		fixed := 0
		for i := range widths {
			fixed += widths[i]
		}
		share(widths, avail-fixed, func(i int) float64 { return children[i].Weight }, func(i int) bool { return children[i].Weight > 0 })
	}
	for i, cw := range widths {
		if cw < min(minCell, natural[i]) || cw < 1 {
			// Too narrow to draw side by side: stack, each at full width.
			return stackChildren(children, w, "stretch", c)
		}
	}
	var bb [smallRow]Block
	blocks := bb[:0]
	for i, ch := range children {
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
	return distribute(blocks, w, w-used, dist, align)
}

// naturalFirst gives the entries that take part their natural widths
// within total: all of them when they fit; else the narrow ones keep
// theirs and the wide ones share what is left equally, so that a short
// title beside a long one is never squeezed to make room for it.
func naturalFirst(widths, natural []int, total int, takes func(int) bool) {
	var buf [smallRow]int
	idx := buf[:0]
	for i := range widths {
		if takes == nil || takes(i) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(natural[a], natural[b]) })
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

// share splits total between the entries that take part, in proportion to
// weight, giving the remainder to the first ones.
func share(widths []int, total int, weight func(int) float64, takes func(int) bool) {
	sum := 0.0
	var buf [smallRow]int
	idx := buf[:0]
	for i := range widths {
		if takes == nil || takes(i) {
			idx = append(idx, i)
			sum += weight(i)
		}
	}
	if len(idx) == 0 || sum <= 0 {
		return
	}
	given := 0
	for _, i := range idx {
		widths[i] = int(float64(total) * weight(i) / sum)
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
func distribute(blocks []Block, w, free int, dist, align string) Block {
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
	// Gaps are blocks without lines: Beside pads them with blanks.
	var pb [2 * smallRow]Block
	parts := pb[:0]
	prev := 0
	for i, b := range blocks {
		gap := before(i) - prev
		if i > 0 {
			gap += rowGap
		}
		if gap > 0 {
			parts = append(parts, Block{W: gap})
		}
		parts = append(parts, b)
		prev = before(i)
	}
	return Indent(Beside(0, align, parts...), 0, w)
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

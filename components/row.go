package components

import "github.com/a2term/a2term/a2ui"

// minCell is the narrowest a Row child may be drawn before the Row gives
// up and stacks its children instead of cutting them.
const minCell = 8

// Row lays its children side by side: children with a weight share the
// space in proportion, the others get their natural width; with no
// weights at all, children that fit keep their natural width and the
// free space is spread by distribution, and children that do not fit get
// equal shares. When the shares would be too narrow, the children are
// stacked instead.
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

func layoutRow(children []*a2ui.Node, w int, dist, align string, c *Context) Block {
	if len(children) == 0 {
		return Block{W: w}
	}
	gaps := rowGap * (len(children) - 1)
	avail := w - gaps
	natural := make([]int, len(children))
	weighted := false
	sum := 0
	for i, ch := range children {
		natural[i] = max(Natural(ch, c), 1)
		sum += natural[i]
		weighted = weighted || ch.Weight > 0
	}
	widths := make([]int, len(children))
	switch {
	case !weighted && sum <= avail:
		copy(widths, natural)
	case !weighted:
		share(widths, avail, func(int) float64 { return 1 }, nil)
	default:
		fixed := 0
		for i, ch := range children {
			if ch.Weight <= 0 {
				widths[i] = min(natural[i], avail/len(children))
				fixed += widths[i]
			}
		}
		share(widths, avail-fixed, func(i int) float64 { return children[i].Weight }, func(i int) bool { return children[i].Weight > 0 })
	}
	for i, cw := range widths {
		if cw < min(minCell, natural[i]) || cw < 1 {
			// Too narrow to draw side by side: stack, each at full width.
			return stackChildren(children, w, "stretch", c)
		}
	}
	blocks := make([]Block, 0, len(children))
	for i, ch := range children {
		blocks = append(blocks, Render(ch, widths[i], c))
	}
	stretchDividers(blocks, children)
	used := gaps
	for _, cw := range widths {
		used += cw
	}
	return distribute(blocks, w, w-used, dist, align)
}

// share splits total between the entries that take part, in proportion to
// weight, giving the remainder to the first ones.
func share(widths []int, total int, weight func(int) float64, takes func(int) bool) {
	sum := 0.0
	var idx []int
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
	parts := make([]Block, 0, 2*n)
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

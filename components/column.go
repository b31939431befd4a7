package components

import "github.com/a2term/a2term/a2ui"

// Column stacks its children. Alignment places children narrower than the
// column; distribution has nothing to share out, since a column is as tall
// as its children, except when a Row stretches it to its own height: then
// children with a weight grow in proportion to it (the lines they gain
// below them), as flex-grow does.
type Column struct{}

// Render draws the children one under another.
func (Column) Render(n *a2ui.Node, w int, c *Context) Block {
	align := "stretch"
	if p, ok := n.Props.(*a2ui.ColumnProps); ok {
		align = p.Alignment
	}
	return stackChildren(n.Children, w, align, c)
}

// Natural is the widest child.
func (Column) Natural(n *a2ui.Node, c *Context) int { return widest(n.Children, c) }

func widest(children []*a2ui.Node, c *Context) int {
	w := 0
	for _, ch := range children {
		w = max(w, Natural(ch, c))
	}
	return w
}

// stackChildren draws children at full width (stretch) or at their natural
// width placed by align; a horizontal rule always spans the width.
func stackChildren(children []*a2ui.Node, w int, align string, c *Context) Block {
	g := c.gather(len(children))
	for _, ch := range children {
		if align == "stretch" || align == "" || isHorizontalRule(ch) {
			g.add(Render(ch, w, c))
			continue
		}
		cw := min(w, max(Natural(ch, c), 1))
		g.add(Align(Render(ch, cw, c), w, align))
	}
	out := Stack(w, g.blocks()...)
	g.done()
	return out
}

// stackChildrenTo stacks children at least h lines tall: the lines over
// what they need go below the weighted children, in proportion to their
// weights.
func stackChildrenTo(children []*a2ui.Node, w int, align string, h int, c *Context) Block {
	blocks := make([]Block, 0, len(children))
	used := 0
	for _, ch := range children {
		var b Block
		if align == "stretch" || align == "" || isHorizontalRule(ch) {
			b = Render(ch, w, c)
		} else {
			cw := min(w, max(Natural(ch, c), 1))
			b = Align(Render(ch, cw, c), w, align)
		}
		used += b.H()
		blocks = append(blocks, b)
	}
	extra := make([]int, len(children))
	share(extra, max(h-used, 0), func(i int) float64 { return children[i].Weight }, func(i int) bool { return children[i].Weight > 0 })
	parts := make([]Block, 0, 2*len(blocks))
	for i, b := range blocks {
		parts = append(parts, b)
		if extra[i] > 0 {
			parts = append(parts, Empty(w, extra[i]))
		}
	}
	return Stack(w, parts...)
}

// isHorizontalRule reports whether n is a Divider across the width, which
// has no natural width of its own.
func isHorizontalRule(n *a2ui.Node) bool {
	if n == nil || n.Type != "Divider" {
		return false
	}
	p, ok := n.Props.(*a2ui.DividerProps)
	return !ok || p.Axis != "vertical"
}

package components

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// List shows its children one under another, or, when horizontal, side by
// side in a strip that scrolls to keep the focused child in view.
type List struct{}

// Render draws the list.
func (List) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.ListProps)
	if p == nil || p.Direction != "horizontal" {
		align := "stretch"
		if p != nil {
			align = p.Alignment
		}
		return stackChildren(n.Children, w, align, c)
	}
	return scrollStrip(n, w, c)
}

// Natural is the widest child for a vertical list; a horizontal one wants
// its whole strip.
func (List) Natural(n *a2ui.Node, c *Context) int {
	if p, ok := n.Props.(*a2ui.ListProps); ok && p.Direction == "horizontal" {
		total := 0
		for i, ch := range n.Children {
			if i > 0 {
				total += listGap
			}
			total += max(Natural(ch, c), 1)
		}
		return total
	}
	return widest(n.Children, c)
}

// listGap is the space between the children of a horizontal list.
const listGap = 2

// scrollStrip draws the children at their natural widths side by side and
// shows the w columns around the focused child (or from the list's own
// scroll offset), with arrows where more is hidden.
func scrollStrip(n *a2ui.Node, w int, c *Context) Block {
	blocks := make([]Block, 0, len(n.Children))
	for _, ch := range n.Children {
		blocks = append(blocks, Render(ch, min(max(Natural(ch, c), 1), w), c))
	}
	strip := Beside(listGap, "start", blocks...)
	if strip.W <= w {
		return Indent(strip, 0, w)
	}
	off := c.State.Peek(n.ID).Scroll
	for _, h := range strip.Hits {
		if h.Node == c.Focus {
			if h.X < off+1 {
				off = h.X - 1
			}
			if h.X+h.W > off+w-1 {
				off = h.X + h.W - w + 1
			}
		}
	}
	off = max(0, min(off, strip.W-w))
	out := Block{W: w, Lines: make([]string, strip.H())}
	for i, l := range strip.Lines {
		out.Lines[i] = Window(l, off, w)
	}
	if off > 0 && len(out.Lines) > 0 {
		out.Lines[0] = c.Theme.Accent.Render(c.Theme.Glyph("‹", "<")) + Window(out.Lines[0], 1, w-1)
	}
	if off+w < strip.W && len(out.Lines) > 0 {
		out.Lines[0] = Fit(ansi.Cut(out.Lines[0], 0, w-1), w-1) + c.Theme.Accent.Render(c.Theme.Glyph("›", ">"))
	}
	for _, h := range strip.Hits {
		if h.X+h.W <= off || h.X >= off+w {
			continue // scrolled out of view: not clickable, not in focus order
		}
		h.X -= off
		if h.X < 0 {
			h.W += h.X
			h.X = 0
		}
		h.W = min(h.W, w-h.X)
		out.Hits = append(out.Hits, h)
	}
	return out
}

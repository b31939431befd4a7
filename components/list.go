package components

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// List shows its children one under another, or, when horizontal, side by
// side in a strip; a strip too wide for its place scrolls, as a control of
// its own (see scrollStrip).
type List struct{}

// Render draws the list.
func (List) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.ListProps)
	if p == nil || p.Direction != "horizontal" {
		align := "stretch"
		if p != nil {
			align = p.Alignment
		}
		return stackNode(n, w, align, c)
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

// scrollStrip draws the children at their natural widths side by side.
// A strip wider than w shows w columns of it, with arrows where more is
// hidden, and is a control: focused, ←/→ move its cursor from child to
// child (the child under the cursor is marked) and the strip scrolls by
// that child with each press, so every child can be reached; a focused
// child inside it is kept in view.
func scrollStrip(n *a2ui.Node, w int, c *Context) Block {
	blocks := make([]Block, 0, len(n.Children))
	xs := make([]int, 0, len(n.Children))
	x := 0
	for _, ch := range n.Children {
		b := Render(ch, min(max(Natural(ch, c), 1), w), c)
		blocks = append(blocks, b)
		xs = append(xs, x)
		x += b.W + listGap
	}
	strip := Beside(listGap, "start", blocks...)
	if strip.W <= w {
		return Indent(strip, 0, w)
	}
	t := c.Theme
	focused := c.Focused(n.ID)
	cur := clampIn(c.State.Peek(n.ID).Cursor, 0, len(blocks)-1)
	// What to keep in view: a focused child inside the strip, scrolled to
	// by as little as shows it whole; else the child under the cursor
	// once it moved, which leads the window (its gap, where the mark is
	// drawn without colour, just right of the "‹"), so
	// that every ←/→ moves what the person sees until an end of the strip
	// is in view. A strip scrolled by neither stays at its Scroll offset.
	off := c.State.Peek(n.ID).Scroll
	if focused || cur > 0 {
		off = xs[cur] - listGap
	}
	for _, h := range strip.Hits {
		if h.Node == c.Focus && c.Focus != n.ID {
			off = 0
			if h.X+h.W > w-1 {
				off = h.X + h.W - w + 1
			}
			if h.X < off+1 {
				off = h.X - 1
			}
		}
	}
	off = max(0, min(off, strip.W-w))
	if focused {
		markChild(t, &strip, xs[cur], blocks[cur].W)
	}
	out := Block{W: w, Lines: make([]string, strip.H())}
	for i, l := range strip.Lines {
		out.Lines[i] = Window(l, off, w)
	}
	arrow := t.Accent
	if focused {
		arrow = t.Focus
	}
	if off > 0 && len(out.Lines) > 0 {
		out.Lines[0] = arrow.Render(t.Glyph("‹", "<")) + Window(out.Lines[0], 1, w-1)
	}
	if off+w < strip.W && len(out.Lines) > 0 {
		out.Lines[0] = Fit(ansi.Cut(out.Lines[0], 0, w-1), w-1) + arrow.Render(t.Glyph("›", ">"))
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
	return out.Mark(n.ID, true)
}

// markChild marks the child drawn at columns x to x+cw of the strip: in
// reverse video, or, without colour, with "›" and "‹" in the gaps beside
// it (which are blank), so that the mark takes no column of its own.
func markChild(t *Theme, strip *Block, x, cw int) {
	for y, l := range strip.Lines {
		left, mid, right := Window(l, 0, x), Window(l, x, cw), Window(l, x+cw, strip.W-x-cw)
		if t.Color() {
			strip.Lines[y] = left + t.Focus.Render(ansi.Strip(mid)) + right
			continue
		}
		if y != 0 {
			continue
		}
		if x > 0 {
			left = Window(l, 0, x-1) + ">"
		}
		if x+cw < strip.W {
			right = "<" + Window(l, x+cw+1, strip.W-x-cw-1)
		}
		strip.Lines[y] = left + mid + right
	}
}

// Key moves the cursor of a strip that scrolls: ←/→ to the child before
// or after, Home and End to the first and the last.
func (List) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, _ *Context) Intent {
	if p, ok := n.Props.(*a2ui.ListProps); !ok || p.Direction != "horizontal" || len(n.Children) == 0 {
		return Intent{}
	}
	km := DefaultKeyMap()
	last := len(n.Children) - 1
	cur := clampIn(st.Cursor, 0, last)
	switch {
	case key.Matches(k, km.Left) && cur > 0:
		st.Cursor = cur - 1
	case key.Matches(k, km.Right) && cur < last:
		st.Cursor = cur + 1
	case key.Matches(k, km.Home):
		st.Cursor = 0
	case key.Matches(k, km.End):
		st.Cursor = last
	default:
		return Intent{}
	}
	return Intent{Kind: Handled}
}

// Click on the strip (not on a child in it) only focuses it.
func (List) Click(_ *a2ui.Node, _ *NodeState, _ int, _ *Context) Intent {
	return Intent{Kind: Handled}
}

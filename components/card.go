package components

import "github.com/a2term/a2term/a2ui"

// Card frames its child in a rounded box.
type Card struct{}

// Render draws the frame and the child inside it, one column of padding
// on each side.
func (Card) Render(n *a2ui.Node, w int, c *Context) Block {
	if w < 5 || len(n.Children) == 0 {
		return Stack(w, renderChildren(n, w, c)...)
	}
	return controlFrame(c.Theme, Render(n.Children[0], w-4, c), c.Theme.Border, false, false)
}

// Natural is the child's natural width plus the frame.
func (Card) Natural(n *a2ui.Node, c *Context) int {
	if len(n.Children) == 0 {
		return 4
	}
	return Natural(n.Children[0], c) + 4
}

func renderChildren(n *a2ui.Node, w int, c *Context) []Block {
	out := make([]Block, 0, len(n.Children))
	for _, ch := range n.Children {
		out = append(out, Render(ch, w, c))
	}
	return out
}

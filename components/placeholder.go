package components

import "github.com/a2term/a2term/a2ui"

// Placeholder stands where lenient mode found a reference to nothing (a
// progressive stream that has not sent the component yet).
type Placeholder struct{}

// Render draws a small dim note naming what is missing.
func (Placeholder) Render(n *a2ui.Node, w int, c *Context) Block {
	name := n.Component
	if p, ok := n.Props.(*a2ui.PlaceholderProps); ok {
		name = p.Missing
	}
	return TextBlock(w, c.Theme.Missing.Render(c.Theme.Glyph("…", "...")+" "+name))
}

// Natural fits the note.
func (Placeholder) Natural(n *a2ui.Node, c *Context) int { return len([]rune(n.Component)) + 2 }

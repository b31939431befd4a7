package components

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/a2term/a2term/a2ui"
)

// Placeholder stands for what a2term cannot draw as it is: the root of a
// surface still waiting for its components, or (lenient mode) a reference
// to a component not sent yet.
type Placeholder struct{}

// Render draws a small dim note naming what is missing.
func (Placeholder) Render(n *a2ui.Node, w int, c *Context) Block {
	return TextBlock(w, c.Theme.Missing.Render(placeholderNote(n, c.Theme)))
}

// placeholderNote is the one line a placeholder shows.
func placeholderNote(n *a2ui.Node, t *Theme) string {
	note := n.Component
	if p, ok := n.Props.(*a2ui.PlaceholderProps); ok {
		note = p.Missing
		if p.Waiting {
			note = "waiting for its components"
		}
	}
	return t.Glyph("…", "...") + " " + note
}

// Natural fits the note.
func (Placeholder) Natural(n *a2ui.Node, c *Context) int {
	return lipgloss.Width(placeholderNote(n, c.Theme))
}

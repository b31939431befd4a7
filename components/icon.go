package components

import "github.com/a2term/a2term/a2ui"

// Icon is a placeholder until the widget is written.
type Icon struct{}

// Render draws the node's type.
func (Icon) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Icon]") }

// Natural fits the label.
func (Icon) Natural(n *a2ui.Node, c *Context) int { return len("[Icon]") }

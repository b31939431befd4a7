package components

import "github.com/a2term/a2term/a2ui"

// DateTimeInput is a placeholder until the widget is written.
type DateTimeInput struct{}

// Render draws the node's type.
func (DateTimeInput) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[DateTimeInput]") }

// Natural fits the label.
func (DateTimeInput) Natural(n *a2ui.Node, c *Context) int { return len("[DateTimeInput]") }

package components

import "github.com/a2term/a2term/a2ui"

// Image is a placeholder until the widget is written.
type Image struct{}

// Render draws the node's type.
func (Image) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Image]") }

// Natural fits the label.
func (Image) Natural(n *a2ui.Node, c *Context) int { return len("[Image]") }

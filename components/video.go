package components

import "github.com/a2term/a2term/a2ui"

// Video is a placeholder until the widget is written.
type Video struct{}

// Render draws the node's type.
func (Video) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Video]") }

// Natural fits the label.
func (Video) Natural(n *a2ui.Node, c *Context) int { return len("[Video]") }

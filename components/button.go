package components

import "github.com/a2term/a2term/a2ui"

// Button is a placeholder until the widget is written.
type Button struct{}

// Render draws the node's type.
func (Button) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Button]") }

// Natural fits the label.
func (Button) Natural(n *a2ui.Node, c *Context) int { return len("[Button]") }

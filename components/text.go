package components

import "github.com/a2term/a2term/a2ui"

// Text is a placeholder until the widget is written.
type Text struct{}

// Render draws the node's type.
func (Text) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Text]") }

// Natural fits the label.
func (Text) Natural(n *a2ui.Node, c *Context) int { return len("[Text]") }

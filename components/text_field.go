package components

import "github.com/a2term/a2term/a2ui"

// TextField is a placeholder until the widget is written.
type TextField struct{}

// Render draws the node's type.
func (TextField) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[TextField]") }

// Natural fits the label.
func (TextField) Natural(n *a2ui.Node, c *Context) int { return len("[TextField]") }

package components

import "github.com/a2term/a2term/a2ui"

// CheckBox is a placeholder until the widget is written.
type CheckBox struct{}

// Render draws the node's type.
func (CheckBox) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[CheckBox]") }

// Natural fits the label.
func (CheckBox) Natural(n *a2ui.Node, c *Context) int { return len("[CheckBox]") }

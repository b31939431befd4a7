package components

import "github.com/a2term/a2term/a2ui"

// MultipleChoice is a placeholder until the widget is written.
type MultipleChoice struct{}

// Render draws the node's type.
func (MultipleChoice) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[MultipleChoice]") }

// Natural fits the label.
func (MultipleChoice) Natural(n *a2ui.Node, c *Context) int { return len("[MultipleChoice]") }

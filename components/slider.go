package components

import "github.com/a2term/a2term/a2ui"

// Slider is a placeholder until the widget is written.
type Slider struct{}

// Render draws the node's type.
func (Slider) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[Slider]") }

// Natural fits the label.
func (Slider) Natural(n *a2ui.Node, c *Context) int { return len("[Slider]") }

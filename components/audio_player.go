package components

import "github.com/a2term/a2term/a2ui"

// AudioPlayer is a placeholder until the widget is written.
type AudioPlayer struct{}

// Render draws the node's type.
func (AudioPlayer) Render(n *a2ui.Node, w int, c *Context) Block { return TextBlock(w, "[AudioPlayer]") }

// Natural fits the label.
func (AudioPlayer) Natural(n *a2ui.Node, c *Context) int { return len("[AudioPlayer]") }

package components

import (
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// Divider is a rule: across the width, or, as a vertical divider in a Row,
// one column as tall as the row.
type Divider struct{}

// Render draws the rule.
func (Divider) Render(n *a2ui.Node, w int, c *Context) Block {
	if p, ok := n.Props.(*a2ui.DividerProps); ok && p.Axis == "vertical" {
		return TextBlock(w, c.Theme.Border.Render(c.Theme.Glyph("│", "|")))
	}
	return TextBlock(w, c.Theme.Border.Render(strings.Repeat(c.Theme.Glyph("─", "-"), w)))
}

// Natural is one column for a vertical divider; a horizontal one takes
// what it is given.
func (Divider) Natural(n *a2ui.Node, _ *Context) int {
	if p, ok := n.Props.(*a2ui.DividerProps); ok && p.Axis == "vertical" {
		return 1
	}
	return 1
}

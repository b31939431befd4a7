package components

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Placeholder stands for what a2term cannot draw as it is: the root of a
// surface still waiting for its components, a reference to a component not
// sent yet (lenient mode), or a component of a type outside the standard
// catalog (lenient mode), drawn as a dashed frame titled with its type
// and holding the children it names.
type Placeholder struct{}

// Render draws a small dim note naming what is missing, or the frame of a
// component of another catalog.
func (Placeholder) Render(n *a2ui.Node, w int, c *Context) Block {
	t := c.Theme
	p, _ := n.Props.(*a2ui.PlaceholderProps)
	if p == nil || p.Type == "" || len(n.Children) == 0 || w < 8 {
		b := TextBlock(w, t.Missing.Render(placeholderNote(n, t)))
		if len(n.Children) > 0 {
			b = Stack(w, append([]Block{b}, renderChildren(n, w, c)...)...)
		}
		return b
	}
	inner := Stack(w-4, renderChildren(n, w-4, c)...)
	return dashedFrame(t, customTitle(p, t), inner)
}

// customTitle names the type of a component from another catalog.
func customTitle(p *a2ui.PlaceholderProps, t *Theme) string {
	return t.Glyph("▢", "#") + " " + p.Type
}

// placeholderNote is the one line a placeholder shows.
func placeholderNote(n *a2ui.Node, t *Theme) string {
	note := n.Component
	if p, ok := n.Props.(*a2ui.PlaceholderProps); ok {
		switch {
		case p.Waiting:
			note = "waiting for its components"
		case p.Type != "":
			return customTitle(p, t) + " " + t.Glyph("—", "-") + " not in the standard catalog"
		default:
			note = p.Missing
		}
	}
	return t.Glyph("…", "...") + " " + note
}

// dashedFrame draws inner in a dashed box with title in its top edge.
func dashedFrame(t *Theme, title string, inner Block) Block {
	h, v := t.Glyph("╌", "-"), t.Glyph("╎", ":")
	w := inner.W + 4
	title = ansi.Truncate(title, max(w-6, 1), t.Glyph("…", "~"))
	tw := ansi.StringWidth(title)
	out := Block{W: w}
	out.Lines = append(out.Lines, t.Border.Render(t.Glyph("╭", "+")+h+" ")+t.Missing.Render(title)+
		t.Border.Render(" "+strings.Repeat(h, max(w-tw-5, 0))+t.Glyph("╮", "+")))
	for _, l := range inner.Lines {
		out.Lines = append(out.Lines, t.Border.Render(v)+" "+Fit(l, inner.W)+" "+t.Border.Render(v))
	}
	out.Lines = append(out.Lines, t.Border.Render(t.Glyph("╰", "+")+strings.Repeat(h, w-2)+t.Glyph("╯", "+")))
	for _, hit := range inner.Hits {
		hit.X += 2
		hit.Y++
		out.Hits = append(out.Hits, hit)
	}
	return out
}

// Natural fits the note, or the frame around the widest child.
func (Placeholder) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.PlaceholderProps)
	if p != nil && p.Type != "" && len(n.Children) > 0 {
		return max(widest(n.Children, c), lipgloss.Width(customTitle(p, c.Theme))+2) + 4
	}
	return lipgloss.Width(placeholderNote(n, c.Theme))
}

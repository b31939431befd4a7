package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Tabs shows a strip of titles and the selected tab's content below it.
// ←/→ change the tab while the strip has the focus; a click on a title
// selects it.
type Tabs struct{}

// selected returns the selected tab index, kept within range.
func selectedTab(n *a2ui.Node, st NodeState) int {
	return max(0, min(st.Tab, len(n.Children)-1))
}

// Render draws the strip, a rule, and the selected child.
func (Tabs) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.TabsProps)
	if p == nil || len(n.Children) == 0 {
		return Block{W: w}
	}
	t := c.Theme
	sel := selectedTab(n, c.State.Peek(n.ID))
	focused := c.Focused(n.ID)
	var strip strings.Builder
	var hits []Hit
	x := 0
	for i, title := range p.Titles {
		label := " " + title + " "
		style := t.Dim
		if i == sel {
			style = newStyle(t.Selected.Underline(true))
			if focused {
				style = t.Focus
			}
			if !t.Color() {
				// Without colour no style shows: mark the tab itself.
				label = "[" + title + "]"
				if focused {
					label = ">" + title + "<"
				}
			}
		}
		if i > 0 {
			strip.WriteString(t.Border.Render(t.Glyph("│", "|")))
			x++
		}
		lw := ansi.StringWidth(label)
		hits = append(hits, Hit{X: x, Y: 0, W: lw, H: 1, Node: n.ID, Part: i})
		strip.WriteString(style.Render(label))
		x += lw
	}
	line := strip.String()
	if x > w {
		// Too many titles for the width: keep the selected one in view.
		start := 0
		for i := range sel {
			start = hits[i+1].X
		}
		if hits[sel].X+hits[sel].W-start <= w {
			start = max(0, hits[sel].X+hits[sel].W-w)
		}
		line = Window(line, start, w)
		kept := hits[:0]
		for _, h := range hits {
			h.X -= start
			if h.X >= 0 && h.X < w {
				h.W = min(h.W, w-h.X)
				kept = append(kept, h)
			}
		}
		hits = kept
	}
	head := TextBlock(w, line, t.Border.Render(strings.Repeat(t.Glyph("─", "-"), w)))
	head.Hits = append([]Hit{{X: 0, Y: 0, W: w, H: 1, Node: n.ID, Part: -1, Focusable: true}}, hits...)
	return Stack(w, head, Render(n.Children[sel], w, c))
}

// Natural is the strip's width or the widest tab, whichever is more.
func (Tabs) Natural(n *a2ui.Node, c *Context) int {
	w := 0
	if p, ok := n.Props.(*a2ui.TabsProps); ok {
		for _, t := range p.Titles {
			w += ansi.StringWidth(t) + 3
		}
	}
	return max(w, widest(n.Children, c))
}

// Key moves between tabs.
func (Tabs) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, _ *Context) Intent {
	km := DefaultKeyMap()
	sel := selectedTab(n, *st)
	switch {
	case key.Matches(k, km.Left) && sel > 0:
		st.Tab = sel - 1
		return Intent{Kind: Handled}
	case key.Matches(k, km.Right) && sel < len(n.Children)-1:
		st.Tab = sel + 1
		return Intent{Kind: Handled}
	case key.Matches(k, km.Home):
		st.Tab = 0
		return Intent{Kind: Handled}
	case key.Matches(k, km.End):
		st.Tab = len(n.Children) - 1
		return Intent{Kind: Handled}
	}
	return Intent{}
}

// Click selects the clicked title.
func (Tabs) Click(n *a2ui.Node, st *NodeState, part int, _ *Context) Intent {
	if part >= 0 && part < len(n.Children) {
		st.Tab = part
	}
	return Intent{Kind: Handled}
}

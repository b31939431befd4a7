package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Button draws its child (usually a Text or an Icon) between brackets,
// "[ Pay both ]", or in a frame when the child takes several lines.
// Enter, Space or a click press it; what a press means is for the hub to
// decide from the button's action.
type Button struct{}

// Render draws the button at its natural width (or w when that is less),
// left-aligned in w columns. Only the button's own cells are its hit.
func (Button) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	t := c.Theme
	p, _ := n.Props.(*a2ui.ButtonProps)
	primary := p != nil && p.Primary
	focused := c.Focused(n.ID)
	style := t.Button
	if primary {
		style = t.Primary
	}
	var child *a2ui.Node
	if len(n.Children) > 0 {
		child = n.Children[0]
	}
	inner := Block{W: 0}
	if child != nil {
		cw := max(Natural(child, c), 1)
		if w >= 5 {
			// Room for a frame: the label may wrap inside it.
			cw = min(cw, w-4)
		}
		inner = Render(child, cw, c)
	}
	var b Block
	if inner.H() <= 1 || w < 5 {
		label := ""
		if inner.H() > 0 {
			label = strings.TrimRight(ansi.Strip(inner.Lines[0]), " ")
		}
		l, r := focusMarks(t, focused, "[", "]")
		text := ansi.Truncate(l+" "+label+" "+r, w, "")
		if focused {
			style = t.Focus
		}
		b = Block{W: ansi.StringWidth(text), Lines: []string{style.Render(text)}}
	} else {
		if focused {
			style = t.Focus
		} else {
			for i, l := range inner.Lines {
				inner.Lines[i] = style.Render(strings.TrimRight(ansi.Strip(l), " "))
			}
		}
		b = controlFrame(t, inner, style, focused && !t.Color(), focused)
	}
	// The label is part of the button, not something to click on its own.
	b.Hits = nil
	return Indent(b.Mark(n.ID, true), 0, w)
}

// Natural is the child's natural width and the brackets.
func (Button) Natural(n *a2ui.Node, c *Context) int {
	if len(n.Children) == 0 {
		return 4
	}
	return Natural(n.Children[0], c) + 4
}

// Key presses the button on Enter or Space.
func (Button) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, c *Context) Intent {
	if key.Matches(k, DefaultKeyMap().Activate) {
		return Intent{Kind: Press, Node: n.ID}
	}
	return Intent{}
}

// Click presses the button.
func (Button) Click(n *a2ui.Node, st *NodeState, part int, c *Context) Intent {
	return Intent{Kind: Press, Node: n.ID}
}

// focusMarks returns the brackets of a control's mark ("[", "]" for a check
// box, "(", ")" for a radio), turned into ">" and "<" when the control is
// focused and the theme has no colour, where reverse video does not show.
func focusMarks(t *Theme, focused bool, l, r string) (string, string) {
	if focused && !t.Color() {
		return ">", "<"
	}
	return l, r
}

// clampIn keeps v within [lo, hi] (lo when hi < lo).
func clampIn(v, lo, hi int) int {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

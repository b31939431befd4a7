package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Modal draws its entry point inline. Activating the entry point — the
// button inside it, or the modal itself when the entry holds no control —
// opens the content in a dialog the program draws over the surface; Esc
// closes it.
type Modal struct{}

// Render draws the entry point.
func (Modal) Render(n *a2ui.Node, w int, c *Context) Block {
	if len(n.Children) == 0 {
		return Block{W: w}
	}
	b := Render(n.Children[0], w, c)
	for _, h := range b.Hits {
		if h.Focusable {
			return b
		}
	}
	// The entry holds no control: the modal itself takes the focus.
	switch {
	case c.Focused(n.ID) && c.Theme.Color():
		lines := make([]string, len(b.Lines))
		for i, l := range b.Lines {
			lines[i] = c.Theme.Focus.Render(ansi.Strip(l))
		}
		b.Lines = lines
	case c.Focused(n.ID) && w > 2:
		// Without colour no style shows: point at it instead, drawing the
		// entry two columns narrower so that none of it is cut.
		b = Indent(Render(n.Children[0], w-2, c), 2, w)
		if len(b.Lines) > 0 {
			b.Lines[0] = ">" + b.Lines[0][1:]
		}
	}
	return b.Mark(n.ID, true)
}

// Natural is the entry point's.
func (Modal) Natural(n *a2ui.Node, c *Context) int {
	if len(n.Children) == 0 {
		return 0
	}
	return Natural(n.Children[0], c)
}

// Key opens the dialog.
func (Modal) Key(n *a2ui.Node, _ *NodeState, k tea.KeyMsg, _ *Context) Intent {
	if key.Matches(k, DefaultKeyMap().Activate) {
		return Intent{Kind: OpenModal, Node: n.ID}
	}
	return Intent{}
}

// Click opens the dialog.
func (Modal) Click(n *a2ui.Node, _ *NodeState, _ int, _ *Context) Intent {
	return Intent{Kind: OpenModal, Node: n.ID}
}

// Dialog draws the content of an open Modal in a frame of width w with a
// line saying how to close it.
func Dialog(n *a2ui.Node, w int, c *Context) Block {
	if len(n.Children) < 2 || w < 8 {
		return Block{W: w}
	}
	t := c.Theme
	out := controlFrame(t, Render(n.Children[1], w-4, c), t.Accent, false, false)
	// The top edge says how to close the dialog.
	h := t.Glyph("─", "-")
	hint := " " + t.Glyph("esc", "esc") + " close "
	if ansi.StringWidth(hint)+3 > w {
		hint = " esc " // too narrow for the whole hint: keep the corners
	}
	top := t.Glyph("╭", "+") + strings.Repeat(h, max(w-2-ansi.StringWidth(hint)-1, 0)) + hint + h + t.Glyph("╮", "+")
	out.Lines[0] = t.Accent.Render(Fit(top, w))
	return out
}

// ModalOf returns the Modal whose entry point is, or holds, node id: the
// dialog a press there should open.
func ModalOf(root *a2ui.Node, id string) *a2ui.Node {
	var found *a2ui.Node
	root.WalkModals(func(n *a2ui.Node) bool {
		if len(n.Children) > 0 && n.Children[0].Find(id) != nil {
			found = n
		}
		return true
	})
	return found
}

package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/a2term/a2term/a2ui"
)

// CheckBox draws "[x] Label" or "[ ] Label"; a long label wraps under
// itself. Without colour, where reverse video does not show, its brackets
// turn into ">x<" while it has the focus, in the same cells: the label
// wraps where it does in colour. Enter, Space or a click toggle it.
type CheckBox struct{}

// Render draws the mark and the label.
func (CheckBox) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.CheckBoxProps)
	if p == nil {
		p = &a2ui.CheckBoxProps{}
	}
	focused := c.Focused(n.ID)
	lines := optionLines(c.Theme, p.Label, p.Value, false, focused, w)
	return TextBlock(w, lines...).Mark(n.ID, true)
}

// optionLines draws one check box or option: its mark ("[x]", "[ ]",
// "(•)", "( )"), a space and the label wrapped with a hanging indent.
// Checked marks are in the Selected style; a focused option is reversed,
// or, without colour, its mark's brackets are ">" and "<" (">x<", "> <"),
// so that it takes the columns it takes in colour.
func optionLines(t *Theme, label string, checked, radio, focused bool, w int) []string {
	l, r, in := "[", "]", " "
	switch {
	case radio && checked:
		l, r, in = "(", ")", t.Glyph("•", "*")
	case radio:
		l, r = "(", ")"
	case checked:
		in = "x"
	}
	l, r = focusMarks(t, focused, l, r)
	mark := l + in + r
	body := Wrap(label, max(w-4, 1))
	if len(body) == 0 {
		body = []string{""}
	}
	out := make([]string, len(body))
	for i, b := range body {
		b = strings.TrimRight(b, " ")
		head := "    "
		if i == 0 {
			head = mark + " "
		}
		switch {
		case focused && i == 0:
			out[i] = t.Focus.Render(head + b)
		case focused:
			out[i] = head + t.Focus.Render(b)
		case i == 0 && checked:
			out[i] = t.Selected.Render(mark) + " " + b
		default:
			out[i] = head + b
		}
	}
	return out
}

// Natural fits the mark and the label on one line.
func (CheckBox) Natural(n *a2ui.Node, _ *Context) int {
	if p, ok := n.Props.(*a2ui.CheckBoxProps); ok {
		return 4 + stringWidth(p.Label)
	}
	return 4
}

// cheapDraw: a box with a short label costs about as little to draw as
// to keep.
func (CheckBox) cheapDraw(n *a2ui.Node) bool {
	p, ok := n.Props.(*a2ui.CheckBoxProps)
	return ok && len(p.Label) <= textNaturalCap
}

// cheapNatural: so is its width to measure.
func (CheckBox) cheapNatural(n *a2ui.Node) bool { return CheckBox{}.cheapDraw(n) }

// Key toggles the box on Enter or Space.
func (CheckBox) Key(n *a2ui.Node, _ *NodeState, k tea.KeyMsg, _ *Context) Intent {
	if key.Matches(k, DefaultKeyMap().Activate) {
		return toggleCheckBox(n)
	}
	return Intent{}
}

// Click toggles the box.
func (CheckBox) Click(n *a2ui.Node, _ *NodeState, _ int, _ *Context) Intent {
	return toggleCheckBox(n)
}

func toggleCheckBox(n *a2ui.Node) Intent {
	p, ok := n.Props.(*a2ui.CheckBoxProps)
	if !ok {
		return Intent{}
	}
	return Intent{Kind: SetValue, Node: n.ID, Value: !p.Value}
}

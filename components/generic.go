package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Generic draws a component of a catalog definition (a2ui.GenericProps)
// from what its schema says its properties are: a frame titled with its
// type, holding its text-like properties as "Label: text", its input as
// a field (a check box for a boolean), its action as a button, then the
// children its slots name. It is one control: typing edits the input,
// Enter presses the button (Space too when there is no text to type
// into), a click on the button presses it.
type Generic struct{}

// genericButtonPart is the Hit.Part of a Generic's button.
const genericButtonPart = 1

// Render draws the frame and what it holds.
func (Generic) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.GenericProps)
	if p == nil || w < 8 {
		return TextBlock(max(w, 0), c.Theme.Missing.Render(genericTitle(n, c.Theme)))
	}
	iw := w - 4
	t := c.Theme
	focused := c.Focused(n.ID)
	var parts []Block
	for _, f := range p.Fields {
		parts = append(parts, TextBlock(iw, Wrap(t.Dim.Render(f.Label+":")+" "+f.Text, iw)...))
	}
	if in := p.Input; in != nil {
		if in.Kind == a2ui.InputBoolean {
			parts = append(parts, TextBlock(iw, optionLines(t, in.Label, in.Checked, false, focused, iw)...).Mark(n.ID, true))
		} else {
			parts = append(parts, fieldBlock(n.ID, genericField(in), iw, c))
		}
	}
	if p.Action != "" {
		parts = append(parts, genericButton(n, p, focused, iw, c))
	}
	parts = append(parts, renderChildren(n, iw, c)...)
	if len(parts) == 0 {
		parts = append(parts, TextBlock(iw))
	}
	return solidFrame(t, genericTitle(n, t), Stack(iw, parts...))
}

// genericTitle names the component's type and, dimly, its catalog.
func genericTitle(n *a2ui.Node, t *Theme) string {
	if p, ok := n.Props.(*a2ui.GenericProps); ok {
		return t.Glyph("◇", "*") + " " + p.Type
	}
	return n.Type
}

// genericField is the input as the TextField it is drawn and edited as.
func genericField(in *a2ui.GenericInput) *a2ui.TextFieldProps {
	kind := "shortText"
	if in.Kind == a2ui.InputNumber {
		kind = "number"
	}
	return &a2ui.TextFieldProps{Label: in.Label, Text: in.Text, TextFieldType: kind}
}

// genericButton draws the button "[ Label ]", disabled while checks
// fail.
func genericButton(n *a2ui.Node, p *a2ui.GenericProps, focused bool, w int, c *Context) Block {
	t := c.Theme
	label := ansi.Truncate("[ "+p.Action+" ]", w, t.Glyph("…", "~"))
	style := t.Button
	switch {
	case len(p.Checks) > 0:
		style = t.Disabled
	case focused && p.Input == nil:
		style = t.Focus
	}
	b := TextBlock(w, style.Render(label))
	b.Hits = append(b.Hits, Hit{X: 0, Y: 0, W: ansi.StringWidth(label), H: 1, Node: n.ID, Part: genericButtonPart, Focusable: p.Input == nil})
	return b
}

// solidFrame draws inner in a box with title in its top edge.
func solidFrame(t *Theme, title string, inner Block) Block {
	h, v := t.Glyph("─", "-"), t.Glyph("│", "|")
	w := inner.W + 4
	title = ansi.Truncate(title, max(w-6, 1), t.Glyph("…", "~"))
	tw := ansi.StringWidth(title)
	out := Block{W: w}
	out.Lines = append(out.Lines, t.Border.Render(t.Glyph("╭", "+")+h+" ")+t.Bold.Render(title)+
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

// Natural fits the widest of the title, the fields, the button and the
// children.
func (Generic) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.GenericProps)
	w := stringWidth(genericTitle(n, c.Theme)) + 2
	if p != nil {
		for _, f := range p.Fields {
			w = max(w, stringWidth(f.Label)+2+stringWidth(f.Text))
		}
		if p.Input != nil {
			w = max(w, stringWidth(p.Input.Label)+4, stringWidth(p.Input.Text)+4)
		}
		if p.Action != "" {
			w = max(w, stringWidth(p.Action)+4)
		}
	}
	if len(n.Children) > 0 {
		w = max(w, widest(n.Children, c))
	}
	return w + 4
}

// Key edits the input, and presses the button on Enter (on Space too
// when there is no text to type into).
func (Generic) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.GenericProps)
	if !ok {
		return Intent{}
	}
	activate := key.Matches(k, DefaultKeyMap().Activate)
	in := p.Input
	switch {
	case in != nil && in.Kind != a2ui.InputBoolean:
		if k.Type == tea.KeyEnter && p.Action != "" {
			return Intent{Kind: Press, Node: n.ID}
		}
		return TextField{}.key(n, genericField(in), st, k)
	case in != nil && activate:
		if k.Type == tea.KeyEnter && p.Action != "" {
			return Intent{Kind: Press, Node: n.ID}
		}
		return Intent{Kind: SetValue, Node: n.ID, Value: !in.Checked}
	case p.Action != "" && activate:
		return Intent{Kind: Press, Node: n.ID}
	}
	return Intent{}
}

// Click presses the button, toggles a boolean input, or focuses a field.
func (Generic) Click(n *a2ui.Node, _ *NodeState, part int, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.GenericProps)
	if !ok {
		return Intent{}
	}
	switch {
	case part == genericButtonPart && p.Action != "":
		return Intent{Kind: Press, Node: n.ID}
	case p.Input != nil && p.Input.Kind == a2ui.InputBoolean:
		return Intent{Kind: SetValue, Node: n.ID, Value: !p.Input.Checked}
	}
	return Intent{Kind: Handled}
}

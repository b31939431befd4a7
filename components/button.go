package components

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Button draws its child (usually a Text or an Icon) between brackets,
// "[ Pay both ]", or in a frame when the child takes several lines; a
// borderless one draws its label alone, underlined like a link. A button
// whose checks fail is drawn faint (its messages under it say why) and the
// hub refuses its press. A button that opens an address shows it while
// focused, and its NodeState.Notice after a press: a2term opens nothing.
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
	if p == nil {
		p = &a2ui.ButtonProps{}
	}
	focused := c.Focused(n.ID)
	style := buttonStyle(t, p)
	var child *a2ui.Node
	if len(n.Children) > 0 {
		child = n.Children[0]
	}
	inner := Block{W: 0}
	label, oneLine := "", false
	if child != nil {
		if label, oneLine = plainLabel(child, w, p.Borderless, t); !oneLine {
			cw := max(Natural(child, c), 1)
			if w >= 5 {
				// Room for a frame: the label may wrap inside it.
				cw = min(cw, w-4)
			}
			inner = Render(child, cw, c)
		}
	}
	if oneLine || inner.H() <= 1 || w < 5 {
		if !oneLine && inner.H() > 0 {
			label = strings.TrimRight(strip(inner.Lines[0]), " ")
		}
		return buttonOneLine(n, p, style, label, focused, w, c)
	}
	if focused {
		style = &t.Focus
	} else {
		// New lines: the child's block may be kept in the cache.
		lines := make([]string, len(inner.Lines))
		for i, l := range inner.Lines {
			lines[i] = style.Render(strings.TrimRight(ansi.Strip(l), " "))
		}
		inner.Lines = lines
	}
	b := controlFrame(t, inner, *style, focused && !t.Color(), focused)
	// The label is part of the button, not something to click on its own.
	// Marked as the button and padded to w (Indent(b.Mark(n.ID, true), 0,
	// w)), in place: b's lines were made here.
	out := Block{W: w, Lines: b.Lines, Hits: []Hit{{X: 0, Y: 0, W: b.W, H: b.H(), Node: n.ID, Part: -1, Focusable: true}}}
	for i, l := range out.Lines {
		out.Lines[i] = resize(l, b.W, w)
	}
	return withNote(n, p, out, focused, w, c)
}

// buttonOneLine draws the button on one line: its label between the
// marks that show the focus, framed by none.
func buttonOneLine(n *a2ui.Node, p *a2ui.ButtonProps, style *Style, label string, focused bool, w int, c *Context) Block {
	t := c.Theme
	l, r := focusMarks(t, focused, "[", "]")
	if p.Borderless {
		// No frame: the label, with a column either side for the
		// marks that show the focus without colour.
		l, r = focusMarks(t, focused, " ", " ")
	}
	if focused {
		style = &t.Focus
		if p.Disabled {
			faint := newStyle(t.Focus.Faint(true))
			style = &faint
		}
	}
	// Drawn padded to w and marked as the button (as below), in
	// one allocation besides the line.
	var line string
	var bw int
	if pl, n, ok := buttonLine(style, l, label, r, w); ok && !p.Borderless {
		line, bw = pl.String(), n
	} else {
		text := l + " " + label + " " + r
		if p.Borderless {
			text = l + label + r
		}
		text = truncate(text, w)
		bw = stringWidth(text)
		if p.Borderless && !focused && !p.Disabled {
			// Only the label is underlined, as a link.
			inner := ansi.Truncate(label, max(w-1, 0), "")
			line = resize(ansi.Truncate(l+t.Link.Render(inner)+r, w, ""), bw, w)
		} else {
			line = style.renderPadded(text, w-bw)
		}
	}
	one := &struct {
		lines [1]string
		hits  [1]Hit
	}{lines: [1]string{line}, hits: [1]Hit{{X: 0, Y: 0, W: bw, H: 1, Node: n.ID, Part: -1, Focusable: true}}}
	return withNote(n, p, Block{W: w, Lines: one.lines[:], Hits: one.hits[:]}, focused, w, c)
}

// buttonLine is what style.renderPadded draws for the text "l label r"
// padded to w, as pieces, when the style's codes may be used and the text
// is printable ASCII that fits; bw is the text's width.
func buttonLine(style *Style, l, label, r string, w int) (line linePieces, bw int, ok bool) {
	bw = len(l) + len(label) + len(r) + 2
	if !style.fast || bw > w || !printable(label) || !printable(l) || !printable(r) {
		return line, 0, false
	}
	return pieces(style.open, l, " ", label, " ", r, style.close, blanks(w-bw)), bw, true
}

// plainLabel is the label of a button in w columns whose child is ch, when
// ch is a Text that draws one line of plain text there (see plainText),
// in a look whose codes take no cells: the text itself, which the button
// takes without drawing ch.
//
// The label must fit beside the button's marks: "[ " and " ]", or a
// column either side of a borderless one.
func plainLabel(ch *a2ui.Node, w int, borderless bool, t *Theme) (string, bool) {
	marks := 4
	if borderless {
		marks = 2
	}
	p, ok := ch.Props.(*a2ui.TextProps)
	if !ok || ch.Type != "Text" || len(p.Text) > textNaturalCap || (w >= 5 && len(p.Text) > w-marks) ||
		!plainText(p.Text) || !t.plainRun(p.UsageHint).bare {
		return "", false
	}
	return p.Text, true
}

// cheapDraw: a button labelled with a short Text costs about as little
// to draw as to keep.
func (Button) cheapDraw(n *a2ui.Node) bool {
	if _, ok := n.Props.(*a2ui.ButtonProps); !ok || len(n.Children) != 1 {
		return false
	}
	ch := n.Children[0]
	tp, ok := ch.Props.(*a2ui.TextProps)
	return ok && ch.Type == "Text" && len(ch.Children) == 0 && len(tp.Text) <= textNaturalCap
}

// cheapNatural: a button with no label, or labelled with a short plain
// Text, is measured quickly.
func (Button) cheapNatural(n *a2ui.Node) bool {
	if _, ok := n.Props.(*a2ui.ButtonProps); !ok || len(n.Children) != 1 {
		return ok && len(n.Children) == 0
	}
	ch := n.Children[0]
	tp, ok := ch.Props.(*a2ui.TextProps)
	return ok && ch.Type == "Text" && len(tp.Text) <= textNaturalCap && plainText(tp.Text)
}

// drawPieces draws a button without the focus, labelled with plain text
// (see plainLabel), on one line (see buttonLine).
func (Button) drawPieces(n *a2ui.Node, w int, c *Context) (lp leafPieces, ok bool) {
	p, ok := n.Props.(*a2ui.ButtonProps)
	if !ok || len(p.Checks) > 0 || p.Waiting != "" || p.Call == "openUrl" || p.Borderless || c.Focused(n.ID) {
		return lp, false
	}
	t := c.Theme
	label, ok := plainLabel(n.Children[0], w, false, t)
	if !ok {
		return lp, false
	}
	var bw int
	if lp.lines[0], bw, ok = buttonLine(buttonStyle(t, p), "[", label, "]", w); ok {
		lp.h, lp.hasHit = 1, true
		lp.hit = Hit{X: 0, Y: 0, W: bw, H: 1, Node: n.ID, Part: -1, Focusable: true}
	}
	return lp, ok
}

// withNote adds under a button that opens an address the note it shows:
// the notice of its last press, or the address while it has the focus.
func withNote(n *a2ui.Node, p *a2ui.ButtonProps, out Block, focused bool, w int, c *Context) Block {
	t := c.Theme
	if p.Call == "openUrl" {
		if note := c.State.Peek(n.ID).Notice; note != "" {
			out = Stack(w, out, TextBlock(w, dimLines(t, note, w)...))
		} else if focused && p.URL != "" {
			out = Stack(w, out, TextBlock(w, dimLines(t, "link: "+p.URL, w)...))
		}
	}
	return out
}

// OpenNotice is what a button that opens an address shows after a press:
// the address, for the person to copy or open, since a2term opens nothing.
func OpenNotice(url string) string {
	if url == "" {
		return "this link has no address"
	}
	return "open it yourself: " + url
}

// dimLines wraps a note and draws each line in the Dim style.
func dimLines(t *Theme, msg string, w int) []string {
	lines := Wrap(msg, w)
	for i, l := range lines {
		lines[i] = t.Dim.Render(strings.TrimRight(l, " "))
	}
	return lines
}

// Natural is the child's natural width and the brackets.
func (Button) Natural(n *a2ui.Node, c *Context) int {
	if len(n.Children) == 0 {
		return 4
	}
	p, _ := n.Props.(*a2ui.ButtonProps)
	return buttonWidth(Natural(n.Children[0], c), p)
}

// buttonWidth is the width of a button whose label is w wide: "[ label ]",
// or, borderless, the label with a column either side for the focus marks.
func buttonWidth(w int, p *a2ui.ButtonProps) int {
	if p != nil && p.Borderless {
		return w + 2
	}
	return w + 4
}

// Key presses the button on Enter or Space.
func (Button) Key(n *a2ui.Node, _ *NodeState, k tea.KeyMsg, _ *Context) Intent {
	if key.Matches(k, DefaultKeyMap().Activate) {
		return Intent{Kind: Press, Node: n.ID}
	}
	return Intent{}
}

// Click presses the button.
func (Button) Click(n *a2ui.Node, _ *NodeState, _ int, _ *Context) Intent {
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

// buttonStyle is the style of a button's label: a pointer, as a style is
// large to copy.
func buttonStyle(t *Theme, p *a2ui.ButtonProps) *Style {
	switch {
	case p.Disabled:
		return &t.Disabled
	case p.Primary:
		return &t.Primary
	case p.Borderless:
		return &t.Text // the label alone is underlined
	}
	return &t.Button
}

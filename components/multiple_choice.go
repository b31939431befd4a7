package components

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// MultipleChoice shows options one per line, "[x] Work" (or "(•) Small"
// when only one may be chosen), or as chips, "‹ ✓ Work › ‹ Home ›", wrapped
// across lines. ↑/↓ (and ←/→ for chips) move the node's Cursor over the
// options shown, Enter or Space toggle the one under it; one choice
// allowed makes a radio that replaces the selection, a cap refuses one
// more with a notice. A filterable one, while focused, takes what is typed,
// spaces included, as a filter (the node's Filter) that hides options
// whose label does not contain it; Enter toggles there. Every change is a SetValue with the whole new selection, as
// option values in option order. A label (v0.9's ChoicePicker has one)
// goes above the options.
type MultipleChoice struct{}

// mcVisible returns the indexes of the options shown: all of them, or
// those whose label contains the filter (ignoring case) while a
// filterable one is focused.
func mcVisible(p *a2ui.MultipleChoiceProps, st NodeState, focused bool) []int {
	f := strings.ToLower(st.Filter)
	out := make([]int, 0, len(p.Options))
	for i, o := range p.Options {
		if p.Filterable && focused && f != "" && !strings.Contains(strings.ToLower(o.Label), f) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// mcSelected says which option values are selected.
func mcSelected(p *a2ui.MultipleChoiceProps) map[string]bool {
	sel := make(map[string]bool, len(p.Selections))
	for _, v := range p.Selections {
		sel[v] = true
	}
	return sel
}

// Render draws the filter line, the options and any notice.
func (MultipleChoice) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.MultipleChoiceProps)
	if p == nil || w <= 0 {
		return Block{W: max(w, 0)}
	}
	t := c.Theme
	st := c.State.Peek(n.ID)
	focused := c.Focused(n.ID)
	visible := mcVisible(p, st, focused)
	cur := clampIn(st.Cursor, 0, len(visible)-1)
	sel := mcSelected(p)
	radio := p.MaxAllowedSelections == 1

	out := Block{W: w}
	if p.Label != "" {
		var head []string
		for _, l := range Wrap(p.Label, w) {
			l = strings.TrimRight(l, " ")
			if focused {
				l = t.Focus.Render(l)
			}
			head = append(head, l)
		}
		out = TextBlock(w, head...)
	}
	if p.Filterable && focused {
		line := t.Dim.Render("Filter: ") + st.Filter
		if t.Color() {
			line += t.Focus.Render(" ")
		} else {
			line += "|"
		}
		if st.Filter == "" {
			line += " " + t.Dim.Render("(type to filter, enter picks)")
		}
		out = Stack(w, out, TextBlock(w, line))
	}
	var opts Block
	switch {
	case len(visible) == 0 && len(p.Options) > 0:
		opts = TextBlock(w, t.Missing.Render("no option matches "+strconv.Quote(st.Filter)))
	case p.Variant == "chips":
		opts = mcChips(t, n.ID, p, visible, sel, focused, cur, w)
	default:
		opts = Block{W: w}
		for j, i := range visible {
			o := p.Options[i]
			b := TextBlock(w, optionLines(t, o.Label, sel[o.Value], radio, focused && j == cur, w)...)
			b.Hits = []Hit{{X: 0, Y: 0, W: w, H: b.H(), Node: n.ID, Part: i}}
			opts = Stack(w, opts, b)
		}
	}
	out = Stack(w, out, opts)
	if focused && st.Notice != "" {
		out = Stack(w, out, TextBlock(w, errorLines(t, st.Notice, w)...))
	}
	return out.Mark(n.ID, true)
}

// mcChip draws one chip: "‹ Work ›", "‹ ✓ Work ›" when selected.
func mcChip(t *Theme, label string, selected, focused bool, w int) string {
	l, r := focusMarks(t, focused, t.Glyph("‹", "("), t.Glyph("›", ")"))
	mark := ""
	if selected {
		mark = t.Glyph("✓", "*") + " "
	}
	room := max(w-4-ansi.StringWidth(mark), 1)
	text := l + " " + mark + ansi.Truncate(label, room, "…") + " " + r
	switch {
	case focused:
		return t.Focus.Render(text)
	case selected:
		return t.Selected.Render(text)
	}
	return text
}

// mcChips lays the chips out in lines of w cells, one space between them.
func mcChips(t *Theme, id string, p *a2ui.MultipleChoiceProps, visible []int, sel map[string]bool, focused bool, cur, w int) Block {
	var lines []string
	hits := make([]Hit, 0, len(visible))
	var line strings.Builder
	x := 0
	for j, i := range visible {
		o := p.Options[i]
		chip := mcChip(t, o.Label, sel[o.Value], focused && j == cur, w)
		cw := ansi.StringWidth(chip)
		if x > 0 && x+1+cw > w {
			lines = append(lines, line.String())
			line.Reset()
			x = 0
		}
		if x > 0 {
			line.WriteString(" ")
			x++
		}
		hits = append(hits, Hit{X: x, Y: len(lines), W: min(cw, w-x), H: 1, Node: id, Part: i})
		line.WriteString(chip)
		x += cw
	}
	if x > 0 {
		lines = append(lines, line.String())
	}
	b := TextBlock(w, lines...)
	b.Hits = hits
	return b
}

// Natural fits the longest option (or every chip on one line, up to 80
// columns) and the filter line.
func (MultipleChoice) Natural(n *a2ui.Node, _ *Context) int {
	p, ok := n.Props.(*a2ui.MultipleChoiceProps)
	if !ok {
		return 8
	}
	w := ansi.StringWidth(p.Label)
	if p.Filterable {
		w = max(w, len("Filter: ")+17)
	}
	if p.Variant == "chips" {
		total := 0
		for i, o := range p.Options {
			if i > 0 {
				total++
			}
			total += ansi.StringWidth(o.Label) + 6
		}
		return max(w, min(total, 80))
	}
	for _, o := range p.Options {
		w = max(w, ansi.StringWidth(o.Label)+4)
	}
	return w
}

// Key moves the cursor, toggles options and edits the filter.
func (MultipleChoice) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.MultipleChoiceProps)
	if !ok {
		return Intent{}
	}
	notice := st.Notice
	st.Notice = ""
	in := mcKey(n, p, st, k)
	if in.Kind == Ignored {
		st.Notice = notice
	}
	return in
}

func mcKey(n *a2ui.Node, p *a2ui.MultipleChoiceProps, st *NodeState, k tea.KeyMsg) Intent {
	km := DefaultKeyMap()
	visible := mcVisible(p, *st, true)
	cur := clampIn(st.Cursor, 0, len(visible)-1)
	chips := p.Variant == "chips"
	switch {
	case key.Matches(k, km.Up) || (chips && key.Matches(k, km.Left)):
		if cur <= 0 {
			return Intent{}
		}
		st.Cursor = cur - 1
		return Intent{Kind: Handled}
	case key.Matches(k, km.Down) || (chips && key.Matches(k, km.Right)):
		if cur >= len(visible)-1 {
			return Intent{}
		}
		st.Cursor = cur + 1
		return Intent{Kind: Handled}
	case key.Matches(k, km.Home):
		st.Cursor = 0
		return Intent{Kind: Handled}
	case key.Matches(k, km.End):
		st.Cursor = max(len(visible)-1, 0)
		return Intent{Kind: Handled}
	case p.Filterable && k.Type == tea.KeySpace:
		// A filter takes spaces ("new york"): enter picks.
		st.Filter += " "
		st.Cursor = 0
		return Intent{Kind: Handled}
	case key.Matches(k, km.Activate):
		if len(visible) == 0 {
			return Intent{Kind: Handled}
		}
		st.Cursor = cur
		return mcToggle(n, p, st, visible[cur])
	case p.Filterable && key.Matches(k, km.Delete):
		if r := []rune(st.Filter); len(r) > 0 {
			st.Filter = string(r[:len(r)-1])
			st.Cursor = 0
		}
		return Intent{Kind: Handled}
	case p.Filterable && k.Type == tea.KeyRunes && !k.Alt:
		st.Filter += a2ui.SanitizeLine(string(k.Runes))
		st.Cursor = 0
		return Intent{Kind: Handled}
	}
	return Intent{}
}

// mcToggle turns option i on or off and returns the new selection, in
// option order; a radio replaces the selection (choosing the chosen one
// again changes nothing), a full cap refuses one more with a notice.
func mcToggle(n *a2ui.Node, p *a2ui.MultipleChoiceProps, st *NodeState, i int) Intent {
	sel := mcSelected(p)
	v := p.Options[i].Value
	count := len(mcOrder(p, sel))
	switch {
	case p.MaxAllowedSelections == 1:
		if sel[v] && count == 1 {
			return Intent{Kind: Handled}
		}
		sel = map[string]bool{v: true}
	case sel[v]:
		delete(sel, v)
	case p.MaxAllowedSelections > 0 && count >= p.MaxAllowedSelections:
		st.Notice = "at most " + strconv.Itoa(p.MaxAllowedSelections)
		return Intent{Kind: Handled}
	default:
		sel[v] = true
	}
	return Intent{Kind: SetValue, Node: n.ID, Value: mcOrder(p, sel)}
}

// mcOrder lists the selected option values in option order, each once;
// selections that name no option are dropped.
func mcOrder(p *a2ui.MultipleChoiceProps, sel map[string]bool) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, o := range p.Options {
		if sel[o.Value] && !seen[o.Value] {
			seen[o.Value] = true
			out = append(out, o.Value)
		}
	}
	return out
}

// Click toggles the clicked option (Part is its index in the options).
func (MultipleChoice) Click(n *a2ui.Node, st *NodeState, part int, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.MultipleChoiceProps)
	if !ok || part < 0 || part >= len(p.Options) {
		return Intent{Kind: Handled}
	}
	st.Notice = ""
	for j, i := range mcVisible(p, *st, true) {
		if i == part {
			st.Cursor = j
		}
	}
	return mcToggle(n, p, st, part)
}

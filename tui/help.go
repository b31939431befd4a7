package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/components"
)

// helpLines lays out every key of the KeyMap, group by group, each drawn
// by the help drawer: in two columns when the terminal is wide enough for
// them, else in one. The help view shows as many as fit and scrolls.
func (m *Model) helpLines() []string {
	t := m.theme
	var blocks [][]string
	colW := 0
	for _, g := range m.keys.groups() {
		b := []string{" " + t.Bold.Render(g.title)}
		for _, l := range strings.Split(m.help.FullHelpView([][]key.Binding{g.keys}), "\n") {
			b = append(b, "   "+strings.TrimRight(l, " "))
		}
		for _, l := range b {
			colW = max(colW, ansi.StringWidth(l))
		}
		blocks = append(blocks, append(b, ""))
	}
	if m.width < 2*colW+2 {
		var out []string
		for _, b := range blocks {
			out = append(out, b...)
		}
		return out
	}
	// Two columns: the groups in order, the first ones on the left, about
	// half the lines each.
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	var left, right []string
	for _, b := range blocks {
		if len(left) < total/2 && len(right) == 0 {
			left = append(left, b...)
		} else {
			right = append(right, b...)
		}
	}
	out := make([]string, max(len(left), len(right)))
	for i := range out {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out[i] = components.Fit(l, colW+2) + r
	}
	return out
}

// helpView draws the help over the body: a heading, then the lines from
// helpTop, with a mark when more is below.
func (m *Model) helpView() []string {
	t := m.theme
	h := m.lay.bodyH
	out := make([]string, h)
	out[0] = " " + t.Bold.Render("Keys") + t.Dim.Render("  (ctrl+c quits · any other key closes this)")
	lines := m.helpLines()
	rows := h - 1
	top := max(0, min(m.helpTop, len(lines)-rows))
	for i := 0; i < rows && top+i < len(lines); i++ {
		out[1+i] = lines[top+i]
	}
	if top+rows < len(lines) && h > 2 {
		out[h-1] = " " + t.Focus.Render(" "+t.Glyph("↓", "v")+" more: ↓ or pgdn ")
	}
	if top > 0 && h > 2 {
		out[1] = " " + t.Focus.Render(" "+t.Glyph("↑", "^")+" more: ↑ or pgup ")
	}
	return out
}

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
	colW := 0
	keys := m.keys
	if !m.lay.wide || m.hideScript {
		// Without the transcript beside the surface, tab goes round the
		// controls only (ctrl+t shows the transcript).
		keys.NextFocus.SetHelp("tab", "next control")
	}
	groups := keys.groups()
	blocks := make([][]string, 0, len(groups))
	for _, g := range groups {
		lines := strings.Split(m.help.FullHelpView([][]key.Binding{g.keys}), "\n")
		b := make([]string, 0, 1+len(lines)+1) // the title, the keys, a blank line
		b = append(b, " "+t.Bold.Render(g.title))
		for _, l := range lines {
			b = append(b, "   "+strings.TrimRight(l, " "))
		}
		for _, l := range b {
			colW = max(colW, ansi.StringWidth(l))
		}
		blocks = append(blocks, append(b, ""))
	}
	// The last group needs no blank line after it.
	last := blocks[len(blocks)-1]
	blocks[len(blocks)-1] = last[:len(last)-1]
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

// helpRows returns the help's lines and how many of them the help view
// shows at once: the body's rows under the heading, less one for the row
// of marks when they do not all fit.
func (m *Model) helpRows() ([]string, int) {
	lines := m.helpLines()
	rows := max(m.lay.bodyH-1, 1)
	if len(lines) > rows && rows > 1 {
		rows--
	}
	return lines, rows
}

// clampHelp keeps the help's first line where the last page still fills
// the view, so End and ↓ stop at the last line and no further.
func (m *Model) clampHelp() {
	lines, rows := m.helpRows()
	m.helpTop = max(0, min(m.helpTop, len(lines)-rows))
}

// helpView draws the help over the body: a heading, then the lines from
// helpTop and, when they do not all fit, a row of marks under them that
// says which way more is; the marks never cover a line of the help.
func (m *Model) helpView() []string {
	t := m.theme
	h := m.lay.bodyH
	out := make([]string, h)
	out[0] = " " + t.Bold.Render("Keys") + t.Dim.Render("  (ctrl+c quits · any other key closes this)")
	lines, rows := m.helpRows()
	top := max(0, min(m.helpTop, len(lines)-rows))
	for i := 0; i < rows && top+i < len(lines) && 1+i < h; i++ {
		out[1+i] = lines[top+i]
	}
	if len(lines) <= rows || 1+rows >= h {
		return out
	}
	var marks []string
	if top > 0 {
		marks = append(marks, t.Glyph("↑", "^")+" more: ↑ or pgup")
	}
	if top+rows < len(lines) {
		marks = append(marks, t.Glyph("↓", "v")+" more: ↓ or pgdn")
	}
	out[1+rows] = " " + t.Focus.Render(" "+strings.Join(marks, " · ")+" ")
	return out
}

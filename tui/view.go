package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/bridge"
	"github.com/a2term/a2term/components"
)

// wideWidth is the narrowest terminal that shows the transcript beside the
// surface; narrower ones toggle between them.
const wideWidth = 100

// layout is where everything goes on the current screen.
type layout struct {
	bodyH        int
	wide         bool
	showSurface  bool
	showScript   bool // the transcript pane
	surfaceW     int
	innerX       int // first column of the surface's drawing
	innerW       int
	scriptX      int
	scriptW      int
	frame        components.Block
	scroll       int
	dialog       components.Block
	dialogOn     bool
	dialogX      int // screen column of the dialog
	dialogY      int // body row of the dialog
	focusables   []components.Hit
	tabs         []tabPos
	scriptLines  []string
	emptyMessage string
}

type tabPos struct {
	id   string
	x, w int
}

// relayout recomputes the layout after anything it depends on changed.
func (m *Model) relayout() {
	l := layout{}
	l.bodyH = max(m.height-2, 1)
	l.wide = m.width >= wideWidth
	switch {
	case l.wide:
		l.scriptW = max(32, min(60, m.width*2/5))
		l.surfaceW = m.width - l.scriptW - 1
		l.scriptX = l.surfaceW + 1
		l.showSurface, l.showScript = true, true
	case m.showTranscript:
		l.scriptW = m.width
		l.showScript = true
	default:
		l.surfaceW = m.width
		l.showSurface = true
	}
	l.innerX = 1
	l.innerW = max(l.surfaceW-2, 1)
	m.lay = l
	m.layoutTabs()
	m.layoutSurface()
	if l.showScript {
		m.lay.scriptLines = m.transcriptLines(m.lay.scriptW, m.lay.bodyH)
	}
}

func (m *Model) layoutTabs() {
	x := 0
	for i, s := range m.shownSurfaces() {
		label := m.tabLabel(i, s.ID())
		w := ansi.StringWidth(label)
		m.lay.tabs = append(m.lay.tabs, tabPos{id: s.ID(), x: x, w: w})
		x += w + 1
	}
}

func (m *Model) tabLabel(i int, id string) string {
	label := fmt.Sprintf(" %d %s ", i+1, id)
	if s := m.snap.Canvas.Surface(id); s != nil && id != m.active && s.Version() > m.seen[id] && m.seen[id] > 0 {
		label = fmt.Sprintf(" %d %s %s ", i+1, id, m.theme.Glyph("•", "*"))
	}
	return label
}

func (m *Model) layoutSurface() {
	l := &m.lay
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || !s.Shown() || s.Tree() == nil {
		l.emptyMessage = "Waiting for an agent to show something."
		if m.snap.Status.Listening != "" {
			l.emptyMessage += " Agents connect at " + m.snap.Status.Listening + "."
		}
		return
	}
	if _, ok := m.seen[s.ID()]; !ok || l.showSurface {
		m.seen[s.ID()] = s.Version()
	}
	ctx := m.context()
	st := m.state()
	tree := s.Tree()
	cache, ok := m.caches[s.ID()]
	if !ok {
		cache = components.NewCache()
		m.caches[s.ID()] = cache
	}
	cache.Frame()
	ctx.Cache = cache
	ctx.SetRoot(tree)
	l.frame = components.Render(tree, l.innerW, ctx)
	hits := l.frame.Hits
	if st.Modal != "" {
		if mod := tree.Find(st.Modal); mod != nil && mod.Type == "Modal" {
			dw := min(l.innerW, 72)
			l.dialog = components.Dialog(mod, dw, ctx)
			if len(l.dialog.Lines) > l.bodyH {
				l.dialog.Lines = l.dialog.Lines[:l.bodyH]
			}
			l.dialogOn = true
			l.dialogX = l.innerX + (l.innerW-dw)/2
			l.dialogY = max(0, (l.bodyH-l.dialog.H())/2)
			hits = l.dialog.Hits
		} else {
			st.Modal = ""
		}
	}
	seen := map[string]bool{}
	for _, h := range hits {
		if h.Focusable && !seen[h.Node] {
			seen[h.Node] = true
			l.focusables = append(l.focusables, h)
		}
	}
	focus := m.focus[m.active]
	if focus != "" && !seen[focus] {
		m.focus[m.active] = ""
		focus = ""
	}
	// Scroll to keep the focused control in view.
	sc := m.scroll[m.active]
	if focus != "" && !l.dialogOn {
		for _, h := range l.focusables {
			if h.Node != focus {
				continue
			}
			if h.Y < sc {
				sc = h.Y
			}
			if h.Y+min(h.H, l.bodyH) > sc+l.bodyH {
				sc = h.Y + min(h.H, l.bodyH) - l.bodyH
			}
		}
	}
	sc = max(0, min(sc, l.frame.H()-l.bodyH))
	m.scroll[m.active] = sc
	l.scroll = sc
}

// hitAt finds the control drawn at a screen position: the smallest hit
// there, in the dialog when one is open.
func (l *layout) hitAt(x, y int) (components.Hit, bool) {
	by := y - 1
	if by < 0 || by >= l.bodyH || !l.showSurface || x >= l.surfaceW {
		return components.Hit{}, false
	}
	var hits []components.Hit
	var px, py int
	if l.dialogOn {
		hits, px, py = l.dialog.Hits, x-l.dialogX, by-l.dialogY
	} else {
		hits, px, py = l.frame.Hits, x-l.innerX, by+l.scroll
	}
	best, found := components.Hit{}, false
	for _, h := range hits {
		if px >= h.X && px < h.X+h.W && py >= h.Y && py < h.Y+h.H {
			if !found || h.W*h.H <= best.W*best.H {
				best, found = h, true
			}
		}
	}
	return best, found
}

// View draws the screen.
func (m *Model) View() string {
	lines := make([]string, 0, m.height)
	lines = append(lines, m.tabBar())
	body := m.body()
	switch {
	case m.help:
		body = m.helpLines()
	case m.message != nil:
		body = m.messageLines()
	}
	if m.help || m.message != nil {
		for i := range body {
			body[i] = components.Fit(body[i], m.width)
		}
	}
	lines[0] = components.Fit(lines[0], m.width)
	lines = append(lines, body...)
	lines = append(lines, components.Fit(m.statusLine(), m.width))
	return strings.Join(lines[:min(len(lines), m.height)], "\n")
}

func (m *Model) tabBar() string {
	t := m.theme
	var b strings.Builder
	ss := m.shownSurfaces()
	if len(ss) == 0 {
		return t.Dim.Render(" a2term")
	}
	for i, s := range ss {
		label := m.tabLabel(i, s.ID())
		switch {
		case s.ID() == m.active && !(m.showTranscript && !m.lay.wide):
			b.WriteString(m.activeTab(label))
		default:
			b.WriteString(t.Dim.Render(label))
		}
		b.WriteByte(' ')
	}
	if !m.lay.wide {
		label := " transcript "
		if m.showTranscript {
			b.WriteString(m.activeTab(label))
		} else {
			b.WriteString(t.Dim.Render(label))
		}
	}
	return b.String()
}

// activeTab marks the active tab: reversed, or in brackets when there is
// no colour (NO_COLOR drops every style).
func (m *Model) activeTab(label string) string {
	if !m.theme.Color() {
		return "[" + strings.TrimSpace(label) + "]"
	}
	return m.theme.Focus.Render(label)
}

func (m *Model) body() []string {
	l := &m.lay
	out := make([]string, l.bodyH)
	var left []string
	if l.showSurface {
		left = m.surfaceLines()
	}
	sep := m.theme.Border.Render(m.theme.Glyph("│", "|"))
	for y := 0; y < l.bodyH; y++ {
		var line string
		if l.showSurface {
			line = left[y]
		}
		if l.showScript {
			if l.showSurface {
				line += sep
			}
			sl := ""
			if y < len(l.scriptLines) {
				sl = l.scriptLines[y]
			}
			line += components.Fit(sl, l.scriptW)
		}
		out[y] = line
	}
	return out
}

// surfaceLines draws the visible part of the active surface, with the
// dialog over it when one is open.
func (m *Model) surfaceLines() []string {
	l := &m.lay
	out := make([]string, l.bodyH)
	pad := strings.Repeat(" ", l.innerX)
	if l.emptyMessage != "" {
		msg := components.Wrap(m.theme.Dim.Render(l.emptyMessage), l.innerW)
		for i := range out {
			out[i] = ""
			if j := i - l.bodyH/3; j >= 0 && j < len(msg) {
				out[i] = pad + msg[j]
			}
			out[i] = components.Fit(out[i], l.surfaceW)
		}
		return out
	}
	// Frame lines are exactly innerW wide: no need to measure them.
	blank := strings.Repeat(" ", l.surfaceW)
	rest := strings.Repeat(" ", max(l.surfaceW-l.innerX-l.innerW, 0))
	for y := 0; y < l.bodyH; y++ {
		if fy := y + l.scroll; fy < l.frame.H() {
			out[y] = pad + l.frame.Lines[fy] + rest
		} else {
			out[y] = blank
		}
	}
	if l.frame.H() > l.bodyH {
		// Show that there is more above or below.
		if l.scroll > 0 {
			out[0] = components.Window(out[0], 0, l.surfaceW-1) + m.theme.Dim.Render(m.theme.Glyph("↑", "^"))
		}
		if l.scroll+l.bodyH < l.frame.H() {
			out[l.bodyH-1] = components.Window(out[l.bodyH-1], 0, l.surfaceW-1) + m.theme.Dim.Render(m.theme.Glyph("↓", "v"))
		}
	}
	if l.dialogOn {
		for i, dl := range l.dialog.Lines {
			y := l.dialogY + i
			if y >= l.bodyH {
				break
			}
			base := out[y]
			left := components.Window(base, 0, l.dialogX)
			right := components.Window(base, l.dialogX+l.dialog.W, l.surfaceW-l.dialogX-l.dialog.W)
			out[y] = left + dl + right
		}
	}
	return out
}

// transcriptLines draws the newest entries that fit in h lines of width w.
func (m *Model) transcriptLines(w, h int) []string {
	t := m.theme
	entries := m.snap.Transcript
	var rev []string
	for i := len(entries) - 1; i >= 0 && len(rev) < h; i-- {
		lines := transcriptEntry(t, entries[i], w)
		for j := len(lines) - 1; j >= 0 && len(rev) < h; j-- {
			rev = append(rev, lines[j])
		}
	}
	out := make([]string, 0, len(rev)+1)
	if len(rev) < h {
		out = append(out, " "+t.Bold.Render("Transcript"))
	}
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	if len(out) > h {
		out = out[len(out)-h:]
	}
	return out
}

// transcriptEntry draws one entry in lines of width w. Who wrote it is
// drawn by the view, in cells its text can never occupy: the first column
// of every line is a gutter, a bar (a2term's own lines) or blank
// (everyone else's), and after the time comes a label, "agent", "tool" or
// "note" for the agent's lines and "out" or "err" for the child's. The
// text starts after them on the first line and is indented as far on the
// others, so text that imitates an a2term line ("← the person pressed
// ...") still shows as the agent's or the child's, without colour too.
func transcriptEntry(t *components.Theme, e bridge.Entry, w int) []string {
	gutter := " "
	var label string
	text := e.Text
	switch e.From {
	case bridge.FromA2term:
		gutter = t.Accent.Render(t.Glyph("▌", "*"))
		if e.Role == bridge.RoleNote {
			text = t.Accent.Render(text)
		} else {
			text = t.Dim.Render(text)
		}
	case bridge.FromStdout, bridge.FromStderr:
		label = "out"
		if e.From == bridge.FromStderr {
			label = "err"
		}
		text = t.Dim.Render(text)
	default: // the agent's, and anything unknown
		label = "agent"
		switch e.Role {
		case bridge.RoleTool:
			label = "tool"
		case bridge.RoleNote:
			label = "note"
		}
		if e.Role == bridge.RoleTool {
			text = t.Dim.Render(text)
		}
	}
	head := e.Time.Format("15:04") + " "
	if label != "" {
		head += label + " "
	}
	indent := ansi.StringWidth(head)
	tw := w - 1 - indent
	var lines []string
	if tw < 8 {
		// Too narrow to indent: the text wraps under the head, the gutter
		// still marks every line.
		for _, l := range components.Wrap(t.Dim.Render(head)+text, max(w-1, 1)) {
			lines = append(lines, gutter+l)
		}
		return lines
	}
	for j, l := range components.Wrap(text, tw) {
		if j == 0 {
			lines = append(lines, gutter+t.Dim.Render(head)+l)
		} else {
			lines = append(lines, gutter+strings.Repeat(" ", indent)+l)
		}
	}
	return lines
}

func (m *Model) statusLine() string {
	t := m.theme
	st := m.snap.Status
	// What the status line reports, most important first: where the web
	// mirror is, who watches, what waits, where agents connect. Parts
	// that do not fit are left out whole (a cut URL is no use); ctrl+o
	// shows the mirror's address in full.
	var parts []string
	if st.WebURL != "" {
		parts = append(parts, "web "+st.WebURL)
	}
	if st.Viewers > 0 {
		parts = append(parts, fmt.Sprintf("%d watching", st.Viewers))
	}
	if st.Queued > 0 {
		parts = append(parts, fmt.Sprintf("%d queued", st.Queued))
	}
	if st.Listening != "" {
		parts = append(parts, "agents: "+st.Listening)
	}
	var hints []string
	for _, b := range m.keys.short() {
		hints = append(hints, b.Help().Key+" "+b.Help().Desc)
	}
	hintSets := [][]string{hints, {hints[0], hints[2], hints[3]}, {hints[2], hints[3]}, {"? keys"}}
	help := components.FieldHelp(m.focusedNode())
	left := func(i int) string {
		if m.notice != "" {
			return " " + m.notice
		}
		if help != "" {
			return " " + help
		}
		return " " + strings.Join(hintSets[i], " · ")
	}
	fits := func(l string, ps []string) bool {
		return ansi.StringWidth(l)+ansi.StringWidth(strings.Join(ps, " · "))+2 <= m.width
	}
	shown := parts
	chosen := left(len(hintSets) - 1)
	for {
		found := false
		for i := range hintSets {
			if fits(left(i), shown) {
				chosen, found = left(i), true
				break
			}
		}
		if found || len(shown) == 0 {
			break
		}
		shown = shown[:len(shown)-1] // leave out the least important

	}
	r := t.Dim.Render(strings.Join(shown, " · "))
	l := t.Dim.Render(chosen)
	if m.notice != "" {
		l = t.Error.Render(chosen)
	}
	lw, rw := ansi.StringWidth(l), ansi.StringWidth(r)
	if lw+rw+1 > m.width {
		return components.Fit(l, m.width)
	}
	return l + strings.Repeat(" ", m.width-lw-rw) + r
}

// messageLines shows ctrl+o's answer (the ssh -L command, the address).
func (m *Model) messageLines() []string {
	out := make([]string, m.lay.bodyH)
	i := 1
	for _, l := range m.message {
		for _, w := range components.Wrap(l, max(m.width-2, 1)) {
			if i < len(out) {
				out[i] = " " + w
				i++
			}
		}
	}
	if i+1 < len(out) {
		out[i+1] = " " + m.theme.Dim.Render("(any key closes this)")
	}
	return out
}

func (m *Model) helpLines() []string {
	t := m.theme
	var lines []string
	lines = append(lines, " "+t.Bold.Render("Keys")+t.Dim.Render("  (any key closes this)"), "")
	add := func(k, d string) {
		lines = append(lines, fmt.Sprintf("   %s  %s", t.Accent.Render(fmt.Sprintf("%-12s", k)), d))
	}
	for _, group := range m.keys.full() {
		for _, b := range group {
			if b.Help().Key != "" {
				add(b.Help().Key, b.Help().Desc)
			}
		}
		lines = append(lines, "")
	}
	ck := m.ckeys
	lines = append(lines, " "+t.Bold.Render("In a control"))
	for _, b := range []struct{ k, d string }{
		{ck.Activate.Help().Key, ck.Activate.Help().Desc},
		{ck.Left.Help().Key + " " + ck.Right.Help().Key, "tabs, sliders, date parts, cursor"},
		{ck.Up.Help().Key + " " + ck.Down.Help().Key, "options, date parts, lines"},
		{ck.BigLeft.Help().Key, ck.BigLeft.Help().Desc},
		{ck.Close.Help().Key, ck.Close.Help().Desc},
		{"mouse", "click buttons, boxes, tabs and options"},
	} {
		add(b.k, b.d)
	}
	out := make([]string, m.lay.bodyH)
	copy(out, lines)
	return out
}

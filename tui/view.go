package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// wideWidth is the narrowest terminal that shows the transcript beside the
// surface; narrower ones toggle between them.
const wideWidth = 100

// maxSurfaceWidth is the widest a surface is drawn, in columns, unless
// its rows ask for more (see rowsNeed): on a wide screen an amount stays
// near its label, as on the web page.
const maxSurfaceWidth = 88

// rowItemWidth is the most one item of a row asks for: a longer text is a
// paragraph that may wrap, not a reason to draw the surface wider.
const rowItemWidth = 40

// rowsNeed is the width the rows of the tree at root ask for: the widest
// Row's children side by side, each at its natural width up to
// rowItemWidth. It is worked out once for each tree.
func (m *Model) rowsNeed(root *a2ui.Node) int {
	if m.need.tree == root {
		return m.need.w
	}
	c := m.context()
	var walk func(n *a2ui.Node) int
	walk = func(n *a2ui.Node) int {
		w := 0
		if n.Type == "Row" {
			for i, ch := range n.Children {
				if i > 0 {
					w++
				}
				w += min(components.Natural(ch, c), rowItemWidth)
			}
		}
		for _, ch := range n.Children {
			w = max(w, walk(ch))
		}
		return w
	}
	m.need.tree, m.need.w = root, walk(root)
	return m.need.w
}

// layout is where everything goes on the current screen.
type layout struct {
	bodyH       int
	statusH     int // the status line's rows: more than one for a long notice
	wide        bool
	showSurface bool
	showScript  bool // the transcript, as a pane or as the narrow view
	surfaceW    int
	innerX      int // first column of the surface's drawing
	innerW      int
	scriptX     int
	scriptW     int
	// banner is a line over the surface (no agent is connected, or the
	// name the agent gave itself for the surface); surfTop is the body row
	// the surface's drawing starts at, surfH its height.
	banner       string
	surfTop      int
	surfH        int
	frame        components.Block
	scroll       int
	dialog       components.Block
	dialogOn     bool
	dialogX      int // screen column of the dialog
	dialogY      int // row of the dialog in the surface's drawing area
	focusables   []components.Hit
	tabs         []tabPos
	scriptTab    tabPos // the transcript's tab, when it has one
	emptyMessage string
}

type tabPos struct {
	id    string
	label string
	x, w  int
}

// surfaceKey is everything the surface's drawing depends on. A relayout
// with the same key (a transcript line arrived, a press was queued, a
// key went to the transcript) keeps the drawing it has.
type surfaceKey struct {
	tree  *a2ui.Node
	id    string
	w, h  int
	focus string
	modal string
	gen   uint64
	theme *components.Theme
	cache uint64
}

// relayout recomputes the layout after anything it depends on changed.
func (m *Model) relayout() {
	prev := m.lay
	l := layout{}
	l.statusH = m.statusRows()
	l.bodyH = max(m.height-1-l.statusH, 1)
	l.wide = m.width >= wideWidth
	switch {
	case l.wide && !m.hideScript:
		l.scriptW = max(32, min(60, m.width*2/5))
		l.surfaceW = m.width - l.scriptW - 1
		l.scriptX = l.surfaceW + 1
		l.showSurface, l.showScript = true, true
	case !l.wide && m.narrowScript:
		l.scriptW = m.width
		l.showScript = true
	default:
		l.surfaceW = m.width
		l.showSurface = true
	}
	l.innerX = 1
	l.innerW = max(l.surfaceW-2, 1)
	if s := m.snap.Canvas.Surface(m.active); l.innerW > maxSurfaceWidth && s != nil && s.Tree() != nil {
		// On a wide screen a surface is drawn no wider than reads well
		// (as the web page's sheet), centred, unless its rows ask for more.
		if w := max(maxSurfaceWidth, m.rowsNeed(s.Tree())); w < l.innerW {
			l.innerX += (l.innerW - w) / 2
			l.innerW = w
		}
	}
	if s := m.snap.Canvas.Surface(m.active); l.showSurface && s != nil && s.Tree() != nil && l.bodyH > 2 {
		switch name := s.AgentName(); {
		case m.snap.Status.Agent == hub.AgentNone:
			l.banner = m.theme.Error.Render(m.theme.Glyph("⚠", "!") + " No agent is connected: what you press waits in the queue.")
			l.surfTop = 1
		case name != "":
			// The name the agent gave itself for the surface (a v0.9
			// theme's agentDisplayName), said to be the agent's.
			// (AgentName cuts a long one: the row takes little work.)
			l.banner = m.theme.Dim.Render(ansi.Truncate("agent: "+name, l.surfaceW, ""))
			l.surfTop = 1
		}
	}
	l.surfH = max(l.bodyH-l.surfTop, 1)
	// Reuse the surface's drawing when nothing it depends on changed.
	l.frame, l.dialog, l.dialogOn, l.dialogX, l.dialogY, l.focusables =
		prev.frame, prev.dialog, prev.dialogOn, prev.dialogX, prev.dialogY, prev.focusables
	m.lay = l
	if l.showScript {
		m.tr.setWidth(l.scriptW)
	}
	m.tr.sync(m.snap.Transcript, m.snap.Dropped, l.showScript)
	m.layoutSurface()
	m.layoutTabs()
	// Once more when the focus moved, or when the status line's rows,
	// worked out before the surface was laid out, no longer fit what it
	// says now (the canvas became empty: the status keeps less room for
	// keys, and a notice wraps otherwise). Neither changes the second time.
	if m.autoFocus() || m.statusRows() != m.lay.statusH {
		m.relayout()
	}
}

// autoFocus gives the first control of a surface shown for the first
// time the focus; it reports whether it did.
func (m *Model) autoFocus() bool {
	l := &m.lay
	if !l.showSurface || m.active == "" || m.started[m.active] || l.dialogOn || len(l.focusables) == 0 || m.scriptFocus {
		return false
	}
	m.started[m.active] = true
	if m.focus[m.active] != "" {
		return false
	}
	m.focus[m.active] = l.focusables[0].Node
	if n := m.focusedNode(); n != nil {
		if p, ok := n.Props.(*a2ui.TextFieldProps); ok {
			m.state().Node(n.ID).Cursor = len([]rune(p.Text))
			m.stateGen++
		}
	}
	return true
}

// tabMarked reports whether surface s's tab carries the mark of a change
// not seen yet: it is new, or changed since it was last on the screen.
func (m *Model) tabMarked(s *a2ui.Surface) bool {
	if s.ID() == m.active && m.lay.showSurface {
		return false
	}
	v, ok := m.seen[s.ID()]
	return !ok || s.Version() > v
}

// layoutTabs places the tabs: one per surface, numbered by the keys that
// show them (alt+N, or N when no field has the focus), and, when the
// transcript is not beside the surface, the transcript's own tab at the
// right end with the count of the agent's lines not seen yet. Surface
// names are shortened when the tabs do not fit.
func (m *Model) layoutTabs() {
	l := &m.lay
	if !(l.wide && !m.hideScript) {
		label := " transcript "
		if n := m.tr.unseen; n > 0 && !l.showScript {
			label = fmt.Sprintf(" transcript %d new ", n)
		}
		w := ansi.StringWidth(label)
		l.scriptTab = tabPos{label: label, x: max(m.width-w, 0), w: w}
	}
	ss := m.shownSurfaces()
	room := m.width - l.scriptTab.w - 1
	labels := make([]string, len(ss))
	for cut := 0; ; cut++ {
		total := 0
		for i, s := range ss {
			id := s.ID()
			if k := ansi.StringWidth(id) - cut; cut > 0 && k < ansi.StringWidth(id) {
				id = ansi.Truncate(id, max(k, 1), "…")
			}
			label := fmt.Sprintf(" %d %s ", i+1, id)
			if m.tabMarked(s) {
				label = fmt.Sprintf(" %d %s %s ", i+1, id, m.theme.Glyph("•", "*"))
			}
			labels[i] = label
			total += ansi.StringWidth(label) + 1
		}
		if total <= room || cut > 64 {
			break
		}
	}
	x := 0
	for i, s := range ss {
		w := ansi.StringWidth(labels[i])
		l.tabs = append(l.tabs, tabPos{id: s.ID(), label: labels[i], x: x, w: w})
		x += w + 1
	}
}

func (m *Model) layoutSurface() {
	l := &m.lay
	s := m.snap.Canvas.Surface(m.active)
	if s == nil || !s.Shown() || s.Tree() == nil {
		l.frame, l.dialog, l.dialogOn, l.focusables = components.Block{}, components.Block{}, false, nil
		m.drawn = surfaceKey{}
		l.emptyMessage = "Waiting for an agent to show something."
		switch st := m.snap.Status; {
		case st.Agent == hub.AgentNone && st.Listening != "":
			l.emptyMessage += " No agent is connected yet: agents connect at " + st.Listening + "."
		case st.Agent == hub.AgentNone:
			l.emptyMessage += " No agent is connected yet."
		case st.Listening != "":
			l.emptyMessage += " Agents connect at " + st.Listening + "."
		}
		return
	}
	if _, ok := m.seen[s.ID()]; !ok || l.showSurface {
		m.seen[s.ID()] = s.Version()
	}
	if !l.showSurface {
		return
	}
	st := m.state()
	cache, ok := m.caches[s.ID()]
	if !ok {
		cache = components.NewCache()
		m.caches[s.ID()] = cache
	}
	key := surfaceKey{
		tree: s.Tree(), id: s.ID(), w: l.innerW, h: l.surfH, focus: m.focus[m.active],
		modal: st.Modal, gen: m.stateGen, theme: m.surfaceTheme(), cache: cache.Generation(),
	}
	if key != m.drawn {
		m.drawSurface(s, st, cache)
		key.modal = st.Modal // a dialog that is gone was closed
		m.drawn = key
	}
	focus := m.focus[m.active]
	if focus != "" && !hasFocusable(l.focusables, focus) {
		m.focus[m.active] = ""
		focus = ""
		m.drawn.focus = ""
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
			if h.Y+min(h.H, l.surfH) > sc+l.surfH {
				sc = h.Y + min(h.H, l.surfH) - l.surfH
			}
		}
	}
	sc = max(0, min(sc, l.frame.H()-l.surfH))
	m.scroll[m.active] = sc
	l.scroll = sc
}

func hasFocusable(fs []components.Hit, id string) bool {
	for _, f := range fs {
		if f.Node == id {
			return true
		}
	}
	return false
}

// drawSurface draws surface s (and its open dialog) and lists its
// controls.
func (m *Model) drawSurface(s *a2ui.Surface, st *components.State, cache *components.Cache) {
	l := &m.lay
	ctx := m.context()
	tree := s.Tree()
	cache.Frame()
	ctx.Cache = cache
	ctx.SetRoot(tree)
	l.frame = components.Render(tree, l.innerW, ctx)
	l.dialog, l.dialogOn = components.Block{}, false
	hits := l.frame.Hits
	if st.Modal != "" {
		if mod := tree.Find(st.Modal); mod != nil && mod.Type == "Modal" {
			dw := min(l.innerW, 72)
			l.dialog = components.Dialog(mod, dw, ctx)
			if len(l.dialog.Lines) > l.surfH {
				l.dialog.Lines = l.dialog.Lines[:l.surfH]
			}
			l.dialogOn = true
			l.dialogX = l.innerX + (l.innerW-dw)/2
			l.dialogY = max(0, (l.surfH-l.dialog.H())/2)
			hits = l.dialog.Hits
		} else {
			st.Modal = ""
		}
	}
	// The list and the set that dedups it are kept from one drawing to
	// the next: only this layout holds them.
	if len(hits) == len(m.focusFrom) && (len(hits) == 0 || &hits[0] == &m.focusFrom[0]) {
		// The hits the list was made from (blocks are never written to):
		// the same list.
		l.focusables = m.focusList
		return
	}
	m.focusFrom = hits
	if m.focusSeen == nil || len(m.focusSeen) > 2*len(hits)+1024 {
		// Started, or grown with the ids of controls gone since.
		m.focusSeen, m.focusStamp = map[string]int{}, m.focusStamp[:0]
	}
	m.focusDrawing++
	now := m.focusDrawing
	l.focusables = l.focusables[:0]
	for _, h := range hits {
		if !h.Focusable {
			continue
		}
		i, ok := m.focusSeen[h.Node]
		if !ok {
			i = len(m.focusStamp)
			m.focusSeen[h.Node] = i
			m.focusStamp = append(m.focusStamp, 0)
		}
		if m.focusStamp[i] != now {
			m.focusStamp[i] = now
			l.focusables = append(l.focusables, h)
		}
	}
	m.focusList = l.focusables
}

// hitAt finds the control drawn at a screen position: the smallest hit
// there, in the dialog when one is open.
func (l *layout) hitAt(x, y int) (components.Hit, bool) {
	by := y - 1 - l.surfTop
	if by < 0 || by >= l.surfH || !l.showSurface || x >= l.surfaceW {
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
	f := frameText{max: m.height, pieces: make([]string, 0, 6*max(m.height, 0))}
	f.line(components.Fit(m.tabBar(), m.width))
	switch {
	case m.helpOpen || m.message != nil:
		body := m.messageLines
		if m.helpOpen {
			body = m.helpView
		}
		for _, l := range body() {
			f.line(components.Fit(l, m.width))
		}
	default:
		m.body(&f)
	}
	for _, line := range m.statusLines(max(m.lay.statusH, 1)) {
		f.line(line) // as wide as the screen
	}
	return f.String()
}

// frameText gathers the screen's lines, each made of pieces, up to max
// of them, and joins them in one string: a line is not made a string of
// its own first.
type frameText struct {
	pieces []string
	lines  int
	max    int
}

// line adds a line, the pieces together, unless the screen is full.
func (f *frameText) line(pieces ...string) {
	if f.lines >= f.max {
		return
	}
	if f.lines > 0 {
		f.pieces = append(f.pieces, "\n")
	}
	f.pieces = append(f.pieces, pieces...)
	f.lines++
}

// String joins the lines.
func (f *frameText) String() string {
	n := 0
	for _, p := range f.pieces {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	for _, p := range f.pieces {
		b.WriteString(p)
	}
	return b.String()
}

func (m *Model) tabBar() string {
	t := m.theme
	l := &m.lay
	if len(l.tabs) == 0 && l.scriptTab.w == 0 {
		return t.Dim.Render(" a2term")
	}
	var b strings.Builder
	x := 0
	for _, tab := range l.tabs {
		if tab.id == m.active && l.showSurface {
			b.WriteString(m.activeTab(tab.label))
		} else {
			b.WriteString(t.Dim.Render(tab.label))
		}
		b.WriteByte(' ')
		x += tab.w + 1
	}
	if st := l.scriptTab; st.w > 0 {
		if x < st.x {
			b.WriteString(strings.Repeat(" ", st.x-x))
		}
		switch {
		case l.showScript:
			b.WriteString(m.activeTab(st.label))
		case m.tr.unseen > 0:
			b.WriteString(t.Accent.Render(st.label))
		default:
			b.WriteString(t.Dim.Render(st.label))
		}
	}
	return b.String()
}

// activeTab marks the active tab: reversed, or in brackets when there is
// no colour (NO_COLOR drops every style), in the same cells.
func (m *Model) activeTab(label string) string {
	if !m.theme.Color() {
		return "[" + label[1:len(label)-1] + "]"
	}
	return m.theme.Focus.Render(label)
}

// body adds the lines between the tabs and the status line to f: the
// surface's, the transcript's, or both side by side.
func (m *Model) body(f *frameText) {
	l := &m.lay
	var left [][3]string
	if l.showSurface {
		left = m.surfaceLines()
	}
	var right []string
	if l.showScript {
		right = m.tr.view(l.bodyH)
	}
	sep := m.theme.Border.Render(m.theme.Glyph("│", "|"))
	if m.scriptActive() {
		// The focus on the pane, shown in the separator's own cells.
		sep = m.theme.Accent.Render(m.theme.Glyph("┃", "#"))
	}
	for y := range l.bodyH {
		switch {
		case l.showSurface && l.showScript:
			f.line(left[y][0], left[y][1], left[y][2], sep, right[y])
		case l.showSurface:
			f.line(left[y][0], left[y][1], left[y][2])
		case l.showScript:
			f.line(right[y])
		default:
			f.line()
		}
	}
}

// surfaceLines draws the visible part of the active surface, with the
// dialog over it when one is open, under the banner when there is one.
// Each line is three pieces, the margin, the frame's line and the margin
// right of it, as long as nothing is drawn over it (a dialog, a mark of
// more to scroll to); else the line is the first piece.
func (m *Model) surfaceLines() [][3]string {
	l := &m.lay
	out := make([][3]string, l.bodyH)
	pad := strings.Repeat(" ", l.innerX)
	if l.emptyMessage != "" {
		msg := components.Wrap(m.theme.Dim.Render(l.emptyMessage), l.innerW)
		for i := range out {
			line := ""
			if j := i - l.bodyH/3; j >= 0 && j < len(msg) {
				line = pad + msg[j]
			}
			out[i][0] = components.Fit(line, l.surfaceW)
		}
		return out
	}
	if l.surfTop > 0 {
		out[0][0] = components.Fit(pad+l.banner, l.surfaceW)
	}
	area := out[l.surfTop:]
	// Frame lines are exactly innerW wide: no need to measure them.
	blank := strings.Repeat(" ", l.surfaceW)
	rest := strings.Repeat(" ", max(l.surfaceW-l.innerX-l.innerW, 0))
	for y := range area {
		if fy := y + l.scroll; fy < l.frame.H() {
			area[y] = [3]string{pad, l.frame.Lines[fy], rest}
		} else {
			area[y] = [3]string{blank}
		}
	}
	joined := func(p [3]string) string { return p[0] + p[1] + p[2] }
	if h := len(area); l.frame.H() > h {
		// Show that there is more above or below, in the last column:
		// in the margin right of the frame when there is one, which
		// is spaces (no need to cut the line).
		more := func(y int, glyph string) {
			mark := m.theme.Dim.Render(glyph)
			if fy := y + l.scroll; rest != "" && fy < l.frame.H() {
				area[y] = [3]string{pad + l.frame.Lines[fy] + rest[1:] + mark}
				return
			}
			area[y] = [3]string{components.Window(joined(area[y]), 0, l.surfaceW-1) + mark}
		}
		if l.scroll > 0 {
			more(0, m.theme.Glyph("↑", "^"))
		}
		if l.scroll+h < l.frame.H() {
			more(h-1, m.theme.Glyph("↓", "v"))
		}
	}
	if l.dialogOn {
		for i, dl := range l.dialog.Lines {
			y := l.dialogY + i
			if y >= len(area) {
				break
			}
			base := joined(area[y])
			left := components.Window(base, 0, l.dialogX)
			right := components.Window(base, l.dialogX+l.dialog.W, l.surfaceW-l.dialogX-l.dialog.W)
			area[y] = [3]string{left + dl + right}
		}
	}
	return out
}

// messageLines shows ctrl+o's answer (the ssh -L command, the address).
// A link in it is never wrapped with the words: it takes rows of its own,
// drawn as one terminal hyperlink (OSC 8), so that where it must be cut
// over rows (a narrow terminal) it is still one link to open or copy.
func (m *Model) messageLines() []string {
	out := make([]string, m.lay.bodyH)
	i := 1
	w := max(m.width-2, 1)
	for _, l := range m.message {
		var rows []string
		if l == "" {
			rows = []string{""}
		}
		for l != "" {
			at := strings.Index(l, "http://")
			if at < 0 {
				rows = append(rows, components.Wrap(l, w)...)
				break
			}
			if text := strings.TrimSpace(l[:at]); text != "" {
				rows = append(rows, components.Wrap(text, w)...)
			}
			link, rest, _ := strings.Cut(l[at:], " ")
			rows = append(rows, linkRows(link, w)...)
			l = strings.TrimSpace(rest)
		}
		for _, r := range rows {
			if i < len(out) {
				out[i] = " " + r
				i++
			}
		}
	}
	if i+1 < len(out) {
		out[i+1] = " " + m.theme.Dim.Render("(any key closes this)")
	}
	return out
}

// messageLink names the hyperlink of ctrl+o's answer: every row of it
// carries the same id, which a terminal takes for one link.
const messageLink = "id=a2term-link"

// linkRows draws link in rows of at most w cells, each one piece of the
// same terminal hyperlink (OSC 8).
func linkRows(link string, w int) []string {
	var rows []string
	for rest := link; rest != ""; {
		n := min(w, len(rest)) // a link is ASCII: one cell a byte
		rows = append(rows, ansi.SetHyperlink(link, messageLink)+rest[:n]+ansi.ResetHyperlink())
		rest = rest[n:]
	}
	return rows
}

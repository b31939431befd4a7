package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// maxStatusRows is how many rows the status line may take for a notice
// too long for one, on a screen of at least minTallStatus rows.
const (
	maxStatusRows = 3
	minTallStatus = 12
)

// statusRows is how many rows the status line needs now: one, or, for a
// notice (a refusal says why) too long to share the line, as many as it
// takes, up to maxStatusRows.
func (m *Model) statusRows() int {
	if m.notice == "" || m.searching || m.saying || m.height < minTallStatus {
		return 1
	}
	return len(m.statusLines(maxStatusRows))
}

// statusLines draws the status line: on the left what the keys do right
// now (in a field, on a button, in the transcript...), or the last notice;
// on the right where the web mirror is and what waits. Everything on the
// right but the mirror's address may be left out for room; the address
// is shortened, never dropped (ctrl+o shows it in full, ctrl+y copies it).
// A notice too long for its part of the line takes the rows above it, up
// to rows in all, rather than lose its end: a refusal's reason comes last.
// Every line is exactly the screen's width.
func (m *Model) statusLines(rows int) []string {
	t := m.theme
	left, prefix, plain := m.statusLeft()
	rights := m.statusRight()
	// Drop or shorten, least needed first, until the left part has the
	// room it needs or at least half the line.
	need := func(r []string) int {
		w := 0
		for i, p := range r {
			if p == "" {
				continue
			}
			if i > 0 && w > 0 {
				w += 3
			}
			w += components.Width(p)
		}
		return w
	}
	leftW := components.Width(left)
	if plain != nil {
		leftW = 1 + components.Width(prefix) + hintsWidth(plain, len(plain))
	}
	// The left part keeps half the line (from 80 columns three eighths,
	// 30 cells, so that the whole pairing link fits beside it), or, with
	// nothing on the surface to use keys on, room for a hint or two:
	// where agents connect matters more then.
	keep := min(leftW, max(m.width/2, 20))
	if m.width >= 80 {
		keep = min(leftW, m.width*3/8)
	}
	if m.lay.emptyMessage != "" {
		keep = min(leftW, 12)
	}
	for stage := 0; need(rights)+leftW+3 > m.width; stage++ {
		if need(rights)+keep+3 <= m.width || !m.shrinkRight(stage, rights) {
			break
		}
	}
	var parts []string
	for _, p := range rights {
		if p != "" {
			parts = append(parts, p)
		}
	}
	r := t.Dim.Render(strings.Join(parts, " · "))
	rw := components.Width(r)
	room := max(m.width-rw-2, 0)
	var above []string
	switch {
	case plain != nil:
		// Key hints: as many as fit, cut between hints.
		left = " " + prefix + m.fitHints(plain, room-1-components.Width(prefix))
	case components.Width(left) > room && rows > 1 && m.notice != "" && !m.searching:
		above, left = m.noticeRows(rows-1, room)
	case components.Width(left) > room:
		left = ansi.Truncate(left, room, "…")
	}
	for i, l := range above {
		above[i] = components.Fit(l, m.width)
	}
	lw := components.Width(left)
	if lw+rw+1 > m.width {
		return append(above, components.Fit(left, m.width))
	}
	return append(above, left+strings.Repeat(" ", m.width-lw-rw)+r)
}

// noticeRows wraps the notice into at most n rows of the whole width and
// a last part for the status line itself, in room cells (empty when the
// last row does not fit there); a notice longer still ends with "…".
func (m *Model) noticeRows(n, room int) (above []string, last string) {
	style := m.theme.Error
	if m.noticeOK {
		style = m.theme.Accent
	}
	w := max(m.width-2, 1)
	lines := components.Wrap(m.notice, w)
	if k := len(lines); k > 0 && k <= n+1 && ansi.StringWidth(lines[k-1])+1 <= room {
		last = " " + style.Render(lines[k-1])
		lines = lines[:k-1]
	}
	if len(lines) > n {
		rest := strings.Join(lines[n-1:], " ")
		lines = append(lines[:n-1], ansi.Truncate(rest, w, "…"))
	}
	for _, l := range lines {
		above = append(above, " "+style.Render(l))
	}
	return above, last
}

// fitHints draws as many of hints as fit in w cells, whole, with an
// ellipsis when some are left out: "key desc · key desc …", as the help
// drawer's short view does (its styles), without its cost on every frame.
func (m *Model) fitHints(hints []key.Binding, w int) string {
	t := m.theme
	n := len(hints)
	for n > 0 && hintsWidth(hints, n)+2*min(len(hints)-n, 1) > w {
		n--
	}
	var b strings.Builder
	for i, h := range hints[:n] {
		if i > 0 {
			b.WriteString(t.Dim.Render(" · "))
		}
		b.WriteString(t.Text.Render(h.Help().Key))
		b.WriteString(" ")
		b.WriteString(t.Dim.Render(h.Help().Desc))
	}
	if n < len(hints) && n > 0 {
		b.WriteString(t.Dim.Render(" …"))
	}
	return b.String()
}

// hintsWidth is the width of the first n hints drawn by fitHints.
func hintsWidth(hints []key.Binding, n int) int {
	w := 0
	for i, h := range hints[:n] {
		if i > 0 {
			w += 3
		}
		w += components.Width(h.Help().Key) + 1 + components.Width(h.Help().Desc)
	}
	return w
}

// The right part of the status line, in order: the web mirror, whether an
// agent is connected or how many actions wait, who watches, where agents
// connect, where remote pictures come from; shrinkRight says what goes
// first.
const (
	rightWeb = iota
	rightAgent
	rightViewers
	rightListening
	rightPictures
	rightParts
)

// shrinkRight makes room on the right, one step a stage; it reports
// false when there is no step left.
func (m *Model) shrinkRight(stage int, r []string) bool {
	url := m.snap.Status.WebURL
	if m.snap.Status.Agent == hub.AgentConnected && stage > 0 && stage <= 3 {
		// Where agents connect matters less once one has.
		stage = []int{0, 3, 1, 2}[stage]
	}
	switch stage {
	case 0:
		r[rightViewers] = ""
		r[rightPictures] = shortPictures(m.snap.Status.PictureHosts)
	case 1, 2:
		if url != "" {
			r[rightWeb] = "web " + shortLink(url, stage)
		}
	case 3:
		r[rightListening] = ""
	case 4:
		r[rightAgent] = shortAgent(m.snap.Status)
	case 5:
		if url != "" {
			r[rightWeb] = "web " + shortLink(url, 3)
		}
	default:
		return false
	}
	return true
}

func (m *Model) statusRight() []string {
	st := m.snap.Status
	r := make([]string, rightParts)
	if st.WebURL != "" {
		r[rightWeb] = "web " + shortLink(st.WebURL, 0)
	}
	switch {
	case st.Task != "" && st.Queued > 0:
		r[rightAgent] = st.Task + " · " + strconv.Itoa(st.Queued) + " queued"
	case st.Task != "":
		r[rightAgent] = st.Task
	case st.Agent == hub.AgentNone && st.Queued > 0:
		r[rightAgent] = "no agent · " + strconv.Itoa(st.Queued) + " queued"
	case st.Agent == hub.AgentNone && st.Listening == "":
		// (With the socket shown, where agents connect says it.)
		r[rightAgent] = "no agent"
	case st.Queued > 0:
		r[rightAgent] = strconv.Itoa(st.Queued) + " queued"
	}
	if st.Viewers > 0 {
		r[rightViewers] = strconv.Itoa(st.Viewers) + " watching"
	}
	if st.Listening != "" {
		r[rightListening] = "agents: " + st.Listening
	}
	if st.PictureHosts != "" {
		r[rightPictures] = "pictures from " + st.PictureHosts
	}
	return r
}

// shortPictures says where pictures come from in few cells: the host, or
// how many there are. It is never dropped: the person should know that
// a2term fetches.
func shortPictures(hosts string) string {
	if hosts == "" {
		return ""
	}
	if n := strings.Count(hosts, ", ") + 1; n > 1 {
		return "pictures: " + strconv.Itoa(n) + " hosts"
	}
	return "pictures: " + hosts
}

// tail is the end of s that fits in w cells: what is being written.
func tail(s string, w int) string {
	if components.Width(s) <= w {
		return s
	}
	// From the end, a rune at a time, while the cut end fits: the
	// draft may be long, the line is not.
	r := []rune(s)
	i := len(r)
	for i > 0 && components.Width(string(r[i-1:]))+1 <= w {
		i--
	}
	return "…" + string(r[i:])
}

// shortAgent is the agent's part in few cells.
func shortAgent(st hub.Status) string {
	switch {
	case st.Task != "":
		return st.Task
	case st.Agent == hub.AgentNone && st.Queued > 0:
		return "no agent·" + strconv.Itoa(st.Queued)
	case st.Agent == hub.AgentNone:
		return "no agent"
	case st.Queued > 0:
		return strconv.Itoa(st.Queued) + "q"
	}
	return ""
}

// shortLink shortens the web mirror's address, more at each level: 0 the
// address as it is, 1 without the scheme, 2 the pairing code cut to its
// first characters, 3 only the host and port, which is always kept.
func shortLink(url string, level int) string {
	if url == "" {
		return ""
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(url, "http://"), "https://")
	host, path, _ := strings.Cut(rest, "/")
	switch {
	case level == 0:
		return url
	case level == 1 || path == "":
		return strings.TrimSuffix(rest, "/")
	case level == 2:
		if code, ok := strings.CutPrefix(path, "pair/"); ok && len(code) > 6 {
			return host + "/pair/" + code[:6] + "…"
		}
		return strings.TrimSuffix(rest, "/")
	}
	return host
}

// statusLeft is the left part of the status line: a notice, the search
// prompt, or what the keys do now, as bindings (plain) for the help
// drawer to fit after a prefix (where the focus is, a new surface).
func (m *Model) statusLeft() (text, prefix string, plain []key.Binding) {
	t := m.theme
	k := m.keys
	c := k.Controls
	hint := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	switch {
	case m.searching:
		cursor := t.Focus.Render(" ")
		if !t.Color() {
			cursor = "|"
		}
		s := " /" + m.query + cursor
		if m.query != "" {
			s += t.Dim.Render(" " + matchCount(m.tr))
		}
		return s + t.Dim.Render("  enter keeps · esc drops"), "", nil
	case m.saying:
		cursor := t.Focus.Render(" ")
		if !t.Color() {
			cursor = "|"
		}
		hint := "  enter sends · esc closes"
		room := max(m.width-components.Width(" to the agent: ")-components.Width(hint)-2, 8)
		return " " + t.Bold.Render("to the agent:") + " " + tail(m.draft, room) + cursor + t.Dim.Render(hint), "", nil
	case m.notice != "" && m.noticeOK:
		return " " + t.Accent.Render(m.notice), "", nil
	case m.notice != "":
		return " " + t.Error.Render(m.notice), "", nil
	case m.helpOpen:
		return "", "", []key.Binding{hint(k.LineDown, "scroll"), hint(k.ScrollDown, "page"), helpOnly("any other key", "closes")}
	case m.message != nil:
		return " " + t.Dim.Render("any key closes this"), "", nil
	}
	var out []key.Binding
	if m.announce != "" {
		prefix = t.Accent.Render(m.announce) + t.Dim.Render(" · ")
	}
	n := m.focusedNode()
	switch {
	case m.scriptActive():
		prefix += t.Bold.Render("transcript") + " "
		out = append(out, hint(k.ScrollUp, "scroll"))
		if m.tr.query != "" {
			out = append(out, helpOnly(k.NextMatch.Help().Key+"/"+k.PrevMatch.Help().Key, matchCount(m.tr)))
		} else {
			out = append(out, hint(k.Search, "search"))
		}
		out = append(out, hint(k.Top, "first"), hint(k.Bottom, "newest"), hint(k.Back, "back"), hint(k.NextFocus, "controls"))
	case n != nil:
		if fh := components.FieldHelp(n); fh != "" {
			return " " + t.Dim.Render(fh), "", nil
		}
		out = append(out, components.Hints(n, c)...)
		out = append(out, hint(k.NextFocus, "next"))
		if m.lay.dialogOn {
			out = append(out, hint(c.Close, "closes the dialog"))
		} else {
			out = append(out, hint(k.Back, "leave"))
		}
		if !components.TakesText(n) {
			out = append(out, hint(k.HelpQ, "keys"))
		}
	case m.lay.dialogOn:
		out = append(out, hint(k.NextFocus, "controls"), hint(c.Close, "closes the dialog"), hint(k.HelpQ, "keys"))
	default:
		if k.Say.Enabled() {
			// An A2A agent shows nothing until the person writes to it.
			out = append(out, hint(k.Say, "write to the agent"))
		}
		out = append(out, hint(k.NextFocus, "controls"), hint(k.NextSurface, "surfaces"), hint(k.HelpQ, "keys"))
	}
	return "", prefix, append(out, hint(k.Quit, "quit"))
}

// matchCount says which match of the search is shown: "match 2 of 5".
func matchCount(t *transcript) string {
	switch {
	case len(t.matches) == 0:
		return "no match"
	case t.cur < 0:
		return strconv.Itoa(len(t.matches)) + " matches"
	}
	// Matches are kept oldest first; people count from the newest.
	return "match " + strconv.Itoa(len(t.matches)-t.cur) + " of " + strconv.Itoa(len(t.matches))
}

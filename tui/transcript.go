package tui

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/hub"
)

// transcript is the transcript pane: every entry laid out at the pane's
// width, kept from frame to frame and extended as entries arrive (an entry
// never changes once written), so that a frame costs the lines it shows
// and a change costs the entries it adds, however long the transcript.
//
// Line 0 is the heading; entry i's lines follow from start(i). The pane
// follows the newest line until the reader scrolls up; from then on its
// top line is anchored to an entry (by Seq) and a line within it, so that
// neither new entries nor old ones dropped from the front move what is
// being read. Entries that arrive meanwhile are counted for the "↓ N new"
// mark.
type transcript struct {
	theme *components.Theme
	w     int // the width entries are laid out at; 0 before the first layout

	ents []trEntry
	// starts are where each entry's lines start, counted over every entry
	// laid out at this width, those dropped since included; base is where
	// the oldest kept one starts and end where the newest ends, so that
	// entries leave the front without the others being counted again.
	starts    []int
	base, end int
	total     int    // lines, the heading included
	dropped   uint64 // entries the board no longer keeps
	lastSeq   uint64

	follow    bool
	anchorSeq uint64 // 0: the heading
	anchorOff int
	unread    int // entries that arrived while the reader was scrolled up
	// unseen counts the entries not a2term's own (the agent's words, its
	// tool's, a child's output) that arrived while the pane was not on
	// the screen.
	unseen int

	// query is the search, "" for none; matches are where it is found,
	// oldest first, and cur the one shown (-1: none).
	query   string
	matches []trMatch
	cur     int
}

// trEntry is one entry laid out.
type trEntry struct {
	e     hub.Entry
	lower string // e.Text in lower case, for searching; "" until needed
	lines []trLine
}

// trLine is a drawn line of an entry: its prefix (gutter and head, or the
// indent), then text[a:b] in the entry's style.
type trLine struct {
	pre    string
	preW   int
	a, b   int
	drawn  string // the whole line, styled, not padded
	drawnW int
}

// trMatch is a search match: bytes a to b of an entry's text.
type trMatch struct {
	seq  uint64
	a, b int
}

func newTranscript(t *components.Theme) *transcript {
	return &transcript{theme: t, follow: true, cur: -1, total: 1}
}

// sync brings the pane up to date with the board's entries, laying out
// only those that are new. shown says whether the pane is on the screen.
func (t *transcript) sync(entries []hub.Entry, dropped uint64, shown bool) {
	t.dropped = dropped
	if len(entries) == 0 {
		if len(t.ents) > 0 || t.lastSeq > 0 {
			t.restart()
		}
		return
	}
	// Another transcript (a hub started again without its journal, with
	// its numbers from 1 again) is drawn anew, from its first entry.
	if n := len(t.ents); n > 0 && !hub.Continues(entries, t.ents[n-1].e) {
		t.restart()
	}
	// Entries the board no longer keeps leave from the front.
	if first := entries[0].Seq; len(t.ents) > 0 && t.ents[0].e.Seq < first {
		k := sort.Search(len(t.ents), func(i int) bool { return t.ents[i].e.Seq >= first })
		t.ents, t.starts = t.ents[k:], t.starts[k:]
		t.base = t.end
		if len(t.starts) > 0 {
			t.base = t.starts[0]
		}
		t.total = 1 + t.end - t.base
		t.dropMatches()
	}
	i := len(entries)
	for i > 0 && entries[i-1].Seq > t.lastSeq {
		i--
	}
	for _, e := range entries[i:] {
		t.add(e)
		if !t.follow {
			t.unread++
		}
		if !shown && e.From != hub.FromA2term {
			t.unseen++
		}
		if t.query != "" {
			t.findIn(len(t.ents) - 1)
		}
	}
	if shown {
		t.unseen = 0
	}
}

// restart forgets every entry, as if none had come yet: the pane follows
// the newest line again, and nothing is counted as unread.
func (t *transcript) restart() {
	t.ents, t.starts = nil, nil
	t.dropMatches()
	t.base, t.total = t.end, 1
	t.lastSeq = 0
	t.follow, t.anchorSeq, t.anchorOff, t.unread = true, 0, 0, 0
}

// add lays out entry e after the others.
func (t *transcript) add(e hub.Entry) {
	t.lastSeq = e.Seq
	te := trEntry{e: e}
	if t.w > 0 {
		te.lines = layoutEntry(t.theme, e, t.w)
	}
	t.ents = append(t.ents, te)
	t.starts = append(t.starts, t.end)
	t.end += len(te.lines)
	t.total = 1 + t.end - t.base
}

// start is the line entry i starts at.
func (t *transcript) start(i int) int { return t.starts[i] - t.base + 1 }

// dropMatches forgets the matches in entries no longer kept.
func (t *transcript) dropMatches() {
	k := len(t.matches)
	if len(t.ents) > 0 {
		first := t.ents[0].e.Seq
		k = sort.Search(len(t.matches), func(i int) bool { return t.matches[i].seq >= first })
	}
	if k > 0 {
		t.matches = t.matches[k:]
		t.cur = max(t.cur-k, -1)
	}
}

// setWidth lays every entry out again when the width changed.
func (t *transcript) setWidth(w int) {
	if w == t.w {
		return
	}
	t.w = w
	t.starts = t.starts[:0]
	t.base, t.end = 0, 0
	for i := range t.ents {
		t.ents[i].lines = layoutEntry(t.theme, t.ents[i].e, w)
		t.starts = append(t.starts, t.end)
		t.end += len(t.ents[i].lines)
	}
	t.total = 1 + t.end
}

// entryAt returns the entry that line y belongs to and the line's index
// in it; -1 for the heading.
func (t *transcript) entryAt(y int) (int, int) {
	if y <= 0 || len(t.ents) == 0 {
		return -1, 0
	}
	a := y - 1 + t.base
	i := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > a }) - 1
	return i, a - t.starts[i]
}

// top is the first line shown in a pane of h lines.
func (t *transcript) top(h int) int {
	last := max(t.total-h, 0)
	if t.follow {
		return last
	}
	y := t.anchorOff
	if t.anchorSeq > 0 {
		i := sort.Search(len(t.ents), func(i int) bool { return t.ents[i].e.Seq >= t.anchorSeq })
		switch {
		case i == len(t.ents):
			return last
		case t.ents[i].e.Seq != t.anchorSeq:
			y = t.start(i) // the entry read is gone: the oldest kept
		default:
			y = t.start(i) + min(t.anchorOff, max(len(t.ents[i].lines)-1, 0))
		}
	}
	return max(0, min(y, last))
}

// scrollTo puts line y at the top of a pane of h lines; at the end the
// pane follows the newest line again.
func (t *transcript) scrollTo(y, h int) {
	y = max(y, 0)
	if y >= t.total-h {
		t.follow, t.unread = true, 0
		return
	}
	t.follow = false
	if i, k := t.entryAt(y); i >= 0 {
		t.anchorSeq, t.anchorOff = t.ents[i].e.Seq, k
	} else {
		t.anchorSeq, t.anchorOff = 0, 0
	}
}

func (t *transcript) scrollBy(d, h int) { t.scrollTo(t.top(h)+d, h) }

// view draws the h lines of the pane, each exactly w cells wide.
func (t *transcript) view(h int) []string {
	th := t.theme
	out := make([]string, h)
	top := t.top(h)
	var cur *trMatch
	if t.cur >= 0 && t.cur < len(t.matches) {
		cur = &t.matches[t.cur]
	}
	for r := range out {
		y := top + r
		switch {
		case y >= t.total:
			out[r] = strings.Repeat(" ", t.w)
		case y == 0:
			head := " " + th.Bold.Render("Transcript")
			if t.dropped > 0 {
				head += th.Dim.Render(" · " + strconv.FormatUint(t.dropped, 10) + " earlier entries not kept")
			}
			out[r] = components.Fit(head, t.w)
		default:
			i, k := t.entryAt(y)
			e := &t.ents[i]
			l := e.lines[k]
			s, sw := l.drawn, l.drawnW
			if t.query != "" {
				s, sw = t.highlight(e, l, cur)
			}
			out[r] = fitKnown(s, sw, t.w)
		}
	}
	if !t.follow && h > 1 {
		mark := th.Glyph("↓", "v") + " more below · end"
		if t.unread > 0 {
			mark = th.Glyph("↓", "v") + " " + strconv.Itoa(t.unread) + " new · end"
		}
		mark = " " + mark + " "
		if mw := ansi.StringWidth(mark); mw <= t.w {
			out[h-1] = components.Window(out[h-1], 0, t.w-mw) + th.Focus.Render(mark)
		}
	}
	return out
}

// fitKnown pads s, known to be sw cells wide, to exactly w.
func fitKnown(s string, sw, w int) string {
	if sw == w {
		return s
	}
	if sw < w {
		return s + strings.Repeat(" ", w-sw)
	}
	return components.Fit(s, w)
}

// highlight draws line l of e with the search's matches marked: the one
// shown reversed, the others underlined.
func (t *transcript) highlight(e *trEntry, l trLine, cur *trMatch) (string, int) {
	th := t.theme
	text := e.e.Text
	k := sort.Search(len(t.matches), func(i int) bool { return t.matches[i].seq >= e.e.Seq })
	var b strings.Builder
	b.WriteString(l.pre)
	style := entryStyle(th, e.e)
	pos := l.a
	found := false
	for ; k < len(t.matches) && t.matches[k].seq == e.e.Seq; k++ {
		m := t.matches[k]
		a, z := max(m.a, l.a), min(m.b, l.b)
		if a >= z {
			continue
		}
		found = true
		b.WriteString(style.Render(text[pos:a]))
		if cur != nil && *cur == m {
			b.WriteString(th.Focus.Render(text[a:z]))
		} else {
			b.WriteString(th.Selected.Render(text[a:z]))
		}
		pos = z
	}
	if !found {
		return l.drawn, l.drawnW
	}
	b.WriteString(style.Render(text[pos:l.b]))
	return b.String(), l.drawnW
}

// --- searching ---------------------------------------------------------

// search looks for q (in any case when q is in lower case) and shows the
// newest match.
func (t *transcript) search(q string, h int) {
	t.query, t.matches, t.cur = q, nil, -1
	if q == "" {
		return
	}
	for i := range t.ents {
		t.findIn(i)
	}
	if len(t.matches) > 0 {
		t.showMatch(len(t.matches)-1, h)
	}
}

// findIn adds the matches in entry i.
func (t *transcript) findIn(i int) {
	e := &t.ents[i]
	text, q := e.e.Text, t.query
	if q == strings.ToLower(q) {
		if e.lower == "" {
			e.lower = strings.ToLower(text)
		}
		if len(e.lower) == len(text) { // offsets agree
			text = e.lower
		}
	}
	for off := 0; ; {
		j := strings.Index(text[off:], q)
		if j < 0 {
			return
		}
		t.matches = append(t.matches, trMatch{seq: e.e.Seq, a: off + j, b: off + j + len(q)})
		off += j + len(q)
	}
}

// step shows the next match up (older, d < 0) or down (newer, d > 0).
func (t *transcript) step(d, h int) bool {
	if len(t.matches) == 0 {
		return false
	}
	i := t.cur + d
	if t.cur < 0 {
		i = len(t.matches) - 1
	}
	if i < 0 || i >= len(t.matches) {
		return false
	}
	t.showMatch(i, h)
	return true
}

// showMatch makes match i the current one and scrolls it into view, a
// third of the way down the pane.
func (t *transcript) showMatch(i, h int) {
	t.cur = i
	m := t.matches[i]
	k := sort.Search(len(t.ents), func(i int) bool { return t.ents[i].e.Seq >= m.seq })
	if k == len(t.ents) {
		return
	}
	y := t.start(k)
	for j, l := range t.ents[k].lines {
		if m.a >= l.a && (m.a < l.b || j == len(t.ents[k].lines)-1) {
			y = t.start(k) + j
			break
		}
	}
	top := t.top(h)
	if y >= top && y < top+h-1 {
		return // already in view
	}
	t.scrollTo(y-h/3, h)
}

// clearSearch forgets the search.
func (t *transcript) clearSearch() { t.query, t.matches, t.cur = "", nil, -1 }

// --- laying out entries ---------------------------------------------------

// entryStyle is the style of an entry's text.
func entryStyle(t *components.Theme, e hub.Entry) components.Style {
	switch e.From {
	case hub.FromA2term:
		if e.Role == hub.RoleNote {
			return t.Accent
		}
		return t.Dim
	case hub.FromStdout, hub.FromStderr:
		return t.Dim
	default: // the agent's, and anything unknown
		if e.Role == hub.RoleTool {
			return t.Dim
		}
		return t.Text
	}
}

// layoutEntry draws one entry in lines of width w. Who wrote it is drawn
// by the view, in cells its text can never occupy: the first column of
// every line is a gutter, a bar (a2term's own lines) or blank (everyone
// else's), and after the time comes a label, "agent", "tool" or "note" for
// the agent's lines and "out" or "err" for the child's. The text starts
// after them on the first line and hangs as far in on the others, so text
// that imitates an a2term line ("← the person pressed ...") still shows as
// the agent's or the child's, without colour too. Lines break between
// words, and a word (an address, a path) that does not fit where it
// starts moves to the next line whole.
func layoutEntry(t *components.Theme, e hub.Entry, w int) []trLine {
	gutter := " "
	var label string
	switch e.From {
	case hub.FromA2term:
		gutter = t.Accent.Render(t.Glyph("▌", "*"))
	case hub.FromStdout:
		label = "out"
	case hub.FromStderr:
		label = "err"
	default: // the agent's, and anything unknown
		switch e.Role {
		case hub.RoleTool:
			label = "tool"
		case hub.RoleNote:
			label = "note"
		default:
			label = "agent"
		}
	}
	style := entryStyle(t, e)
	head := e.Time.Format("15:04") + " "
	if label != "" {
		head += label + " "
	}
	indent := ansi.StringWidth(head)
	tw := w - 1 - indent
	var out []trLine
	line := func(pre string, preW, a, b int) {
		out = append(out, trLine{
			pre: pre, preW: preW, a: a, b: b,
			drawn: pre + style.Render(e.Text[a:b]), drawnW: preW + textWidth(e.Text[a:b]),
		})
	}
	if tw < 8 {
		// Too narrow to hang the text: the head on a line of its own, the
		// text under it, the gutter still on every line.
		out = append(out, trLine{pre: gutter, preW: 1, drawn: gutter + t.Dim.Render(head), drawnW: 1 + indent})
		for _, sp := range wrapWords(e.Text, max(w-1, 1)) {
			line(gutter, 1, sp[0], sp[1])
		}
		return out
	}
	first, rest := gutter+t.Dim.Render(head), gutter+strings.Repeat(" ", indent)
	for j, sp := range wrapWords(e.Text, tw) {
		pre := rest
		if j == 0 {
			pre = first
		}
		line(pre, 1+indent, sp[0], sp[1])
	}
	return out
}

// wrapWords breaks text into lines of at most w cells and returns each
// line's byte range. Lines break at spaces (which the break drops) and at
// line breaks; a word that does not fit on the rest of a line starts the
// next one, so an address or a path is cut only when it is longer than a
// whole line, and then on lines of its own, after a separator
// (wrapSeparators) where the line has one, else after a dash, a dot or an
// underscore, else between grapheme clusters.
// Spaces that start a paragraph are kept (an indented listing stays
// indented).
func wrapWords(text string, w int) [][2]int {
	w = max(w, 1)
	var out [][2]int
	for off := 0; ; {
		end := len(text)
		nl := strings.IndexByte(text[off:], '\n')
		if nl >= 0 {
			end = off + nl
		}
		out = wrapParagraph(text, off, end, w, out)
		if nl < 0 {
			return out
		}
		off = end + 1
	}
}

// wrapParagraph appends the lines of text[from:to], which holds no line
// break, to out.
func wrapParagraph(text string, from, to, w int, out [][2]int) [][2]int {
	start, end, lw := -1, from, 0 // the line being filled: bytes start..end, lw cells
	flush := func() {
		out = append(out, [2]int{start, end})
		start, lw = -1, 0
	}
	first := true
	spaceAt, spaces := from, 0
	for i := from; i < to; {
		if text[i] == ' ' {
			j := i
			for j < to && text[j] == ' ' {
				j++
			}
			spaceAt, spaces = i, j-i
			i = j
			continue
		}
		j := i
		for j < to && text[j] != ' ' {
			j++
		}
		ww := textWidth(text[i:j])
		switch {
		case first && spaces > 0 && spaces+ww <= w:
			start, end, lw = spaceAt, j, spaces+ww
		case start >= 0 && lw+spaces+ww <= w:
			end, lw = j, lw+spaces+ww
		case ww <= w:
			if start >= 0 {
				flush()
			}
			start, end, lw = i, j, ww
		default:
			// Longer than a line (a long path, an address, JSON a person's
			// action carries): lines of its own, cut after the line's last
			// separator (a slash, a comma, a colon …), so no name is cut in
			// two; a name longer than a line after its last dash, dot or
			// underscore; else between clusters.
			if start >= 0 {
				flush()
			}
			a, cw := i, 0
			soft, softW := -1, 0 // just after the piece's last separator, and the width to it
			part, partW := -1, 0 // just after its last dash, dot or underscore
			for k := i; k < j; {
				g, gw := cluster(text[k:j])
				if cw+gw > w && cw > 0 {
					cut, carried := k, 0
					if soft > a && cw-softW+gw <= w {
						cut, carried = soft, cw-softW
					} else if part > a && cw-partW+gw <= w {
						cut, carried = part, cw-partW
					}
					start, end = a, cut
					flush()
					a, cw, soft, part = cut, carried, -1, -1
				}
				cw += gw
				k += len(g)
				if len(g) == 1 && strings.IndexByte(wrapSeparators, g[0]) >= 0 {
					soft, softW = k, cw
				} else if g == "-" || g == "." || g == "_" {
					part, partW = k, cw
				}
			}
			start, end, lw = a, j, cw
		}
		first, spaces = false, 0
		i = j
	}
	if start < 0 { // an empty paragraph, or only spaces
		return append(out, [2]int{from, from})
	}
	return append(out, [2]int{start, end})
}

// wrapSeparators are the characters a word longer than a line is cut
// after: those between the parts of a path, an address or JSON, not the
// dots and dashes inside a name.
const wrapSeparators = `/\,:;?&=#`

// cluster returns the first grapheme cluster of s and its width.
func cluster(s string) (string, int) {
	if s[0] >= 0x20 && s[0] < 0x7f && (len(s) == 1 || s[1] < utf8.RuneSelf) {
		return s[:1], 1
	}
	g, gw := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	if g == "" {
		g = s[:1]
	}
	return g, gw
}

// textWidth is the width of plain text, printable ASCII counted without
// clustering.
func textWidth(s string) int {
	ascii := true
	for i := range len(s) {
		if s[i] < 0x20 || s[i] >= 0x7f {
			ascii = false
			break
		}
	}
	if ascii {
		return len(s)
	}
	return ansi.StringWidth(s)
}

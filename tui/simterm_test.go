package tui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/clipperhouse/displaywidth"
)

// widthModel is how one kind of terminal counts cells: the units it draws
// (clusters, or single runes) and the cells each takes. A unit of width 0
// goes onto the cell before it.
type widthModel struct {
	name  string
	units func(s string) []string
	width func(unit string) int
}

func clusterUnits(s string) []string {
	var out []string
	for s != "" {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" {
			c = s[:1]
		}
		out = append(out, c)
		s = s[len(c):]
	}
	return out
}

func runeUnits(s string) []string {
	var out []string
	for _, r := range s {
		out = append(out, string(r))
	}
	return out
}

// ambiguous reports whether the unit u is one cell, or two when East
// Asian Ambiguous characters are wide, by the layout's own measure.
func ambiguous(u string) bool {
	return displaywidth.String(u) == 1 && displaywidth.Options{EastAsianWidth: true}.String(u) == 2
}

var widthModels = []widthModel{
	// Agrees with the layout: clusters, measured as it measures them.
	{"clusters", clusterUnits, func(u string) int { return ansi.StringWidth(u) }},
	// Adds up code points with wcwidth, as xterm, VTE and tmux mostly do:
	// a skin tone is a second emoji, a ZWJ family three, VS16 nothing, an
	// Indic conjunct two letters.
	{"wcwidth", runeUnits, func(u string) int { return ansi.StringWidthWc(u) }},
	// Clusters, with East Asian Ambiguous characters two cells wide (the
	// CJK setting of VTE, iTerm2, xterm, WezTerm, PuTTY).
	{"ambiguous wide", clusterUnits, func(u string) int {
		if ambiguous(u) {
			return 2
		}
		return ansi.StringWidth(u)
	}},
	// Old tables: emoji are one cell (Unicode before 9.0) and code points
	// the terminal does not know take none, as tmux draws them.
	{"old tables", runeUnits, func(u string) int {
		r, _ := utf8.DecodeRuneInString(u)
		switch {
		case r >= 0x1f900:
			return 0
		case r >= 0x1f000:
			return 1
		}
		return ansi.StringWidthWc(u)
	}},
}

// simCell is a cell of the simulated screen: the unit drawn in it, ""
// for the right half of a wide unit.
type simCell struct{ text string }

// simTerm is a small terminal: enough of VT100 and xterm for what Bubble
// Tea and Output write (printing with or without automatic wrapping, CR,
// LF, CUP, CHA, ECH, EL, ED, SGR, the alternate screen and DECAWM), with
// the cell widths of a widthModel.
type simTerm struct {
	model       widthModel
	w, h        int
	grid        [][]simCell
	x, y        int
	autowrap    bool
	pendingWrap bool
	scrolled    int // lines scrolled off the top
}

func newSimTerm(m widthModel, w, h int) *simTerm {
	t := &simTerm{model: m, w: w, h: h, autowrap: true}
	t.clear()
	return t
}

func (t *simTerm) clear() {
	t.grid = make([][]simCell, t.h)
	for y := range t.grid {
		t.grid[y] = t.blankRow()
	}
}

func (t *simTerm) blankRow() []simCell {
	row := make([]simCell, t.w)
	for x := range row {
		row[x] = simCell{" "}
	}
	return row
}

func (t *simTerm) lineFeed() {
	if t.y < t.h-1 {
		t.y++
		return
	}
	t.grid = append(t.grid[1:], t.blankRow())
	t.scrolled++
}

// put draws one unit.
func (t *simTerm) put(u string) {
	k := t.model.width(u)
	if k == 0 {
		px := t.x - 1
		if t.pendingWrap {
			px = t.x
		}
		for px > 0 && t.grid[t.y][px].text == "" {
			px--
		}
		if px >= 0 {
			t.grid[t.y][px].text += u
		}
		return
	}
	if t.pendingWrap && t.autowrap {
		t.x = 0
		t.lineFeed()
	}
	t.pendingWrap = false
	if t.x+k > t.w {
		if t.autowrap {
			t.x = 0
			t.lineFeed()
		} else {
			t.x = max(t.w-k, 0)
		}
	}
	t.erase(t.x, min(t.x+k, t.w))
	t.grid[t.y][t.x].text = u
	for i := 1; i < k && t.x+i < t.w; i++ {
		t.grid[t.y][t.x+i].text = ""
	}
	t.x += k
	if t.x >= t.w {
		t.x = t.w - 1
		t.pendingWrap = true
	}
}

// erase blanks cells [a, b) of the cursor's row, and whole wide units
// that reach into them.
func (t *simTerm) erase(a, b int) {
	row := t.grid[t.y]
	for a > 0 && a < t.w && row[a].text == "" {
		a--
	}
	for b < t.w && row[b].text == "" {
		b++
	}
	for x := a; x < b && x < t.w; x++ {
		row[x] = simCell{" "}
	}
}

// feed interprets what a program wrote.
func (t *simTerm) feed(p string) {
	var state byte
	parser := ansi.NewParser()
	for len(p) > 0 {
		seq := ""
		if b := p[0]; state != 0 || b == 0x1b || b < 0x20 || b == 0x7f {
			s, _, n, st := ansi.DecodeSequence(p, state, parser)
			state = st
			if n == 0 {
				break
			}
			seq, p = s, p[n:]
		} else {
			seq, _ = ansi.FirstGraphemeCluster(p, ansi.GraphemeWidth)
			p = p[len(seq):]
		}
		switch b := seq[0]; {
		case b == '\r':
			t.x, t.pendingWrap = 0, false
		case b == '\n':
			t.lineFeed()
			t.pendingWrap = false
		case b == 0x1b:
			t.escape(seq, parser)
		case b < 0x20 || b == 0x7f:
		default:
			for _, u := range t.model.units(seq) {
				t.put(u)
			}
		}
	}
}

func (t *simTerm) escape(seq string, p *ansi.Parser) {
	if len(seq) < 3 || seq[1] != '[' {
		return
	}
	param := func(i, def int) int {
		if i < len(p.Params()) {
			return p.Params()[i].Param(def)
		}
		return def
	}
	switch seq {
	case "\x1b[?1049h", "\x1b[?1049l":
		t.clear()
		return
	case "\x1b[?7l":
		t.autowrap = false
		return
	case "\x1b[?7h":
		t.autowrap = true
		return
	}
	if seq[2] == '?' {
		return
	}
	t.pendingWrap = false
	switch seq[len(seq)-1] {
	case 'H', 'f':
		t.y, t.x = min(param(0, 1), t.h)-1, min(param(1, 1), t.w)-1
	case 'G':
		t.x = min(param(0, 1), t.w) - 1
	case 'X':
		t.erase(t.x, min(t.x+param(0, 1), t.w))
	case 'K':
		t.erase(t.x, t.w)
	case 'J':
		t.erase(t.x, t.w)
		for y := t.y + 1; y < t.h; y++ {
			t.grid[y] = t.blankRow()
		}
	}
}

// row returns the text of row y as the person sees it.
func (t *simTerm) row(y int) string {
	var b strings.Builder
	for _, c := range t.grid[y] {
		b.WriteString(c.text)
	}
	return b.String()
}

// at returns the unit drawn from column x of row y.
func (t *simTerm) at(x, y int) string { return t.grid[y][x].text }

// bubbleTeaFrame is what Bubble Tea's standard renderer writes for a frame
// in the alternate screen, in the same shape: home, each line with the
// rest of the row erased when it is shorter than the terminal, CRLF
// between lines, and the cursor put back at the start of the last line.
func bubbleTeaFrame(frame string, w int) string {
	var b strings.Builder
	b.WriteString(ansi.CursorHomePosition)
	lines := strings.Split(frame, "\n")
	for i, l := range lines {
		l = ansi.Truncate(l, w, "")
		b.WriteString(l)
		if ansi.StringWidth(l) < w {
			b.WriteString(ansi.EraseLineRight)
		}
		if i < len(lines)-1 {
			b.WriteString("\r\n")
		}
	}
	b.WriteString(ansi.CursorPosition(0, len(lines)))
	return b.String()
}

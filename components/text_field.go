package components

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// TextField is a labelled input: the label, then the value between
// brackets ("[ Ada Lovelace ]"), scrolled sideways to keep the cursor in
// view; a long text is a box of several wrapped lines instead. Obscured
// fields show one "•" per character and never the text. Number fields take
// only keys that keep the value a number being typed; date fields keep
// what is typed in the node's Pending text until it is a whole YYYY-MM-DD.
// A value the agent's validation refuses is flagged under the field.
//
// Every change is one SetValue intent carrying the whole new value; the
// program writes it through the hub and the next tree brings it back.
type TextField struct{}

const (
	longTextMinRows = 3 // a long text is never shorter
	longTextMaxRows = 8 // nor taller; it scrolls beyond
	dateTemplate    = "YYYY-MM-DD"
	noticeNumbers   = "numbers only"
	noticeDate      = "date as YYYY-MM-DD"
)

// editText is the text the person is editing: a date field's pending
// text, else the value.
func editText(p *a2ui.TextFieldProps, st NodeState) string {
	if p.TextFieldType == "date" && st.Pending != "" {
		return st.Pending
	}
	return p.Text
}

// Render draws the label, the input, and any verdict or notice below.
func (TextField) Render(n *a2ui.Node, w int, c *Context) Block {
	p, _ := n.Props.(*a2ui.TextFieldProps)
	if p == nil || w <= 0 {
		return Block{W: max(w, 0)}
	}
	if b, ok := plainField(n.ID, p, w, c); ok {
		return b
	}
	return fieldBlock(n.ID, p, w, c)
}

// plainField draws, in one allocation besides the string its two lines
// are cut from, what fieldBlock draws for a field without the focus whose
// label is one line of printable ASCII and whose value plainInput draws,
// with nothing to say under it.
func plainField(id string, p *a2ui.TextFieldProps, w int, c *Context) (Block, bool) {
	label, input, ok := plainFieldLines(id, p, w, c)
	if !ok {
		return Block{}, false
	}
	// The label's line, w bytes, and the input's, cut from one string.
	var b strings.Builder
	b.Grow(label.len() + input.len())
	label.writeTo(&b)
	input.writeTo(&b)
	both := b.String()
	f := &struct {
		lines [2]string
		hits  [1]Hit
	}{
		lines: [2]string{both[:w], both[w:]},
		hits:  [1]Hit{{X: 0, Y: 0, W: w, H: 2, Node: id, Part: -1, Focusable: true}},
	}
	return Block{W: w, Lines: f.lines[:], Hits: f.hits[:]}, true
}

// plainFieldLines is the two lines plainField draws, as pieces: the label
// padded to w, and the input.
func plainFieldLines(id string, p *a2ui.TextFieldProps, w int, c *Context) (label, input linePieces, ok bool) {
	if p.Label == "" || len(p.Label) > w || p.Invalid || p.TextFieldType == "longText" || c.Focused(id) || !printable(p.Label) {
		return label, input, false
	}
	if input, ok = plainInput(c.Theme, p, false, w); !ok {
		return label, input, false
	}
	l := strings.TrimRight(p.Label, " ")
	return pieces(l, blanks(w-len(l))), input, true
}

// cheapDraw: a one-line field with a short label and value costs about
// as little to draw as to keep.
func (TextField) cheapDraw(n *a2ui.Node) bool {
	p, ok := n.Props.(*a2ui.TextFieldProps)
	return ok && p.TextFieldType != "longText" && len(p.Label)+len(p.Text) <= textNaturalCap
}

// cheapNatural: a short label and value are measured quickly.
func (TextField) cheapNatural(n *a2ui.Node) bool {
	p, ok := n.Props.(*a2ui.TextFieldProps)
	return ok && len(p.Label)+len(p.Text) <= textNaturalCap
}

// drawPieces draws a field with nothing to say under it as plainField
// does.
func (TextField) drawPieces(n *a2ui.Node, w int, c *Context) (lp leafPieces, ok bool) {
	p, ok := n.Props.(*a2ui.TextFieldProps)
	if !ok || len(p.Checks) > 0 {
		return lp, false
	}
	if lp.lines[0], lp.lines[1], ok = plainFieldLines(n.ID, p, w, c); ok {
		lp.h, lp.hasHit = 2, true
		lp.hit = Hit{X: 0, Y: 0, W: w, H: 2, Node: n.ID, Part: -1, Focusable: true}
	}
	return lp, ok
}

// fieldBlock draws a field of any kind, in any state.
func fieldBlock(id string, p *a2ui.TextFieldProps, w int, c *Context) Block {
	t := c.Theme
	st := c.State.Peek(id)
	focused := c.Focused(id)

	var head []string
	for _, l := range Wrap(p.Label, w) {
		if p.Label == "" {
			break
		}
		l = strings.TrimRight(l, " ")
		if focused {
			l = t.Focus.Render(l)
		}
		head = append(head, l)
	}
	var input Block
	if p.TextFieldType == "longText" {
		input = longTextBox(t, p, st, focused, w)
	} else {
		input = inputLine(t, id, p, st, focused, w)
	}

	var tail []string
	if msg := invalidMessage(p); msg != "" {
		tail = append(tail, errorLines(t, t.Glyph("✗", "x")+" "+msg, w)...)
	}
	if p.TextFieldType == "date" && st.Pending != "" && !focused {
		tail = append(tail, errorLines(t, t.Glyph("✗", "x")+" unfinished date, not saved", w)...)
	}
	if focused && st.Notice != "" {
		tail = append(tail, errorLines(t, st.Notice, w)...)
	}
	// The label's lines, the input and the tail's lines, stacked in w
	// columns and marked as the field, in one go.
	out := Block{W: w, Lines: make([]string, 0, len(head)+len(input.Lines)+len(tail))}
	for _, l := range head {
		out.Lines = append(out.Lines, Fit(l, w))
	}
	y := len(out.Lines)
	for _, l := range input.Lines {
		out.Lines = append(out.Lines, resize(l, input.W, w))
	}
	for _, l := range tail {
		out.Lines = append(out.Lines, Fit(l, w))
	}
	out.Hits = make([]Hit, 0, 1+len(input.Hits))
	out.Hits = append(out.Hits, Hit{X: 0, Y: 0, W: w, H: len(out.Lines), Node: id, Part: -1, Focusable: true})
	for _, h := range input.Hits {
		h.Y += y
		out.Hits = append(out.Hits, h)
	}
	return out
}

// errorLines wraps a message and draws each line in the Error style.
func errorLines(t *Theme, msg string, w int) []string {
	lines := Wrap(msg, w)
	for i, l := range lines {
		lines[i] = t.Error.Render(strings.TrimRight(l, " "))
	}
	return lines
}

// invalidMessage says why a value the canvas marked invalid is refused, in
// the canvas's words, which the web mirror shows too; the pattern itself
// is in the help line while the field has the focus (FieldHelp).
func invalidMessage(p *a2ui.TextFieldProps) string {
	if !p.Invalid {
		return ""
	}
	if p.Problem != "" {
		return p.Problem
	}
	return a2ui.ProblemFormat
}

// FieldHelp is the help line for a focused node: the format an invalid
// TextField expects, or "".
func FieldHelp(n *a2ui.Node) string {
	if n == nil {
		return ""
	}
	p, ok := n.Props.(*a2ui.TextFieldProps)
	if !ok || !p.Invalid || p.ValidationRegexp == "" || p.Problem != a2ui.ProblemFormat {
		return ""
	}
	return "expected format: " + a2ui.SanitizeLine(p.ValidationRegexp)
}

// maskedRunes is what a one-line field displays for the runes being
// edited: bullets for an obscured field, and a space for a line break
// (the agent may give a one-line field a value of several lines), which
// would otherwise start a new row of the screen.
func maskedRunes(p *a2ui.TextFieldProps, r []rune, t *Theme) []rune {
	if p.TextFieldType != "obscured" {
		if !slices.Contains(r, '\n') {
			return r
		}
		out := slices.Clone(r)
		for i, c := range out {
			if c == '\n' {
				out[i] = ' '
			}
		}
		return out
	}
	dot := []rune(t.Glyph("•", "*"))[0]
	out := make([]rune, len(r))
	for i := range out {
		out[i] = dot
	}
	return out
}

// inputLine draws a one-line field: "[ value ]" with the cursor, scrolled
// so that the cursor shows. Each character is a Hit whose Part is its rune
// index, so that a click puts the cursor there.
func inputLine(t *Theme, id string, p *a2ui.TextFieldProps, st NodeState, focused bool, w int) Block {
	if b, ok := plainInputLine(t, p, focused, w); ok {
		return b
	}
	return runesInputLine(t, id, p, st, focused, w)
}

// plainInputLine draws, without taking it apart, what runesInputLine
// draws for a field that shows its value as it is (not a date, not
// obscured) when it has no cursor and the value is printable ASCII that
// fits: the value padded between the brackets.
func plainInputLine(t *Theme, p *a2ui.TextFieldProps, focused bool, w int) (Block, bool) {
	l, ok := plainInput(t, p, focused, w)
	if !ok {
		return Block{}, false
	}
	return Block{W: w, Lines: []string{l.String()}}, true
}

// plainInput is the line plainInputLine draws, as pieces.
func plainInput(t *Theme, p *a2ui.TextFieldProps, focused bool, w int) (linePieces, bool) {
	vw := w - 4
	if focused || vw < 1 || p.TextFieldType == "date" || p.TextFieldType == "obscured" || len(p.Text) > vw || !printable(p.Text) || p.Text == "" && p.Placeholder != "" {
		return linePieces{}, false
	}
	if e := &t.Border; !e.fast {
		l, rb := focusMarks(t, false, "[", "]")
		return pieces(e.Render(l), " ", p.Text, blanks(vw-len(p.Text)), " ", e.Render(rb)), true
	}
	// What e.Render draws: the edges are worked out with the theme.
	return pieces(t.fieldEdges[0], p.Text, blanks(vw-len(p.Text)), t.fieldEdges[1]), true
}

// runesInputLine is inputLine for any field, rune by rune.
func runesInputLine(t *Theme, id string, p *a2ui.TextFieldProps, st NodeState, focused bool, w int) Block {
	r := maskedRunes(p, []rune(editText(p, st)), t)
	cur := clampIn(st.Cursor, 0, len(r))
	vw := max(w-4, 1)
	ghost := ""
	if p.TextFieldType == "date" {
		if n := len(r); n < len(dateTemplate) && (n == 0 || st.Pending != "") {
			ghost = dateTemplate[n:]
		}
	}
	if len(r) == 0 && p.Placeholder != "" {
		// v1.0: an empty field shows its placeholder, dimmed, where the
		// text will go.
		ghost = a2ui.SanitizeLine(p.Placeholder)
	}
	from := 0
	if focused {
		from = lineScroll(t, r, cur, st.Scroll, vw)
	}
	body, cells, all := drawRun(t, r[from:], from, cur, focused, vw, ghost)
	l, rb := focusMarks(t, focused, "[", "]")
	edge := t.Border
	if focused {
		edge = t.Accent
	}
	// "…" beside the brackets says there is more text on that side.
	before, after := " ", " "
	if from > 0 {
		before = t.Dim.Render(t.Glyph("…", "<"))
	}
	if focused && !all {
		after = t.Dim.Render(t.Glyph("…", ">"))
	}
	line := edge.Render(l) + before + body + after + edge.Render(rb)
	var b Block
	if vw == w-4 {
		// Brackets, margins and a run of exactly vw cells: w wide.
		b = Block{W: w, Lines: []string{line}}
	} else {
		b = TextBlock(w, line)
	}
	if focused {
		// Clicks place the cursor in the field being edited; a click on
		// another field focuses it as a whole (its one Hit from Mark), so
		// a long form does not carry a hit per character.
		b.Hits = make([]Hit, 0, len(cells))
		for _, cl := range cells {
			if x := cl.x + 2; x+cl.w <= w {
				b.Hits = append(b.Hits, Hit{X: x, Y: 0, W: cl.w, H: 1, Node: id, Part: cl.part})
			}
		}
	}
	return b
}

// longTextBox draws a long text: a box of wrapped lines, at least
// longTextMinRows tall, scrolled to keep the cursor's line in view.
func longTextBox(t *Theme, p *a2ui.TextFieldProps, st NodeState, focused bool, w int) Block {
	if w < 6 {
		return TextBlock(w, strings.Split(p.Text, "\n")...)
	}
	r := []rune(p.Text)
	cur := clampIn(st.Cursor, 0, len(r))
	vw := w - 4
	spans := wrapRunes(r, max(vw-1, 1))
	rows := clampIn(len(spans), longTextMinRows, longTextMaxRows)
	curRow := textSpanOf(spans, cur)
	top := clampIn(st.Scroll, 0, len(spans)-1)
	if focused {
		top = max(min(top, curRow), curRow-rows+1)
	}
	top = clampIn(top, 0, max(len(spans)-rows, 0))
	inner := Block{W: vw}
	for i := top; i < top+rows; i++ {
		if i >= len(spans) {
			inner.Lines = append(inner.Lines, blanks(vw))
			continue
		}
		sp := spans[i]
		ghost := ""
		if len(r) == 0 && i == 0 {
			ghost = a2ui.SanitizeLine(p.Placeholder) // v1.0: shown while empty
		}
		line, _, _ := drawRun(t, r[sp.start:sp.end], sp.start, cur, focused && i == curRow, vw, ghost)
		inner.Lines = append(inner.Lines, line)
	}
	edge := t.Border
	if focused {
		edge = t.Accent
	}
	b := controlFrame(t, inner, edge, focused && !t.Color(), false)
	if top > 0 || top+rows < len(spans) {
		// Say that there is more than the box shows, in its bottom edge.
		more := " " + strconv.Itoa(top+1) + "-" + strconv.Itoa(min(top+rows, len(spans))) + "/" + strconv.Itoa(len(spans)) + " "
		if ansi.StringWidth(more)+4 <= w {
			last := ansi.Strip(b.Lines[len(b.Lines)-1])
			rr := []rune(last)
			cut := string(rr[:len(rr)-2-ansi.StringWidth(more)])
			b.Lines[len(b.Lines)-1] = edge.Render(cut) + t.Dim.Render(more) + edge.Render(string(rr[len(rr)-2:]))
		}
	}
	return Indent(b, 0, w)
}

// editCell is a character of a drawn run: its column, width and rune index.
type editCell struct{ x, w, part int }

// drawRun draws the runes rs, which start at rune index base of the text,
// in exactly vw cells. With the cursor shown, the character at cur is
// reversed (a reversed blank after the end); without colour a "|" caret
// is put before it instead, as reverse video does not show. Ghost is a
// dim hint drawn after the text (the rest of a date's template); a run
// too long for vw ends in "…" when no cursor is shown. All reports
// whether every rune was drawn.
func drawRun(t *Theme, rs []rune, base, cur int, cursor bool, vw int, ghost string) (line string, cells []editCell, all bool) {
	nocolor := !t.Color()
	limit := vw
	cut := false
	widths, total := runeCells(rs)
	if !cursor && total > vw {
		limit, cut = vw-1, true
	}
	var b strings.Builder
	x := 0
	all = true
	// Draw whole clusters: the cursor on any rune of one shows on all of
	// it, and nothing (styling, a caret) comes between its runes, so that
	// the line is as wide as the layout measures it.
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && widths[j] < 0 {
			j++
		}
		idx := base + i
		cw := widths[i]
		atCur := cursor && cur >= idx && cur < base+j
		if atCur && nocolor {
			if x+1 > limit {
				all = false
				break
			}
			b.WriteString("|")
			x++
		}
		if x+cw > limit {
			all = false
			break
		}
		s := string(rs[i:j])
		if atCur && !nocolor {
			s = t.Focus.Render(s)
		}
		b.WriteString(s)
		if cw > 0 {
			cells = append(cells, editCell{x: x, w: cw, part: idx})
		}
		x += cw
		i = j
	}
	if cut {
		b.WriteString("…")
		x++
		all = false
	}
	end := base + len(rs)
	if cursor && cur == end && x < vw {
		g := []rune(ghost)
		if nocolor {
			b.WriteString("|")
		} else {
			first := " "
			if len(g) > 0 {
				first, g = string(g[0]), g[1:]
			}
			b.WriteString(t.Focus.Render(first))
		}
		x++
		ghost = string(g)
	}
	if ghost != "" && x < vw {
		g := ansi.Truncate(ghost, vw-x, "")
		b.WriteString(t.Dim.Render(g))
		x += ansi.StringWidth(g)
	}
	if x < vw {
		cells = append(cells, editCell{x: x, w: vw - x, part: end})
		b.WriteString(blanks(vw - x))
	}
	return b.String(), cells, all
}

// runeCells measures the runes of a text being edited by grapheme
// cluster, as the line they make is measured: each cluster's width goes to
// its first rune, and the others get -1. The second result is the width
// of the whole.
func runeCells(r []rune) ([]int, int) {
	out := make([]int, len(r))
	s := string(r)
	i, total := 0, 0
	for s != "" {
		if s[0] >= 0x20 && s[0] < 0x7f && (len(s) == 1 || s[1] < utf8.RuneSelf) {
			// Printable ASCII not followed by a mark: one cell.
			out[i] = 1
			total++
			i++
			s = s[1:]
			continue
		}
		c, w := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" {
			c = s[:1]
		}
		out[i] = w
		total += w
		for n := utf8.RuneCountInString(c) - 1; n > 0 && i+1 < len(r); n-- {
			i++
			out[i] = -1
		}
		i++
		s = s[len(c):]
	}
	return out, total
}

// clusterStart returns the first rune of the cluster that holds rune i.
func clusterStart(widths []int, i int) int {
	for i > 0 && i < len(widths) && widths[i] < 0 {
		i--
	}
	return i
}

// lineScroll returns the first rune to show of a one-line field so that
// the cursor and the character under it fit in vw cells, starting from
// the scroll the person left and never leaving blank cells at the end
// while there is hidden text at the start. It is always the first rune of
// a cluster.
func lineScroll(t *Theme, r []rune, cur, scroll, vw int) int {
	widths, _ := runeCells(r)
	pre := make([]int, len(r)+1) // pre[i] = cells of r[:i]
	for i, w := range widths {
		pre[i+1] = pre[i] + max(w, 0)
	}
	cells := func(a, b int) int { return pre[b] - pre[a] }
	nocolor := !t.Color()
	need := 1 // the cell of the cursor past the end
	if cur < len(r) {
		cur = clusterStart(widths, cur)
		need = max(widths[cur], 1)
		if nocolor {
			need++
		}
	}
	from := clusterStart(widths, clampIn(scroll, 0, cur))
	for from < cur && cells(from, cur)+need > vw {
		from++
		for from < cur && widths[from] < 0 {
			from++
		}
	}
	extra := 0
	if nocolor || cur == len(r) {
		extra = 1
	}
	for from > 0 {
		prev := clusterStart(widths, from-1)
		if cells(prev, len(r))+extra > vw {
			break
		}
		from = prev
	}
	return from
}

// textSpan is one drawn line of a long text: runes [start, end), without
// the line break.
type textSpan struct{ start, end int }

// wrapRunes breaks text into lines of at most w cells: at line breaks, at
// spaces where it can and inside words where it must. A space that ends a
// full line stays on it.
func wrapRunes(r []rune, w int) []textSpan {
	var out []textSpan
	widths, _ := runeCells(r)
	ls := 0
	for i := 0; i <= len(r); i++ {
		if i < len(r) && r[i] != '\n' {
			continue
		}
		s, e := ls, i
		if s == e {
			out = append(out, textSpan{s, s})
		}
		for s < e {
			// Only the first rune of a cluster can start a line.
			x, j, space := 0, s, -1
			for j < e {
				cw := max(widths[j], 0)
				if x+cw > w && j > s && widths[j] >= 0 {
					break
				}
				if r[j] == ' ' && (j+1 >= e || widths[j+1] >= 0) {
					space = j
				}
				x += cw
				j++
			}
			end := j
			switch {
			case j < e && r[j] == ' ' && (j+1 >= e || widths[j+1] >= 0):
				end = j + 1
			case j < e && space > s:
				end = space + 1
			}
			out = append(out, textSpan{s, end})
			s = end
		}
		ls = i + 1
	}
	return out
}

// textSpanOf returns the line the cursor is on: the last one starting at or
// before it, so that a cursor at a wrap point goes to the next line.
func textSpanOf(spans []textSpan, cur int) int {
	row := 0
	for i, sp := range spans {
		if sp.start <= cur {
			row = i
		}
	}
	return row
}

// Natural leaves room for the label and a short value.
func (TextField) Natural(n *a2ui.Node, _ *Context) int {
	p, ok := n.Props.(*a2ui.TextFieldProps)
	if !ok {
		return 24
	}
	return max(stringWidth(p.Label), 24, min(stringWidth(p.Text)+5, 60))
}

// Key edits the value.
func (tf TextField) Key(n *a2ui.Node, st *NodeState, k tea.KeyMsg, _ *Context) Intent {
	p, ok := n.Props.(*a2ui.TextFieldProps)
	if !ok {
		return Intent{}
	}
	notice := st.Notice
	st.Notice = ""
	in := tf.key(n, p, st, k)
	if in.Kind == Ignored {
		st.Notice = notice
	}
	return in
}

func (TextField) key(n *a2ui.Node, p *a2ui.TextFieldProps, st *NodeState, k tea.KeyMsg) Intent {
	km := DefaultKeyMap()
	long := p.TextFieldType == "longText"
	r := []rune(editText(p, *st))
	cur := clampIn(st.Cursor, 0, len(r))
	move := func(to int) Intent {
		st.Cursor = clampIn(to, 0, len(r))
		st.Scroll = min(st.Scroll, st.Cursor)
		return Intent{Kind: Handled}
	}
	switch {
	case (k.Type == tea.KeyRunes && !k.Alt) || k.Type == tea.KeySpace:
		ins := typedRunes(k, long)
		if len(ins) == 0 {
			return Intent{Kind: Handled}
		}
		if p.TextFieldType == "date" && !k.Paste && len(ins) == 1 && cur == len(r) && (len(r) == 4 || len(r) == 7) && unicode.IsDigit(ins[0]) {
			ins = append([]rune{'-'}, ins...)
		}
		return commitText(n, p, st, spliceRunes(r, cur, cur, ins), cur+len(ins), true)
	case long && key.Matches(k, km.Newline):
		return commitText(n, p, st, spliceRunes(r, cur, cur, []rune{'\n'}), cur+1, true)
	case key.Matches(k, km.WordLeft):
		if p.TextFieldType == "obscured" {
			return move(0) // words would tell where the spaces are
		}
		return move(wordLeft(r, cur))
	case key.Matches(k, km.WordRight):
		if p.TextFieldType == "obscured" {
			return move(len(r))
		}
		return move(wordRight(r, cur))
	case key.Matches(k, km.DeleteWord):
		from := wordBefore(r, cur)
		if p.TextFieldType == "obscured" {
			from = 0
		}
		if from == cur {
			return Intent{Kind: Handled}
		}
		return commitText(n, p, st, spliceRunes(r, from, cur, nil), from, false)
	case key.Matches(k, km.KillStart):
		from := 0
		if long {
			from = runeLineStart(r, cur)
		}
		if from == cur {
			return Intent{Kind: Handled}
		}
		return commitText(n, p, st, spliceRunes(r, from, cur, nil), from, false)
	case key.Matches(k, km.KillEnd):
		to := len(r)
		if long {
			to = runeLineEnd(r, cur)
		}
		if to == cur {
			return Intent{Kind: Handled}
		}
		return commitText(n, p, st, spliceRunes(r, cur, to, nil), cur, false)
	case key.Matches(k, km.DeleteForward):
		if cur >= len(r) {
			return Intent{Kind: Handled}
		}
		return commitText(n, p, st, spliceRunes(r, cur, cur+1, nil), cur, false)
	case key.Matches(k, km.Delete):
		if cur == 0 {
			return Intent{Kind: Handled}
		}
		return commitText(n, p, st, spliceRunes(r, cur-1, cur, nil), cur-1, false)
	case key.Matches(k, km.Left):
		return move(cur - 1)
	case key.Matches(k, km.Right):
		return move(cur + 1)
	case key.Matches(k, km.Home):
		if long {
			return move(runeLineStart(r, cur))
		}
		return move(0)
	case key.Matches(k, km.End):
		if long {
			return move(runeLineEnd(r, cur))
		}
		return move(len(r))
	case long && key.Matches(k, km.Up):
		ls := runeLineStart(r, cur)
		if ls == 0 {
			return Intent{}
		}
		prev := runeLineStart(r, ls-1)
		return move(prev + min(cur-ls, ls-1-prev))
	case long && key.Matches(k, km.Down):
		le := runeLineEnd(r, cur)
		if le == len(r) {
			return Intent{}
		}
		return move(le + 1 + min(cur-runeLineStart(r, cur), runeLineEnd(r, le+1)-(le+1)))
	}
	return Intent{}
}

// Click puts the cursor on the clicked character.
func (TextField) Click(n *a2ui.Node, st *NodeState, part int, _ *Context) Intent {
	if p, ok := n.Props.(*a2ui.TextFieldProps); ok && part >= 0 {
		st.Cursor = clampIn(part, 0, len([]rune(editText(p, *st))))
	}
	return Intent{Kind: Handled}
}

// commitText checks an edited text against the field's type and turns it
// into an intent: SetValue with the whole text, or Handled with a notice
// when the type refuses it (or, for a date, while it is unfinished).
func commitText(n *a2ui.Node, p *a2ui.TextFieldProps, st *NodeState, r []rune, cur int, insert bool) Intent {
	s := string(r)
	switch p.TextFieldType {
	case "number":
		if !insert && !looseNumber.MatchString(s) && !looseNumber.MatchString(p.Text) {
			// The agent's value is no number at all and cannot be
			// edited into one a key at a time: deleting clears it.
			st.Cursor, st.Scroll, st.Notice = 0, 0, "cleared: not a number"
			return Intent{Kind: SetValue, Node: n.ID, Value: ""}
		}
		ok := looseNumber.MatchString(s)
		if insert {
			ok = typedNumber(s)
		}
		if !ok {
			st.Notice = noticeNumbers
			return Intent{Kind: Handled}
		}
	case "date":
		if insert && (len(r) > len(dateTemplate) || strings.Trim(s, "0123456789-") != "") {
			st.Notice = noticeDate
			return Intent{Kind: Handled}
		}
		st.Cursor = cur
		st.Scroll = min(st.Scroll, cur)
		if s != "" && !fullDate(s) {
			st.Pending = s
			if len(r) == len(dateTemplate) {
				st.Notice = "no such date"
			}
			return Intent{Kind: Handled}
		}
		st.Pending = ""
		return Intent{Kind: SetValue, Node: n.ID, Value: s}
	}
	if len(s) > a2ui.MaxStringBytes {
		st.Notice = "too long"
		return Intent{Kind: Handled}
	}
	st.Cursor = cur
	st.Scroll = min(st.Scroll, cur)
	return Intent{Kind: SetValue, Node: n.ID, Value: s}
}

// typedRunes returns the text a key types, cleaned the way the canvas will
// store it: tabs become spaces, line breaks survive only in a long text,
// other control characters and escape sequences are dropped.
func typedRunes(k tea.KeyMsg, long bool) []rune {
	if k.Type == tea.KeySpace {
		return []rune{' '}
	}
	var b strings.Builder
	for _, ch := range strings.ReplaceAll(string(k.Runes), "\r\n", "\n") {
		switch ch {
		case '\t':
			b.WriteRune(' ')
		case '\r', '\n':
			if long {
				b.WriteRune('\n')
			} else {
				b.WriteRune(' ')
			}
		default:
			b.WriteRune(ch)
		}
	}
	s := b.String()
	if long {
		s = a2ui.SanitizeText(s)
	} else {
		s = a2ui.SanitizeLine(s)
	}
	return []rune(s)
}

// spliceRunes returns r with r[from:to] replaced by ins, as a new slice.
func spliceRunes(r []rune, from, to int, ins []rune) []rune {
	out := make([]rune, 0, len(r)-(to-from)+len(ins))
	out = append(out, r[:from]...)
	out = append(out, ins...)
	return append(out, r[to:]...)
}

// runeLineStart and runeLineEnd are the rune indexes where the logical line
// holding cur starts and ends (at its line break or the end).
// isWordChar is what the word motions (alt+b, alt+f) step over: letters
// and digits, as readline's.
func isWordChar(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

// wordLeft is where alt+b moves from cur: the start of the word before.
func wordLeft(r []rune, cur int) int {
	for cur > 0 && !isWordChar(r[cur-1]) {
		cur--
	}
	for cur > 0 && isWordChar(r[cur-1]) {
		cur--
	}
	return cur
}

// wordRight is where alt+f moves from cur: the end of the word after.
func wordRight(r []rune, cur int) int {
	for cur < len(r) && !isWordChar(r[cur]) {
		cur++
	}
	for cur < len(r) && isWordChar(r[cur]) {
		cur++
	}
	return cur
}

// wordBefore is where ctrl+w deletes from: the start of the
// space-delimited word before cur, and the spaces after it (a path or an
// address goes whole, as in a shell).
func wordBefore(r []rune, cur int) int {
	for cur > 0 && unicode.IsSpace(r[cur-1]) {
		cur--
	}
	for cur > 0 && !unicode.IsSpace(r[cur-1]) {
		cur--
	}
	return cur
}

func runeLineStart(r []rune, cur int) int {
	for cur > 0 && r[cur-1] != '\n' {
		cur--
	}
	return cur
}

func runeLineEnd(r []rune, cur int) int {
	for cur < len(r) && r[cur] != '\n' {
		cur++
	}
	return cur
}

// looseNumber is what the canvas accepts for a number field: a number or
// any prefix of one. Deleting characters must keep a value it accepts.
var looseNumber = regexp.MustCompile(`^[-+]?[0-9]*\.?[0-9]*([eE][-+]?[0-9]*)?$`)

// typedNumber is stricter, for keys typed: digits, one leading "-", one
// ".", and an exponent only after a digit.
var typedNumberRe = regexp.MustCompile(`^-?([0-9]*\.?[0-9]*)([eE][-+]?[0-9]*)?$`)

func typedNumber(s string) bool {
	m := typedNumberRe.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	return m[2] == "" || strings.ContainsAny(m[1], "0123456789")
}

// fullDate reports whether s is a whole calendar date, YYYY-MM-DD.
func fullDate(s string) bool {
	if len(s) != len(dateTemplate) {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

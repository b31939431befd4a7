package components

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// Text draws a Text node: the usage hint picks the look (h1–h5, body,
// caption) and the simple Markdown the spec allows is drawn as styling —
// **bold**, *italic* and _italic_, ~~struck through~~, `code`, "- " /
// "* " / "1. " list items with a hanging indent, "> " quotes, "# " heading
// lines, fenced code and links. A link is drawn as its text followed by the URL in dim
// parentheses, never as an OSC 8 hyperlink: the person sees where it goes
// and the terminal is never asked to open anything.
//
// Lines wrap to the width the parent gives; styling is applied after
// wrapping, so each drawn line carries its own complete styling and a
// style never leaks into a neighbour's border.
type Text struct{}

// textNaturalCap is the widest a Text asks to be: a comfortable reading
// measure, so that a long paragraph does not claim a whole Row.
const textNaturalCap = 80

// Render draws the text wrapped to w.
func (Text) Render(n *a2ui.Node, w int, c *Context) Block {
	if w <= 0 {
		return Block{W: max(w, 0)}
	}
	p, _ := n.Props.(*a2ui.TextProps)
	if p == nil {
		return Empty(w, 1)
	}
	if l, ok := plainLine(p, w, c.Theme); ok {
		return Block{W: w, Lines: []string{l.String()}}
	}
	return markdownBlock(p.Text, p.UsageHint, w, c.Theme)
}

// plainLine is the line Text draws for a plain text (see plainText) that
// fits in w: what the layout would make of it, without reading it as
// Markdown, one run in the hint's look, padded.
func plainLine(p *a2ui.TextProps, w int, t *Theme) (linePieces, bool) {
	if !plainText(p.Text) || len(p.Text) > w {
		return linePieces{}, false
	}
	codes := plainCodes(p.UsageHint, t)
	return pieces(codes[0], p.Text, codes[1], blanks(w-len(p.Text))), true
}

// cheapDraw: a short text costs about as little to draw as to keep.
func (Text) cheapDraw(n *a2ui.Node) bool {
	p, ok := n.Props.(*a2ui.TextProps)
	return ok && len(p.Text) <= textNaturalCap
}

// cheapNatural: a short plain text is as wide as it is long.
func (Text) cheapNatural(n *a2ui.Node) bool {
	p, ok := n.Props.(*a2ui.TextProps)
	return ok && len(p.Text) <= textNaturalCap && plainText(p.Text)
}

// drawPieces draws a plain text that fits on one line (see plainLine).
func (Text) drawPieces(n *a2ui.Node, w int, c *Context) (lp leafPieces, ok bool) {
	p, ok := n.Props.(*a2ui.TextProps)
	if !ok {
		return lp, false
	}
	if lp.lines[0], ok = plainLine(p, w, c.Theme); ok {
		lp.h, lp.hasHit = 1, false
	}
	return lp, ok
}

// markdownBlock draws text as Markdown in w columns.
func markdownBlock(text, hint string, w int, t *Theme) Block {
	lines, widths := markdownLines(text, hint, w, t)
	if len(lines) == 0 {
		return Empty(w, 1)
	}
	// The layout knows each line's width: pad without measuring.
	for i, l := range lines {
		lines[i] = resize(l, widths[i], w)
	}
	return Block{W: w, Lines: lines}
}

// Natural is the widest line the text draws, up to a reading measure.
func (Text) Natural(n *a2ui.Node, c *Context) int {
	p, _ := n.Props.(*a2ui.TextProps)
	if p == nil {
		return 0
	}
	if plainText(p.Text) && len(p.Text) <= textNaturalCap {
		return len(p.Text)
	}
	return markdownNatural(p.Text, c.Theme)
}

// markdownNatural is the widest line text draws as Markdown, up to a
// reading measure.
func markdownNatural(text string, t *Theme) int {
	wd := 0
	for _, b := range parseBlocks(text, t) {
		wd = max(wd, b.natural(textNaturalCap))
	}
	return wd
}

// plainText reports whether s is text that Markdown leaves as it is, in
// one line: printable ASCII (one cell per byte) without the characters
// that start inline markup, without spaces at either end (which a line
// drops or reads as an indent) and not starting with a block's marker.
// Laid out at a width of at least len(s), such a text is one line of one
// run in the hint's style, which Text draws without parsing it.
func plainText(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := range len(s) {
		b := s[i]
		stops := uint64(plainStopsLow)
		switch {
		case b >= 0x80:
			return false
		case b >= 0x40:
			stops = plainStopsHigh
		}
		if stops>>(b&0x3f)&1 != 0 && (b != '~' || i+1 < len(s) && s[i+1] == '~') { // a lone tilde is text
			return false
		}
	}
	// Not a block's marker: only a few first bytes can start one.
	switch s[0] {
	case '-':
		return !isRule(s) && (len(s) < 2 || s[1] != ' ')
	case '*', '+':
		return len(s) < 2 || s[1] != ' '
	case '#':
		return headingLevel(s) == 0
	case '>':
		return false
	case '~':
		return !strings.HasPrefix(s, "~~~")
	}
	return s[0] < '0' || s[0] > '9' || orderedMarker(s) == 0
}

// The bytes plainText stops at, one bit each, below 0x40 and from there to
// 0x7f: controls, the delete, what starts inline markup, and a tilde
// (markup when doubled).
const (
	plainStopsLow  = 1<<0x20 - 1 | 1<<'*'
	plainStopsHigh = 1<<('\\'-0x40) | 1<<('`'-0x40) | 1<<('_'-0x40) | 1<<('['-0x40) | 1<<('~'-0x40) | 1<<(0x7f-0x40)
)

// textBase is the look of a usage hint.
func textBase(hint string, t *Theme) lipgloss.Style {
	switch hint {
	case "h1", "h2", "h3", "h4", "h5":
		return t.Heading[hint[1]-'1'].Style
	case "caption":
		return t.Caption.Style
	}
	return t.Text.Style
}

// markdownLines lays out Markdown text at width w and returns the styled
// lines, each at most w cells wide (not padded), and their widths.
func markdownLines(text, hint string, w int, t *Theme) (lines []string, widths []int) {
	st := newSpanStyler(hint, t)
	for _, b := range parseBlocks(text, t) {
		lines, widths = b.layout(w, st, lines, widths)
	}
	return lines, widths
}

// --- inline spans -----------------------------------------------------

// fmtFlags are the inline styles a piece of text carries.
type fmtFlags uint8

const (
	fBold fmtFlags = 1 << iota
	fItalic
	fCode
	fLink
	fDim    // a link's URL, a quote
	fMarker // a list bullet or number, a quote bar
	fRule   // a horizontal rule
	fStrike // ~~struck through~~
)

// mdSpan is a run of text in one style.
type mdSpan struct {
	text string
	f    fmtFlags
}

// spanStyler turns flags into styling on top of the hint's base look.
// Each combination is rendered once per layout into the escape codes
// that open and close it, which every run in that style then reuses:
// Text is drawn on every frame, and one lipgloss Render per run would be
// most of its cost.
type spanStyler struct {
	base lipgloss.Style
	hint string
	t    *Theme
}

func newSpanStyler(hint string, t *Theme) *spanStyler {
	return &spanStyler{base: textBase(hint, t), hint: hint, t: t}
}

func (s *spanStyler) style(f fmtFlags) lipgloss.Style {
	switch {
	case f&fRule != 0:
		return s.t.Border.Style
	case f&fMarker != 0:
		return s.t.Accent.Style
	}
	st := s.base
	if f&fDim != 0 {
		// The dim colour wins over the hint's own colour.
		st = s.t.Dim.Style.Inherit(st)
	}
	if f&fBold != 0 {
		st = st.Inherit(s.t.Bold.Style)
	}
	if f&fItalic != 0 {
		st = st.Inherit(s.t.Italic.Style)
	}
	if f&fCode != 0 {
		st = st.Inherit(s.t.Code.Style)
	}
	if f&fLink != 0 {
		st = st.Inherit(s.t.Link.Style)
	}
	if f&fStrike != 0 {
		st = st.Inherit(s.t.Strike.Style)
	}
	return st
}

// codes returns the escape codes that open and close the style of f,
// worked out once per theme.
func (s *spanStyler) codes(f fmtFlags) [2]string {
	return s.t.codes(codeKey{hint: s.hint, flags: f}, func() [2]string { return styleCodes(s.style(f), s.t) })
}

// plainCodes is newSpanStyler(hint, t).codes(0), without making the
// styler unless the theme has yet to work them out.
func plainCodes(hint string, t *Theme) [2]string { return t.plainRun(hint).codes }

// render styles text as one run in the style of f.
func (s *spanStyler) render(f fmtFlags, text string) string {
	codes := s.codes(f)
	return codes[0] + text + codes[1]
}

// styleCodes returns the escape codes that open and close st around a
// run of text. Lip Gloss v1 styles every rune of an underlined or struck
// through string on its own, which multiplies the bytes and splits emoji
// joined with ZWJ into pieces the terminal draws apart; so the underline
// and the line through are set once for the whole run instead (only where
// the renderer draws styling at all).
func styleCodes(st lipgloss.Style, t *Theme) [2]string {
	var lines string
	if t.Color() {
		if st.GetUnderline() {
			lines += "\x1b[4m"
		}
		if st.GetStrikethrough() {
			lines += "\x1b[9m"
		}
	}
	r := st.Underline(false).Strikethrough(false).Render("x")
	start, end, _ := strings.Cut(r, "x")
	if lines != "" {
		start = lines + start
		if end == "" {
			end = "\x1b[0m"
		}
	}
	return [2]string{start, end}
}

// Bounds on inline Markdown, so that hostile text costs time in
// proportion to its length: emphasis and links nest at most
// maxInlineDepth deep (deeper markup is drawn as written), and a run of
// more than maxCodeRun backticks is text.
const (
	maxInlineDepth = 6
	maxCodeRun     = 8
)

// parseInline reads the inline Markdown of s into spans carrying f plus
// what the markup adds. Markup that does not close is kept as text.
func parseInline(s string, f fmtFlags, plainCode bool, depth int, out []mdSpan) []mdSpan {
	if depth > maxInlineDepth || !strings.ContainsAny(s, "\\`*_[~") {
		if s != "" {
			out = append(out, mdSpan{s, f})
		}
		return out
	}
	p := scanInline(s)
	var buf strings.Builder
	flush := func() {
		if buf.Len() > 0 {
			out = append(out, mdSpan{buf.String(), f})
			buf.Reset()
		}
	}
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			buf.WriteByte(s[i+1])
			i += 2
			continue
		case ch == '`':
			k := mdRunLen(s, i, '`')
			if end, ok := p.code[i]; ok {
				code := s[i+k : end]
				if len(code) >= 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.Trim(code, " ") != "" {
					code = code[1 : len(code)-1]
				}
				flush()
				if plainCode {
					// No colour to set code apart: keep the backticks.
					code = "`" + code + "`"
				}
				out = append(out, mdSpan{code, f | fCode})
				i = end + k
				continue
			}
			buf.WriteString(s[i : i+k])
			i += k
			continue
		case ch == '[' || (ch == '!' && i+1 < len(s) && s[i+1] == '['):
			start := i
			if ch == '!' {
				start++
			}
			if label, url, end, ok := p.link(start); ok {
				flush()
				if ch == '!' && label == "" {
					label = "image"
				}
				before := len(out)
				out = parseInline(label, f|fLink, plainCode, depth+1, out)
				switch {
				case url == "" || url == label:
				case len(out) == before:
					out = append(out, mdSpan{url, f | fLink})
				default:
					out = append(out, mdSpan{" (" + url + ")", f | fDim})
				}
				i = end
				continue
			}
		case ch == '*' || ch == '_' || ch == '~':
			k := mdRunLen(s, i, ch)
			if add, ok := delimiterStyle(ch, k, plainCode); ok && canOpen(s, i, k, ch) {
				if end := p.emphClose(i+k, k, ch); end >= 0 {
					flush()
					out = parseInline(s[i+k:end], f|add, plainCode, depth+1, out)
					i = end + k
					continue
				}
			}
			buf.WriteString(s[i : i+k])
			i += k
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		buf.WriteString(s[i : i+size])
		i += size
	}
	flush()
	return out
}

// delimiterStyle is the styling a run of k ch opens: one, two or three
// stars or underscores italic, bold or both; two tildes a line through,
// except where nothing is styled, as there is no line to draw (the
// tildes stay, as backticks do).
func delimiterStyle(ch byte, k int, plainCode bool) (fmtFlags, bool) {
	switch {
	case ch == '~':
		return fStrike, k == 2 && !plainCode
	case k == 1:
		return fItalic, true
	case k == 2:
		return fBold, true
	case k == 3:
		return fBold | fItalic, true
	}
	return 0, false
}

// inlineScan holds what one pass over a string finds, so that styling it
// never searches the same text twice: code spans (start of the opening
// backticks → start of the closing ones), matching brackets and
// parentheses outside code, and, per kind of emphasis delimiter, the
// position from which no closer exists.
type inlineScan struct {
	s        string
	code     map[int]int
	brackets map[int]int
	parens   map[int]int
	noClose  map[int]int
}

func scanInline(s string) *inlineScan {
	p := &inlineScan{s: s, code: map[int]int{}, brackets: map[int]int{}, parens: map[int]int{}, noClose: map[int]int{}}
	// Code spans first: they pair left to right, and markup inside them
	// is text. A run with no equal run after it never will have one
	// further on, so each length is searched for in vain at most once.
	var noRun [maxCodeRun + 1]int
	for k := range noRun {
		noRun[k] = len(s) + 1
	}
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
			i += 2
			continue
		case s[i] == '`':
			k := mdRunLen(s, i, '`')
			if k <= maxCodeRun && i+k < noRun[k] {
				if end := findRun(s, i+k, k); end >= 0 {
					p.code[i] = end
					i = end + k
					continue
				}
				noRun[k] = i + k
			}
			i += k
			continue
		}
		i++
	}
	var bs, ps []int
	for i := 0; i < len(s); i++ {
		if end, ok := p.code[i]; ok {
			i = end + mdRunLen(s, end, '`') - 1
			continue
		}
		switch s[i] {
		case '\\':
			if i+1 < len(s) && isASCIIPunct(s[i+1]) {
				i++
			}
		case '[':
			bs = append(bs, i)
		case ']':
			if len(bs) > 0 {
				p.brackets[bs[len(bs)-1]] = i
				bs = bs[:len(bs)-1]
			}
		case '(':
			ps = append(ps, i)
		case ')':
			if len(ps) > 0 {
				p.parens[ps[len(ps)-1]] = i
				ps = ps[:len(ps)-1]
			}
		}
	}
	return p
}

// findRun finds a run of exactly k backticks from i.
func findRun(s string, i, k int) int {
	for i < len(s) {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			return -1
		}
		j += i
		n := mdRunLen(s, j, '`')
		if n == k {
			return j
		}
		i = j + n
	}
	return -1
}

// emphClose finds, from i, a run of exactly k ch outside code that may
// close emphasis.
func (p *inlineScan) emphClose(i, k int, ch byte) int {
	s := p.s
	key := int(ch)<<8 | k
	if from, ok := p.noClose[key]; ok && i >= from {
		return -1
	}
	for j := i; j < len(s); {
		if end, ok := p.code[j]; ok {
			j = end + mdRunLen(s, end, '`')
			continue
		}
		switch s[j] {
		case '\\':
			if j+1 < len(s) && isASCIIPunct(s[j+1]) {
				j += 2
				continue
			}
		case ch:
			n := mdRunLen(s, j, ch)
			if n == k {
				prev, _ := utf8.DecodeLastRuneInString(s[:j])
				ok := !unicode.IsSpace(prev)
				if ch == '_' && j+n < len(s) {
					next, _ := utf8.DecodeRuneInString(s[j+n:])
					ok = ok && !isWordRune(next)
				}
				if ok {
					return j
				}
			}
			j += n
			continue
		}
		j++
	}
	if from, ok := p.noClose[key]; !ok || i < from {
		p.noClose[key] = i
	}
	return -1
}

// link reads "[label](url)" at i (s[i] == '['); end is the index after
// it.
func (p *inlineScan) link(i int) (label, url string, end int, ok bool) {
	s := p.s
	j, found := p.brackets[i]
	if !found || j+1 >= len(s) || s[j+1] != '(' {
		return "", "", 0, false
	}
	k, found := p.parens[j+1]
	if !found {
		return "", "", 0, false
	}
	label = s[i+1 : j]
	url = strings.TrimSpace(s[j+2 : k])
	// A title ("url "title"") is not shown.
	if sp := strings.IndexAny(url, " \t"); sp >= 0 {
		url = url[:sp]
	}
	url = strings.TrimSuffix(strings.TrimPrefix(url, "<"), ">")
	return label, url, k + 1, true
}

// isASCIIPunct reports the characters a backslash may escape.
func isASCIIPunct(b byte) bool {
	return b > ' ' && b < 0x7f && !(b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z')
}

// mdRunLen counts the bytes equal to ch from i.
func mdRunLen(s string, i int, ch byte) int {
	j := i
	for j < len(s) && s[j] == ch {
		j++
	}
	return j - i
}

// canOpen tells whether the delimiter run at i may open emphasis: it is
// followed by a non-space, and an underscore does not sit inside a word
// (snake_case_names stay as they are).
func canOpen(s string, i, k int, ch byte) bool {
	if i+k >= len(s) {
		return false
	}
	if next, _ := utf8.DecodeRuneInString(s[i+k:]); unicode.IsSpace(next) {
		return false
	}
	if ch == '_' && i > 0 {
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if isWordRune(prev) {
			return false
		}
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// --- blocks -----------------------------------------------------------

// mdBlock is one source line of Markdown ready to lay out: a marker
// drawn on its first line (a bullet, a number, a quote bar), an indent
// that its wrapped lines hang from, and its spans.
type mdBlock struct {
	indent int
	marker []mdSpan
	spans  []mdSpan
	blank  bool
	rule   bool
	code   bool // a line of fenced code: kept as written, on a full-width background
}

// parseBlocks splits text into lines and reads the block markup of each.
func parseBlocks(text string, t *Theme) []mdBlock {
	plainCode := !t.Color()
	var out []mdBlock
	fence := ""
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
				continue
			}
			out = append(out, mdBlock{code: true, indent: 2, spans: []mdSpan{{line, fCode}}})
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:mdRunLen(trimmed, 0, trimmed[0])]
			continue
		}
		if trimmed == "" {
			if len(out) > 0 && !out[len(out)-1].blank {
				out = append(out, mdBlock{blank: true})
			}
			continue
		}
		indent := min(len(line)-len(trimmed), 8)
		b := mdBlock{indent: indent}
		var f fmtFlags
		switch {
		case isRule(trimmed):
			out = append(out, mdBlock{rule: true})
			continue
		case headingLevel(trimmed) > 0:
			trimmed = strings.TrimSpace(trimmed[headingLevel(trimmed):])
			// A closing run of #s goes, when a space sets it apart ("C#" stays).
			if rest := strings.TrimRight(trimmed, "#"); rest == "" || strings.HasSuffix(rest, " ") {
				trimmed = strings.TrimSpace(rest)
			}
			f = fBold
		case len(trimmed) >= 2 && strings.IndexByte("-*+", trimmed[0]) >= 0 && trimmed[1] == ' ':
			b.marker = []mdSpan{{mdBullet(indent, t) + " ", fMarker}}
			trimmed = strings.TrimLeft(trimmed[2:], " ")
		case orderedMarker(trimmed) > 0:
			k := orderedMarker(trimmed)
			b.marker = []mdSpan{{trimmed[:k-1] + " ", fMarker}}
			trimmed = strings.TrimLeft(trimmed[k:], " ")
		case trimmed[0] == '>':
			b.marker = []mdSpan{{t.Glyph("│", "|") + " ", fRule}}
			trimmed = strings.TrimLeft(trimmed[1:], " ")
			f = fDim
		}
		b.spans = parseInline(trimmed, f, plainCode, 0, nil)
		out = append(out, b)
	}
	for len(out) > 0 && out[len(out)-1].blank {
		out = out[:len(out)-1]
	}
	return out
}

// headingLevel is the number of leading #s of an ATX heading, or 0.
func headingLevel(s string) int {
	k := mdRunLen(s, 0, '#')
	if k == 0 || k > 6 || (k < len(s) && s[k] != ' ') {
		return 0
	}
	return k
}

// orderedMarker is the length of "12. " or "12) " at the start of s, or 0.
func orderedMarker(s string) int {
	k := 0
	for k < len(s) && k < 9 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == 0 || k+1 >= len(s) || (s[k] != '.' && s[k] != ')') || s[k+1] != ' ' {
		return 0
	}
	return k + 2
}

// isRule reports a thematic break: three or more of one of - * _.
func isRule(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	return len(s) >= 3 && strings.IndexByte("-*_", s[0]) >= 0 && strings.Trim(s, s[:1]) == ""
}

// mdBullet picks the list bullet for a nesting depth.
func mdBullet(indent int, t *Theme) string {
	uni := []string{"•", "◦", "▪"}
	asc := []string{"-", "*", "+"}
	d := (indent / 2) % 3
	return t.Glyph(uni[d], asc[d])
}

// layout wraps a block to w cells, styles each line and appends the
// lines and their widths to lines and widths.
func (b mdBlock) layout(w int, st *spanStyler, lines []string, widths []int) ([]string, []int) {
	switch {
	case b.blank:
		return append(lines, ""), append(widths, 0)
	case b.rule:
		return append(lines, st.render(fRule, strings.Repeat(st.t.Glyph("─", "-"), w))), append(widths, w)
	}
	indent, marker, spans, mw := b.parts(w)
	hang := indent + mw
	for i, cells := range wrapCells(spans, w-hang, b.code) {
		var line strings.Builder
		line.WriteString(blanks(indent))
		if i == 0 {
			for _, m := range marker {
				line.WriteString(st.render(m.f, m.text))
			}
		} else {
			line.WriteString(blanks(mw))
		}
		if b.code {
			// Fill the code block's background to the width.
			if pad := w - hang - cellsWidth(cells); pad > 0 {
				cells = append(cells, mdCell{g: blanks(pad), w: pad, f: fCode})
			}
		}
		renderCells(&line, cells, st)
		lines = append(lines, line.String())
		widths = append(widths, hang+cellsWidth(cells))
	}
	return lines, widths
}

// parts splits a block laid out at w into its indent, its marker, the
// spans of its text and the marker's width.
func (b mdBlock) parts(w int) (indent int, marker, spans []mdSpan, mw int) {
	indent = b.indent
	all := joinSpans(append(append([]mdSpan(nil), b.marker...), b.spans...))
	marker, spans = all[:len(b.marker)], all[len(b.marker):]
	mw = spansWidth(marker)
	// Give up the hanging indent, then the separate marker, rather than
	// squeeze the text into a sliver.
	if indent+mw > w/2 {
		indent = 0
	}
	if indent+mw > w/2 {
		spans = append(append([]mdSpan(nil), marker...), spans...)
		marker, mw = nil, 0
	}
	return indent, marker, spans, mw
}

// natural is the width of the widest line of the block laid out at w for
// measuring (what layout draws with natural set), worked out from the
// cells' widths without drawing them.
func (b mdBlock) natural(w int) int {
	switch {
	case b.blank:
		return 0
	case b.rule:
		return 3 // "---"
	}
	indent, _, spans, mw := b.parts(w)
	hang := indent + mw
	wd := 0
	for _, cells := range wrapCells(spans, w-hang, b.code) {
		wd = max(wd, hang+cellsWidth(cells))
	}
	return wd
}

// joinSpans keeps the clusters of text that Markdown split into spans
// whole: where the end of one span and the start of the next make one
// cluster (a skin tone after "**", a consonant after a prepending letter),
// the next span's part of it moves into the first span, so that the
// cluster is drawn in one piece with one style and the line is as wide as
// its spans add up to, with styling between them or without.
func joinSpans(spans []mdSpan) []mdSpan {
	for k := 1; k < len(spans); k++ {
		prev := &spans[k-1]
		next := spans[k].text
		if prev.text == "" || next == "" || prev.text[len(prev.text)-1] < utf8.RuneSelf && next[0] < utf8.RuneSelf {
			continue // ASCII joins ASCII only in CR LF, which is never here
		}
		last := lastCluster(prev.text)
		c, _ := ansi.FirstGraphemeCluster(last+spans[k].text, ansi.GraphemeWidth)
		if n := len(c) - len(last); n > 0 {
			prev.text += spans[k].text[:n]
			spans[k].text = spans[k].text[n:]
		}
	}
	return spans
}

// lastCluster returns the last grapheme cluster of s.
func lastCluster(s string) string {
	last := ""
	for s != "" {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" {
			c = s[:1]
		}
		last, s = c, s[len(c):]
	}
	return last
}

func spansWidth(sp []mdSpan) int {
	n := 0
	for _, s := range sp {
		n += stringWidth(s.text)
	}
	return n
}

// maxSpread caps the blanks reserved after one cluster.
const maxSpread = 3

// spread returns how many more cells than the layout counts some
// terminals take for the cluster g of w cells: those that add up code
// points (xterm, VTE, tmux, Alacritty) draw an Indic conjunct or a spacing
// vowel sign (क्ष, कि, กำ) in two or three cells where clustering ones draw
// one. Text reserves them as blanks after the cluster, which the terminal
// program's Output leaves for it: the text reads whole in both kinds,
// spaced out a little in the second. Emoji sequences are left out: there
// the wider drawing is the broken one (a skin tone as a second emoji), and
// Output cuts it back to the cells of the emoji.
func spread(g string, w int) int {
	if len(g) < 4 || Pictorial(g) {
		return 0 // one rune of at most three bytes is no sequence
	}
	return min(ansi.StringWidthWc(g)-w, maxSpread)
}

// Pictorial reports whether the cluster g holds an emoji, a variation
// selector, a keycap or a pictorial symbol: drawn wider than the layout
// counts, such a cluster is drawn wrong (a skin tone as a second emoji, a
// family as three people), and the cells it would spill into are not
// worth giving it.
func Pictorial(g string) bool {
	for _, r := range g {
		if r >= 0x1f000 || r >= 0xfe00 && r <= 0xfe0f || r == 0x20e3 || r >= 0x2190 && r <= 0x2bff || r >= 0xe0100 && r <= 0xe01ef {
			return true
		}
	}
	return false
}

// --- wrapping ---------------------------------------------------------

// mdCell is one grapheme cluster (or, once laid out, a run of them) with
// its width and style.
type mdCell struct {
	g string
	w int
	f fmtFlags
	// ascii says g is a run of printable ASCII other than space, one
	// cell per byte, which a line break may split anywhere.
	ascii bool
}

func cellsWidth(cs []mdCell) int {
	n := 0
	for _, c := range cs {
		n += c.w
	}
	return n
}

// renderCells writes cells, one styled run per change of style (runs
// whose flags differ but whose styling is the same, such as bold inside a
// bold heading, are one run).
func renderCells(b *strings.Builder, cs []mdCell, st *spanStyler) {
	var run strings.Builder
	var runCodes [2]string
	flush := func() {
		if run.Len() > 0 {
			b.WriteString(runCodes[0] + run.String() + runCodes[1])
			run.Reset()
		}
	}
	for _, c := range cs {
		codes := st.codes(c.f)
		if codes != runCodes {
			flush()
			runCodes = codes
		}
		run.WriteString(c.g)
	}
	flush()
}

// wrapCells breaks spans into lines of at most w cells: between words
// where it can, inside a word that is longer than a line. Spaces at a
// break are dropped; with keepLead, spaces that start the text are kept
// (code indentation). A cluster wider than w (a wide character at width
// 1) gets a line of its own and is cut by the caller's fitting.
func wrapCells(spans []mdSpan, w int, keepLead bool) [][]mdCell {
	w = max(w, 1)
	var lines [][]mdCell
	var cur, space, word []mdCell
	curW, spaceW, wordW := 0, 0, 0
	newline := func() {
		lines = append(lines, cur)
		cur, curW = nil, 0
	}
	flushWord := func() {
		if len(word) == 0 {
			return
		}
		switch {
		case curW+spaceW+wordW <= w:
			cur = append(cur, space...)
			cur = append(cur, word...)
			curW += spaceW + wordW
		case wordW <= w:
			newline()
			cur, curW = append(cur, word...), wordW
		default:
			// Longer than a line: start it here if there is room, and
			// break it between clusters.
			if curW > 0 && curW+spaceW < w {
				cur = append(cur, space...)
				curW += spaceW
			} else if curW > 0 {
				newline()
			}
			for _, c := range word {
				for c.ascii && c.w > 1 && curW+c.w > w {
					room := w - curW
					if room <= 0 {
						newline()
						continue
					}
					cur = append(cur, mdCell{c.g[:room], room, c.f, true})
					c = mdCell{c.g[room:], c.w - room, c.f, true}
					newline()
				}
				if curW+c.w > w && curW > 0 {
					newline()
				}
				cur = append(cur, c)
				curW += c.w
			}
		}
		space, spaceW, word, wordW = nil, 0, nil, 0
	}
	started := false
	for _, sp := range spans {
		s := sp.text
		for s != "" {
			if s[0] > 0x20 && s[0] < 0x7f {
				// A run of printable ASCII but space, one cell per byte,
				// taken whole; its last byte is left to the clustering
				// below when what follows may be a mark that joins it.
				j := 1
				for j < len(s) && s[j] > 0x20 && s[j] < 0x7f {
					j++
				}
				if j < len(s) && s[j] >= utf8.RuneSelf {
					j--
				}
				if j > 0 {
					word = append(word, mdCell{s[:j], j, sp.f, true})
					wordW += j
					started = true
					s = s[j:]
					continue
				}
			}
			var g string
			var gw int
			if s[0] >= 0x20 && s[0] < 0x7f && (len(s) == 1 || s[1] < 0x80) {
				// Printable ASCII not followed by a combining mark: a
				// cluster of its own, one cell wide.
				g, gw = s[:1], 1
			} else {
				g, gw = ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
				if pad := spread(g, gw); pad > 0 {
					// The blanks travel with the cluster, in its style.
					s = s[len(g):]
					word = append(word, mdCell{g: g + blanks(pad), w: gw + pad, f: sp.f})
					wordW += gw + pad
					started = true
					continue
				}
			}
			s = s[len(g):]
			if g == " " {
				flushWord()
				if started || keepLead {
					space = append(space, mdCell{g: g, w: 1, f: sp.f})
					spaceW++
				}
				continue
			}
			started = true
			word = append(word, mdCell{g: g, w: gw, f: sp.f})
			wordW += gw
		}
	}
	flushWord()
	if len(cur) > 0 || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

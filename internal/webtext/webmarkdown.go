package webtext

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// The page's Markdown in Text (core/markdown.js), for WebText. The page
// works on UTF-16 code units, as JavaScript strings are; so does this.

var (
	reHeadingHint = regexp.MustCompile(`^h[1-5]$`)
	reHeadStrip   = regexp.MustCompile(`^\s{0,3}#{1,6}\s+`)
	mdList        = regexp.MustCompile(`^\s{0,3}([-*+]|(\d{1,9})[.)])\s+(.*)$`)
	mdFence       = regexp.MustCompile(`^\s{0,3}(` + "`{3,}" + `|~{3,})`)
	mdHead        = regexp.MustCompile(`^\s{0,3}(#{1,6})\s+(.*)$`)
	mdQuote       = regexp.MustCompile(`^\s{0,3}>\s?(.*)$`)
	mdIndented    = regexp.MustCompile(`^\s+\S`)
)

// mdHR is markdown.js's HR_RE, /^\s{0,3}([-*_])(\s*\1){2,}\s*$/, which Go's
// regular expressions cannot write (a back reference).
func mdHR(l string) bool {
	t := strings.TrimLeftFunc(l, unicode.IsSpace)
	if len(l)-len(t) > 3 || t == "" || !strings.ContainsRune("-*_", rune(t[0])) {
		return false
	}
	c, n := t[0], 0
	for _, r := range t {
		switch {
		case r == rune(c):
			n++
		case unicode.IsSpace(r):
		default:
			return false
		}
	}
	return n >= 3
}

func blank(l string) bool { return reNotSpace.MatchString(l) }

func drawText(text, hint string, inline bool) *domNode {
	if inline {
		e := h("span", "a2-text a2-inline", nil)
		inlineLines(strings.Split(text, "\n"), e)
		return e
	}
	if reHeadingHint.MatchString(hint) {
		e := h(hint, "a2-text a2-"+hint, nil)
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = reHeadStrip.ReplaceAllString(l, "")
		}
		inlineLines(lines, e)
		return e
	}
	if hint == "caption" {
		e := h("small", "a2-text a2-caption", nil)
		inlineLines(strings.Split(text, "\n"), e)
		return e
	}
	blocks := parseBlocks(text, 0)
	if len(blocks) <= 1 && (len(blocks) == 0 || blocks[0].kind == "p") {
		e := h("p", "a2-text a2-body", nil)
		if len(blocks) > 0 {
			inlineLines(blocks[0].lines, e)
		}
		return e
	}
	e := h("div", "a2-text a2-body a2-md", nil)
	for _, b := range blocks {
		e.add(drawBlock(b))
	}
	return e
}

type mdBlock struct {
	kind  string // h, code, hr, quote, ul, ol, p
	level int
	text  string
	lines []string
	depth int
	start int
	items [][]string
}

func drawBlock(b mdBlock) *domNode {
	switch b.kind {
	case "h":
		e := h("h"+strconv.Itoa(min(6, b.level+1)), "md-h", nil)
		inlineMD(b.text, e, 0)
		return e
	case "code":
		return h("pre", "md-pre", nil, h("code", "", nil, b.text))
	case "hr":
		return h("hr", "md-hr", nil)
	case "quote":
		e := h("blockquote", "md-quote", nil)
		for _, x := range parseBlocks(strings.Join(b.lines, "\n"), b.depth+1) {
			e.add(drawBlock(x))
		}
		return e
	case "ul", "ol":
		e := h(b.kind, "md-list", nil)
		for _, item := range b.items {
			li := h("li", "", nil)
			inlineLines(item, li)
			e.add(li)
		}
		return e
	}
	e := h("p", "md-p", nil)
	inlineLines(b.lines, e)
	return e
}

func closingHashes(t string) string {
	x := strings.TrimRightFunc(t, unicode.IsSpace)
	k := len(x)
	for k > 0 && x[k-1] == '#' {
		k--
	}
	if k < len(x) && (k == 0 || unicode.IsSpace(rune(x[k-1]))) {
		x = strings.TrimRightFunc(x[:k], unicode.IsSpace)
	}
	return x
}

func parseBlocks(s string, level int) []mdBlock {
	lines := strings.Split(s, "\n")
	var out []mdBlock
	quotes := level < 4
	startsBlock := func(l string) bool {
		return mdFence.MatchString(l) || mdHead.MatchString(l) || mdHR(l) || (quotes && mdQuote.MatchString(l)) || mdList.MatchString(l)
	}
	for i := 0; i < len(lines); {
		line := lines[i]
		switch {
		case blank(line):
			i++
		case mdFence.MatchString(line):
			fence := mdFence.FindStringSubmatch(line)[1]
			var body []string
			i++
			for i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), fence) {
				body = append(body, lines[i])
				i++
			}
			i++
			out = append(out, mdBlock{kind: "code", text: strings.Join(body, "\n")})
		case mdHead.MatchString(line):
			m := mdHead.FindStringSubmatch(line)
			out = append(out, mdBlock{kind: "h", level: len(m[1]), text: closingHashes(m[2])})
			i++
		case mdHR(line):
			out = append(out, mdBlock{kind: "hr"})
			i++
		case quotes && mdQuote.MatchString(line):
			var body []string
			for i < len(lines) {
				m := mdQuote.FindStringSubmatch(lines[i])
				if m == nil {
					break
				}
				body = append(body, m[1])
				i++
			}
			out = append(out, mdBlock{kind: "quote", lines: body, depth: level})
		case mdList.MatchString(line):
			m := mdList.FindStringSubmatch(line)
			ordered := m[2] != ""
			start := 1
			if ordered {
				start, _ = strconv.Atoi(m[2])
			}
			var items [][]string
			for i < len(lines) {
				l := lines[i]
				lm := mdList.FindStringSubmatch(l)
				switch {
				case lm != nil && (lm[2] != "") == ordered:
					items = append(items, []string{lm[3]})
					i++
					continue
				case lm == nil && !blank(l) && !startsBlock(l) && mdIndented.MatchString(l) && len(items) > 0:
					items[len(items)-1] = append(items[len(items)-1], strings.TrimSpace(l))
					i++
					continue
				}
				break
			}
			out = append(out, mdBlock{kind: ternary(ordered, "ol", "ul"), start: start, items: items})
		default:
			var body []string
			for i < len(lines) && !blank(lines[i]) && (len(body) == 0 || !startsBlock(lines[i])) {
				body = append(body, lines[i])
				i++
			}
			out = append(out, mdBlock{kind: "p", lines: body})
		}
	}
	return out
}

func inlineLines(lines []string, e *domNode) {
	for i, l := range lines {
		if i > 0 {
			e.add(h("br", "", nil))
		}
		inlineMD(l, e, 0)
	}
}

// mdPunct reports the characters a backslash escapes: any ASCII
// punctuation, as in CommonMark.
func mdPunct(c uint16) bool {
	return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

// inlineMD is markdown.js's inline, on UTF-16 code units.
func inlineMD(str string, out *domNode, depth int) {
	d := depth + 1
	if d > 8 {
		out.add(str)
		return
	}
	s := utf16.Encode([]rune(str))
	at := func(i int) (uint16, bool) {
		if i < 0 || i >= len(s) {
			return 0, false
		}
		return s[i], true
	}
	is := func(i int, c uint16) bool { x, ok := at(i); return ok && x == c }
	slice := func(a, b int) string { return string(utf16.Decode(s[a:b])) }
	startsWith := func(prefix []uint16, j int) bool {
		if j < 0 || j+len(prefix) > len(s) {
			return false
		}
		for k, c := range prefix {
			if s[j+k] != c {
				return false
			}
		}
		return true
	}
	failed := map[string]int{}
	var buf []uint16
	flush := func() {
		if len(buf) > 0 {
			out.add(string(utf16.Decode(buf)))
		}
		buf = nil
	}
	closer := func(kind string, from int, test func(int) bool) int {
		if f, ok := failed[kind]; ok && from >= f {
			return -1
		}
		for j := from; j < len(s); j++ {
			if test(j) {
				return j
			}
		}
		failed[kind] = from
		return -1
	}
	ws := func(i int) bool {
		c, ok := at(i)
		return !ok || unicode.IsSpace(rune(c))
	}
	word := func(i int) bool {
		c, ok := at(i)
		if !ok {
			return false
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			return false // one code unit of a pair is no letter, as in the page
		}
		return unicode.IsLetter(r) || unicode.IsNumber(r)
	}
	// link reads a [label](url title) at i: its label, its URL (the
	// first word between the parentheses) and where its ) is.
	link := func(i int) (label, url string, k int, ok bool) {
		j := closer("]", i+1, func(j int) bool { return s[j] == ']' && is(j+1, '(') })
		if j < 0 {
			return "", "", -1, false
		}
		k = closer(")", j+2, func(k int) bool { return s[k] == ')' })
		if k < 0 {
			return "", "", -1, false
		}
		if f := strings.Fields(slice(j+2, k)); len(f) > 0 {
			url = f[0]
		}
		return slice(i+1, j), url, k, true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\\' && i+1 < len(s) && mdPunct(s[i+1]) {
			buf = append(buf, s[i+1])
			i += 2
			continue
		}
		if c == '`' {
			n := 1
			for is(i+n, '`') {
				n++
			}
			fence := make([]uint16, n)
			for k := range fence {
				fence[k] = '`'
			}
			j := closer("code"+strconv.Itoa(n), i+n, func(j int) bool {
				return startsWith(fence, j) && !is(j+n, '`') && !is(j-1, '`')
			})
			if j >= 0 {
				flush()
				code := slice(i+n, j)
				if len(code) >= 2 && strings.HasPrefix(code, " ") && strings.HasSuffix(code, " ") && !strings.Contains(code, "\n") {
					code = code[1 : len(code)-1]
				}
				out.add(h("code", "md-code", nil, code))
				i = j + n
				continue
			}
			buf = append(buf, fence...)
			i += n
			continue
		}
		if i+2 < len(s) && s[i+1] == c && s[i+2] == c && (c == '*' || c == '_') && !ws(i+3) {
			// Three stars or underscores around a text: emphasis and
			// strong.
			t := []uint16{c, c, c}
			j := closer(strings.Repeat(string(rune(c)), 3), i+4, func(j int) bool {
				return startsWith(t, j) && !ws(j-1) && (c != '_' || !word(j+3))
			})
			if j >= 0 && (c != '_' || !word(i-1)) {
				flush()
				strong := h("strong", "md-strong", nil)
				inlineMD(slice(i+3, j), strong, d)
				out.add(h("em", "md-em", nil, strong))
				i = j + 3
				continue
			}
		}
		two := ""
		if i+1 < len(s) {
			two = slice(i, i+2)
		}
		// Strike-through takes a run of exactly two tildes, as the
		// terminal does: ~~~ is text.
		tildes := two == "~~" && !is(i+2, '~') && !is(i-1, '~')
		if (two == "**" || two == "__" || tildes) && !ws(i+2) {
			t := []uint16{s[i], s[i+1]}
			j := closer(two, i+3, func(j int) bool {
				return startsWith(t, j) && !ws(j-1) && (two != "__" || !word(j+2)) && (two != "~~" || !is(j+2, '~') && !is(j-1, '~'))
			})
			if j >= 0 && (two != "__" || !word(i-1)) {
				flush()
				e := h(ternary(two == "~~", "del", "strong"), ternary(two == "~~", "md-del", "md-strong"), nil)
				inlineMD(slice(i+2, j), e, d)
				out.add(e)
				i = j + 2
				continue
			}
		}
		if (c == '*' || c == '_') && !ws(i+1) && !is(i+1, c) && (c == '*' || !word(i-1)) {
			j := closer(string(rune(c)), i+2, func(j int) bool {
				return s[j] == c && !is(j+1, c) && !is(j-1, c) && !ws(j-1) && (c == '*' || !word(j+1))
			})
			if j >= 0 {
				flush()
				e := h("em", "md-em", nil)
				inlineMD(slice(i+1, j), e, d)
				out.add(e)
				i = j + 1
				continue
			}
		}
		if c == '[' {
			if label, url, k, ok := link(i); ok {
				flush()
				e := h("span", "md-link", nil)
				inlineMD(label, e, d)
				out.add(e)
				if url != "" && url != label {
					out.add(h("span", "md-url", nil, " ("+url+")"))
				}
				i = k + 1
				continue
			}
		}
		buf = append(buf, c)
		i++
	}
	flush()
}

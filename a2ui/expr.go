package a2ui

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// formatString's value is text with ${…} expressions in it; \${ writes a
// literal "${". An expression is a data path (/absolute or relative), a
// literal ('single' or "double" quoted strings with \n, \t, \r and \x
// escapes, numbers of digits and dots, true, false, null), a function call
// with named arguments — formatDate(value: ${/date}, format: 'MMM d') — or
// another ${…} wrapped around one of these. The grammar, down to its
// corner cases, is the official renderers' expression parser's: null
// reads as the empty string, "-1" is a path, an unterminated quote ends
// with the text. a2term adds one bound, on nesting (maxExprDepth).

// maxExprDepth bounds how deeply ${…} and calls nest inside one
// expression.
const maxExprDepth = 10

// exprError is a syntax error in a formatString value, at a byte offset.
type exprError struct {
	msg string
	pos int
}

func (e *exprError) Error() string { return fmt.Sprintf("%s (at byte %d)", e.msg, e.pos) }

// parseTemplate splits a formatString value into its parts: literal text
// and expressions, adjacent literal strings merged. Calls in the parts are
// not bound to functions yet (see dynParser.bind).
func parseTemplate(s string) ([]*dynamic, error) {
	if !strings.Contains(s, "${") {
		if s == "" {
			return nil, nil
		}
		return []*dynamic{literal(s)}, nil
	}
	var parts []*dynamic
	add := func(d *dynamic) {
		if d.kind == dynLiteral {
			str, isStr := d.lit.(string)
			if isStr && str == "" {
				return
			}
			if n := len(parts); isStr && n > 0 && parts[n-1].kind == dynLiteral {
				if prev, ok := parts[n-1].lit.(string); ok {
					parts[n-1] = literal(prev + str)
					return
				}
			}
		}
		parts = append(parts, d)
	}
	p := exprParser{src: s}
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "${"):
			content, end, err := extractExpr(s, i+2)
			if err != nil {
				return nil, err
			}
			d, err := p.expression(content, i+2, 1)
			if err != nil {
				return nil, err
			}
			add(d)
			i = end
		case strings.HasPrefix(s[i:], `\${`):
			add(literal("${"))
			i += 3
		default:
			j := i + 1
			for j < len(s) && !strings.HasPrefix(s[j:], "${") && !strings.HasPrefix(s[j:], `\${`) {
				j++
			}
			add(literal(s[i:j]))
			i = j
		}
	}
	return parts, nil
}

// extractExpr finds the end of the ${…} whose content starts at start:
// the brace that balances it, skipping quoted strings. It returns the
// content and the offset after the closing brace.
func extractExpr(s string, start int) (string, int, error) {
	depth := 1
	i := start
	for i < len(s) && depth > 0 {
		c := s[i]
		i++
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case '\'', '"':
			for i < len(s) {
				c2 := s[i]
				i++
				if c2 == '\\' {
					i++
				} else if c2 == c {
					break
				}
			}
		}
	}
	if depth > 0 || i > len(s) {
		return "", 0, &exprError{msg: "unclosed ${: missing }", pos: start - 2}
	}
	return s[start : i-1], i, nil
}

// exprParser parses expressions; offsets in errors are into src.
type exprParser struct {
	src string
}

// scanner walks one expression; base is its offset in the template.
type scanner struct {
	s    string
	pos  int
	base int
}

func (sc *scanner) atEnd() bool { return sc.pos >= len(sc.s) }

func (sc *scanner) peek() byte {
	if sc.pos >= len(sc.s) {
		return 0
	}
	return sc.s[sc.pos]
}

func (sc *scanner) skipSpace() {
	for sc.pos < len(sc.s) {
		r, n := utf8.DecodeRuneInString(sc.s[sc.pos:])
		if !isJSSpace(r) {
			return
		}
		sc.pos += n
	}
}

func (sc *scanner) errorf(format string, args ...any) error {
	return &exprError{msg: fmt.Sprintf(format, args...), pos: sc.base + sc.pos}
}

// keyword consumes word when it is not the start of a longer identifier.
func (sc *scanner) keyword(word string) bool {
	if !strings.HasPrefix(sc.s[sc.pos:], word) {
		return false
	}
	if next := sc.pos + len(word); next < len(sc.s) && isWordByte(sc.s[next]) {
		return false
	}
	sc.pos += len(word)
	return true
}

// expression parses the whole of expr (the content of one ${…}), which
// starts at offset in the template.
func (p *exprParser) expression(expr string, offset, depth int) (*dynamic, error) {
	if depth > maxExprDepth {
		return nil, &exprError{msg: fmt.Sprintf("expressions nest more than %d levels deep", maxExprDepth), pos: offset}
	}
	lead := len(expr) - len(strings.TrimLeftFunc(expr, isJSSpace))
	expr = trimJSSpace(expr)
	if expr == "" {
		return literal(""), nil
	}
	sc := &scanner{s: expr, base: offset + lead}
	d, err := p.internal(sc, depth)
	if err != nil {
		return nil, err
	}
	sc.skipSpace()
	if !sc.atEnd() {
		return nil, sc.errorf("unexpected %q at the end of the expression", clip(sc.s[sc.pos:]))
	}
	return d, nil
}

func clip(s string) string {
	if len(s) > 24 {
		s = s[:24] + "…"
	}
	return SanitizeLine(strings.ToValidUTF8(s, "?"))
}

func (p *exprParser) internal(sc *scanner, depth int) (*dynamic, error) {
	sc.skipSpace()
	if sc.atEnd() {
		return literal(""), nil
	}
	if strings.HasPrefix(sc.s[sc.pos:], "${") {
		start := sc.pos + 2
		content, end, err := extractExpr(sc.s, start)
		if err != nil {
			return nil, &exprError{msg: "unclosed ${: missing }", pos: sc.base + sc.pos}
		}
		sc.pos = end
		return p.expression(content, sc.base+start, depth+1)
	}
	switch c := sc.peek(); {
	case c == '\'' || c == '"':
		return literal(sc.stringLiteral()), nil
	case c >= '0' && c <= '9':
		start := sc.pos
		for sc.pos < len(sc.s) && (sc.s[sc.pos] >= '0' && sc.s[sc.pos] <= '9' || sc.s[sc.pos] == '.') {
			sc.pos++
		}
		raw := sc.s[start:sc.pos]
		return &dynamic{kind: dynLiteral, lit: jsStringToNumber(raw), path: dpath{text: raw}}, nil
	}
	switch {
	case sc.keyword("true"):
		return literal(true), nil
	case sc.keyword("false"):
		return literal(false), nil
	case sc.keyword("null"):
		return literal(""), nil
	}
	start := sc.pos
	if sc.peek() == '@' {
		sc.pos++ // v1.0's system functions (@index) begin with @
	}
	for sc.pos < len(sc.s) && isPathByte(sc.s[sc.pos]) {
		sc.pos++
	}
	token := sc.s[start:sc.pos]
	sc.skipSpace()
	if sc.peek() == '(' {
		return p.call(token, sc, depth)
	}
	if token == "" {
		return literal(""), nil
	}
	return &dynamic{kind: dynPath, path: parseDynPath(token)}, nil
}

func isPathByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '/' || c == '.' || c == '_' || c == '-'
}

func isIdentByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func (p *exprParser) call(name string, sc *scanner, depth int) (*dynamic, error) {
	if depth+1 > maxExprDepth {
		return nil, sc.errorf("expressions nest more than %d levels deep", maxExprDepth)
	}
	sc.pos++ // (
	sc.skipSpace()
	c := &fcall{name: name, inline: true, ret: ""}
	for !sc.atEnd() && sc.peek() != ')' {
		start := sc.pos
		for sc.pos < len(sc.s) && isIdentByte(sc.s[sc.pos]) {
			sc.pos++
		}
		argName := sc.s[start:sc.pos]
		sc.skipSpace()
		if sc.peek() != ':' {
			return nil, sc.errorf("expected ':' after argument name %q in %s(…)", clip(argName), clip(name))
		}
		sc.pos++
		sc.skipSpace()
		val, err := p.internal(sc, depth+1)
		if err != nil {
			return nil, err
		}
		c.named = append(c.named, namedArg{name: argName, val: val})
		sc.skipSpace()
		if sc.peek() == ',' {
			sc.pos++
			sc.skipSpace()
		}
	}
	if sc.peek() != ')' {
		return nil, sc.errorf("expected ')' after the arguments of %s", clip(name))
	}
	sc.pos++
	return &dynamic{kind: dynCall, call: c}, nil
}

// stringLiteral reads a quoted string; an unterminated one ends with the
// expression.
func (sc *scanner) stringLiteral() string {
	q := sc.s[sc.pos]
	sc.pos++
	var b strings.Builder
	for sc.pos < len(sc.s) {
		c := sc.s[sc.pos]
		sc.pos++
		switch c {
		case '\\':
			if sc.pos >= len(sc.s) {
				return b.String()
			}
			_, n := utf8.DecodeRuneInString(sc.s[sc.pos:])
			switch e := sc.s[sc.pos]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			default:
				b.WriteString(sc.s[sc.pos : sc.pos+n])
			}
			sc.pos += n
		case q:
			return b.String()
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

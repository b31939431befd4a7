// Package wire reads the agent API's JSON without decoding it: it checks
// a document once and hands out the members of an object and the elements
// of an array as slices of the document, so that a canvas.show's messages
// reach the canvas's own decoder without being decoded, re-encoded or
// copied on the way. Both ends of the socket use it: the server to read
// requests, the client to check the messages it sends.
//
// encoding/json can do what the server needs, matching names exactly and
// refusing a name given twice, only through json.Decoder's tokens, which
// copy the document into the decoder and scan every value twice (once to
// find its end, once to decode it), and an Unmarshaler may not keep the
// bytes it is handed, so each level (request, params, messages) costs a
// copy. For a canvas.show of 500 components that reading took twelve
// times as long and allocated 650 KB per request, against 1 KB here; the
// client's check with json.Marshal took nine times as long as Valid.
//
// It accepts exactly what encoding/json's Valid accepts (the fuzz tests
// hold it to that): RFC 8259 with any bytes from U+0020 up in strings,
// and nesting up to maxDepth.
package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// ErrSyntax is what every function of the package returns for input that
// is not valid JSON, or not of the kind asked for.
var ErrSyntax = errors.New("not valid JSON")

// maxDepth is encoding/json's own bound on nesting.
const maxDepth = 10000

// Valid reports whether b is one JSON value, with optional white space
// around it.
func Valid(b []byte) bool {
	end, err := value(b, skipSpace(b, 0), 0)
	return err == nil && skipSpace(b, end) == len(b)
}

// Kind returns the first byte of the value b holds after white space
// ('{', '[', '"', 't', 'f', 'n', '-' or a digit), or 0 when b is empty.
func Kind(b []byte) byte {
	if i := skipSpace(b, 0); i < len(b) {
		return b[i]
	}
	return 0
}

// Trim returns b without the white space around it.
func Trim(b []byte) []byte {
	return bytes.Trim(b, " \t\r\n")
}

// Members calls fn with the name (still quoted, as in the document) and
// the value of every member of the object b, in document order, and
// stops at the first error fn returns. It returns ErrSyntax when b is not
// one valid JSON object.
func Members(b []byte, fn func(name, value []byte) error) error { return members(b, true, fn) }

// members is Members, checking the values when check is set, else only
// finding their ends (SplitMembers).
func members(b []byte, check bool, fn func(name, value []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return ErrSyntax
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return end(b, i+1, check)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return ErrSyntax
		}
		var nameEnd int
		var err error
		if check {
			nameEnd, err = str(b, i)
		} else {
			nameEnd, err = skipString(b, i)
		}
		if err != nil {
			return err
		}
		name := b[i:nameEnd]
		i = skipSpace(b, nameEnd)
		if i >= len(b) || b[i] != ':' {
			return ErrSyntax
		}
		start := skipSpace(b, i+1)
		stop, err := next(b, start, check)
		if err != nil {
			return err
		}
		i = skipSpace(b, stop)
		if i >= len(b) {
			return ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			if err := end(b, i+1, check); err != nil {
				return err
			}
			return fn(name, b[start:stop])
		default:
			return ErrSyntax
		}
		if err := fn(name, b[start:stop]); err != nil {
			return err
		}
	}
}

// next finds the end of the value at b[i]: checking it, or only
// following its strings and brackets.
func next(b []byte, i int, check bool) (int, error) {
	if check {
		return value(b, i, 1)
	}
	return skip(b, i)
}

// end checks, when check is set, that only white space follows b[i:].
func end(b []byte, i int, check bool) error {
	if check {
		return trailing(b, i)
	}
	return nil
}

// Elements calls fn with every element of the array b, in order, and
// stops at the first error fn returns. It returns ErrSyntax when b is not
// one valid JSON array.
func Elements(b []byte, fn func(value []byte) error) error { return elements(b, true, fn) }

// elements is Elements, checking the values when check is set, else only
// finding their ends (SplitElements).
func elements(b []byte, check bool, fn func(value []byte) error) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return ErrSyntax
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return end(b, i+1, check)
	}
	for {
		stop, err := next(b, i, check)
		if err != nil {
			return err
		}
		elem := b[i:stop]
		i = skipSpace(b, stop)
		if i >= len(b) {
			return ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			if err := end(b, i+1, check); err != nil {
				return err
			}
			return fn(elem)
		default:
			return ErrSyntax
		}
		if err := fn(elem); err != nil {
			return err
		}
	}
}

// Name returns the text of a quoted member name as Members hands it out,
// as encoding/json decodes it (invalid UTF-8 becomes U+FFFD). Names
// without escapes, which is nearly all of them, are not decoded.
func Name(quoted []byte) string {
	if len(quoted) >= 2 && bytes.IndexByte(quoted, '\\') < 0 && utf8.Valid(quoted) {
		return string(quoted[1 : len(quoted)-1])
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return ""
	}
	return s
}

// IsInteger reports whether a JSON number has neither a fraction nor an
// exponent.
func IsInteger(num []byte) bool {
	return !bytes.ContainsAny(num, ".eE")
}

func trailing(b []byte, i int) error {
	if skipSpace(b, i) != len(b) {
		return ErrSyntax
	}
	return nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value checks the value that starts at b[i] and returns the offset just
// past it.
func value(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return 0, ErrSyntax
	}
	switch c := b[i]; {
	case c == '"':
		return str(b, i)
	case c == '{':
		return object(b, i, depth+1)
	case c == '[':
		return array(b, i, depth+1)
	case c == 't':
		return literal(b, i, "true")
	case c == 'f':
		return literal(b, i, "false")
	case c == 'n':
		return literal(b, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return number(b, i)
	}
	return 0, ErrSyntax
}

func object(b []byte, i, depth int) (int, error) {
	if depth > maxDepth {
		return 0, ErrSyntax
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return 0, ErrSyntax
		}
		end, err := str(b, i)
		if err != nil {
			return 0, err
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return 0, ErrSyntax
		}
		if i, err = value(b, skipSpace(b, i+1), depth); err != nil {
			return 0, err
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return 0, ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return 0, ErrSyntax
		}
	}
}

func array(b []byte, i, depth int) (int, error) {
	if depth > maxDepth {
		return 0, ErrSyntax
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, nil
	}
	for {
		var err error
		if i, err = value(b, i, depth); err != nil {
			return 0, err
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return 0, ErrSyntax
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return 0, ErrSyntax
		}
	}
}

// plain marks the bytes a string holds as they are: not a quote, not a
// backslash, not a control character.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str checks the string whose opening quote is b[i].
func str(b []byte, i int) (int, error) {
	i++
	for {
		for i < len(b) && plain[b[i]] {
			i++
		}
		if i >= len(b) {
			return 0, ErrSyntax
		}
		switch b[i] {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 >= len(b) {
				return 0, ErrSyntax
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return 0, ErrSyntax
				}
				i += 6
			default:
				return 0, ErrSyntax
			}
		default: // a control character
			return 0, ErrSyntax
		}
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func literal(b []byte, i int, word string) (int, error) {
	if !bytes.HasPrefix(b[i:], []byte(word)) {
		return 0, ErrSyntax
	}
	return i + len(word), nil
}

func number(b []byte, i int) (int, error) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i)
	default:
		return 0, ErrSyntax
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return 0, ErrSyntax
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return 0, ErrSyntax
		}
		i = j
	}
	return i, nil
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

// SplitMembers is Members for an object already checked: a document
// Valid accepted, or a value Members or Elements handed out of one. It
// finds where each member ends without checking the values again, so that
// a request's params, checked with the line that carried them, are not
// read through twice. On input that was not checked it never reads past b
// and never loops, but it may take what is not JSON for JSON.
func SplitMembers(b []byte, fn func(name, value []byte) error) error { return members(b, false, fn) }

// SplitElements is Elements for an array already checked, as
// SplitMembers is for an object.
func SplitElements(b []byte, fn func(value []byte) error) error { return elements(b, false, fn) }

// structural marks the bytes skip stops at inside a container: quotes
// and brackets.
var structural = func() (t [256]bool) {
	for _, c := range `"{}[]` {
		t[c] = true
	}
	return t
}()

// scalarEnd marks the bytes that end a number or a literal.
var scalarEnd = func() (t [256]bool) {
	for _, c := range ",}] \t\r\n" {
		t[c] = true
	}
	return t
}()

// skip returns the offset just past the checked value that starts at
// b[i], following only its strings and brackets.
func skip(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, ErrSyntax
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for {
			for i < len(b) && !structural[b[i]] {
				i++
			}
			if i >= len(b) {
				return 0, ErrSyntax
			}
			switch b[i] {
			case '"':
				var err error
				if i, err = skipString(b, i); err != nil {
					return 0, err
				}
				continue
			case '{', '[':
				depth++
			default: // '}' or ']'
				if depth--; depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
	}
	start := i
	for i < len(b) && !scalarEnd[b[i]] {
		i++
	}
	if i == start {
		return 0, ErrSyntax
	}
	return i, nil
}

// skipString returns the offset just past the checked string whose
// opening quote is b[i].
func skipString(b []byte, i int) (int, error) {
	i++
	for i < len(b) {
		for i < len(b) && plain[b[i]] {
			i++
		}
		if i >= len(b) {
			break
		}
		switch b[i] {
		case '"':
			return i + 1, nil
		case '\\':
			i += 2
		default: // a control character, which a checked string has not
			i++
		}
	}
	return 0, ErrSyntax
}

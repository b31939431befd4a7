package a2ui

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The official v0.9 renderers evaluate functions in JavaScript, and the
// results people see depend on JavaScript's conversions: String(null) is
// "null", Number("") is 0, a number prints as "1e+21" from 1e21 on. The
// helpers below reproduce those conversions on data-model values so that a
// surface reads the same here as in a browser.

// undefinedValue is JavaScript's undefined: what reading a path that holds
// nothing gives, and what a failed call or a void function returns. It is
// distinct from null (nil), which a data model can hold.
type undefinedValue struct{}

// undefined is the one undefinedValue.
var undefined any = undefinedValue{}

func isUndefined(v any) bool {
	_, ok := v.(undefinedValue)
	return ok
}

// jsString is JavaScript's String(v).
func jsString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case undefinedValue:
		return "undefined"
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return FormatJSNumber(x)
	case []any:
		var b strings.Builder
		appendJoin(&b, x)
		return b.String()
	}
	return "[object Object]"
}

// appendJoin is Array.prototype.join(","): null and undefined elements are
// empty, nested arrays are joined in turn.
func appendJoin(b *strings.Builder, a []any) {
	for i, e := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		switch x := e.(type) {
		case nil, undefinedValue:
		case []any:
			appendJoin(b, x)
		default:
			b.WriteString(jsString(x))
		}
	}
}

// displayString converts a value for interpolation and display, by the
// specification's type-conversion rules: null and undefined are empty,
// objects and arrays are JSON, numbers and booleans their usual form.
func displayString(v any) string {
	switch x := v.(type) {
	case nil, undefinedValue:
		return ""
	case *Object, []any:
		return string(appendJSJSON(nil, x))
	}
	return jsString(v)
}

// FormatJSNumber writes f as JavaScript's String(f) does
// (Number.prototype.toString()): the shortest digits that round-trip, in
// fixed notation from 1e-6 up to 1e21 and in exponential notation
// ("1e+21", "1.5e-7") outside; "NaN", "Infinity" and "-Infinity"; "0" for
// -0. It is how v0.9 functions turn numbers into text, and how anything
// that writes a number as a web page does should write it.
func FormatJSNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0" // also -0
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	i := strings.LastIndexByte(string(e), 'e')
	exp, _ := strconv.Atoi(string(e[i+1:]))
	if exp >= -6 && exp <= 20 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	// Exponential: Go writes at least two exponent digits, JavaScript
	// as few as needed.
	out := make([]byte, 0, len(e))
	out = append(out, e[:i+2]...) // mantissa, 'e' and the sign
	digits := e[i+2:]
	for len(digits) > 1 && digits[0] == '0' {
		digits = digits[1:]
	}
	return string(append(out, digits...))
}

// jsNumber is JavaScript's Number(v): NaN for what does not read as a
// number.
func jsNumber(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case bool:
		if x {
			return 1
		}
		return 0
	case nil:
		return 0
	case string:
		return jsStringToNumber(x)
	case []any:
		// An array converts through its string form: [] is 0, [5] is 5,
		// and one of two or more joins them with a comma, which no number
		// holds (so a large one is not written out).
		switch len(x) {
		case 0:
			return 0
		case 1:
			switch e := x[0].(type) {
			case nil, undefinedValue:
				return 0
			case float64:
				if e == 0 {
					return 0 // -0 reads as "0"
				}
				return e
			case string, []any:
				return jsNumber(e)
			}
		}
	}
	return math.NaN() // undefined, objects, booleans in an array
}

// jsStringToNumber is JavaScript's StringToNumber: surrounding white space
// is ignored, "" is 0, and besides decimal literals it reads Infinity and
// 0x, 0o and 0b integers. Anything else is NaN.
func jsStringToNumber(s string) float64 {
	s = trimJSSpace(s)
	if s == "" {
		return 0
	}
	switch s {
	case "Infinity", "+Infinity":
		return math.Inf(1)
	case "-Infinity":
		return math.Inf(-1)
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			return parseRadix(s[2:], base)
		}
	}
	if !isDecimalLiteral(s) {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !isRangeErr(err) {
		return math.NaN()
	}
	return f
}

func isRangeErr(err error) bool {
	return errors.Is(err, strconv.ErrRange)
}

// parseRadix reads the digits of a 0x, 0o or 0b literal; values beyond
// 2^53 lose precision as they do in JavaScript.
func parseRadix(s string, base int) float64 {
	f := 0.0
	for i := range len(s) {
		c := s[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return math.NaN()
		}
		if d >= base {
			return math.NaN()
		}
		f = f*float64(base) + float64(d)
	}
	return f
}

// isDecimalLiteral reports whether s is a StrDecimalLiteral without the
// Infinity forms: [+-] digits [. digits] [e [+-] digits], or [+-] . digits
// [e ...]. It keeps ParseFloat from reading "inf", "nan", hex floats or
// underscores, which JavaScript does not.
func isDecimalLiteral(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	intDigits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		intDigits++
	}
	fracDigits := 0
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			fracDigits++
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		expDigits := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			expDigits++
		}
		if expDigits == 0 {
			return false
		}
	}
	return i == len(s)
}

// isJSSpace reports whether JavaScript's String.prototype.trim and \s treat
// r as white space (WhiteSpace and LineTerminator).
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func trimJSSpace(s string) string {
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if !isJSSpace(r) {
			break
		}
		s = s[n:]
	}
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		if !isJSSpace(r) {
			break
		}
		s = s[:len(s)-n]
	}
	return s
}

// jsTruthy is JavaScript's Boolean(v) (the !! the renderers apply to a
// check's result).
func jsTruthy(v any) bool {
	switch x := v.(type) {
	case nil, undefinedValue:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case string:
		return x != ""
	}
	return true
}

// utf16Len is a string's length as JavaScript counts it, in UTF-16 code
// units: a character outside the Basic Multilingual Plane counts twice.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// appendJSJSON appends JSON.stringify(v): object keys that are array
// indices first, in ascending order, then the others in insertion order, as
// a JavaScript object holds them; numbers as JavaScript prints them; no
// HTML escaping.
func appendJSJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil, undefinedValue:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(b, "null"...)
		}
		return append(b, FormatJSNumber(x)...)
	case string:
		return appendJSQuote(b, x)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSJSON(b, e)
		}
		return append(b, ']')
	case *Object:
		b = append(b, '{')
		first := true
		member := func(k string) {
			val := x.at(k)
			if isUndefined(val) {
				return
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSQuote(b, k)
			b = append(b, ':')
			b = appendJSJSON(b, val)
		}
		keys := x.Keys()
		var idx []string
		for _, k := range keys {
			if _, ok := arrayIndex(k); ok {
				idx = append(idx, k)
			}
		}
		if len(idx) > 0 {
			sortIndexKeys(idx)
			for _, k := range idx {
				member(k)
			}
		}
		for _, k := range keys {
			if _, ok := arrayIndex(k); !ok {
				member(k)
			}
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

// sortIndexKeys sorts canonical array-index strings numerically (an
// insertion sort: objects rarely have many).
func sortIndexKeys(keys []string) {
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && indexLess(keys[j], keys[j-1]); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
}

func indexLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// arrayIndex reads a canonical array index ("0", "17", never "01" or
// "+1"), as JavaScript reads property names on arrays, up to 2^32-2.
func arrayIndex(s string) (int, bool) {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := range len(s) {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if n > math.MaxUint32-1 {
		return 0, false
	}
	return n, true
}

// appendJSQuote quotes s as JSON.stringify does: only the quote, the
// backslash and control characters are escaped.
func appendJSQuote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := range len(s) {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

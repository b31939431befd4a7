package a2ui

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// dumpDyn writes a dynamic value compactly for assertions: "text" for a
// string, path(p), name(arg=value …) for a call, list[…].
func dumpDyn(d *dynamic) string {
	switch d.kind {
	case dynPath:
		return "path(" + d.path.text + ")"
	case dynCall:
		var b strings.Builder
		b.WriteString(d.call.name + "(")
		for i, a := range d.call.named {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(a.name + "=" + dumpDyn(a.val))
		}
		return b.String() + ")"
	case dynList:
		parts := make([]string, len(d.items()))
		for i, it := range d.items() {
			parts[i] = dumpDyn(it)
		}
		return "list[" + strings.Join(parts, " ") + "]"
	}
	switch x := d.lit.(type) {
	case string:
		return strconv.Quote(x)
	case float64:
		return FormatJSNumber(x)
	}
	return string(appendJSJSON(nil, d.lit))
}

func dumpParts(parts []*dynamic) string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = dumpDyn(p)
	}
	return strings.Join(out, " | ")
}

// The expression grammar follows the official renderers' parser
// (renderers/web_core/src/v0_9/basic_catalog/expressions/expression_parser.ts);
// the cases marked "web_core" are that parser's own tests
// (expression_parser.test.ts, at the line given), with adjacent literal
// parts merged, which a2term does and which changes no output.
func TestParseTemplate(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{"hello world", `"hello world"`},                                        // web_core :28
		{"hello ${foo}", `"hello " | path(foo)`},                                // web_core :32
		{"val is ${${nested}}", `"val is " | path(nested)`},                     // web_core :40
		{`escaped \${foo}`, `"escaped ${foo}"`},                                 // web_core :48
		{"sum is ${add(a: 10, b: 20)}", `"sum is " | add(a=10 b=20)`},           // web_core :52
		{`case is ${upper(text: "hello")}`, `"case is " | upper(text="hello")`}, // web_core :59
		{"${true} ${false} ${null}", `true | " " | false | " "`},                // web_core :66
		{`${${"hello"}}`, `"hello"`},                                            // web_core :76
		{"${()}", `()`},                                                         // web_core :100
		{"${my-path.with_underscores}", `path(my-path.with_underscores)`},       // web_core :117
		{"", ``},
		{"${}", ``},
		{"${   }", ``},
		{"${/a/b}/${c}", `path(/a/b) | "/" | path(c)`},
		{"${formatDate(value: ${/now}, format: 'EEEE, MMMM d')}", `formatDate(value=path(/now) format="EEEE, MMMM d")`},
		// Relative paths and numbers as the official parser reads them.
		{"${-1}", `path(-1)`},
		{"${1.2.3}", `NaN`},
		{"${1.}", `1`},
		{"${ a ( x : 1 , y : 'b' ) }", `a(x=1 y="b")`},
		{"${f(a: 1 b: 2)}", `f(a=1 b=2)`},
		{"${f(a: )}", `f(a="")`},
		{"${f(a: null)}", `f(a="")`},
		{"${f(x: 1, x: 2)}", `f(x=1 x=2)`},
		{"${'}'}", `"}"`},
		{`${'a\'b'}`, `"a'b"`},
		{`${"it's"}`, `"it's"`},
		{`${'line1\nline2\t\r\'\\x'}`, `"line1\nline2\t\r'\\x"`}, // web_core :110
		{`${'é\é'}`, `"éé"`},
		{"${trueish}", `path(trueish)`},
		{"${true_}", `path(true_)`},
		{"a\\b", `"a\\b"`},
		{`\\${x}`, `"\\${x}"`},
		{"$ {x} $x {y}", `"$ {x} $x {y}"`},
		{"${f(a: g(b: h(c: ${/d})))}", `f(a=g(b=h(c=path(/d))))`},
		{"\u3000${\u00a0x\u2029}", `"\u3000" | path(x)`},
	} {
		parts, err := parseTemplate(c.in)
		if err != nil {
			t.Errorf("parseTemplate(%q): %v", c.in, err)
			continue
		}
		if got := dumpParts(parts); got != c.want {
			t.Errorf("parseTemplate(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestParseTemplateErrors(t *testing.T) {
	for _, c := range []struct {
		in, msg string
		pos     int
	}{
		{"hello ${world", "unclosed ${", 6},                            // web_core :80
		{"${add(a: 1, b: 2}", "expected ')'", 16},                      // web_core :86
		{"${true false}", "unexpected \"false\"", 7},                   // web_core :93
		{"${add(a 10, b: 20)}", "expected ':' after argument name", 8}, // web_core :123
		{"${'abc}", "unclosed ${", 0},
		{"x ${a}${b", "unclosed ${", 6},
		{"${a b}", "unexpected \"b\"", 4},
		{"${f(a: 1) g}", "unexpected \"g\"", 10},
		{"${f(%)}", "expected ':'", 4},
		{"${" + strings.Repeat("${", 10) + "x" + strings.Repeat("}", 11), "nest more than 10", 22},
		{"${" + strings.Repeat("f(a: ", 10) + "1" + strings.Repeat(")", 10) + "}", "nest more than 10", 48},
	} {
		_, err := parseTemplate(c.in)
		var ee *exprError
		if !errors.As(err, &ee) {
			t.Errorf("parseTemplate(%q) = %v, want a syntax error", c.in, err)
			continue
		}
		if !strings.Contains(ee.msg, c.msg) || ee.pos != c.pos {
			t.Errorf("parseTemplate(%q): %q at %d, want %q at %d", c.in, ee.msg, ee.pos, c.msg, c.pos)
		}
	}
}

// Nine levels parse; the bound is on the tenth.
func TestParseTemplateDepthBound(t *testing.T) {
	in := "${" + strings.Repeat("f(a: ", 8) + "1" + strings.Repeat(")", 8) + "}"
	if _, err := parseTemplate(in); err != nil {
		t.Fatalf("eight nested calls: %v", err)
	}
}

func TestPrintTemplateRoundTrip(t *testing.T) {
	for _, in := range []string{
		"hello ${foo}", `escaped \${foo}`, "${add(a: 10, b: 20)}", `${'a\\'}${x}`, `${'a\\'}`,
		"${true}${5}${1.2.3}", `${f(s: 'it\'s', n: 'a\nb')}`, `a\\${x}`, "${f()}", "${${/x}}",
		`${'${'}`, "100%", "${f(a: g(b: ${/c}), d: null)}",
	} {
		parts, err := parseTemplate(in)
		if err != nil {
			t.Fatalf("parseTemplate(%q): %v", in, err)
		}
		printed := printTemplate(parts)
		again, err := parseTemplate(printed)
		if err != nil {
			t.Fatalf("parseTemplate(print(%q)) = parseTemplate(%q): %v", in, printed, err)
		}
		if a, b := dumpParts(parts), dumpParts(again); a != b {
			t.Errorf("%q printed as %q parses to %s, not %s", in, printed, b, a)
		}
	}
}

// printTemplate writes parts back as a formatString value that parses to
// the same parts.
func printTemplate(parts []*dynamic) string {
	var b strings.Builder
	for i, d := range parts {
		if d.kind == dynLiteral {
			if s, ok := d.lit.(string); ok {
				s = strings.ReplaceAll(s, "${", `\${`)
				// Backslashes just before an expression would escape it:
				// write them as an expression of their own.
				if i+1 < len(parts) {
					if t := strings.TrimRight(s, `\`); len(t) < len(s) {
						b.WriteString(t)
						b.WriteString(`${'`)
						b.WriteString(strings.Repeat(`\\`, len(s)-len(t)))
						b.WriteString(`'}`)
						continue
					}
				}
				b.WriteString(s)
				continue
			}
		}
		b.WriteString("${")
		printExpr(&b, d)
		b.WriteString("}")
	}
	return b.String()
}

// printExpr writes d as the expression syntax that parses to it.
func printExpr(b *strings.Builder, d *dynamic) {
	switch d.kind {
	case dynPath:
		b.WriteString(d.path.text)
	case dynCall:
		b.WriteString(d.call.name)
		b.WriteByte('(')
		for i, a := range d.call.named {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.name)
			b.WriteString(": ")
			printExpr(b, a.val)
		}
		b.WriteByte(')')
	case dynLiteral:
		switch x := d.lit.(type) {
		case string:
			b.WriteByte('\'')
			for i := range len(x) {
				switch c := x[i]; c {
				case '\\', '\'':
					b.WriteByte('\\')
					b.WriteByte(c)
				case '\n':
					b.WriteString(`\n`)
				case '\t':
					b.WriteString(`\t`)
				case '\r':
					b.WriteString(`\r`)
				default:
					b.WriteByte(c)
				}
			}
			b.WriteByte('\'')
		case bool:
			if x {
				b.WriteString("true")
			} else {
				b.WriteString("false")
			}
		case float64:
			if d.path.text != "" {
				b.WriteString(d.path.text)
			} else {
				b.WriteString(FormatJSNumber(x))
			}
		}
	}
}

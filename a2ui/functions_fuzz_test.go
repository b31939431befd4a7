package a2ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

const fuzzModel = `{"a":1,"s":"x","now":"2025-12-15T12:00:00Z","list":[1,"two",{"t":true}],"o":{"k":null},"tmpl":"${/s}${f(}"}`

// FuzzExpression feeds arbitrary formatString values to the expression
// parser. It must never panic. A refusal is a syntax error at an offset
// inside the input and yields nothing; an accepted value prints back to a
// value that parses to the same parts, and, once bound to the basic
// catalog, evaluates without panicking to clean text and without changing
// the data model.
func FuzzExpression(f *testing.F) {
	for _, seed := range []string{
		"hello ${foo}", `escaped \${foo}`, "${add(a: 10, b: 20)}", `${upper(text: "hello")}`,
		"${true} ${false} ${null}", `${${"hello"}}`, "hello ${world", "${add(a: 1, b: 2}",
		"${true false}", "${()}", `${'line1\nline2\t\r\'\\x'}`, "${my-path.with_underscores}",
		"${add(a 10, b: 20)}", "Hello! Today is ${formatDate(value: ${/now}, format: 'EEEE, MMMM d')}.",
		"${pluralize(value: ${/a}, one: 'one', other: ${formatString(value: ${formatNumber(value: ${/a})})})}",
		"${regex(value: ${/s}, pattern: '^[a-z]+$')}", "${formatString(value: ${/tmpl})}", `${'a\\'}${x}`,
		"${formatCurrency(value: ${/a}, currency: 'EUR', decimals: 2)}", "${list}${o}${missing}",
		"${f(a: g(b: h(c: ${/d})))}", "\xff${\xfe}", `${'é\é'}`, "${1.2.3}${-1}",
	} {
		f.Add(seed)
	}
	model := mustJSON(f, fuzzModel).plain()
	before := MarshalValue(model)
	f.Fuzz(func(t *testing.T, s string) {
		parts, err := parseTemplate(s)
		if err != nil {
			var ee *exprError
			if !errors.As(err, &ee) || ee.pos < 0 || ee.pos > len(s) {
				t.Fatalf("parseTemplate(%q): error %v is not a syntax error inside the input", s, err)
			}
			if parts != nil {
				t.Fatalf("parseTemplate(%q) refused but returned parts", s)
			}
			return
		}
		printed := printTemplate(parts)
		again, err := parseTemplate(printed)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, printed, err)
		}
		if a, b := dumpParts(parts), dumpParts(again); a != b {
			t.Fatalf("%q printed as %q parses to %s, not %s", s, printed, b, a)
		}
		p := dynParser{fns: basicFunctions, paths: true}
		for _, part := range parts {
			if perr := p.bindValue(part, &ptr{base: "/text/args/value"}); perr != nil {
				if perr.Path != "/text/args/value" {
					t.Fatalf("refusal of %q points at %q", s, perr.Path)
				}
				return
			}
		}
		d := &dynamic{kind: dynCall, call: &fcall{name: "formatString", fn: fnFormatString, set: basicFunctions, tmpl: parts, args: []*dynamic{literal(s)}}}
		e := &modelEnv{data: model, item: []string{"list", "2"}}
		text, _ := evalText(d, e)
		if !utf8.ValidString(text) || !IsClean(text) {
			t.Fatalf("%q evaluates to text that is not clean: %q", s, text)
		}
		if !bytes.Equal(MarshalValue(model), before) {
			t.Fatalf("evaluating %q changed the data model", s)
		}
	})
}

// FuzzDynamicValue feeds arbitrary JSON to the dynamic-value parser as a
// property of each type, strict and lenient. It must never panic; a
// refusal yields no value and points inside the property; an accepted
// value evaluates without panicking, without changing the data model, to
// clean text.
func FuzzDynamicValue(f *testing.F) {
	for _, seed := range []string{
		`{"path":"/a"}`, `"plain"`, `[1,2]`, `{"call":"required","args":{"value":{"path":"/s"}}}`,
		`{"call":"and","args":{"values":[{"path":"/a"},{"call":"or","args":{"values":[true,{"call":"not","args":{"value":false}}]}}]}}`,
		`{"call":"formatString","args":{"value":"${/s} ${formatNumber(value: ${/a}, decimals: 2)}"},"returnType":"string"}`,
		`{"call":"formatString","args":{"value":{"path":"/tmpl"}}}`,
		`{"call":"formatDate","args":{"value":{"path":"/now"},"format":"EEEE, MMMM do yyyy 'at' h:mm a"}}`,
		`{"call":"formatCurrency","args":{"value":{"path":"/a"},"currency":"EUR","decimals":101}}`,
		`{"call":"regex","args":{"value":{"path":"/list"},"pattern":"^\\u0031"}}`,
		`{"call":"length","args":{"value":{"path":"/list"},"min":1,"max":2}}`,
		`{"call":"pluralize","args":{"value":{"path":"/a"},"one":"one","other":"many"}}`,
		`{"call":"openUrl","args":{"url":"https://example.com"}}`, `{"call":"nope"}`, `null`, `{"x":1}`,
	} {
		f.Add([]byte(seed), uint8(0), false)
		f.Add([]byte(seed), uint8(2), true)
	}
	model := mustJSON(f, fuzzModel).plain()
	before := MarshalValue(model)
	f.Fuzz(func(t *testing.T, data []byte, typ uint8, lenient bool) {
		v, err := parseJSON(data)
		if err != nil {
			return
		}
		want := dynType(typ % uint8(typeLitNumber+1))
		p := dynParser{fns: basicFunctions, paths: true, lenient: lenient}
		d, perr := p.value(v, want, "/updateComponents/components/0/text")
		if perr != nil {
			if d != nil {
				t.Fatal("a refusal returned a value")
			}
			if !strings.HasPrefix(perr.Path, "/updateComponents/components/0/text") {
				t.Fatalf("refusal points at %q, outside the property", perr.Path)
			}
			return
		}
		for _, item := range [][]string{nil, {"list", "2"}} {
			e := &modelEnv{data: model, item: item}
			text, _ := evalText(d, e)
			if !IsClean(text) {
				t.Fatalf("%s evaluates to text that is not clean: %q", data, text)
			}
			_, _ = evalBool(d, e)
			_, _ = openURL(d, e)
		}
		if !bytes.Equal(MarshalValue(model), before) {
			t.Fatalf("evaluating %s changed the data model", data)
		}
	})
}

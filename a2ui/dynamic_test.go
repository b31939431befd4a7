package a2ui

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// Paths as the official renderers resolve them
// (renderers/web_core/src/v0_9/rendering/data-context.ts, resolvePath, and
// its tests in data-context.test.ts): absolute from the root, relative to
// the template item, "" and "." the item itself; segments split on "/"
// with no escapes.
func TestPathResolution(t *testing.T) {
	data := `{"company":"Acme","employees":[{"name":"Alice","a/b":"slash","~1":"tilde"},{"name":"Bob"}],"m":{"01":"zero-one","1":"one"},"arr":["x","y"]}`
	for _, c := range []struct {
		path  string
		scope []string
		want  string
		reads string // the absolute path read
	}{
		{"/company", nil, `"Acme"`, "/company"},
		{"company", nil, `"Acme"`, "/company"},
		{"/employees/1/name", nil, `"Bob"`, "/employees/1/name"},
		{"name", []string{"employees", "0"}, `"Alice"`, "/employees/0/name"},
		{"name", []string{"employees", "1"}, `"Bob"`, "/employees/1/name"},
		{"/company", []string{"employees", "1"}, `"Acme"`, "/company"}, // absolute stays absolute in a template
		{".", []string{"employees", "1"}, `{"name":"Bob"}`, "/employees/1"},
		{"", []string{"employees", "1"}, `{"name":"Bob"}`, "/employees/1"},
		{"/", nil, "", "/"},
		{"//employees//0//name", nil, `"Alice"`, "/employees/0/name"},
		{"./name", []string{"employees", "0"}, `undefined`, "/employees/0/./name"}, // "." is a key like any other
		{"/employees/0/~1", nil, `"tilde"`, "/employees/0/~1"},                     // no JSON Pointer escapes
		{"/arr/01", nil, `undefined`, "/arr/01"},                                   // arrays take canonical indices only
		{"/arr/1", nil, `"y"`, "/arr/1"},
		{"/arr/2", nil, `undefined`, "/arr/2"},
		{"/m/01", nil, `"zero-one"`, "/m/01"},
		{"/company/x", nil, `undefined`, "/company/x"},
	} {
		e := testEnv(t, data, "", nil)
		e.item = c.scope
		got, err := evalDynamic(&dynamic{kind: dynPath, path: parseDynPath(c.path)}, e)
		if err != nil {
			t.Errorf("%q: %v", c.path, err)
		}
		if c.want != "" && show(got) != c.want {
			t.Errorf("path %q in %v = %s, want %s", c.path, c.scope, show(got), c.want)
		}
		if len(e.reads) != 1 || "/"+strings.Join(e.reads[0], "/") != c.reads {
			t.Errorf("path %q in %v read %v, want %s", c.path, c.scope, e.reads, c.reads)
		}
	}
}

// Evaluation records every path it reads, through any nesting, so that
// the resolver can tell which nodes a data change affects; and/or read
// all their values, since skipping one would miss its changes.
func TestEvaluationRecordsReads(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	d, err := p.value(mustJSON(t, `{"call":"or","args":{"values":[
		true,
		{"call":"required","args":{"value":{"path":"/form/email"}}},
		{"call":"formatString","args":{"value":"${price} ${formatNumber(value: ${/rate})}"}}
	]}}`), typeBool, "/checks/0/condition")
	if err != nil {
		t.Fatal(err)
	}
	e := testEnv(t, `{"rate":2,"items":[{"price":5}]}`, "", nil)
	e.item = []string{"items", "0"}
	if ok, _ := evalBool(d, e); !ok {
		t.Error("or(true, …) is false")
	}
	var got []string
	for _, r := range e.reads {
		got = append(got, "/"+strings.Join(r, "/"))
	}
	want := []string{"/form/email", "/items/0/price", "/rate"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reads %v, want %v", got, want)
	}
}

func TestLiterals(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	for _, c := range []struct {
		src  string
		want dynType
		show string
	}{
		{`"plain"`, typeString, `"plain"`},
		{`"a\u001b[31mred\u001b[0m"`, typeString, `"ared"`}, // sanitized like every agent string
		{`"tab\there"`, typeString, `"tab     here"`},
		{`42`, typeNumber, `42`},
		{`true`, typeBool, `true`},
		{`["a","b"]`, typeStringList, `["a","b"]`},
		{`[1,"a",{"path":"/x"}]`, typeValue, `[1,"a",{"path":"/x"}]`}, // an array is a literal, not resolved
		{`{"nested":{"path":"/x"}}`, typeAny, `{"nested":{"path":"/x"}}`},
		{`null`, typeAny, `null`},
		{`"a\u001bb"`, typeLitString, `"a\u001bb"`}, // a pattern keeps every character
	} {
		d, err := p.value(mustJSON(t, c.src), c.want, "/x")
		if err != nil {
			t.Errorf("%s as %v: %v", c.src, c.want, err)
			continue
		}
		v, _ := evalDynamic(d, testEnv(t, `{"x":1}`, "", nil))
		if show(v) != c.show {
			t.Errorf("%s evaluates to %s, want %s", c.src, show(v), c.show)
		}
	}
}

func TestEvalText(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	e := testEnv(t, `{"o":{"b":1,"2":2,"a":3,"1":4},"n":null,"f":0.30000000000000004,"big":123456789012345680000,"neg":-0,"s":"x\u001b]52;c;Zm9v\u0007y"}`, "", nil)
	for src, want := range map[string]string{
		`{"path":"/o"}`:       `{"1":4,"2":2,"b":1,"a":3}`, // integer keys first, as a JavaScript object holds them
		`{"path":"/n"}`:       ``,
		`{"path":"/missing"}`: ``,
		`{"path":"/f"}`:       `0.30000000000000004`,
		`{"path":"/big"}`:     `123456789012345680000`,
		`{"path":"/neg"}`:     `0`,
		`{"path":"/s"}`:       `xy`, // data that escaped sanitizing is cleaned for display
	} {
		d, err := p.value(mustJSON(t, src), typeString, "/text")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := evalText(d, e); got != want {
			t.Errorf("evalText(%s) = %q, want %q", src, got, want)
		}
	}
}

func TestJSConversions(t *testing.T) {
	for _, c := range []struct {
		v    any
		str  string
		num  float64
		bool bool
	}{
		{undefined, "undefined", math.NaN(), false},
		{nil, "null", 0, false},
		{true, "true", 1, true},
		{false, "false", 0, false},
		{0.0, "0", 0, false},
		{math.Copysign(0, -1), "0", math.Copysign(0, -1), false},
		{1e21, "1e+21", 1e21, true},
		{1.5e-7, "1.5e-7", 1.5e-7, true},
		{1e-6, "0.000001", 1e-6, true},
		{-1.5e300, "-1.5e+300", -1.5e300, true},
		{123e-20, "1.23e-18", 123e-20, true},
		{math.Inf(-1), "-Infinity", math.Inf(-1), true},
		{math.NaN(), "NaN", math.NaN(), false},
		{"", "", 0, false},
		{"  12  ", "  12  ", 12, true},
		{"0x1F", "0x1F", 31, true},
		{"0b101", "0b101", 5, true},
		{"1e3", "1e3", 1000, true},
		{".5", ".5", 0.5, true},
		{"5.", "5.", 5, true},
		{"-Infinity", "-Infinity", math.Inf(-1), true},
		{"inf", "inf", math.NaN(), true},
		{"1_000", "1_000", math.NaN(), true},
		{"-0x10", "-0x10", math.NaN(), true},
		{"false", "false", math.NaN(), true},
		{[]any{}, "", 0, true},
		{[]any{5.0}, "5", 5, true},
		{[]any{1.0, nil, []any{2.0, []any{3.0}}, NewObject()}, "1,,2,3,[object Object]", math.NaN(), true},
		{NewObject(), "[object Object]", math.NaN(), true},
	} {
		if got := jsString(c.v); got != c.str {
			t.Errorf("String(%v) = %q, want %q", c.v, got, c.str)
		}
		if got := jsNumber(c.v); !(got == c.num && math.Signbit(got) == math.Signbit(c.num) || math.IsNaN(got) && math.IsNaN(c.num)) {
			t.Errorf("Number(%v) = %v, want %v", c.v, got, c.num)
		}
		if got := jsTruthy(c.v); got != c.bool {
			t.Errorf("Boolean(%v) = %v, want %v", c.v, got, c.bool)
		}
	}
	if got := string(appendJSQuote(nil, "a\"\\\b\f\n\r\t\x01<>&\u2028")); got != `"a\"\\\b\f\n\r\t\u0001<>&`+"\u2028"+`"` {
		t.Errorf("JSON.stringify quoting = %s", got)
	}
}

func TestLookupLocale(t *testing.T) {
	for tag, want := range map[string]string{
		"": "en-US", "en-US": "en-US", "en_us": "en-US", "EN": "en-US", "en-GB": "en-GB", "en-AU": "en-US",
		"de": "de-DE", "de-DE": "de-DE", "de-AT": "en-US", "fr-FR": "fr-FR", "fr-CA": "en-US", "es": "es-ES",
		"es-ES": "es-ES", "es-MX": "en-US", "ja": "ja-JP", "ja-JP": "ja-JP", "ja-JP-u-ca-japanese": "ja-JP",
		"cy": "en-US", "xx-YY": "en-US", "de-DE-x": "de-DE",
	} {
		if got := LookupLocale(tag).Tag(); got != want {
			t.Errorf("LookupLocale(%q) = %s, want %s", tag, got, want)
		}
	}
}

// TestParseLocale: a tag a person chose must name one of Locales; the
// others are an error that lists them, never a quiet en-US.
func TestParseLocale(t *testing.T) {
	for tag, want := range map[string]string{"en-US": "en-US", "en": "en-US", "de": "de-DE", "fr_fr": "fr-FR", "ja-JP-u-ca-japanese": "ja-JP", "en-GB": "en-GB"} {
		if l, err := ParseLocale(tag); err != nil || l.Tag() != want {
			t.Errorf("ParseLocale(%q) = %v, %v; want %s", tag, l, err, want)
		}
	}
	for _, tag := range []string{"", "en-AU", "de-AT", "cy", "xx-YY"} {
		if l, err := ParseLocale(tag); err == nil || !strings.Contains(err.Error(), "en-US, en-GB, de-DE, fr-FR, es-ES, ja-JP") {
			t.Errorf("ParseLocale(%q) = %v, %v; want an error listing the locales", tag, l, err)
		}
	}
}

func TestToFixed(t *testing.T) {
	for _, c := range []struct {
		x    float64
		d    int
		want string
	}{
		{1.005, 2, "1.00"}, {0.125, 2, "0.13"}, {2.675, 2, "2.67"}, {-1.5, 0, "-2"}, {2.5, 0, "3"},
		{-0.0001, 2, "-0.00"}, {math.Copysign(0, -1), 1, "0.0"}, {1.45, 1, "1.4"}, {1e21, 2, "1e+21"},
		{1234.56, 0, "1235"}, {0.5, 0, "1"}, {9.995, 2, "9.99"},
	} {
		if got := jsToFixed(c.x, c.d); got != c.want {
			t.Errorf("(%v).toFixed(%d) = %q, want %q", c.x, c.d, got, c.want)
		}
	}
}

// A binding to one of the last paths parsed is that path's value, shared;
// any other path, escaped spellings included, is parsed as written.
func TestRepeatedBindingsShareTheirValue(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	parse := func(src string) *dynamic {
		t.Helper()
		d, err := p.value(mustJSON(t, src), typeString, "/text")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	first := parse(`{"path":"/items/0/value"}`)
	if again := parse(`{"path":"/items/0/value"}`); again != first {
		t.Error("a repeated binding was parsed again")
	}
	if escaped := parse(`{"path":"\/items\/0\/value"}`); escaped != first {
		t.Error("an escaped spelling of a repeated binding was parsed again")
	}
	for _, path := range []string{"items/0/value", "/items/0/valu", "/items/0/value/", "/items/1/value", "/x", "/y"} {
		d := parse(`{"path":"` + path + `"}`)
		if d == first || d.path.text != path {
			t.Errorf("path %q read as the binding of %q", path, d.path.text)
		}
	}
	if d := parse(`{"path":"/items/0/value"}`); d.path.text != "/items/0/value" || !d.path.abs() ||
		!reflect.DeepEqual(d.path.segs, []string{"items", "0", "value"}) {
		t.Errorf("a binding read after others: %+v", d.path)
	}
}

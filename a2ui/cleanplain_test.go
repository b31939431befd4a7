package a2ui

import (
	"reflect"
	"strings"
	"testing"
)

// cleanValue sanitizes every string of a plain JSON value and refuses
// over-long ones: what cleanPlain must give for the parsed value that
// plain converted.
func (d *decoder) cleanValue(v any, p string) any {
	switch x := v.(type) {
	case string:
		return d.clean(x, p, true)
	case []any:
		for i := range x {
			x[i] = d.cleanValue(x[i], d.pi(p, i))
		}
		return x
	case *Object:
		o := NewObject()
		for _, k := range x.keys {
			o.set(d.clean(k, p, false), d.cleanValue(x.at(k), d.pk(p, k)))
		}
		return o
	}
	return v
}

// TestCleanPlain checks that cleaning a parsed value in one pass gives
// what converting it to plain values and cleaning those gives, refusals
// included: repeated keys (the last value at the place of the first),
// keys that clean to the same key, strings to sanitize, nesting.
func TestCleanPlain(t *testing.T) {
	long := strings.Repeat("x", MaxStringBytes+1)
	for _, doc := range []string{
		`"plain"`, `12.5`, `true`, `null`, `[]`, `{}`,
		`{"a":1,"b":"two","c":[1,"x\u0007y",{"d":null}]}`,
		`{"a":1,"b":2,"a":3}`,
		`{"a":{"x":1},"b":2,"a":"last"}`,
		`{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k3":"again"}`,
		`{"a\u0007":1,"a":2}`,
		`{"line\nbreak":"text\nwith\tbreaks\u001b[31m"}`,
		`[[[["deep"]]],{"x":[{"y":"z"}]}]`,
		`{"a":"` + long + `","a":"short"}`,
		`{"a":"short","b":"` + long + `"}`,
		`{"` + long + `":1}`,
	} {
		v, err := parseJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%.60s: %v", doc, err)
		}
		want := &decoder{paths: true}
		wv := want.cleanValue(v.plain(), "/value")
		got := &decoder{paths: true}
		gv := got.cleanPlain(v, "/value")
		if (want.err == nil) != (got.err == nil) {
			t.Errorf("%.60s: refused %v, want %v", doc, got.err, want.err)
			continue
		}
		if want.err != nil {
			if !reflect.DeepEqual(got.err, want.err) {
				t.Errorf("%.60s: refusal %+v, want %+v", doc, got.err, want.err)
			}
			continue
		}
		if deepDump(gv) != deepDump(wv) {
			t.Errorf("%.60s: got %s, want %s", doc, deepDump(gv), deepDump(wv))
		}
	}
}

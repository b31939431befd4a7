package a2ui

import (
	"encoding/json"
	"reflect"
	"testing"
)

// toStd converts a data-model value to what encoding/json decodes into
// an any: objects become maps (the last of repeated keys wins).
func toStd(v any) any {
	switch x := v.(type) {
	case *Object:
		m := map[string]any{}
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			m[k] = toStd(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toStd(e)
		}
		return out
	}
	return v
}

// FuzzParseJSON holds the message parser to encoding/json: both accept
// the same documents and read the same values.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,2.5e3,-0.1,true,false,null,"x\"y\\u00e9\ud83d\ude00"]}`,
		`[]`, `{}`, `""`, `"\ud800"`, `"\ud800\u0041"`, `[1,]`, `{"a" 1}`, `01`, `1.`, `-`, `1e`, `"\x01"`,
		`{"a":{"b":{"c":[[[]]]}}}`, `  {"k":"v"}  `, `{"k":"v"} x`, `tru`, `"\u12"`, `{"a":1,"a":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want any
		werr := json.Unmarshal(data, &want)
		v, err := parseJSON(data)
		if (err == nil) != (werr == nil) {
			if werr == nil && isTooDeep(data) {
				return // nesting past maxJSONDepth is refused on purpose
			}
			t.Fatalf("parseJSON error %v, encoding/json error %v, for %q", err, werr, data)
		}
		if err != nil {
			return
		}
		if got := toStd(v.plain()); !reflect.DeepEqual(got, want) {
			t.Fatalf("parseJSON read %#v, encoding/json read %#v, for %q", got, want, data)
		}
	})
}

func isTooDeep(data []byte) bool {
	depth, max := 0, 0
	for _, c := range data {
		switch c {
		case '[', '{':
			depth++
			if depth > max {
				max = depth
			}
		case ']', '}':
			depth--
		}
	}
	return max > maxJSONDepth
}

func TestParseJSONKeepsOrderAndSpans(t *testing.T) {
	src := []byte(` {"z":1, "a":{"k":[true,null]}, "m":"\u00e9"} `)
	v, err := parseJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.keys; len(got) != 3 || got[0] != "z" || got[1] != "a" || got[2] != "m" {
		t.Fatalf("keys %v, want document order z a m", got)
	}
	inner, _ := v.member("a")
	if string(src[inner.start:inner.end]) != `{"k":[true,null]}` {
		t.Fatalf("span %q", src[inner.start:inner.end])
	}
	m, _ := v.member("m")
	if m.str != "é" {
		t.Fatalf("escape read as %q", m.str)
	}
	deep := make([]byte, 0, 2*(maxJSONDepth+1))
	for i := 0; i <= maxJSONDepth; i++ {
		deep = append(deep, '[')
	}
	for i := 0; i <= maxJSONDepth; i++ {
		deep = append(deep, ']')
	}
	if _, err := parseJSON(deep); err == nil {
		t.Fatal("a document nested past maxJSONDepth was accepted")
	}
}

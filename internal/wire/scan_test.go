package wire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestValidAgreesWithEncodingJSON(t *testing.T) {
	for _, doc := range wireSeeds {
		if got, want := Valid([]byte(doc)), json.Valid([]byte(doc)); got != want {
			t.Errorf("Valid(%q) = %v, encoding/json says %v", doc, got, want)
		}
	}
	deep := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	if !Valid([]byte(deep)) || !json.Valid([]byte(deep)) {
		t.Error("nesting of exactly the most is refused")
	}
	deeper := "[" + deep + "]"
	if Valid([]byte(deeper)) || json.Valid([]byte(deeper)) {
		t.Error("nesting past the most is accepted")
	}
}

func TestMembersAndElements(t *testing.T) {
	doc := []byte(` { "a" : [1, {"b":"}"} , "x\"]"] ,"c\u0064":null,"":{} } `)
	var names, values []string
	if err := Members(doc, func(name, v []byte) error {
		names = append(names, Name(name))
		values = append(values, string(v))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, "|") != "a|cd|" || strings.Join(values, "|") != `[1, {"b":"}"} , "x\"]"]|null|{}` {
		t.Errorf("members %q = %q", names, values)
	}
	var elems []string
	if err := Elements([]byte(values[0]), func(v []byte) error { elems = append(elems, string(v)); return nil }); err != nil {
		t.Fatal(err)
	}
	if strings.Join(elems, "|") != `1|{"b":"}"}|"x\"]"` {
		t.Errorf("elements %q", elems)
	}
	for _, bad := range []string{`[1]`, `{"a":1,}`, `{"a" 1}`, `{"a":1} x`, `{"a":01}`, `{`, ``, `{"a":1}{}`} {
		if Members([]byte(bad), func(_, _ []byte) error { return nil }) == nil {
			t.Errorf("Members(%q) took it for an object", bad)
		}
	}
	for _, bad := range []string{`{}`, `[1,]`, `[1 2]`, `[`, `[] []`} {
		if Elements([]byte(bad), func([]byte) error { return nil }) == nil {
			t.Errorf("Elements(%q) took it for an array", bad)
		}
	}
}

// wireSeeds are documents at the edges of the grammar.
var wireSeeds = []string{
	``, ` `, `null`, `true`, `false`, `nul`, `truex`, `0`, `-0`, `01`, `-`, `1.`, `.5`, `1.5e`, `1e+`, `1E-7`, `-12.5e+3`,
	`""`, `"\u00e9"`, `"\u00g9"`, `"\x"`, `"a` + "\x01" + `"`, `"` + "\xff\xfe" + `"`, `"\"`, `"\\"`, `"unterminated`,
	`[]`, `[ ]`, `[1,]`, `[,1]`, `[1 2]`, `{}`, `{"a":1}`, `{"a":1,}`, `{"a"}`, `{a:1}`, `{"a":1 "b":2}`,
	`{"a":[{"b":{"c":[true,false,null]}}]}`, " \t\r\n{}\n", `{} {}`, `[1]]`, `{"a":1}}`,
}

// FuzzValid holds Valid to encoding/json's Valid, and Members and
// Elements to what encoding/json decodes: the same members, in order, and
// each value valid JSON that decodes as encoding/json decodes it.
func FuzzValid(f *testing.F) {
	for _, s := range wireSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		valid := Valid(doc)
		if valid != json.Valid(doc) {
			t.Fatalf("Valid(%q) = %v; encoding/json disagrees", doc, valid)
		}
		var names []string
		err := Members(doc, func(name, v []byte) error {
			if !Valid(name) || !Valid(v) || !bytes.Equal(Trim(v), v) {
				t.Fatalf("member %q: %q is not a clean JSON value", name, v)
			}
			names = append(names, Name(name))
			return nil
		})
		var obj map[string]json.RawMessage
		isObject := valid && Kind(doc) == '{' && json.Unmarshal(doc, &obj) == nil
		if (err == nil) != isObject {
			t.Fatalf("Members(%q): %v; an object: %v", doc, err, isObject)
		}
		if isObject {
			for _, n := range names {
				if _, ok := obj[n]; !ok {
					t.Fatalf("Members(%q) named %q, which encoding/json did not find", doc, n)
				}
			}
			if len(names) < len(obj) {
				t.Fatalf("Members(%q) found %d members, encoding/json %d", doc, len(names), len(obj))
			}
		}
		// On a checked document the splitters find what Members and
		// Elements find; on any other they end without reading past it.
		var got, want [][]byte
		errMembers := Members(doc, func(name, v []byte) error { want = append(want, name, v); return nil })
		errSplit := SplitMembers(doc, func(name, v []byte) error { got = append(got, name, v); return nil })
		if valid && (errMembers == nil) != (errSplit == nil) || valid && errMembers == nil && !equalParts(got, want) {
			t.Fatalf("SplitMembers(%q) gave %q, %v; Members %q, %v", doc, got, errSplit, want, errMembers)
		}
		got, want = nil, nil
		errElements := Elements(doc, func(v []byte) error { want = append(want, v); return nil })
		errSplit = SplitElements(doc, func(v []byte) error { got = append(got, v); return nil })
		if valid && (errElements == nil) != (errSplit == nil) || valid && errElements == nil && !equalParts(got, want) {
			t.Fatalf("SplitElements(%q) gave %q, %v; Elements %q, %v", doc, got, errSplit, want, errElements)
		}
		var elems []json.RawMessage
		err = Elements(doc, func(v []byte) error {
			elems = append(elems, v)
			return nil
		})
		var arr []json.RawMessage
		isArray := valid && Kind(doc) == '[' && json.Unmarshal(doc, &arr) == nil
		if (err == nil) != isArray {
			t.Fatalf("Elements(%q): %v; an array: %v", doc, err, isArray)
		}
		if isArray {
			if len(elems) != len(arr) {
				t.Fatalf("Elements(%q) found %d elements, encoding/json %d", doc, len(elems), len(arr))
			}
			for i := range elems {
				var a, b bytes.Buffer
				if json.Compact(&a, elems[i]) != nil || json.Compact(&b, arr[i]) != nil || a.String() != b.String() {
					t.Fatalf("element %d of %q: %q, encoding/json %q", i, doc, elems[i], arr[i])
				}
			}
		}
	})
}

func equalParts(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestSplitFollowsStrings: the splitters find the ends of values whose
// strings hold brackets, quotes and backslashes, as Members and Elements
// do.
func TestSplitFollowsStrings(t *testing.T) {
	doc := []byte(` { "a" : [ "]" , "\\" , "\"}" , { "b" : "{[" } ] , "c\"d" : -1.5e3 , "e" : true , "f" : null , "g" : { } } `)
	if !Valid(doc) {
		t.Fatalf("%s is not valid", doc)
	}
	var got, want []string
	if err := Members(doc, func(n, v []byte) error { want = append(want, string(n), string(v)); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := SplitMembers(doc, func(n, v []byte) error { got = append(got, string(n), string(v)); return nil }); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != 10 {
		t.Fatalf("SplitMembers: %q, want %q", got, want)
	}
	var elems []string
	if err := SplitElements([]byte(`[ "]" , "\\" , "\"}" , { "b" : "{[" } ]`), func(v []byte) error { elems = append(elems, string(v)); return nil }); err != nil {
		t.Fatal(err)
	}
	if want := []string{`"]"`, `"\\"`, `"\"}"`, `{ "b" : "{[" }`}; strings.Join(elems, "|") != strings.Join(want, "|") {
		t.Fatalf("SplitElements: %q, want %q", elems, want)
	}
}

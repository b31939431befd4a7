package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
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
		// A pooled parser shares keys: twice, so that
		// the second reading finds the first one's strings.
		for range 2 {
			p := pooledParser(data)
			pv, err := p.parse()
			if err != nil {
				t.Fatalf("pooled parser: %v, for %q", err, data)
			}
			if got := toStd(pv.plain()); !reflect.DeepEqual(got, want) {
				t.Fatalf("pooled parser read %#v, encoding/json read %#v, for %q", got, want, data)
			}
			// A document the parser calls compact and plain is one that
			// the stored form of a component keeps as it is.
			if !p.loose {
				d := &decoder{src: data}
				if clean := d.cleanJSON(pv); !bytes.Equal(clean, data) {
					t.Fatalf("parser found %q compact and plain; cleaned it is %q", data, clean)
				}
			}
			p.release()
		}
	})
}

// TestPooledParserSharesRightly reads, with a pooled parser, which shares
// keys, documents full of keys and values that repeat, that differ in one
// byte, that are not valid UTF-8 and that collide in its table, and holds
// every value to encoding/json's reading.
func TestPooledParserSharesRightly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	words := []string{"id", "di", "component", "Text", "Texu", `a\u00e9`, `\u00e9a`, `x\ny`, "", "k", "k ", " k",
		`\ud800`, "é", `\u00e9`, "0123456789abcdef", "0123456789abcdeg", "0123456789abcdef0"}
	for i := range 600 {
		words = append(words, fmt.Sprintf("w%d", i)) // more than the tables hold: collisions
	}
	for round := range 20 {
		var b strings.Builder
		b.WriteString("[")
		for i := range 400 {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"%s":"%s","%s":["%s","%s"]}`, words[rng.IntN(len(words))], words[rng.IntN(len(words))],
				words[rng.IntN(len(words))], words[rng.IntN(len(words))], words[rng.IntN(len(words))])
		}
		b.WriteString("]")
		data := []byte(b.String())
		if round%2 == 1 {
			data = bytes.ReplaceAll(data, []byte("é"), []byte{0xff}) // invalid UTF-8 in keys and values
		}
		var want any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			p := pooledParser(data)
			v, err := p.parse()
			if err != nil {
				t.Fatal(err)
			}
			if got := toStd(v.plain()); !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d: the pooled parser read another value than encoding/json", round)
			}
			p.release()
		}
	}
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
	if got := v.keys(); len(got) != 3 || got[0] != "z" || got[1] != "a" || got[2] != "m" {
		t.Fatalf("keys %v, want document order z a m", got)
	}
	inner, _ := v.member("a")
	if string(src[inner.start:inner.end]) != `{"k":[true,null]}` {
		t.Fatalf("span %q", src[inner.start:inner.end])
	}
	m, _ := v.member("m")
	if m.str() != "é" {
		t.Fatalf("escape read as %q", m.str())
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

// TestParseTreeHoldsNoPointer holds the parse tree's nodes free of
// pointers: building the tree then writes nothing the garbage collector
// follows, and a pooled parser's nodes are neither scanned nor cleared.
func TestParseTreeHoldsNoPointer(t *testing.T) {
	typ := reflect.TypeFor[jnode]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint, reflect.Float32, reflect.Float64:
		default:
			t.Errorf("jnode.%s is a %s: the parse tree's nodes hold numbers only", f.Name, f.Type)
		}
	}
}

// TestStringValuesOutliveTheParser reads the string values of a document
// with a pooled parser, has the parser read other documents, and checks
// that the strings read first are as they were: the blocks strings share
// are the document's, never written again. A block is no larger than what
// is left of its document.
func TestStringValuesOutliveTheParser(t *testing.T) {
	doc := func(i int) []byte {
		var b strings.Builder
		b.WriteString("[")
		for j := range 200 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"v%d-%d","%s"`, i, j, strings.Repeat("x", j%80))
		}
		b.WriteString("]")
		return []byte(b.String())
	}
	var kept [][]string
	var want [][]string
	for i := range 6 {
		data := doc(i)
		p := pooledParser(data)
		v, err := p.parse()
		if err != nil {
			t.Fatal(err)
		}
		var got, std []string
		for e := v.first(); e.ok(); e = e.next() {
			got = append(got, e.str())
		}
		if err := json.Unmarshal(data, &std); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, std) {
			t.Fatalf("document %d: the parser read other strings than encoding/json", i)
		}
		p.release()
		kept, want = append(kept, got), append(want, slices.Clone(std))
	}
	for i := range kept {
		if !reflect.DeepEqual(kept[i], want[i]) {
			t.Fatalf("the strings of document %d changed once the parser read others", i)
		}
	}
	small := []byte(`{"id":"a","text":"hello"}`)
	p := pooledParser(small)
	v, err := p.parse()
	if err != nil {
		t.Fatal(err)
	}
	first, _ := v.member("id")
	first.str()
	if c, left := p.room.Size(), len(small)-int(first.start); c > left {
		t.Fatalf("a block of %d bytes for the %d bytes left of the document", c, left)
	}
	p.release()
}

// vals returns the member values of an object or the elements of an
// array, in document order.
func (v jval) vals() []jval {
	out := make([]jval, 0, v.n)
	for x := v.first(); x.ok(); x = x.next() {
		out = append(out, x)
	}
	return out
}

package a2ui

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// deepDump writes everything reachable from v, unexported fields, pointers,
// slices and maps included, in a form that does not depend on addresses:
// two dumps are equal when the values hold the same data. A pointer seen
// before is written as a reference to where it was first met.
func deepDump(v any) string { return dumpValue(reflect.ValueOf(v)) }

func dumpValue(v reflect.Value) string {
	var b strings.Builder
	seen := map[uintptr]int{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Invalid:
			b.WriteString("<nil>")
		case reflect.Pointer:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			if id, ok := seen[v.Pointer()]; ok {
				fmt.Fprintf(&b, "@%d", id)
				return
			}
			seen[v.Pointer()] = len(seen)
			b.WriteByte('&')
			walk(v.Elem())
		case reflect.Interface:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			fmt.Fprintf(&b, "(%s)", v.Elem().Type())
			walk(v.Elem())
		case reflect.Struct:
			fmt.Fprintf(&b, "%s{", v.Type())
			for i := range v.NumField() {
				fmt.Fprintf(&b, "%s:", v.Type().Field(i).Name)
				walk(v.Field(i))
				b.WriteByte(' ')
			}
			b.WriteByte('}')
		case reflect.Slice, reflect.Array:
			if v.Kind() == reflect.Slice && v.IsNil() {
				b.WriteString("nil")
				return
			}
			b.WriteByte('[')
			for i := range v.Len() {
				walk(v.Index(i))
				b.WriteByte(',')
			}
			b.WriteByte(']')
		case reflect.Map:
			if v.IsNil() {
				b.WriteString("nil")
				return
			}
			// Entries in the order of their dumps, to be deterministic;
			// pointers inside them are numbered in that order too.
			var entries []string
			for _, k := range v.MapKeys() {
				entries = append(entries, dumpValue(k)+"="+dumpValue(v.MapIndex(k)))
			}
			sort.Strings(entries)
			fmt.Fprintf(&b, "map%v", entries)
		case reflect.Func, reflect.Chan, reflect.UnsafePointer:
			fmt.Fprintf(&b, "%s", v.Kind()) // not followed
		default:
			fmt.Fprintf(&b, "%v", v)
		}
	}
	walk(v)
	return b.String()
}

// poolStreams are batches whose decoding holds every kind of value the
// decoder keeps: v0.8 components and data model, v0.9 components with
// bindings, calls, checks and actions, and v0.9 data model values.
func poolStreams() [][]json.RawMessage {
	return [][]json.RawMessage{
		bench500(),
		bench500V09(),
		{
			json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV09ID + `","theme":{"primaryColor":"#336699"}}}`),
			json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` +
				`{"id":"root","component":"Column","children":["t","f","c"]},` +
				`{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"${/user/name} has ${formatNumber(value:${/user/n})} \u00e9l\u00e8ves\\n"},"returnType":"string"}},` +
				`{"id":"f","component":"TextField","label":"Name","value":{"path":"/user/name"},"checks":[{"condition":{"call":"required","args":{"value":{"path":"/user/name"}}},"message":"A name"}]},` +
				`{"id":"c","component":"ChoicePicker","options":[{"label":"One","value":"1"},{"label":"Two","value":"2"}],"value":{"path":"/pick"}}]}}`),
			json.RawMessage(`{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"user":{"name":"Zo\u00eb","n":3,"tags":["a","b",{"x":[1,2,null,true]}]},"pick":["1"]}}}`),
		},
	}
}

// TestPooledParserKeepsNothing decodes and applies each stream, then
// decodes and applies the others many times through the same pool of
// parsers, and checks that neither the decoded messages nor the canvas of
// the first changed: nothing decoded may point into the values a pooled
// parser hands out again.
func TestPooledParserKeepsNothing(t *testing.T) {
	streams := poolStreams()
	for i, first := range streams {
		var msgs []Message
		for _, raw := range first {
			m, _, err := DecodeMessage(raw, Options{})
			if err != nil {
				t.Fatalf("stream %d: %v", i, err)
			}
			msgs = append(msgs, m)
		}
		c, _, err := New(Options{}).ApplyJSON(first)
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		before, canvasBefore := deepDump(msgs), canvasDump(c)
		for range 2 {
			for j, other := range streams {
				if j == i {
					continue
				}
				if _, _, err := New(Options{}).ApplyJSON(other); err != nil {
					t.Fatalf("stream %d: %v", j, err)
				}
			}
		}
		if after := deepDump(msgs); after != before {
			t.Errorf("stream %d: decoding other messages changed its decoded messages:\n%s", i, firstDifference(before, after))
		}
		if after := canvasDump(c); after != canvasBefore {
			t.Errorf("stream %d: decoding other messages changed its canvas:\n%s", i, firstDifference(canvasBefore, after))
		}
	}
}

// TestPooledParserConcurrent decodes the streams from several goroutines
// at once (run with -race), each checking what it decoded against a
// decoding made alone.
func TestPooledParserConcurrent(t *testing.T) {
	streams := poolStreams()
	want := make([]string, len(streams))
	for i, s := range streams {
		c, _, err := New(Options{}).ApplyJSON(s)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = canvasDump(c)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 3)
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range len(streams) {
				i := (g + k) % len(streams)
				c, _, err := New(Options{}).ApplyJSON(streams[i])
				if err != nil {
					errs <- err.Error()
					return
				}
				if got := canvasDump(c); got != want[i] {
					errs <- fmt.Sprintf("stream %d decoded beside others differs:\n%s", i, firstDifference(want[i], got))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// canvasDump is what a canvas holds: each surface's components, data
// model and resolved tree.
func canvasDump(c *Canvas) string {
	var b strings.Builder
	for _, s := range c.Surfaces() {
		fmt.Fprintf(&b, "surface %s\n%s\ntree %s\n", s.ID(), deepDump(s), deepDump(s.Tree()))
	}
	return b.String()
}

func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("was …%s…\nnow …%s…", a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

package a2ui

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// FuzzApply feeds arbitrary streams to a canvas that already holds a shown
// surface, in strict and lenient mode. It must never panic; a refused batch
// must leave the canvas deep-equal to before; an accepted one must hold
// only clean strings and resolve to the same tree again, and pressing or
// setting any node must not panic.
func FuzzApply(f *testing.F) {
	for _, seed := range []string{
		`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"t","component":{"Text":{"text":{"literalString":"hi"}}}}]}}`,
		`[{"beginRendering":{"surfaceId":"s","root":"r"}},{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"r","component":{"Column":{"children":{"template":{"componentId":"b","dataBinding":"/items"}}}}},{"id":"b","component":{"Button":{"child":"l","action":{"name":"go","context":[{"key":"n","value":{"path":"name"}}]}}}},{"id":"l","component":{"Text":{"text":{"path":"/name"}}}}]}},{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"items","valueMap":[{"key":"a","valueMap":[{"key":"name","valueString":"A"}]}]}]}}]`,
		`{"dataModelUpdate":{"surfaceId":"base","path":"/form/x","contents":[{"key":".","valueNumber":3}]}}`,
		`{"dataModelUpdate":{"contents":{"a":{"b":"\u001b]52;c;aGk=\u0007"}}}}`,
		`{"beginRendering":{"surfaceId":"base","root":"missing"}}`,
		`{"surfaceUpdate":{"surfaceId":"base","components":[{"id":"root","component":{"Card":{"child":"root"}}}]}}`,
		`{"deleteSurface":{"surfaceId":"base"}}`,
		`{"action":{"name":"x"}}`,
		"{\"surfaceUpdate\":{\"surfaceId\":\"s\",\"components\":[{\"id\":\"t\",\"component\":{\"Text\":{\"text\":{\"literalString\":\"\xff\x1b[31mred\"}}}}]}}",
		`{"surfaceUpdate":{"surfaceId":"base","components":[{"id":"img","component":{"Image":{"url":{"literal":"https://example.com/a.png"}}}}]}}`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	base := `[{"beginRendering":{"surfaceId":"base","root":"root","styles":{"primaryColor":"#336699"}}},
{"surfaceUpdate":{"surfaceId":"base","components":[
 {"id":"root","component":{"Column":{"children":{"explicitList":["name","ok","cb","sl","mc"]}}}},
 {"id":"name","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/form/name","literalString":"Ada"}}}},
 {"id":"ok","component":{"Button":{"child":"okl","action":{"name":"ok","context":[{"key":"form","value":{"path":"/form"}}]}}}},
 {"id":"okl","component":{"Text":{"text":{"literalString":"OK"}}}},
 {"id":"cb","component":{"CheckBox":{"label":{"literalString":"Agree"},"value":{"literalBoolean":false}}}},
 {"id":"sl","component":{"Slider":{"value":{"path":"/form/n"},"minValue":0,"maxValue":10}}},
 {"id":"mc","component":{"MultipleChoice":{"selections":{"literalArray":[]},"options":[{"label":{"literalString":"A"},"value":"a"}],"maxAllowedSelections":1}}}]}}]`
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) { fuzzApplyOn(t, base, data, lenient) })
}

// fuzzApplyOn applies data to a canvas holding the base stream and checks
// what FuzzApply promises.
func fuzzApplyOn(t *testing.T, base string, data []byte, lenient bool) {
	{
		start := New(Options{Lenient: lenient})
		raws, _ := SplitStream([]byte(base))
		c, _, err := start.ApplyJSON(toRaw(raws))
		if err != nil {
			t.Fatalf("base stream refused: %v", err)
		}
		msgs, lines, err := SplitStreamLines(data)
		if err != nil {
			return
		}
		// Each message starts on a line of the file, in order.
		last := bytes.Count(data, []byte("\n")) + 1
		if len(lines) != len(msgs) {
			t.Fatalf("%d lines for %d messages", len(lines), len(msgs))
		}
		for i, l := range lines {
			if l < 1 || l > last || i > 0 && l < lines[i-1] {
				t.Fatalf("lines %v for %d messages of a file of %d lines", lines, len(msgs), last)
			}
		}
		// Message by message, each accepted state must resolve as a full
		// resolution would, however the tree was updated.
		step := c
		for _, m := range msgs {
			n, _, err := step.ApplyJSON([]json.RawMessage{m})
			if err != nil {
				continue
			}
			step = n
			for _, s := range step.Surfaces() {
				if !s.Shown() {
					continue
				}
				full, _, rerr := resolveSurface(s, lenient, false)
				if rerr != nil || Dump(full) != Dump(s.Tree()) {
					t.Fatalf("surface %q: updated tree differs from a full resolution (%v):\n%s\nwant:\n%s", s.ID(), rerr, Dump(s.Tree()), Dump(full))
				}
			}
		}
		before := snapshot(c)
		next, _, err := c.ApplyJSON(toRaw(msgs))
		if err != nil {
			if next != c {
				t.Fatal("a refused batch returned another canvas")
			}
			if !reflect.DeepEqual(before, snapshot(c)) {
				t.Fatal("a refused batch changed the canvas")
			}
			return
		}
		for _, s := range next.Surfaces() {
			checkCleanValue(t, s.Data())
			if !s.Shown() {
				continue
			}
			tree, _, rerr := resolveSurface(s, lenient, false)
			if rerr != nil {
				t.Fatalf("accepted surface %q does not resolve: %v", s.ID(), rerr)
			}
			if Dump(tree) != Dump(s.Tree()) {
				t.Fatalf("surface %q resolves differently the second time", s.ID())
			}
			if !IsClean(Dump(tree)) {
				t.Fatalf("surface %q holds unsanitized text:\n%q", s.ID(), Dump(tree))
			}
			s.Tree().Walk(func(n *Node) bool {
				_, _ = next.Press(s.ID(), n.ID, next.Version(), time.Unix(0, 0))
				for _, v := range []any{true, "x", 1.0, []any{"a"}} {
					_, _ = next.SetValue(s.ID(), n.ID, v)
				}
				return true
			})
		}
	}
}

type canvasSnapshot struct {
	Version  uint64
	Order    []string
	Surfaces map[string]Surface
	Trees    map[string]string
	Data     map[string]string
}

// snapshot copies what a canvas holds into plain values, so that a
// comparison catches a change made through shared pointers too.
func snapshot(c *Canvas) canvasSnapshot {
	s := canvasSnapshot{Version: c.version, Order: append([]string(nil), c.order...),
		Surfaces: map[string]Surface{}, Trees: map[string]string{}, Data: map[string]string{}}
	for id, sf := range c.surfaces {
		s.Surfaces[id] = *sf
		s.Trees[id] = Dump(sf.tree)
		s.Data[id] = string(MarshalValue(sf.data))
	}
	return s
}

func toRaw(raws [][]byte) []json.RawMessage {
	out := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		out[i] = r
	}
	return out
}

func checkCleanValue(t *testing.T, v any) {
	t.Helper()
	switch x := v.(type) {
	case string:
		if !IsClean(x) {
			t.Fatalf("data model holds unsanitized %q", x)
		}
	case []any:
		for _, e := range x {
			checkCleanValue(t, e)
		}
	case *Object:
		for _, k := range x.Keys() {
			if !IsClean(k) {
				t.Fatalf("data model holds unsanitized key %q", k)
			}
			e, _ := x.Get(k)
			checkCleanValue(t, e)
		}
	}
}

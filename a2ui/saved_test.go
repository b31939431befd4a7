package a2ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// savedStreams are streams of every kind: the project's own, and the
// official v0.8 and v0.9.1 samples when they are beside the repository.
func savedStreams(t *testing.T) map[string][][]byte {
	t.Helper()
	out := map[string][][]byte{}
	for _, dir := range []string{"../testdata/streams", samplesDir, "../../shared/a2ui-samples-v09"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json*"))
		if len(files) == 0 && dir != "../testdata/streams" {
			t.Logf("%s is absent: its samples are not checked", dir)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			raws, err := SplitStream(data)
			if err != nil {
				continue
			}
			for i, chunk := range chunkBySurfaces(raws) {
				out[filepath.Base(f)+"#"+string(rune('0'+i))] = chunk
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no streams found")
	}
	return out
}

// applyEach applies each message on its own, as a progressive stream
// arrives, keeping those the canvas takes.
func applyEach(c *Canvas, raws [][]byte) *Canvas {
	for _, raw := range raws {
		if next, _, err := c.ApplyJSON([]json.RawMessage{raw}); err == nil {
			c = next
		}
	}
	return c
}

// typeInto gives every input of every shown surface a value of the
// person's, as a person filling the forms in would.
func typeInto(t *testing.T, c *Canvas) *Canvas {
	t.Helper()
	for _, s := range c.Surfaces() {
		if s.Tree() == nil {
			continue
		}
		var inputs []*Node
		s.Tree().Walk(func(n *Node) bool {
			if n.IsInput() {
				inputs = append(inputs, n)
			}
			return true
		})
		for _, n := range inputs {
			var v any
			switch p := n.Props.(type) {
			case *TextFieldProps:
				if p.TextFieldType == "number" {
					v = "42"
				} else {
					v = "typed [1] {\"x\":2}"
				}
			case *CheckBoxProps:
				v = !p.Value
			case *DateTimeInputProps:
				v = "2026-05-04T10:30"
			default:
				continue
			}
			if next, err := c.SetValue(s.ID(), n.ID, v); err == nil {
				c = next
			}
		}
	}
	return c
}

// sameCanvas fails unless a and b hold the same surfaces, components,
// data, inputs and resolved trees.
func sameCanvas(t *testing.T, name string, a, b *Canvas) {
	t.Helper()
	ja, _ := json.Marshal(a.Save())
	jb, _ := json.Marshal(b.Save())
	if string(ja) != string(jb) {
		t.Errorf("%s: the restored canvas saves differently:\n--- saved\n%s\n--- restored\n%s", name, ja, jb)
		return
	}
	for _, s := range a.Surfaces() {
		r := b.Surface(s.ID())
		if r == nil {
			t.Errorf("%s: surface %s is missing", name, s.ID())
			continue
		}
		if s.Shown() != r.Shown() || Dump(s.Tree()) != Dump(r.Tree()) {
			t.Errorf("%s: surface %s draws differently:\n--- saved\n%s\n--- restored\n%s", name, s.ID(), Dump(s.Tree()), Dump(r.Tree()))
		}
	}
}

// TestSaveRestore saves canvases of every stream, with the person's values
// typed into every input, and restores them from JSON on an empty canvas:
// the same canvas comes back, to the drawn tree.
func TestSaveRestore(t *testing.T) {
	for name, raws := range savedStreams(t) {
		opts := Options{Lenient: true}
		c := typeInto(t, applyEach(New(opts), raws))
		if len(c.Surfaces()) == 0 {
			continue
		}
		data, err := json.Marshal(c.Save())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var saved SavedCanvas
		if err := json.Unmarshal(data, &saved); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := New(opts).Restore(saved)
		if err != nil {
			t.Errorf("%s: restore: %v", name, err)
			continue
		}
		sameCanvas(t, name, c, r)
		// Restored on a canvas that already has the surfaces, it
		// replaces them.
		again, err := r.Restore(saved)
		if err != nil {
			t.Errorf("%s: restore over itself: %v", name, err)
			continue
		}
		sameCanvas(t, name+" (over itself)", c, again)
	}
}

// TestRestoreKeepsInputsAndPresses checks the person's values of both
// kinds (in the data model and bound to no path) and that a restored
// button presses with the values restored.
func TestRestoreKeepsInputsAndPresses(t *testing.T) {
	c, _, err := New(Options{}).ApplyJSON(jsonl(t, `
{"surfaceUpdate":{"surfaceId":"s","components":[
 {"id":"root","component":{"Column":{"children":{"explicitList":["name","note","ok"]}}}},
 {"id":"name","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/name","literalString":"from the agent"}}}},
 {"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"literalString":""}}}},
 {"id":"ok","component":{"Button":{"child":"okl","action":{"name":"go","context":[{"key":"name","value":{"path":"/name"}}]}}}},
 {"id":"okl","component":{"Text":{"text":{"literalString":"OK"}}}}]}}
{"beginRendering":{"surfaceId":"s","root":"root"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for id, v := range map[string]string{"name": "Grace", "note": "[1,2]"} {
		if c, err = c.SetValue("s", id, v); err != nil {
			t.Fatal(err)
		}
	}
	r, err := New(Options{}).Restore(c.Save())
	if err != nil {
		t.Fatal(err)
	}
	sameCanvas(t, "form", c, r)
	if got := r.Surface("s").LocalValues()["note"]; got != "[1,2]" {
		t.Errorf("the note bound to no path is %#v, want the text typed", got)
	}
	a, err := r.Press("s", "ok", r.Version(), time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Context.Get("name"); v != "Grace" {
		t.Errorf("the restored button sends name %#v, want what the person typed, not the agent's literal", v)
	}
	// The restored surface holds the same as the one saved, though its
	// version is another; a value typed, bound or not, makes it differ.
	if !r.Surface("s").SameState(c.Surface("s")) {
		t.Error("the restored surface does not hold the same as the saved one")
	}
	for id, v := range map[string]string{"name": "Ada", "note": "[1]"} {
		other, err := r.SetValue("s", id, v)
		if err != nil {
			t.Fatal(err)
		}
		if other.Surface("s").SameState(c.Surface("s")) {
			t.Errorf("with %s set to %q, the surface is taken as the same", id, v)
		}
	}
}

// TestRestoreChecksWhatItReads feeds Restore saved canvases no canvas
// saved: hostile text is cleaned, a component of an unknown type or a
// canvas over the limit is refused and changes nothing.
func TestRestoreChecksWhatItReads(t *testing.T) {
	base, _, err := New(Options{}).ApplyJSON(jsonl(t, `{"surfaceUpdate":{"surfaceId":"keep","components":[{"id":"root","component":{"Text":{"text":{"literalString":"kept"}}}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	hostile := SavedCanvas{Surfaces: []SavedSurface{{ID: "s", Protocol: ProtocolV08, Shown: true, Root: "root",
		Components: []json.RawMessage{json.RawMessage(`{"id":"root","component":{"Text":{"text":{"path":"/t"}}}}`)},
		Data:       json.RawMessage(`{"t":"a\u001b]52;c;eA==\u0007b\u202e"}`)}}}
	r, err := base.Restore(hostile)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Surface("s").Tree().Props.(*TextProps).Text; got != "ab" {
		t.Errorf("hostile text restored as %q, want it cleaned to %q", got, "ab")
	}

	big := strings.Repeat("x", MaxStringBytes)
	var many []string
	for i := 0; i*len(big) <= MaxCanvasBytes; i++ {
		many = append(many, `"k`+string(rune('a'+i%26))+string(rune('a'+i/26))+`":"`+big+`"`)
	}
	for name, saved := range map[string]SavedCanvas{
		"unknown type": {Surfaces: []SavedSurface{{ID: "s", Protocol: ProtocolV08,
			Components: []json.RawMessage{json.RawMessage(`{"id":"root","component":{"Script":{}}}`)}, Data: json.RawMessage(`{}`)}}},
		"over the limit":  {Surfaces: []SavedSurface{{ID: "s", Protocol: ProtocolV08, Data: json.RawMessage(`{` + strings.Join(many, ",") + `}`)}}},
		"unknown version": {Surfaces: []SavedSurface{{ID: "s", Protocol: "v7", Data: json.RawMessage(`{}`)}}},
		"not JSON":        {Surfaces: []SavedSurface{{ID: "s", Protocol: ProtocolV08, Data: json.RawMessage(`{`)}}},
	} {
		got, err := base.Restore(saved)
		if err == nil {
			t.Errorf("%s: restored, want a refusal", name)
		}
		if got != base {
			t.Errorf("%s: a refused restore changed the canvas", name)
		}
	}
}

func jsonl(t *testing.T, s string) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	for _, l := range strings.Split(strings.TrimSpace(s), "\n{") {
		if !strings.HasPrefix(l, "{") {
			l = "{" + l
		}
		out = append(out, json.RawMessage(l))
	}
	return out
}

// TestComponentJSONKeepsLineBreaks checks that a component's JSON (what
// canvas.state returns and a saved canvas holds) keeps the line breaks
// of the multi-line text the views draw, in both versions.
func TestComponentJSONKeepsLineBreaks(t *testing.T) {
	c, _, err := New(Options{}).ApplyJSON(jsonl(t, `
{"surfaceUpdate":{"surfaceId":"a","components":[{"id":"root","component":{"Text":{"text":{"literalString":"one\ntwo"}}}}]}}
{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"`+BasicCatalogV09ID+`"}}
{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"root","component":"Text","text":"one\ntwo"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"a", "b"} {
		if raw := string(c.Surface(id).ComponentJSON("root")); !strings.Contains(raw, `one\ntwo`) {
			t.Errorf("surface %s: the component's JSON %s lost its line break", id, raw)
		}
	}
}

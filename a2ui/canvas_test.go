package a2ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// rawLines cuts a JSONL string into raw messages, one per non-blank line.
func rawLines(jsonl string) []json.RawMessage {
	var out []json.RawMessage
	for _, line := range strings.Split(jsonl, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, json.RawMessage(line))
		}
	}
	return out
}

// decodeBatch decodes every line of a JSONL string, failing the test on a
// refusal.
func decodeBatch(t *testing.T, opts Options, jsonl string) []Message {
	t.Helper()
	raws := rawLines(jsonl)
	msgs := make([]Message, len(raws))
	for i, raw := range raws {
		m, _, err := DecodeMessage(raw, opts)
		if err != nil {
			t.Fatalf("message %d does not decode: %v\n%s", i, err, raw)
		}
		msgs[i] = m
	}
	return msgs
}

// mustApply applies a JSONL batch with ApplyJSON, failing the test on a
// refusal.
func mustApply(t *testing.T, c *Canvas, jsonl string) *Canvas {
	t.Helper()
	next, _, err := c.ApplyJSON(rawLines(jsonl))
	if err != nil {
		t.Fatalf("batch refused: %v", err)
	}
	return next
}

// canvasOf returns a new canvas with the JSONL batch applied.
func canvasOf(t *testing.T, opts Options, jsonl string) *Canvas {
	t.Helper()
	return mustApply(t, New(opts), jsonl)
}

// nodeOf returns the node of surface sid's tree with the given id.
func nodeOf(t *testing.T, c *Canvas, sid, id string) *Node {
	t.Helper()
	s := c.Surface(sid)
	if s == nil {
		t.Fatalf("no surface %q", sid)
	}
	n := s.Tree().Find(id)
	if n == nil {
		t.Fatalf("surface %q shows no node %q; tree:\n%s", sid, id, Dump(s.Tree()))
	}
	return n
}

// childIDs lists the ids of n's children.
func childIDs(n *Node) []string {
	ids := []string{}
	for _, c := range n.Children {
		ids = append(ids, c.ID)
	}
	return ids
}

// dataJSON is the data model of surface sid as JSON text.
func dataJSON(t *testing.T, c *Canvas, sid string) string {
	t.Helper()
	s := c.Surface(sid)
	if s == nil {
		t.Fatalf("no surface %q", sid)
	}
	return string(MarshalValue(s.Data()))
}

// msgSurface is a surfaceUpdate of surface sid with the given components
// (a comma-separated list of component objects).
func msgSurface(sid, comps string) string {
	return `{"surfaceUpdate":{"surfaceId":"` + sid + `","components":[` + comps + `]}}`
}

func msgBegin(sid, root string) string {
	return `{"beginRendering":{"surfaceId":"` + sid + `","root":"` + root + `"}}`
}

func msgData(sid, path, contents string) string {
	return `{"dataModelUpdate":{"surfaceId":"` + sid + `","path":"` + path + `","contents":` + contents + `}}`
}

func textComp(id, text string) string {
	return `{"id":"` + id + `","component":{"Text":{"text":{"literalString":"` + text + `"}}}}`
}

func cardComp(id, child string) string {
	return `{"id":"` + id + `","component":{"Card":{"child":"` + child + `"}}}`
}

func columnComp(id string, children ...string) string {
	return `{"id":"` + id + `","component":{"Column":{"children":{"explicitList":["` + strings.Join(children, `","`) + `"]}}}}`
}

func listTemplate(id, item, binding string) string {
	return `{"id":"` + id + `","component":{"List":{"children":{"template":{"componentId":"` + item + `","dataBinding":"` + binding + `"}}}}}`
}

// manyEntries is a contents array of n entries k0…k(n-1), each a string of
// size bytes.
func manyEntries(n, size int) string {
	v := strings.Repeat("x", size)
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"key":"k%d","valueString":"%s"}`, i, v)
	}
	return "[" + strings.Join(items, ",") + "]"
}

// manyTexts is n Text components with ids prefix0…prefix(n-1).
func manyTexts(prefix string, n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = textComp(fmt.Sprintf("%s%d", prefix, i), "t")
	}
	return strings.Join(items, ",")
}

// shownBase is a shown surface "s" with a Column root holding a Text.
var shownBase = strings.Join([]string{
	msgSurface("s", columnComp("root", "hello")+","+textComp("hello", "Hello")),
	msgBegin("s", "root"),
}, "\n")

type refusalCase struct {
	name    string
	opts    Options
	setup   string // JSONL applied first, accepted
	batch   string // JSONL whose last message makes the batch refused
	typed   bool   // apply the batch with Apply on decoded messages
	code    Code
	index   int
	surface string
	comp    string // "" when not relevant
	path    string // "" when not checked
}

func refusalCases() []refusalCase {
	chain := make([]string, 0, MaxDepth+1)
	for i := 0; i < MaxDepth; i++ {
		chain = append(chain, cardComp(fmt.Sprintf("d%d", i), fmt.Sprintf("d%d", i+1)))
	}
	chain = append(chain, textComp(fmt.Sprintf("d%d", MaxDepth), "bottom")) // MaxDepth+1 below the root
	eight := make([]string, 0, MaxSurfaces)
	for i := 1; i <= MaxSurfaces; i++ {
		eight = append(eight, msgData(fmt.Sprintf("s%d", i), "/", `[]`))
	}
	bigData := manyEntries(20, 60000) // about 1.2 MB
	return []refusalCase{
		{
			name:  "unknown_component",
			setup: shownBase,
			batch: msgSurface("s", textComp("t2", "x")) + "\n" + msgData("s", "/", `[]`) + "\n" +
				msgSurface("s", `{"id":"chart","component":{"Chart":{"series":[]}}}`),
			code: CodeUnknownComponent, index: 2, surface: "s", comp: "chart", path: "/surfaceUpdate/components/0/component",
		},
		{
			name:  "bad_message",
			setup: shownBase,
			batch: msgSurface("s", textComp("t2", "x")) + "\n" + `{"action":{"name":"x"}}`,
			code:  CodeBadMessage, index: 1,
		},
		{
			name:  "remote_media literal",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" +
				msgSurface("s", `{"id":"img","component":{"Image":{"url":{"literalString":"https://evil.example/x.png"}}}}`),
			code: CodeRemoteMedia, index: 1, surface: "s", comp: "img", path: "/surfaceUpdate/components/0/component/Image/url",
		},
		{
			name:  "entry_without_value",
			setup: shownBase,
			batch: msgSurface("s", textComp("t2", "x")) + "\n" + msgData("s", "/", `[{"key":"a","valueString":"x"}]`) + "\n" +
				msgData("s", "/", `[{"key":"a"}]`),
			code: CodeEntryWithoutValue, index: 2, surface: "s", path: "/dataModelUpdate/contents/0",
		},
		{
			name:  "string_too_long",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", textComp("big", strings.Repeat("x", MaxStringBytes+1))),
			code:  CodeStringTooLong, index: 1, surface: "s", comp: "big", path: "/surfaceUpdate/components/0/component/Text/text/literalString",
		},
		{
			name:  "missing_property",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", `{"id":"b","component":{"Button":{"child":"hello"}}}`),
			code:  CodeMissingProperty, index: 1, surface: "s", comp: "b", path: "/surfaceUpdate/components/0/component/Button/action",
		},
		{
			name:  "bad_value",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + `{"beginRendering":{"surfaceId":"s","root":"root","styles":{"primaryColor":"blue"}}}`,
			code:  CodeBadValue, index: 1, surface: "s", path: "/beginRendering/styles/primaryColor",
		},
		{
			name:  "missing_child",
			setup: shownBase,
			batch: msgData("s", "/", `[{"key":"a","valueString":"x"}]`) + "\n" +
				msgSurface("s", columnComp("root", "hello", "ghost")),
			typed: true,
			code:  CodeMissingChild, index: 1, surface: "s", comp: "root", path: "/children/explicitList/1",
		},
		{
			name:  "missing_child deep below a card",
			setup: shownBase,
			batch: msgSurface("s", cardComp("box", "inner")) + "\n" +
				msgSurface("s", columnComp("root", "hello", "box")),
			typed: true,
			code:  CodeMissingChild, index: 1, surface: "s", comp: "box", path: "/child",
		},
		{
			name:  "missing_child of a template",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", listTemplate("root", "row", "/items")),
			typed: true,
			code:  CodeMissingChild, index: 1, surface: "s", comp: "root", path: "/children/template/componentId",
		},
		{
			name:  "cycle to itself",
			setup: shownBase,
			batch: msgSurface("s", textComp("t2", "x")) + "\n" + msgSurface("s", columnComp("root", "hello", "root")),
			typed: true,
			code:  CodeCycle, index: 1, surface: "s", comp: "root",
		},
		{
			name:  "cycle through cards",
			setup: shownBase,
			batch: msgSurface("s", cardComp("a", "b")+","+cardComp("b", "c")) + "\n" +
				msgSurface("s", cardComp("c", "a")+","+columnComp("root", "hello", "a")),
			typed: true,
			// The component whose reference closes the cycle is named.
			code: CodeCycle, index: 1, surface: "s", comp: "c",
		},
		{
			name:  "cycle through a template",
			setup: shownBase,
			batch: msgData("s", "/", `[{"key":"items","valueMap":[{"key":"x","valueString":"1"}]}]`) + "\n" +
				msgSurface("s", listTemplate("root", "item", "/items")+","+cardComp("item", "root")),
			typed: true,
			code:  CodeCycle, index: 1, surface: "s", comp: "item",
		},
		{
			name:  "cycle through a template over no data",
			setup: shownBase,
			batch: msgSurface("s", listTemplate("root", "item", "/nothing")+","+cardComp("item", "root")),
			typed: true,
			code:  CodeCycle, index: 0, surface: "s", comp: "item",
		},
		{
			name:  "too_many_surfaces",
			setup: strings.Join(eight, "\n"),
			batch: msgData("s1", "/", `[]`) + "\n" + msgData("s9", "/", `[]`),
			typed: true,
			code:  CodeTooManySurfaces, index: 1, surface: "s9",
		},
		{
			name:  "too_many_surfaces by beginRendering",
			setup: strings.Join(eight, "\n"),
			batch: msgSurface("s2", textComp("t", "x")) + "\n" + msgBegin("s9", "t"),
			typed: true,
			code:  CodeTooManySurfaces, index: 1, surface: "s9",
		},
		{
			name:  "too_many_components at 501",
			setup: shownBase + "\n" + msgSurface("s", manyTexts("a", 300)),
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", manyTexts("b", MaxComponents-302+1)),
			typed: true,
			code:  CodeTooManyComponents, index: 1, surface: "s",
		},
		{
			name:  "too_many_components in one message",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", manyTexts("b", MaxComponents+1)),
			code:  CodeTooManyComponents, index: 1, surface: "s",
		},
		{
			name:  "canvas_too_large",
			setup: msgData("a", "/", bigData),
			batch: msgSurface("b", textComp("t", "x")) + "\n" + msgData("b", "/", bigData),
			typed: true,
			code:  CodeCanvasTooLarge, index: 1, surface: "b",
		},
		{
			name: "too_many_nodes via a template",
			setup: msgSurface("s", listTemplate("root", "item", "/items")+","+textComp("item", "row")) + "\n" +
				msgData("s", "/items", manyEntries(10, 1)) + "\n" + msgBegin("s", "root"),
			batch: msgSurface("s", textComp("other", "x")) + "\n" + msgData("s", "/items", manyEntries(MaxNodes, 1)),
			typed: true,
			code:  CodeTooManyNodes, index: 1, surface: "s", comp: "item",
		},
		{
			name:  "too_deep",
			setup: shownBase,
			batch: msgData("s", "/", `[]`) + "\n" + msgSurface("s", strings.Join(chain, ",")+","+columnComp("root", "d0")),
			typed: true,
			// root is depth 0, d0 depth 1, …, d49 depth 50, d50 depth 51.
			code: CodeTooDeep, index: 1, surface: "s", comp: fmt.Sprintf("d%d", MaxDepth),
		},
		{
			name: "remote_media via a bound URL",
			setup: msgSurface("s", `{"id":"img","component":{"Image":{"url":{"path":"/pic"}}}}`) + "\n" +
				msgData("s", "/", `[{"key":"pic","valueString":"`+pngURL+`"}]`) + "\n" + msgBegin("s", "img"),
			batch: msgSurface("s", textComp("unused", "x")) + "\n" +
				msgData("s", "/pic", `[{"key":".","valueString":"https://evil.example/x.png"}]`),
			typed: true,
			code:  CodeRemoteMedia, index: 1, surface: "s", comp: "img",
		},
		{
			name: "remote_media via a bound URL in a template",
			setup: msgSurface("s", listTemplate("root", "pic", "/pics")+`,{"id":"pic","component":{"Video":{"url":{"path":"/u"}}}}`) + "\n" +
				msgBegin("s", "root"),
			batch: msgData("s", "/pics", `[{"key":"a","valueMap":[{"key":"u","valueString":"data:video/mp4;base64,AA"}]},{"key":"b","valueMap":[{"key":"u","valueString":"data:text/html,hi"}]}]`),
			typed: true,
			code:  CodeRemoteMedia, index: 0, surface: "s", comp: "pic",
		},
	}
}

// TestApplyRefusals checks each refusal Apply produces, and that a refused
// batch leaves the canvas exactly as it was: the receiver is returned, and it
// is deeply equal to a twin canvas built the same way that never saw the
// batch.
func TestApplyRefusals(t *testing.T) {
	for _, tc := range refusalCases() {
		t.Run(tc.name, func(t *testing.T) {
			before := canvasOf(t, tc.opts, tc.setup)
			twin := canvasOf(t, tc.opts, tc.setup)
			if !reflect.DeepEqual(before, twin) {
				t.Fatal("two canvases built from the same messages differ")
			}
			surfacesBefore := before.Surfaces()
			var (
				got   *Canvas
				warns []Warning
				err   error
			)
			msgs := decodeBatch(t, tc.opts, "")
			if tc.typed {
				msgs = decodeBatch(t, tc.opts, tc.batch)
			}
			got, warns, err = applyRecovering(t, before, tc.typed, msgs, tc.batch)
			if t.Failed() {
				return
			}
			e := errorOf(t, err)
			if e.Code != tc.code {
				t.Fatalf("code %s, want %s (%v)", e.Code, tc.code, e)
			}
			if e.Index != tc.index {
				t.Errorf("index %d, want %d", e.Index, tc.index)
			}
			if e.SurfaceID != tc.surface {
				t.Errorf("surface %q, want %q", e.SurfaceID, tc.surface)
			}
			if tc.comp != "" && e.ComponentID != tc.comp {
				t.Errorf("component %q, want %q", e.ComponentID, tc.comp)
			}
			if tc.path != "" && e.Path != tc.path {
				t.Errorf("path %q, want %q", e.Path, tc.path)
			}
			if e.Message == "" {
				t.Error("refusal has no message")
			}
			if warns != nil {
				t.Errorf("refusal returned warnings %v", warns)
			}
			// All or none.
			if got != before {
				t.Errorf("Apply returned %p, want the receiver %p", got, before)
			}
			if !reflect.DeepEqual(before, twin) {
				t.Errorf("the refused batch changed the canvas")
			}
			if !reflect.DeepEqual(before.Surfaces(), twin.Surfaces()) {
				t.Errorf("the refused batch changed the surfaces")
			}
			after := before.Surfaces()
			if len(after) != len(surfacesBefore) {
				t.Fatalf("%d surfaces after, %d before", len(after), len(surfacesBefore))
			}
			for i := range after {
				if after[i] != surfacesBefore[i] {
					t.Errorf("surface %d replaced", i)
				}
			}
			if before.Version() != twin.Version() {
				t.Errorf("version %d, want %d", before.Version(), twin.Version())
			}
		})
	}
}

// applyRecovering applies a batch (typed messages, or the raw JSONL) and
// turns a panic into a test failure, so that one crash does not hide the
// results of every other test in the package.
func applyRecovering(t *testing.T, c *Canvas, typed bool, msgs []Message, jsonl string) (got *Canvas, warns []Warning, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("Apply panicked instead of refusing the batch: %v", r)
		}
	}()
	if typed {
		return c.Apply(msgs)
	}
	return c.ApplyJSON(rawLines(jsonl))
}

// TestTooDeepBelowACardIsRefusedNotAPanic: a chain of Cards deeper than
// MaxDepth must be refused with too_deep. The resolver returns nil for the
// node past the limit and then adds up the subtree sizes of the Card's
// children, dereferencing that nil child.
func TestTooDeepBelowACardIsRefusedNotAPanic(t *testing.T) {
	for _, wrap := range []struct{ name, comp string }{
		{"Card", `{"id":"d%d","component":{"Card":{"child":"d%d"}}}`},
		{"Button", `{"id":"d%d","component":{"Button":{"child":"d%d","action":{"name":"x"}}}}`},
		{"Modal", `{"id":"d%d","component":{"Modal":{"entryPointChild":"d%d","contentChild":"end"}}}`},
		{"Tabs", `{"id":"d%d","component":{"Tabs":{"tabItems":[{"title":{"literalString":"t"},"child":"d%d"}]}}}`},
		{"Column", `{"id":"d%d","component":{"Column":{"children":{"explicitList":["d%d"]}}}}`},
	} {
		t.Run(wrap.name, func(t *testing.T) {
			var comps []string
			// d1 is the root (depth 0): d(MaxDepth+2) lies MaxDepth+1 below it.
			for i := 1; i <= MaxDepth+1; i++ {
				comps = append(comps, fmt.Sprintf(wrap.comp, i, i+1))
			}
			comps = append(comps, textComp(fmt.Sprintf("d%d", MaxDepth+2), "bottom"), textComp("end", "end"))
			c := New(Options{})
			got, _, err := applyRecovering(t, c, false, nil, msgSurface("s", strings.Join(comps, ","))+"\n"+msgBegin("s", "d1"))
			if t.Failed() {
				return
			}
			e := errorOf(t, err)
			if e.Code != CodeTooDeep || e.ComponentID != fmt.Sprintf("d%d", MaxDepth+2) || got != c {
				t.Errorf("%+v, want too_deep at d%d", e, MaxDepth+2)
			}
		})
	}
}

// TestApplyRefusalsAreAtTheLimit checks that one step less than each limit
// is accepted, so the limits are where the constants say.
func TestApplyRefusalsAreAtTheLimit(t *testing.T) {
	t.Run("8 surfaces", func(t *testing.T) {
		var msgs []string
		for i := 1; i <= MaxSurfaces; i++ {
			msgs = append(msgs, msgData(fmt.Sprintf("s%d", i), "/", `[]`))
		}
		c := canvasOf(t, Options{}, strings.Join(msgs, "\n"))
		if len(c.Surfaces()) != MaxSurfaces {
			t.Errorf("%d surfaces", len(c.Surfaces()))
		}
		// Deleting one in the same batch makes room for another.
		c = mustApply(t, c, `{"deleteSurface":{"surfaceId":"s3"}}`+"\n"+msgData("s9", "/", `[]`))
		if c.Surface("s3") != nil || c.Surface("s9") == nil {
			t.Error("delete then create in one batch failed")
		}
	})
	t.Run("500 components", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", manyTexts("a", 300)))
		c = mustApply(t, c, msgSurface("s", manyTexts("b", MaxComponents-300)))
		if c.Surface("s").ComponentCount() != MaxComponents {
			t.Errorf("%d components", c.Surface("s").ComponentCount())
		}
		// Redefining existing ids does not count twice.
		c = mustApply(t, c, msgSurface("s", manyTexts("a", 300)))
		if c.Surface("s").ComponentCount() != MaxComponents {
			t.Errorf("%d components after redefinition", c.Surface("s").ComponentCount())
		}
	})
	t.Run("2000 nodes", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", listTemplate("root", "item", "/items")+","+textComp("item", "row"))+"\n"+
			msgData("s", "/items", manyEntries(MaxNodes-1, 1))+"\n"+msgBegin("s", "root"))
		if n := len(c.Surface("s").Tree().Children); n != MaxNodes-1 {
			t.Errorf("%d children", n)
		}
	})
	t.Run("depth 50", func(t *testing.T) {
		// The root and MaxDepth levels below it: MaxDepth+1 nodes.
		var comps []string
		for i := 1; i <= MaxDepth; i++ {
			comps = append(comps, cardComp(fmt.Sprintf("d%d", i), fmt.Sprintf("d%d", i+1)))
		}
		comps = append(comps, textComp(fmt.Sprintf("d%d", MaxDepth+1), "bottom"))
		c := canvasOf(t, Options{}, msgSurface("s", strings.Join(comps, ","))+"\n"+msgBegin("s", "d1"))
		depth := 0
		for n := c.Surface("s").Tree(); n != nil; depth++ {
			if len(n.Children) == 0 {
				n = nil
			} else {
				n = n.Children[0]
			}
		}
		if depth != MaxDepth+1 {
			t.Errorf("%d nodes deep, want %d", depth, MaxDepth+1)
		}
	})
	t.Run("canvas size", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("a", "/", manyEntries(15, 60000)))
		c = mustApply(t, c, msgData("b", "/", manyEntries(15, 60000)))
		if c.Size() > MaxCanvasBytes || c.Size() < 30*60000 {
			t.Errorf("size %d", c.Size())
		}
		// Replacing a surface's model frees its bytes.
		c = mustApply(t, c, msgData("a", "/", `[]`)+"\n"+msgData("c", "/", manyEntries(15, 60000)))
		if c.Surface("c") == nil {
			t.Error("surface c missing")
		}
	})
}

func TestApplyMissingChildOnlyMattersWhenShownAndReachable(t *testing.T) {
	// Not shown: nothing is checked.
	c := canvasOf(t, Options{}, msgSurface("s", columnComp("root", "ghost")))
	if c.Surface("s").Shown() || c.Surface("s").Tree() != nil {
		t.Error("a surface without beginRendering is shown")
	}
	// Shown, but the missing child is not reachable from the root.
	c = canvasOf(t, Options{}, msgSurface("s", columnComp("orphan", "ghost")+","+textComp("root", "x"))+"\n"+msgBegin("s", "root"))
	if c.Surface("s").Tree().ID != "root" {
		t.Error("tree not drawn from root")
	}
	// A cycle among unreachable components is not checked either.
	canvasOf(t, Options{}, msgSurface("s", cardComp("a", "b")+","+cardComp("b", "a")+","+textComp("root", "x"))+"\n"+msgBegin("s", "root"))
}

func TestApplyVersions(t *testing.T) {
	c := New(Options{})
	if c.Version() != 0 || len(c.Surfaces()) != 0 {
		t.Fatalf("new canvas: version %d, %d surfaces", c.Version(), len(c.Surfaces()))
	}
	c1, _, err := c.Apply(decodeBatch(t, Options{}, shownBase+"\n"+msgData("t", "/", `[]`)))
	if err != nil {
		t.Fatal(err)
	}
	if c1.Version() != 1 || c.Version() != 0 {
		t.Errorf("versions %d (new) %d (old), want 1 0", c1.Version(), c.Version())
	}
	if c1.Surface("s").Version() != 1 || c1.Surface("t").Version() != 1 {
		t.Errorf("surface versions %d %d, want 1 1", c1.Surface("s").Version(), c1.Surface("t").Version())
	}
	if c.Surface("s") != nil {
		t.Error("Apply changed the receiver")
	}
	// A refused batch does not use up a version.
	if _, _, err := c1.Apply(decodeBatch(t, Options{}, msgSurface("s", columnComp("hello", "ghost")))); err == nil {
		t.Fatal("missing child accepted")
	}
	c2, _, err := c1.Apply(decodeBatch(t, Options{}, msgData("t", "/", `[{"key":"a","valueNumber":1}]`)))
	if err != nil {
		t.Fatal(err)
	}
	if c2.Version() != 2 {
		t.Errorf("version %d, want 2", c2.Version())
	}
	// Only the surfaces a batch touched get its version.
	if c2.Surface("s").Version() != 1 || c2.Surface("t").Version() != 2 {
		t.Errorf("surface versions %d %d, want 1 2", c2.Surface("s").Version(), c2.Surface("t").Version())
	}
	if c2.Surface("s") != c1.Surface("s") {
		t.Error("an untouched surface was copied")
	}
	c3 := mustApply(t, c2, `{"deleteSurface":{"surfaceId":"nothing"}}`)
	if c3.Version() != 3 {
		t.Errorf("version %d after a no-op batch, want 3", c3.Version())
	}
}

func TestApplyBeginRenderingBeforeComponents(t *testing.T) {
	// In one batch, the order does not matter.
	c := canvasOf(t, Options{}, msgBegin("s", "root")+"\n"+msgSurface("s", columnComp("root", "hello")+","+textComp("hello", "Hi")))
	if got := childIDs(c.Surface("s").Tree()); !reflect.DeepEqual(got, []string{"hello"}) {
		t.Errorf("children %v", got)
	}
	// beginRendering alone, in either mode: the surface waits for its
	// root, then shows the real tree once the components come.
	for _, opts := range []Options{{}, {Lenient: true}} {
		wc := canvasOf(t, opts, msgBegin("s", "root"))
		tree := wc.Surface("s").Tree()
		if tree == nil || tree.Type != PlaceholderType || tree.ID != "root" {
			t.Fatalf("lenient %v: tree %+v, want a root placeholder", opts.Lenient, tree)
		}
		if p, ok := tree.Props.(*PlaceholderProps); !ok || p.Missing != "root" || !p.Waiting || p.Reason == "" {
			t.Errorf("placeholder props %+v", tree.Props)
		}
	}
	lc := canvasOf(t, Options{Lenient: true}, msgBegin("s", "root"))
	lc = mustApply(t, lc, msgSurface("s", columnComp("root", "hello", "later")))
	n := lc.Surface("s").Tree()
	if n.Type != "Column" || len(n.Children) != 2 || n.Children[0].Type != PlaceholderType || n.Children[1].Props.(*PlaceholderProps).Missing != "later" {
		t.Errorf("lenient tree:\n%s", Dump(n))
	}
	lc = mustApply(t, lc, msgSurface("s", textComp("hello", "Hi")+","+textComp("later", "Bye")))
	if got := Dump(lc.Surface("s").Tree()); strings.Contains(got, PlaceholderType) {
		t.Errorf("placeholders left:\n%s", got)
	}
}

func TestApplyRepeatedBeginRendering(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", textComp("a", "A")+","+textComp("b", "B"))+"\n"+
		`{"beginRendering":{"surfaceId":"s","root":"a","catalogId":"`+MinimalCatalogID+`","styles":{"font":"Serif","primaryColor":"#112233"}}}`)
	s := c.Surface("s")
	if s.Root() != "a" || s.Styles() != (Styles{Font: "Serif", PrimaryColor: "#112233"}) || s.CatalogID() != MinimalCatalogID || !s.Shown() {
		t.Errorf("first: root %q styles %+v catalog %q shown %v", s.Root(), s.Styles(), s.CatalogID(), s.Shown())
	}
	c = mustApply(t, c, msgBegin("s", "b"))
	s = c.Surface("s")
	if s.Root() != "b" || s.Styles() != (Styles{}) || s.CatalogID() != "" || s.Tree().ID != "b" {
		t.Errorf("second: root %q styles %+v catalog %q tree %q, want b, no styles", s.Root(), s.Styles(), s.CatalogID(), s.Tree().ID)
	}
	c = mustApply(t, c, `{"beginRendering":{"surfaceId":"s","root":"a","styles":{"primaryColor":"#abcdef"}}}`)
	if s := c.Surface("s"); s.Root() != "a" || s.Styles() != (Styles{PrimaryColor: "#abcdef"}) {
		t.Errorf("third: root %q styles %+v", s.Root(), s.Styles())
	}
}

func TestApplyDeleteSurface(t *testing.T) {
	c := canvasOf(t, Options{}, shownBase+"\n"+msgData("s", "/", `[{"key":"a","valueNumber":1}]`)+"\n"+msgData("other", "/", `[]`))
	d := mustApply(t, c, `{"deleteSurface":{"surfaceId":"s"}}`)
	if d.Surface("s") != nil {
		t.Error("deleted surface still there")
	}
	if ids := surfaceIDs(d); !reflect.DeepEqual(ids, []string{"other"}) {
		t.Errorf("surfaces %v, want [other]", ids)
	}
	if c.Surface("s") == nil {
		t.Error("deleteSurface changed the old canvas")
	}
	// Created again, it starts empty and goes to the end.
	d = mustApply(t, d, msgData("s", "/", `[]`))
	if s := d.Surface("s"); s.ComponentCount() != 0 || s.Shown() || s.Root() != "" || dataJSON(t, d, "s") != "{}" {
		t.Errorf("recreated surface kept state: %d components, shown %v, data %s", s.ComponentCount(), s.Shown(), dataJSON(t, d, "s"))
	}
	if ids := surfaceIDs(d); !reflect.DeepEqual(ids, []string{"other", "s"}) {
		t.Errorf("surfaces %v, want [other s]", ids)
	}
	// Deleted and recreated in one batch: the old components are gone.
	e := mustApply(t, c, `{"deleteSurface":{"surfaceId":"s"}}`+"\n"+msgSurface("s", textComp("x", "X")))
	if s := e.Surface("s"); s.ComponentCount() != 1 || s.Shown() {
		t.Errorf("delete+create: %d components, shown %v", s.ComponentCount(), s.Shown())
	}
	if _, ok := e.Surface("s").Component("hello"); ok {
		t.Error("old component survived deleteSurface")
	}
}

func TestApplyDeleteUnknownSurfaceIsANoOp(t *testing.T) {
	c := canvasOf(t, Options{}, shownBase)
	twin := canvasOf(t, Options{}, shownBase)
	d, warns, err := c.ApplyJSON(rawLines(`{"deleteSurface":{"surfaceId":"never"}}`))
	if err != nil || len(warns) != 0 {
		t.Fatalf("%v %v", err, warns)
	}
	if d.Surface("never") != nil || !reflect.DeepEqual(d.Surfaces(), twin.Surfaces()) {
		t.Error("deleting an unknown surface changed the surfaces")
	}
	if d.Surfaces()[0] != c.Surfaces()[0] {
		t.Error("deleting an unknown surface copied another surface")
	}
}

func surfaceIDs(c *Canvas) []string {
	ids := []string{}
	for _, s := range c.Surfaces() {
		ids = append(ids, s.ID())
	}
	return ids
}

func TestApplySurfaceCreationOrder(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("zeta", "/", `[]`)+"\n"+msgSurface("alpha", textComp("t", "x"))+"\n"+msgBegin("mid", "r")+"\n"+msgSurface("mid", textComp("r", "x")))
	if ids := surfaceIDs(c); !reflect.DeepEqual(ids, []string{"zeta", "alpha", "mid"}) {
		t.Errorf("order %v, want zeta alpha mid", ids)
	}
	c = mustApply(t, c, msgData("alpha", "/", `[]`)+"\n"+msgData("zeta", "/", `[]`)+"\n"+msgData("beta", "/", `[]`))
	if ids := surfaceIDs(c); !reflect.DeepEqual(ids, []string{"zeta", "alpha", "mid", "beta"}) {
		t.Errorf("order %v after updates, want zeta alpha mid beta", ids)
	}
	c = mustApply(t, c, `{"deleteSurface":{"surfaceId":"zeta"}}`+"\n"+msgData("zeta", "/", `[]`))
	if ids := surfaceIDs(c); !reflect.DeepEqual(ids, []string{"alpha", "mid", "beta", "zeta"}) {
		t.Errorf("order %v after delete+create, want alpha mid beta zeta", ids)
	}
}

func TestApplyComponentsReplaceWholesale(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", `{"id":"t","component":{"Text":{"text":{"literalString":"a"},"usageHint":"h1"}}}`)+"\n"+msgBegin("s", "t"))
	c = mustApply(t, c, msgSurface("s", `{"id":"t","component":{"Text":{"text":{"literalString":"b"}}}}`))
	p := nodeOf(t, c, "s", "t").Props.(*TextProps)
	if p.Text != "b" || p.UsageHint != "" {
		t.Errorf("props %+v, want text b and no usage hint (no merge)", p)
	}
	c = mustApply(t, c, msgSurface("s", `{"id":"t","component":{"Divider":{}}}`))
	if n := nodeOf(t, c, "s", "t"); n.Type != "Divider" {
		t.Errorf("type %s, want Divider", n.Type)
	}
	if got := c.Surface("s").Components(); len(got) != 1 {
		t.Errorf("%d components, want 1", len(got))
	}
}

func TestApplyComponentsKeepDeclarationOrderAndJSON(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", textComp("b", "1")+","+textComp("a", "2"))+"\n"+msgSurface("s", textComp("c", "3")+","+textComp("b", "4")))
	var ids []string
	for _, comp := range c.Surface("s").Components() {
		ids = append(ids, comp.ID)
	}
	if !reflect.DeepEqual(ids, []string{"b", "a", "c"}) {
		t.Errorf("order %v, want b a c", ids)
	}
	if got := string(c.Surface("s").ComponentJSON("b")); got != textComp("b", "4") {
		t.Errorf("ComponentJSON %s", got)
	}
	if c.Surface("s").ComponentJSON("nope") != nil {
		t.Error("ComponentJSON of an unknown id")
	}
}

func TestApplyEmptyMessageRefused(t *testing.T) {
	c := New(Options{})
	got, _, err := c.Apply([]Message{{DeleteSurface: &DeleteSurface{SurfaceID: "x"}}, {}})
	if e := errorOf(t, err); e.Code != CodeBadMessage || e.Index != 1 || got != c {
		t.Errorf("%+v", e)
	}
}

func TestApplyJSONWarningsCarryIndex(t *testing.T) {
	_, warns, err := New(Options{}).ApplyJSON(rawLines(msgData("s", "/", `[]`) + "\n" + msgSurface("s", `{"id":"t","component":{"Text":{"text":{"literalString":"a"},"color":"red"}}}`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Code != CodeUnknownProperty || warns[0].Index != 1 || warns[0].ComponentID != "t" {
		t.Errorf("warnings %+v, want one unknown_property at index 1", warns)
	}
}

func TestApplySanitizedTextReachesTheTree(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"/m"}}}}`)+"\n"+
		msgData("s", "/", `[{"key":"m","valueString":"ok\u001b]8;;https://x\u0007link\u202e!"}]`)+"\n"+msgBegin("s", "t"))
	got := nodeOf(t, c, "s", "t").Props.(*TextProps).Text
	if got != "oklink!" {
		t.Errorf("text %q, want %q", got, "oklink!")
	}
}

// TestCycleErrorPathBelongsToItsComponent: a refusal's Path locates the
// problem inside the component it names. For a cycle the error names the
// component that contains itself but gives the path of the reference in
// the component that closes the cycle: a List "root" whose template item
// is a Card pointing back at "root" is reported as component "root" at
// "/child", a property a List does not have.
func TestCycleErrorPathBelongsToItsComponent(t *testing.T) {
	_, _, err := New(Options{}).ApplyJSON(rawLines(msgSurface("s", listTemplate("root", "item", "/items")+","+cardComp("item", "root")) + "\n" + msgBegin("s", "root")))
	e := errorOf(t, err)
	if e.Code != CodeCycle {
		t.Fatalf("code %s", e.Code)
	}
	ok := (e.ComponentID == "root" && e.Path == "/children/template/componentId") ||
		(e.ComponentID == "item" && e.Path == "/child")
	if !ok {
		t.Errorf("cycle reported as component %q at %q; the path is not a property of that component", e.ComponentID, e.Path)
	}
}

// TestTooManyNodesBelowACardIsRefusedNotAPanic: a List of Cards over a big
// collection crosses MaxNodes inside a Card; the batch must be refused with
// too_many_nodes, not crash the process (same nil child as above).
func TestTooManyNodesBelowACardIsRefusedNotAPanic(t *testing.T) {
	c := New(Options{})
	batch := msgData("s", "/items", manyEntries(MaxNodes/2+1, 1)) + "\n" +
		msgSurface("s", listTemplate("root", "card", "/items")+","+cardComp("card", "t")+","+textComp("t", "x")) + "\n" +
		msgBegin("s", "root")
	got, _, err := applyRecovering(t, c, false, nil, batch)
	if t.Failed() {
		return
	}
	if e := errorOf(t, err); e.Code != CodeTooManyNodes || e.SurfaceID != "s" || got != c {
		t.Errorf("%+v, want too_many_nodes", e)
	}
}

// TestApplyRefusesNilComponent: a batch built in Go whose update holds a
// nil component is refused as a whole, naming it, not a panic.
func TestApplyRefusesNilComponent(t *testing.T) {
	c := New(Options{})
	text := &Component{ID: "root", Props: &Text{Text: Bound[string]{Literal: "hi", HasLiteral: true}}}
	n, _, err := c.Apply([]Message{{SurfaceUpdate: &SurfaceUpdate{SurfaceID: "s", Components: []*Component{text, nil}}}})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeBadMessage || !strings.Contains(e.Message, "component 1") {
		t.Fatalf("Apply = %v, want a bad_message refusal naming component 1", err)
	}
	if n != c || n.Surface("s") != nil {
		t.Fatalf("the refused batch changed the canvas")
	}
}

// TestLenientBoundMediaWarns: a lenient canvas draws a picture the data
// model points at another site as a placeholder, and says so, once per
// component, where a strict one refuses it; a literal URL was warned of
// when it was decoded.
func TestLenientBoundMediaWarns(t *testing.T) {
	c := canvasOf(t, Options{Lenient: true}, msgSurface("s", listTemplate("root", "pic", "/pics")+`,{"id":"pic","component":{"Image":{"url":{"path":"/u"}}}}`)+"\n"+
		msgBegin("s", "root"))
	next, warns, err := c.ApplyJSON(rawLines(msgData("s", "/pics", `[{"key":"a","valueMap":[{"key":"u","valueString":"https://one.example/a.png"}]},{"key":"b","valueMap":[{"key":"u","valueString":"https://two.example/b.png"}]}]`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Code != CodeLenient || warns[0].ComponentID != "pic" || warns[0].Index != 0 || !strings.Contains(warns[0].Message, "shown as a placeholder") {
		t.Errorf("warnings %v, want one for the template's picture", warns)
	}
	for _, n := range next.Surface("s").Tree().Children {
		if p := n.Props.(*ImageProps); p.URL != "" || !strings.HasSuffix(p.Blocked, ".example") {
			t.Errorf("%s: %+v", n.ID, p)
		}
	}
	// A path with a literal that starts it is warned of once, when
	// decoded; a relative address is named, having no host.
	_, warns, err = New(Options{Lenient: true}).ApplyJSON(rawLines(msgSurface("s", `{"id":"img","component":{"Image":{"url":{"path":"/u","literalString":"/pics/a.png"}}}}`) + "\n" + msgBegin("s", "img")))
	if err != nil || len(warns) != 1 || !strings.Contains(warns[0].Message, `never loads "/pics/a.png"`) {
		t.Errorf("path and literal: warnings %v, %v", warns, err)
	}
}

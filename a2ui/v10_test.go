package a2ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// examplesV10Dir holds the official A2UI v1.0 examples, shared beside the
// repository.
const examplesV10Dir = "../../shared/a2ui-v1_0/examples"

// applyV10 applies raw messages to a strict canvas, failing the test on a
// refusal.
func applyV10(t *testing.T, c *Canvas, msgs ...string) *Canvas {
	t.Helper()
	raws := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		raws[i] = json.RawMessage(m)
	}
	next, _, err := c.ApplyJSON(raws)
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	return next
}

// refuseV10 applies raw messages expecting a refusal, and returns it.
func refuseV10(t *testing.T, c *Canvas, msgs ...string) *Error {
	t.Helper()
	raws := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		raws[i] = json.RawMessage(m)
	}
	_, _, err := c.ApplyJSON(raws)
	if err == nil {
		t.Fatalf("accepted, want a refusal")
	}
	return err.(*Error)
}

// treeText gathers the text of every node of a tree.
func treeText(n *Node) string {
	var b strings.Builder
	n.Walk(func(x *Node) bool {
		js, _ := json.Marshal(x.Props)
		b.Write(js)
		b.WriteByte('\n')
		return true
	})
	return b.String()
}

// literalTexts returns the literal text of every Text of a message list.
func literalTexts(v any, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		if x["component"] == "Text" {
			if s, ok := x["text"].(string); ok && !strings.Contains(s, "${") {
				out = append(out, s)
			}
		}
		for _, y := range x {
			out = literalTexts(y, out)
		}
	case []any:
		for _, y := range x {
			out = literalTexts(y, out)
		}
	}
	return out
}

// TestOfficialExamplesV10 applies every official v1.0 example strictly:
// each is accepted, speaks v1.0, and shows every literal text it has
// (Markdown markers aside).
func TestOfficialExamplesV10(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(examplesV10Dir, "*.json"))
	if len(files) == 0 {
		t.Skipf("no official v1.0 examples in %s", examplesV10Dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			raws, err := SplitStream(data)
			if err != nil {
				t.Fatal(err)
			}
			msgs := make([]json.RawMessage, len(raws))
			for i, r := range raws {
				msgs[i] = r
			}
			c, _, err := New(Options{}).ApplyJSON(msgs)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			var doc any
			_ = json.Unmarshal(data, &doc)
			var shown strings.Builder
			for _, s := range c.Surfaces() {
				if s.Protocol() != ProtocolV10 {
					t.Errorf("surface %s speaks %s", s.ID(), s.Protocol())
				}
				if s.Tree() != nil {
					shown.WriteString(treeText(s.Tree()))
				}
			}
			for _, text := range literalTexts(doc, nil) {
				plain := strings.TrimLeft(strings.ReplaceAll(strings.ReplaceAll(text, "**", ""), "*", ""), "# ")
				first := strings.Split(plain, "\n")[0]
				js, _ := json.Marshal(first)
				if !strings.Contains(shown.String(), strings.Trim(string(js), `"`)) {
					t.Errorf("text %q is not shown", first)
				}
			}
		})
	}
}

const (
	v10Create  = `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `"}}`
	v10Label   = `{"id":"label","component":"Text","text":"Go"}`
	v10Surface = `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","components":[`
)

// TestV10Rules is one case per v1.0 rule a2term enforces, each citing
// the section of the specification (a2ui_protocol.md unless named) it
// follows.
func TestV10Rules(t *testing.T) {
	cases := []struct {
		name, spec string
		msgs       []string
		code       Code   // "" when the batch is accepted
		client     string // the v1.0 error's code, when refused
		shows      string // a text the accepted surface shows
	}{
		{
			name: "createSurface carries components and data", spec: "createSurface",
			msgs:  []string{v10Surface + `{"id":"root","component":"Text","text":{"path":"/name"}}],"dataModel":{"name":"Ada"}}}`},
			shows: "Ada",
		},
		{
			name: "catalogId is optional; a component names its own", spec: "Mixable catalogs and component resolution logic",
			msgs:  []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","catalogId":"` + BasicCatalogV10ID + `","component":"Text","text":"mine"}]}}`},
			shows: "mine",
		},
		{
			name: "no catalogId anywhere: no fallback", spec: "Mixable catalogs and component resolution logic",
			msgs: []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x"}]}}`},
			code: CodeNoCatalog, client: ValidationFailed,
		},
		{
			name: "a call with no catalog anywhere: no fallback", spec: "Mixable catalogs and component resolution logic",
			msgs: []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","catalogId":"` + BasicCatalogV10ID + `","component":"Text","text":{"call":"formatString","args":{"value":"x"}}}]}}`},
			code: CodeNoCatalog, client: ValidationFailed,
		},
		{
			name: "an unknown catalog", spec: "Mixable catalogs and component resolution logic",
			msgs: []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"https://example.com/nope.json"}}`},
			code: CodeUnknownCatalog, client: ValidationFailed,
		},
		{
			name: "mixing the terminal catalog's getLocale in", spec: "Mixable catalogs and component resolution logic",
			msgs:  []string{v10Surface + `{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"${/x}"}}},{"id":"t","component":"Text","text":"z"}],"dataModel":{"x":"here"}}}`, `{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"CheckBox","label":"l","value":{"call":"getLocale","catalogId":"` + TerminalCatalogV10ID + `"}}]}}`},
			shows: `"label":"l"`,
		},
		{
			name: "the Surface type is reserved", spec: "Composition validation rules",
			msgs: []string{v10Surface + `{"id":"root","component":"Surface","child":"x"}]}}`},
			code: CodeBadValue, client: ValidationFailed,
		},
		{
			name: "createSurface twice", spec: "createSurface",
			msgs: []string{v10Create, v10Create},
			code: CodeSurfaceExists, client: ValidationFailed,
		},
		{
			name: "no theme in v1.0", spec: "evolution_guide.md 2.3",
			msgs: []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","theme":{"primaryColor":"#ff0000"}}}`},
			code: CodeUnknownProperty, client: ValidationFailed,
		},
		{
			name: "metadata extensions are kept", spec: "Extensions",
			msgs:  []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","metadata":{"extensions":{"vendor_x":{"a":1}}},"components":[{"id":"root","component":"Text","text":"ok","metadata":{"extensions":{"trace":"1"}}}]}}`},
			shows: "ok",
		},
		{
			name: "an extension key that is no UAX #31 name", spec: "Catalog Entity Naming Rules",
			msgs: []string{`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","metadata":{"extensions":{"1st-key":true}}}}`},
			code: CodeBadName, client: ValidationFailed,
		},
		{
			name: "updateDataModel needs value", spec: "updateDataModel",
			msgs: []string{v10Create, `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a"}}`},
			code: CodeMissingProperty, client: ValidationFailed,
		},
		{
			name: "updateDataModel null removes the key", spec: "updateDataModel",
			msgs:  []string{v10Surface + `{"id":"root","component":"Text","text":{"path":"/a"}}],"dataModel":{"a":"gone"}}}`, `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}`},
			shows: `"text":""`,
		},
		{
			name: "Text variants are caption and body", spec: "basic_catalog_implementation_guide.md Text",
			msgs: []string{v10Surface + `{"id":"root","component":"Text","text":"x","variant":"h1"}]}}`},
			code: CodeBadValue, client: ValidationFailed,
		},
		{
			name: "TextField has no validationRegexp", spec: "evolution_guide.md 2.2",
			msgs: []string{v10Surface + `{"id":"root","component":"TextField","label":"x","validationRegexp":"a"}]}}`},
			code: CodeUnknownProperty, client: ValidationFailed,
		},
		{
			name: "TextField placeholder", spec: "evolution_guide.md 2.2",
			msgs:  []string{v10Surface + `{"id":"root","component":"TextField","label":"x","placeholder":"Type here"}]}}`},
			shows: "Type here",
		},
		{
			name: "Slider steps are whole", spec: "evolution_guide.md 2.2",
			msgs: []string{v10Surface + `{"id":"root","component":"Slider","value":1,"max":10,"steps":2.5}]}}`},
			code: CodeBadValue, client: ValidationFailed,
		},
		{
			name: "a check's message is optional; its validationResult's shows", spec: "Component Validation & Check Rules",
			msgs:  []string{v10Surface + `{"id":"root","component":"TextField","label":"x","value":{"path":"/v"},"checks":[{"condition":{"path":"/r"}}]}],"dataModel":{"v":"","r":{"valid":false,"message":"Not yet"}}}}`},
			shows: "Not yet",
		},
		{
			name: "@index in a template", spec: "The @index function",
			msgs:  []string{v10Surface + `{"id":"root","component":"Column","children":{"componentId":"t","path":"/items"}},{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"#${@index(offset: 1)} ${name}"}}}],"dataModel":{"items":[{"name":"a"},{"name":"b"}]}}}`},
			shows: "#2 b",
		},
		{
			name: "accessibility live and hidden", spec: "Catalog-Agnostic Accessibility Requirements",
			msgs:  []string{v10Surface + `{"id":"root","component":"Text","text":"x","accessibility":{"live":"polite","hidden":true}}]}}`},
			shows: `"text":"x"`,
		},
		{
			name: "accessibility live is an enum", spec: "common_types.json AccessibilityAttributes",
			msgs: []string{v10Surface + `{"id":"root","component":"Text","text":"x","accessibility":{"live":"loud"}}]}}`},
			code: CodeBadValue, client: ValidationFailed,
		},
		{
			name: "an agentOnly function cannot be bound", spec: "callRendererFunction",
			msgs: []string{v10Surface + `{"id":"root","component":"Text","text":{"call":"notify","catalogId":"` + TerminalCatalogV10ID + `","args":{"message":"x"}}}]}}`},
			code: CodeBadCall, client: ValidationFailed,
		},
		{
			name: "a FunctionCall has no returnType in v1.0", spec: "evolution_guide.md 2.6",
			msgs: []string{v10Surface + `{"id":"root","component":"Text","text":{"call":"formatString","returnType":"string","args":{"value":"x"}}}]}}`},
			code: CodeBadCall, client: ValidationFailed,
		},
		{
			name: "a v0.9 message for a v1.0 surface", spec: "evolution_guide.md 3 (renderers)",
			msgs: []string{v10Create, `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x"}]}}`},
			code: CodeVersionMismatch,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.code != "" {
				err := refuseV10(t, New(Options{}), tc.msgs...)
				if err.Code != tc.code {
					t.Fatalf("refused with %s (%v), want %s [%s]", err.Code, err, tc.code, tc.spec)
				}
				if tc.client != "" {
					if err.ClientMessage == nil || err.ClientMessage.Version != ProtocolV10 || err.ClientMessage.Error.Code != tc.client {
						js, _ := json.Marshal(err.ClientMessage)
						t.Fatalf("client message %s, want a v1.0 %s [%s]", js, tc.client, tc.spec)
					}
				}
				return
			}
			c := applyV10(t, New(Options{}), tc.msgs...)
			s := c.Surface("s")
			if s == nil || s.Tree() == nil {
				t.Fatalf("no tree [%s]", tc.spec)
			}
			if got := treeText(s.Tree()); !strings.Contains(got, tc.shows) {
				t.Fatalf("tree does not show %q [%s]:\n%s", tc.shows, tc.spec, got)
			}
		})
	}
}

// TestV10ExtensionsKept checks metadata.extensions are kept on the surface
// and its components, as sent.
func TestV10ExtensionsKept(t *testing.T) {
	c := applyV10(t, New(Options{}), `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"`+BasicCatalogV10ID+`","metadata":{"extensions":{"vendor_x":{"a":1}}},"components":[{"id":"root","component":"Text","text":"ok","metadata":{"extensions":{"trace":"1"}}}]}}`)
	s := c.Surface("s")
	if v, ok := s.Extensions().Get("vendor_x"); !ok || v.(*Object).Len() != 1 {
		t.Fatalf("surface extensions %v", s.Extensions())
	}
	comp, _ := s.Component("root")
	if v, ok := comp.Extensions().Get("trace"); !ok || v != "1" {
		t.Fatalf("component extensions %v", comp.Extensions())
	}
}

// TestV10Action checks a press on a v1.0 button: the action in v1.0's
// shape with its userMessage, and the renderer data model when asked.
func TestV10Action(t *testing.T) {
	c := applyV10(t, New(Options{}), `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"`+BasicCatalogV10ID+`","sendDataModel":true,"components":[{"id":"root","component":"Button","child":"label","action":{"event":{"name":"go","userMessage":{"call":"formatString","args":{"value":"Went with ${/n}"}},"context":{"n":{"path":"/n"}}}}},`+v10Label+`],"dataModel":{"n":3}}}`)
	a, err := c.Press("s", "root", c.Version(), time.Date(2026, 6, 2, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":"v1.0","action":{"name":"go","surfaceId":"s","sourceComponentId":"root","timestamp":"2026-06-02T08:00:00.000Z","context":{"n":3},"userMessage":"Went with 3"}}`
	if got := string(a.Message()); got != want {
		t.Fatalf("action\n%s\nwant\n%s", got, want)
	}
	if got, want := string(a.ClientDataModel()), `{"version":"v1.0","surfaces":{"s":{"n":3}}}`; got != want {
		t.Fatalf("data model %s, want %s", got, want)
	}
}

// TestV10FunctionsBothWays checks callRendererFunction (allowed callers,
// unknown catalogs and functions, a value back) and a button calling a
// function of the agent's: callAgentFunction, the button waiting, the
// agent's answer.
func TestV10FunctionsBothWays(t *testing.T) {
	c := applyV10(t, New(Options{}), v10Surface+`{"id":"root","component":"Column","children":["b","f"]},{"id":"b","component":"Button","child":"label","action":{"functionCall":{"call":"verifyProvider","args":{"id":{"path":"/id"}}}}},`+v10Label+`,{"id":"f","component":"TextField","label":"Name"}],"dataModel":{"id":"PRV-1"}}}`)
	call := func(id, fn, cat, args string) string {
		next := applyV10(t, c, `{"version":"v1.0","callRendererFunction":{"functionCallId":"`+id+`","callFunction":{"call":"`+fn+`","catalogId":"`+cat+`"`+args+`}}}`)
		out := next.Outbox()
		if len(out) != 1 {
			t.Fatalf("%s: %d messages out", fn, len(out))
		}
		return string(out[0].Message)
	}
	for _, tc := range []struct{ id, fn, cat, args, want string }{
		{"1", "required", BasicCatalogV10ID, `,"args":{"value":"x"}`, `{"version":"v1.0","error":{"code":"INVALID_FUNCTION_CALL","message":"function \"required\" is rendererOnly and cannot be called by the agent","functionCallId":"1"}}`},
		{"2", "nothing", TerminalCatalogV10ID, ``, `"code":"INVALID_FUNCTION_CALL"`},
		{"3", "focus", "https://example.com/c.json", ``, `{"version":"v1.0","error":{"code":"UNKNOWN_FUNCTION"`},
		{"4", "getLocale", TerminalCatalogV10ID, ``, `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"4","value":{"locale":"en-US","timeZone":"UTC"}}}`},
		{"5", "focus", TerminalCatalogV10ID, `,"args":{"surfaceId":"s","componentId":"f"}`, `{"version":"v1.0","rendererFunctionResponse":{"functionCallId":"5","value":null}}`},
		{"6", "focus", TerminalCatalogV10ID, `,"args":{"surfaceId":"s","componentId":"nope"}`, `"error":{"code":"EXECUTION_FAILED"`},
	} {
		if got := call(tc.id, tc.fn, tc.cat, tc.args); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %s\nwant %s", tc.fn, got, tc.want)
		}
	}
	if next := applyV10(t, c, `{"version":"v1.0","callRendererFunction":{"functionCallId":"n","callFunction":{"call":"notify","catalogId":"`+TerminalCatalogV10ID+`","args":{"message":"Saved"}}}}`); len(next.Requests()) != 1 || next.Requests()[0].Text != "Saved" {
		t.Fatalf("notify requests %+v", next.Requests())
	}

	now := time.Date(2026, 6, 2, 8, 0, 0, 0, time.UTC)
	a, err := c.Press("s", "b", c.Version(), now)
	if err != nil {
		t.Fatal(err)
	}
	if a.AgentCall == nil {
		t.Fatal("the press calls no agent function")
	}
	msg := string(a.Message())
	if !strings.HasPrefix(msg, `{"version":"v1.0","callAgentFunction":{"surfaceId":"s","functionCallId":"`) || !strings.HasSuffix(msg, `"callFunction":{"call":"verifyProvider","args":{"id":"PRV-1"}}}}`) {
		t.Fatalf("callAgentFunction %s", msg)
	}
	waiting, err := c.StartCall(a.AgentCall)
	if err != nil {
		t.Fatal(err)
	}
	bp := waiting.Surface("s").Tree().Find("b").Props.(*ButtonProps)
	// Waiting, not failing: the note is not a check's message.
	if !bp.Disabled || len(bp.Checks) != 0 || bp.Waiting != "waiting for the agent's verifyProvider until 08:01:00 UTC" {
		t.Fatalf("button while waiting: %+v", bp)
	}
	if _, err := waiting.Press("s", "b", waiting.Version(), now); err == nil {
		t.Fatal("a press while the call waits was taken")
	}
	answered := applyV10(t, waiting, `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"`+a.AgentCall.FunctionCallID+`","value":{"valid":true}}}`)
	if bp := answered.Surface("s").Tree().Find("b").Props.(*ButtonProps); bp.Disabled {
		t.Fatalf("button after the answer: %+v", bp)
	}
	if r := answered.Requests(); len(r) != 1 || r[0].Text != `verifyProvider answered: {"valid":true}` {
		t.Fatalf("requests %+v", r)
	}
	if err := refuseV10(t, answered, `{"version":"v1.0","agentFunctionResponse":{"functionCallId":"`+a.AgentCall.FunctionCallID+`","value":1}}`); err.Code != CodeBadValue {
		t.Fatalf("a second answer: %v", err)
	}
	expired, gone := waiting.ExpireCalls(now.Add(MaxAgentCallWait))
	if len(gone) != 1 || expired.Surface("s").Tree().Find("b").Props.(*ButtonProps).Disabled {
		t.Fatalf("expiry: %d gone", len(gone))
	}
}

// TestV10Composition checks allowedParents and allowedChildren with the
// reserved Surface root (a2ui_protocol.md, Composition validation rules),
// against a catalog definition that restricts three basic components.
func TestV10Composition(t *testing.T) {
	const id = "https://example.com/menu/catalog.json"
	def, err := ParseCatalogDef("menu.json", []byte(`{"catalogId":"`+id+`","protocolVersion":"1.0","components":{
		"Column":{"properties":{"component":{"const":"Column"},"children":{"$ref":"common_types.json#/$defs/ChildList"}},"allowedParents":["Surface"],"allowedChildren":["Text"]},
		"Text":{"properties":{"component":{"const":"Text"},"text":{"$ref":"common_types.json#/$defs/DynamicString"}},"allowedParents":["Column"]},
		"Row":{"properties":{"component":{"const":"Row"},"children":{"$ref":"common_types.json#/$defs/ChildList"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Catalogs: []*CatalogDef{def}}
	create := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + id + `","components":[`
	applyV10(t, New(opts), create+`{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"Text","text":"fine"}]}}`)
	for _, tc := range []struct {
		name, comps string
		code        Code
		client      string
	}{
		{"a Column only at the top", `{"id":"root","component":"Row","children":["c"]},{"id":"c","component":"Column","children":[]}`, CodeUnallowedParent, UnallowedParent},
		{"a Text only in a Column", `{"id":"root","component":"Text","text":"x"}`, CodeUnallowedParent, UnallowedParent},
		{"a Column holds only Text", `{"id":"root","component":"Column","children":["r"]},{"id":"r","component":"Row","children":[]}`, CodeUnallowedChild, UnallowedChild},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := refuseV10(t, New(opts), create+tc.comps+`]}}`)
			if err.Code != tc.code || err.ClientMessage == nil || err.ClientMessage.Error.Code != tc.client {
				js, _ := json.Marshal(err.ClientMessage)
				t.Fatalf("refused with %v, %s; want %s", err, js, tc.client)
			}
		})
	}
}

// TestV10Bounds checks the bounds v1.0 adds, each with its hostile input:
// a Slider of a billion steps, and more calls of the agent's functions
// waiting at once than MaxAgentCalls.
func TestV10Bounds(t *testing.T) {
	err := refuseV10(t, New(Options{}), v10Surface+`{"id":"root","component":"Slider","value":1,"max":10,"steps":1000000000}]}}`)
	if err.Code != CodeBadValue || !strings.Contains(err.Message, "steps") {
		t.Fatalf("a billion steps: %v", err)
	}
	c := applyV10(t, New(Options{}), v10Surface+`{"id":"root","component":"Button","child":"label","action":{"functionCall":{"call":"slow"}}},`+v10Label+`]}}`)
	now := time.Date(2026, 6, 2, 8, 0, 0, 0, time.UTC)
	for i := range MaxAgentCalls + 1 {
		a := &AgentCall{FunctionCallID: "c" + strings.Repeat("x", i), SurfaceID: "s", NodeID: "root", Call: "slow", Deadline: now.Add(time.Minute)}
		next, err := c.StartCall(a)
		if i < MaxAgentCalls && err != nil {
			t.Fatalf("call %d refused: %v", i, err)
		}
		if i == MaxAgentCalls {
			if err == nil {
				t.Fatalf("call %d of %d taken", i+1, MaxAgentCalls)
			}
			return
		}
		c = next
	}
}

package mcpserver

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// TestDescriptionsTeachV10First: the tools teach A2UI v1.0 before
// v0.9.1 and v0.8, which they say are accepted too; the wait says what a
// v1.0 press and v1.0's function calls bring back.
func TestDescriptionsTeachV10First(t *testing.T) {
	for _, w := range []string{
		`"version": "v1.0"`, "createSurface", `"components": [...], "dataModel": {...}}`, "updateComponents", "updateDataModel", `"value": null removes it`,
		"callRendererFunction", "agentFunctionResponse", "callAgentFunction", a2ui.TerminalCatalogV10ID, `"component": "TextField"`, "placeholder", "steps",
		`{"path": "/form/email"}`, `{"call": "formatString"`, `"checks": [{"condition"`, `"action": {"event": {"name": "send"`, "disables the button",
		"v0.9.1 is accepted too", "v0.8 is accepted too",
	} {
		if !strings.Contains(showDescription, w) {
			t.Errorf("canvas_show's description does not teach %s", w)
		}
	}
	v10, v09, v08 := strings.Index(showDescription, `"version": "v1.0"`), strings.Index(showDescription, "v0.9.1 is accepted too"), strings.Index(showDescription, "beginRendering")
	if v10 < 0 || v09 < v10 || v08 < v09 {
		t.Errorf("canvas_show's description teaches v1.0 at %d, v0.9.1 at %d, v0.8 at %d", v10, v09, v08)
	}
	for _, w := range []string{
		`{"version": "v1.0", "action": {name, surfaceId, sourceComponentId, timestamp, context, userMessage}}`, "a2uiRendererDataModel", "callAgentFunction",
		"rendererFunctionResponse", `{"version": "v0.9", "action": {...}}`, "a2uiClientDataModel", "sendDataModel", `{"userAction"`,
	} {
		if !strings.Contains(waitDescription, w) {
			t.Errorf("canvas_wait's description lacks %s", w)
		}
	}
	if i, j, k := strings.Index(instructions, "v1.0"), strings.Index(instructions, "v0.9.1"), strings.Index(instructions, "v0.8"); i < 0 || j < i || k < j {
		t.Errorf("the server's instructions: %s", instructions)
	}
	version := showSchema().Properties["messages"].Items.Properties["version"]
	if len(version.Enum) == 0 || version.Enum[0] != "v1.0" {
		t.Errorf("canvas_show's input schema lists versions %v", version.Enum)
	}
}

// TestDescriptionExampleWorks plays the example canvas_show's description
// gives, as an agent would copy it: one v1.0 createSurface with its
// components and data model is accepted, its button is disabled until the
// address is valid, and the press reaches canvas_wait as the v1.0 action
// with the surface's data model as a2uiRendererDataModel.
func TestDescriptionExampleWorks(t *testing.T) {
	var msgs []any
	if err := json.Unmarshal([]byte(showExample), &msgs); err != nil {
		t.Fatalf("the example is not JSON: %v", err)
	}
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 30*time.Second)
	res := e.call(t, ctx, "canvas_show", map[string]any{"messages": msgs})
	if res.IsError || !strings.HasPrefix(summary(res), "Shown: main (5 components).") || !strings.Contains(resultText(res), `"warnings":[]`) {
		t.Fatalf("the example: %s", resultText(res))
	}
	if p := e.hub.Snapshot().Canvas.Surface("main").Protocol(); p != a2ui.ProtocolV10 {
		t.Errorf("the example made a %s surface", p)
	}
	err := e.hub.Press(hub.Web, "main", "ok", e.hub.Snapshot().Canvas.Version())
	if !errorsIsCode(err, a2ui.CodeChecksFailed) {
		t.Errorf("a press before an address was given: %v", err)
	}
	if err := e.hub.SetValue(hub.Web, "main", "email", "ada@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := e.hub.Press(hub.Web, "main", "ok", e.hub.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
	if s := summary(res); s != `The person pressed send on main (web): email="ada@example.org"` {
		t.Errorf("the wait: %s", resultText(res))
	}
	var out struct {
		Action struct {
			Version string `json:"version"`
			Action  struct {
				Name    string            `json:"name"`
				Context map[string]string `json:"context"`
			} `json:"action"`
		} `json:"action"`
		DataModel struct {
			Version  string                       `json:"version"`
			Surfaces map[string]map[string]string `json:"surfaces"`
		} `json:"a2uiRendererDataModel"`
		ClientDataModel json.RawMessage `json:"a2uiClientDataModel"`
	}
	structured(t, res, &out)
	if out.Action.Version != "v1.0" || out.Action.Action.Name != "send" || out.Action.Action.Context["email"] != "ada@example.org" ||
		out.DataModel.Version != "v1.0" || len(out.DataModel.Surfaces) != 1 || out.DataModel.Surfaces["main"]["email"] != "ada@example.org" || out.ClientDataModel != nil {
		t.Errorf("the wait's result: %s", resultText(res))
	}
}

// TestV10FunctionCalls: through the tools, an agent calls a2term's
// function with callRendererFunction and reads the answer with
// canvas_wait; a press on a button calling the agent's function comes as
// callAgentFunction, which agentFunctionResponse through canvas_show
// answers.
func TestV10FunctionCalls(t *testing.T) {
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 30*time.Second)
	msgs := []any{
		json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
			`{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"verify","args":{"id":{"path":"/id"}}}}},` +
			`{"id":"l","component":"Text","text":"Check"}],"dataModel":{"id":"PRV-7"}}}`),
		json.RawMessage(`{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"getLocale","catalogId":"` + a2ui.TerminalCatalogV10ID + `"}}}`),
	}
	if res := e.call(t, ctx, "canvas_show", map[string]any{"messages": msgs}); res.IsError {
		t.Fatalf("show: %s", resultText(res))
	}
	res := e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
	if s := summary(res); s != `Your call "c1" was answered (see action).` || !strings.Contains(resultText(res), `"rendererFunctionResponse":{"functionCallId":"c1","value":{"locale":"en-US"`) {
		t.Errorf("the answer: %s", resultText(res))
	}
	if err := e.hub.Press(hub.Terminal, "s", "root", e.hub.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	res = e.call(t, ctx, "canvas_wait", map[string]any{"seconds": 5})
	var out struct {
		Action struct {
			Call struct {
				FunctionCallID string `json:"functionCallId"`
			} `json:"callAgentFunction"`
		} `json:"action"`
	}
	structured(t, res, &out)
	id := out.Action.Call.FunctionCallID
	if id == "" || !strings.HasPrefix(summary(res), "The person's press on s calls your function verify") {
		t.Fatalf("the call: %s", resultText(res))
	}
	answer := json.RawMessage(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":` + strconv.Quote(id) + `,"value":true}}`)
	if res := e.call(t, ctx, "canvas_show", map[string]any{"messages": []any{answer}}); res.IsError {
		t.Fatalf("the response: %s", resultText(res))
	}
	if n := len(e.hub.Snapshot().Canvas.Calls()); n != 0 {
		t.Errorf("%d calls still wait after the response", n)
	}
	if s := summary(e.call(t, ctx, "canvas_info", map[string]any{})); !strings.Contains(s, "v0.9.1, v1.0 (5 catalogs: a2uiRendererCapabilities for v1.0") {
		t.Errorf("the info counts the v1.0 catalogs in: %s", s)
	}
}

func errorsIsCode(err error, code a2ui.Code) bool {
	r, ok := err.(*a2ui.Error)
	return ok && r.Code == code
}

// TestRefusalAdvice: a refused v0.9 message gets advice in v0.9.1's
// words, a v0.8 one in v0.8's, and every code a batch can be refused for
// has advice of its own. (An unknown version never reaches a2term here:
// the input schema lists the versions.)
func TestRefusalAdvice(t *testing.T) {
	e := standalone(t, Options{NoWeb: true})
	ctx := testCtx(t, 30*time.Second)
	create := json.RawMessage(`{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}`)
	for _, tc := range []struct {
		name string
		msgs []any
		code a2ui.Code
		fix  string
	}{
		{
			"v0.9 unknown component",
			[]any{create, json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Chart"}]}}`)},
			a2ui.CodeUnknownComponent, `written as "component": "Text" beside its properties`,
		},
		{
			"v0.8 unknown component",
			[]any{json.RawMessage(`{"surfaceUpdate":{"surfaceId":"o","components":[{"id":"root","component":{"Chart":{}}}]}}`)},
			a2ui.CodeUnknownComponent, "MultipleChoice",
		},
		{
			"v0.9 bad value",
			[]any{create, json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"x","variant":"h7"}]}}`)},
			a2ui.CodeBadValue, `a function call {"call": "formatString"`,
		},
		{
			"unknown function",
			[]any{create, json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"shout","args":{}}}]}}`)},
			a2ui.CodeUnknownFunction, "formatCurrency",
		},
		{
			"bad call",
			[]any{create, json.RawMessage(`{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":{"call":"formatCurrency","args":{"value":3}}}]}}`)},
			a2ui.CodeBadCall, `formatCurrency {"value", "currency"}`,
		},
		{
			"version mismatch",
			[]any{create, json.RawMessage(`{"dataModelUpdate":{"surfaceId":"s","contents":[]}}`)},
			a2ui.CodeVersionMismatch, "keeps the A2UI version that created it",
		},
		{
			"unknown catalog",
			[]any{json.RawMessage(`{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"https://example.com/c.json"}}`)},
			a2ui.CodeUnknownCatalog, a2ui.BasicCatalogV09ID,
		},
		{"surface exists", []any{create, create}, a2ui.CodeSurfaceExists, "deleteSurface first"},
		{
			"v1.0 no catalog",
			[]any{json.RawMessage(`{"version":"v1.0","createSurface":{"surfaceId":"n","components":[{"id":"root","component":"Text","text":"x"}]}}`)},
			a2ui.CodeNoCatalog, `give createSurface a "catalogId"`,
		},
		{
			"unknown surface",
			[]any{json.RawMessage(`{"version":"v0.9.1","updateDataModel":{"surfaceId":"nope","value":{}}}`)},
			a2ui.CodeUnknownSurface, "send createSurface",
		},
		{
			"bad path",
			[]any{create, json.RawMessage(`{"version":"v0.9.1","updateDataModel":{"surfaceId":"s","value":{"a":"text"}}}`), json.RawMessage(`{"version":"v0.9.1","updateDataModel":{"surfaceId":"s","path":"/a/b","value":1}}`)},
			a2ui.CodeBadPath, "nothing is written inside a string",
		},
		{
			"bad message",
			[]any{json.RawMessage(`{"version":"v0.9.1"}`)},
			a2ui.CodeBadMessage, "exactly one of createSurface, updateComponents, updateDataModel, deleteSurface",
		},
	} {
		res := e.call(t, ctx, "canvas_show", map[string]any{"messages": tc.msgs})
		var body struct {
			Error struct {
				Code a2ui.Code `json:"code"`
				Fix  string    `json:"fix"`
			} `json:"error"`
		}
		text := resultText(res)
		if !res.IsError || !strings.Contains(text, "\n") || json.Unmarshal([]byte(text[:strings.IndexByte(text, '\n')]), &body) != nil {
			t.Errorf("%s: %s", tc.name, text)
			continue
		}
		if body.Error.Code != tc.code || !strings.Contains(body.Error.Fix, tc.fix) || !strings.Contains(summary(res), "Fix: "+body.Error.Fix) {
			t.Errorf("%s: code %s, fix %q; want %s and %q\n%s", tc.name, body.Error.Code, body.Error.Fix, tc.code, tc.fix, text)
		}
	}
	generic := fixFor(&a2ui.Error{Code: "no_such_code"})
	for _, c := range []a2ui.Code{
		a2ui.CodeBadMessage, a2ui.CodeMissingProperty, a2ui.CodeBadValue, a2ui.CodeUnknownComponent, a2ui.CodeMissingChild,
		a2ui.CodeCycle, a2ui.CodeEntryWithoutValue, a2ui.CodeRemoteMedia, a2ui.CodeTooManySurfaces, a2ui.CodeTooManyComponents, a2ui.CodeCanvasTooLarge,
		a2ui.CodeTooManyNodes, a2ui.CodeTooDeep, a2ui.CodeStringTooLong, a2ui.CodeBadPath, a2ui.CodeUnknownSurface, a2ui.CodeUnknownFunction,
		a2ui.CodeBadCall, a2ui.CodeChecksFailed, a2ui.CodeUnsupportedVersion, a2ui.CodeVersionMismatch, a2ui.CodeSurfaceExists, a2ui.CodeUnknownCatalog,
		a2ui.CodeNoCatalog, a2ui.CodeUnallowedParent, a2ui.CodeUnallowedChild, a2ui.CodeBadName,
	} {
		if fixFor(&a2ui.Error{Code: c}) == generic {
			t.Errorf("no advice of its own for %s", c)
		}
	}
}

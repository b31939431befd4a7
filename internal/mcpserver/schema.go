package mcpserver

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

const instructions = "a2term gives you a canvas the person watches: show A2UI v1.0 surfaces (v0.9.1 and v0.8 are accepted too) with canvas_show, read what they press with canvas_wait (call it again when it says no answer came), read their inputs with canvas_state, and learn the limits, viewers, A2UI versions, catalogs and functions with canvas_info."

// a2uiBasics is the primer the tools teach: A2UI v1.0 first, then what
// differs in v0.9.1 and v0.8, which a2term accepts too.
const a2uiBasics = `A2UI v1.0: every message has "version": "v1.0" and one of createSurface, updateComponents, updateDataModel, deleteSurface, callRendererFunction, agentFunctionResponse. createSurface {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true, "components": [...], "dataModel": {...}} makes a surface and may hold its first components and data model (catalogId: the default catalog of its components and calls; sendDataModel: its whole data model comes with every action); the component whose id is "root" is drawn. updateComponents {"surfaceId": "main", "components": [...]} adds or replaces components, a flat list, each {"id": "email", "component": "TextField", ...its properties}; containers name children by id ("children": ["a", "b"]; Card and Button "child": "id"), or repeat one per list item ("children": {"componentId": "row", "path": "/items"}, paths inside it relative to the item). A property is a literal ("Hi", 3, true), a binding {"path": "/form/email"} into the data model, or a function call {"call": "formatString", "args": {"value": "Hello, ${/form/name}"}}; functions: formatString, formatNumber, formatCurrency {"value", "currency": "EUR"}, formatDate {"value", "format": "d MMM"}, pluralize, required, regex {"value", "pattern"}, length {"value", "min", "max"}, numeric, email, and, or, not, openUrl. updateDataModel {"surfaceId": "main", "path": "/form", "value": {...}} sets the value at path (no path: the whole model; "value": null removes it). Inputs write what the person enters at their "value" path: TextField (label, value, placeholder, variant shortText/longText/number/obscured), CheckBox (label, value), Slider (label, min, max, steps, value), ChoicePicker (label, options [{"label", "value"}], value: a list, variant multipleSelection/mutuallyExclusive), DateTimeInput (value, enableDate, enableTime). "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/form/email"}}}, "message": "Not an email address"}] on an input shows the message while the condition is false; on a Button it also disables the button until every condition holds. A Button {"child": "label_id", "variant": "primary", "action": {"event": {"name": "send", "context": {"email": {"path": "/form/email"}}}}} sends the action canvas_wait returns. Basic catalog: Text (Markdown, "# " for headings; variant caption, body), Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Modal, Divider, Button, TextField, CheckBox, ChoicePicker, Slider, DateTimeInput. a2term's own functions (catalog ` + terminalCatalog + `, listed in canvas_info's a2uiRendererCapabilities): callRendererFunction {"functionCallId": "c1", "callFunction": {"call": "notify", "catalogId": "` + terminalCatalog + `", "args": {"message": "Saved"}}} runs focus, scrollIntoView, notify or getLocale, and canvas_wait returns its rendererFunctionResponse. A Button whose action is {"functionCall": {...}} naming a function of yours (in no catalog of the surface) sends callAgentFunction through canvas_wait and waits for your agentFunctionResponse {"functionCallId", "value"} (or "error": {"code", "message"}). v0.9.1 is accepted too ("version": "v0.9.1" or "v0.9"): the same components and functions, but createSurface {"surfaceId", "catalogId": "` + a2ui.BasicCatalogV09ID + `", "sendDataModel"} holds no components, updateDataModel without value removes, and Text variants are h1-h5, caption, body. v0.8 is accepted too (messages without "version"): surfaceUpdate {"surfaceId", "components": [{"id", "component": {"Text": {"text": {"literalString": "Hi"}}}}]}, dataModelUpdate {"surfaceId", "contents": [{"key": "note", "valueString": "hi"}]}, beginRendering {"surfaceId", "root": "root"} to show it, deleteSurface; values {"literalString"} or {"path"}; a Button's "action": {"name", "context": [{"key", "value": {"path"}}]}. A surface keeps the version that created it.`

// basicCatalog is the v1.0 basic catalog's id, and terminalCatalog that
// of a2term's own functions.
const (
	basicCatalog    = a2ui.BasicCatalogV10ID
	terminalCatalog = a2ui.TerminalCatalogV10ID
)

// showExample is the batch canvas_show's description gives: a v1.0 form,
// created with its components and data model, whose button waits for a
// valid address (a test shows it).
const showExample = `[{"version": "v1.0", "createSurface": {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true, "components": [{"id": "root", "component": "Column", "children": ["t", "email", "ok"]}, {"id": "t", "component": "Text", "text": "### Where should the invoice go?"}, {"id": "email", "component": "TextField", "label": "Email", "placeholder": "you@example.org", "value": {"path": "/email"}, "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Not an email address"}]}, {"id": "ok", "component": "Button", "child": "okl", "variant": "primary", "action": {"event": {"name": "send", "context": {"email": {"path": "/email"}}}}, "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Give an address first"}]}, {"id": "okl", "component": "Text", "text": "Send"}], "dataModel": {"email": ""}}}]`

var showDescription = `Show or update surfaces on the person's canvas (in their terminal or browser). Send a batch of A2UI agent-to-renderer messages, v1.0 (v0.9.1 and v0.8 ones are accepted too; canvas_info lists the versions, catalogs and functions); the batch applies all or none. ` + a2uiBasics + ` A refused batch changes nothing; the error says which message, what is wrong and how to fix it (for a v1.0 or v0.9 message also clientMessage, the specification's error message to the agent). Example: ` + showExample

var waitDescription = `Wait for the person's next action on the canvas (a Button press), up to seconds (0 only looks, at most 600). Returns the A2UI renderer-to-agent message the press became, ready to forward: for a v1.0 surface {"version": "v1.0", "action": {name, surfaceId, sourceComponentId, timestamp, context, userMessage}}, with a2uiRendererDataModel {"version": "v1.0", "surfaces": {"<surfaceId>": its data model}} beside it when the surface was created with sendDataModel; for v1.0 also callAgentFunction {surfaceId, functionCallId, callFunction} (answer it with agentFunctionResponse through canvas_show), rendererFunctionResponse {functionCallId, value or error} (the answer to your callRendererFunction) and error {code, message, surfaceId or functionCallId}; for a v0.9 surface {"version": "v0.9", "action": {...}} with a2uiClientDataModel; for v0.8 {"userAction": {name, surfaceId, sourceComponentId, timestamp, context}}. context holds the values the action's context named, evaluated when the button was pressed (what the person typed and chose); and where the person pressed (terminal or web); or timedOut when no answer came in time. A button whose checks fail cannot be pressed, so what comes passed them. A request without a progress token waits at most ` + fmtSeconds(MaxWaitWithoutProgress.Seconds()) + `; with one, a2term reports progress while it waits. When no answer came, call canvas_wait again: the person may still be reading. Each action is delivered once, oldest first, with an actionId; a wait you cancel leaves its action for the next wait, which gets it marked redelivered. You may have several waits outstanding: ` + strconv.Itoa(MaxWaitsAtCanvas) + ` wait at the canvas at once and the others wait their turn, their seconds running (one whose seconds run out first comes back with no answer); the other tools never wait behind them.`

const stateDescription = `Read the canvas: every surface (or only surfaceId) with its A2UI version (protocol), its components as you sent them, its data model with the person's current inputs, and whether it is shown. Use it to read a form without waiting for a press.`

const infoDescription = `Describe the canvas: where it is (attached to the person's a2term, or a canvas of its own seen in the web mirror), every limit (surfaces, components, bytes, wait seconds, queued actions), how many watch in the web mirror and whether one runs, the A2UI versions, catalogs and functions a2term accepts (a2uiRendererCapabilities for v1.0, with the functions you may call with callRendererFunction; a2uiClientCapabilities for v0.9.1), the locale and time zone functions format with, and a2term's version. For a canvas of its own it also gives the mirror's one-time link for the person, until it is used.`

func showSchema() *jsonschema.Schema {
	obj := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: desc} }
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"messages": {
				Type:        "array",
				Description: `A2UI messages, applied in order as one batch: each a v1.0 one with "version": "v1.0" and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface, callRendererFunction, agentFunctionResponse; a v0.9.1 one with "version": "v0.9.1" (or "v0.9") and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface; or a v0.8 one with no version and exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface.`,
				Items: &jsonschema.Schema{
					Type:          "object",
					MinProperties: jsonschema.Ptr(1),
					MaxProperties: jsonschema.Ptr(2),
					Properties: map[string]*jsonschema.Schema{
						"version":               {Type: "string", Enum: []any{"v1.0", "v0.9.1", "v0.9"}, Description: `"v1.0" on every A2UI v1.0 message, "v0.9.1" (or "v0.9") on a v0.9 one; absent on a v0.8 one.`},
						"createSurface":         obj(`Create a surface with its default catalog (see canvas_info), in v1.0 with its first components and data model: {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true, "components": [{"id": "root", "component": "Text", "text": {"path": "/note"}}], "dataModel": {"note": "hello"}}; the component with id "root" is drawn. v0.9.1: {"surfaceId", "catalogId": "` + a2ui.BasicCatalogV09ID + `", "sendDataModel"} only`),
						"updateComponents":      obj(`Add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": "Column", "children": ["a"]}, {"id": "a", "component": "Text", "text": {"path": "/note"}}, …]}`),
						"updateDataModel":       obj(`Set the value at path (the whole model without one): {"surfaceId": "main", "path": "/note", "value": "hello"}; "value": null removes it (v0.9.1: no value removes it)`),
						"callRendererFunction":  obj(`v1.0: call a function of a2term's (canvas_info lists them); its rendererFunctionResponse comes through canvas_wait: {"functionCallId": "c1", "callFunction": {"call": "notify", "catalogId": "` + terminalCatalog + `", "args": {"message": "Saved"}}}`),
						"agentFunctionResponse": obj(`v1.0: answer a callAgentFunction canvas_wait gave you: {"functionCallId": "<its id>", "value": ...} or {"functionCallId": "<its id>", "error": {"code": "FAILED", "message": "why"}}`),
						"surfaceUpdate":         obj(`v0.8: add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["a"]}}}}, …]}`),
						"dataModelUpdate":       obj(`v0.8: set the data model, or the subtree at path: {"surfaceId": "main", "path": "/", "contents": [{"key": "note", "valueString": "hello"}]} (valueString, valueNumber, valueBoolean, valueMap)`),
						"beginRendering":        obj(`v0.8: show the surface from its root component: {"surfaceId": "main", "root": "root"}`),
						"deleteSurface":         obj(`Remove a surface, in either version: {"surfaceId": "main"}`),
					},
					AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
				},
			},
		},
		Required: []string{"messages"},
	}
}

func waitSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"seconds": {
				Type: "number", Minimum: jsonschema.Ptr(0.0), Maximum: jsonschema.Ptr(float64(hub.MaxWait / time.Second)),
				Description: "How long to wait for the person, 0 to 600 seconds (0 only looks); without a progress token at most 50.",
			},
		},
		Required: []string{"seconds"},
	}
}

func stateSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"surfaceId": {Type: "string", Description: "Only this surface; omit for all."},
		},
	}
}

// outputSchema derives the schema of T's JSON from the type itself, so
// it cannot drift from what the tools send, and describes its top-level
// members.
func outputSchema[T any](desc string, members map[string]string) *jsonschema.Schema {
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		// Any JSON value; described, so that it is written as an object
		// (clients check that every property's schema is one), not as
		// the schema true.
		reflect.TypeFor[json.RawMessage](): {Description: "Any JSON value."},
	}})
	if err != nil {
		panic(fmt.Sprintf("output schema of %T: %v", *new(T), err)) // a bug in the output types
	}
	s.Description = desc
	for name, d := range members {
		p := s.Properties[name]
		if p == nil {
			panic(fmt.Sprintf("output schema of %T has no member %q", *new(T), name))
		}
		p.Description = d
	}
	return s
}

func showOutputSchema() *jsonschema.Schema {
	return outputSchema[showOutput]("What the canvas shows after the batch.", map[string]string{
		"surfaces": "Every surface: its id, its A2UI version (protocol), how many components it has, its root and whether it is shown (a v0.9 surface from its creation, a v0.8 one once beginRendering was sent).",
		"viewers":  "How many web pages watch the canvas.",
		"warnings": "What was tolerated but ignored (unknown properties, styles), each with code, message, index, surfaceId, componentId and path.",
		"webUrl":   "For a canvas of its own only: the web mirror's one-time link to give the person, until they open it.",
	})
}

func waitOutputSchema() *jsonschema.Schema {
	s := outputSchema[waitOutput]("The person's action, or that none came in time.", map[string]string{
		"source":                "Where the person acted: terminal or web.",
		"timedOut":              "True when no action came within seconds: call canvas_wait again.",
		"overflowed":            "Presses refused since the last wait because too many actions were waiting.",
		"actionId":              "Names this action for as long as the canvas lives: the same press handed out again carries the same id.",
		"redelivered":           "True when this action was handed out before and not taken (the wait's connection ended before it was read, or a2term restarted, when it may have been read): if you already acted on this actionId, do not act again.",
		"seconds":               "How long this wait could last.",
		"a2uiRendererDataModel": `For a v1.0 surface created with sendDataModel: its data model when the button was pressed, as the specification sends it beside the action: {"version": "v1.0", "surfaces": {"<surfaceId>": {...}}}.`,
		"a2uiClientDataModel":   `The same for a v0.9 surface: {"version": "v0.9", "surfaces": {"<surfaceId>": {...}}}.`,
	})
	s.Properties["action"] = &jsonschema.Schema{
		Types:       []string{"object", "null"},
		Description: `The A2UI message for the agent, ready to forward: {"version": "v1.0", "action": {name, surfaceId, sourceComponentId, timestamp, context}} for a press on a v1.0 surface, or {"version": "v1.0", ...} with callAgentFunction, rendererFunctionResponse or error; {"version": "v0.9", "action": {...}} for v0.9, {"userAction": {...}} for v0.8; null when the wait timed out.`,
	}
	return s
}

func stateOutputSchema() *jsonschema.Schema {
	return outputSchema[stateOutput]("The canvas as it is now.", map[string]string{
		"surfaces": "Every surface (or the one asked for): its components as sent, data model with the person's inputs, root, styles, version and whether it is shown.",
		"viewers":  "How many web pages watch the canvas.",
		"queued":   "How many of the person's actions wait for canvas_wait.",
	})
}

func infoOutputSchema() *jsonschema.Schema {
	return outputSchema[infoOutput]("Where the canvas is and what it accepts.", map[string]string{
		"limits":                   "Every limit in force.",
		"versions":                 "The A2UI versions a2term accepts.",
		"locale":                   "The locale functions format numbers, currencies and dates for (the person chooses it; en-US by default).",
		"timeZone":                 "The time zone dates and times are shown in (UTC by default).",
		"a2uiRendererCapabilities": "v1.0: the catalogs a2term draws and the functions an agent may call with callRendererFunction (name, catalogId, arguments, allowedCallers), keyed by version, in the specification's shape.",
		"a2uiClientCapabilities":   "v0.9.1: the catalogs a2term draws, keyed by version, in the specification's shape; catalogId is the v0.8 one.",
		"web":                      "Whether a web mirror runs.",
		"canvas":                   "attached: a running a2term the person watches; standalone: a canvas of its own, seen in the web mirror.",
		"socket":                   "The socket of the a2term attached to.",
		"server":                   "a2term's version.",
	})
}

// fmtSeconds writes s as people read it: 0 s, 2.5 s, 600 s.
func fmtSeconds(s float64) string {
	return trimFloat(fmt.Sprintf("%.1f", s)) + " s"
}

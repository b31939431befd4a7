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

const instructions = "a2term gives you a canvas the person watches: show A2UI v0.9.1 surfaces (v0.8 is accepted too) with canvas_show, read what they press with canvas_wait (call it again when it says no answer came), read their inputs with canvas_state, and learn the limits, viewers, A2UI versions and catalogs with canvas_info."

// a2uiBasics is the primer the tools teach: A2UI v0.9.1 first, as agents
// are prompted today, then what differs in v0.8, which a2term accepts too.
const a2uiBasics = `A2UI v0.9.1: every message has "version": "v0.9.1" (or "v0.9") and one of createSurface, updateComponents, updateDataModel, deleteSurface. createSurface {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true} makes a surface (sendDataModel: its whole data model comes with every action); the component whose id is "root" is drawn. updateComponents {"surfaceId": "main", "components": [...]} adds or replaces components, a flat list, each {"id": "email", "component": "TextField", ...its properties}; containers name children by id ("children": ["a", "b"]; Card and Button "child": "id"), or repeat one per list item ("children": {"componentId": "row", "path": "/items"}, paths inside it relative to the item). A property is a literal ("Hi", 3, true), a binding {"path": "/form/email"} into the data model, or a function call {"call": "formatString", "args": {"value": "Hello, ${/form/name}"}}; functions: formatString, formatNumber, formatCurrency {"value", "currency": "EUR"}, formatDate {"value", "format": "d MMM"}, pluralize, required, regex {"value", "pattern"}, length {"value", "min", "max"}, numeric, email, and, or, not, openUrl. updateDataModel {"surfaceId": "main", "path": "/form", "value": {...}} sets the value at path (no path: the whole model; no value: removes it). Inputs write what the person enters at their "value" path: TextField (label, value, variant shortText/longText/number/obscured), CheckBox (label, value), Slider (label, min, max, value), ChoicePicker (label, options [{"label", "value"}], value: a list, variant multipleSelection/mutuallyExclusive), DateTimeInput (value, enableDate, enableTime). "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/form/email"}}}, "message": "Not an email address"}] on an input shows the message while the condition is false; on a Button it also disables the button until every condition holds. A Button {"child": "label_id", "variant": "primary", "action": {"event": {"name": "send", "context": {"email": {"path": "/form/email"}}}}} sends the action canvas_wait returns. Basic catalog: Text (variant h1-h5, caption, body), Image, Icon, Video, AudioPlayer, Row, Column, List, Card, Tabs, Modal, Divider, Button, TextField, CheckBox, ChoicePicker, Slider, DateTimeInput. v0.8 is accepted too (messages without "version"): surfaceUpdate {"surfaceId", "components": [{"id", "component": {"Text": {"text": {"literalString": "Hi"}}}}]}, dataModelUpdate {"surfaceId", "contents": [{"key": "note", "valueString": "hi"}]}, beginRendering {"surfaceId", "root": "root"} to show it, deleteSurface; values {"literalString"} or {"path"}; a Button's "action": {"name", "context": [{"key", "value": {"path"}}]}. A surface keeps the version that created it.`

// basicCatalog is the v0.9 basic catalog's id.
const basicCatalog = a2ui.BasicCatalogV09ID

// showExample is the batch canvas_show's description gives: a v0.9.1 form
// whose button waits for a valid address (a test shows it).
const showExample = `[{"version": "v0.9.1", "createSurface": {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true}}, {"version": "v0.9.1", "updateComponents": {"surfaceId": "main", "components": [{"id": "root", "component": "Column", "children": ["t", "email", "ok"]}, {"id": "t", "component": "Text", "text": "Where should the invoice go?", "variant": "h3"}, {"id": "email", "component": "TextField", "label": "Email", "value": {"path": "/email"}, "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Not an email address"}]}, {"id": "ok", "component": "Button", "child": "okl", "variant": "primary", "action": {"event": {"name": "send", "context": {"email": {"path": "/email"}}}}, "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Give an address first"}]}, {"id": "okl", "component": "Text", "text": "Send"}]}}, {"version": "v0.9.1", "updateDataModel": {"surfaceId": "main", "value": {"email": ""}}}]`

var showDescription = `Show or update surfaces on the person's canvas (in their terminal or browser). Send a batch of A2UI server-to-client messages, v0.9.1 (v0.8 ones are accepted too; canvas_info lists the versions and catalogs); the batch applies all or none. ` + a2uiBasics + ` A refused batch changes nothing; the error says which message, what is wrong and how to fix it (for a v0.9 message also clientMessage, the specification's client error). Example: ` + showExample

var waitDescription = `Wait for the person's next action on the canvas (a Button press), up to seconds (0 only looks, at most 600). Returns the A2UI client message the press became, ready to forward: for a v0.9 surface {"version": "v0.9", "action": {name, surfaceId, sourceComponentId, timestamp, context}}, with a2uiClientDataModel {"version": "v0.9", "surfaces": {"<surfaceId>": its data model}} beside it when the surface was created with sendDataModel; for v0.8 {"userAction": {name, surfaceId, sourceComponentId, timestamp, context}}. context holds the values the action's context named, evaluated when the button was pressed (what the person typed and chose); and where the person pressed (terminal or web); or timedOut when no answer came in time. A button whose checks fail cannot be pressed, so what comes passed them. A request without a progress token waits at most ` + fmtSeconds(MaxWaitWithoutProgress.Seconds()) + `; with one, a2term reports progress while it waits. When no answer came, call canvas_wait again: the person may still be reading. Each action is delivered once, oldest first, with an actionId; a wait you cancel leaves its action for the next wait, which gets it marked redelivered. You may have several waits outstanding: ` + strconv.Itoa(MaxWaitsAtCanvas) + ` wait at the canvas at once and the others wait their turn, their seconds running (one whose seconds run out first comes back with no answer); the other tools never wait behind them.`

const stateDescription = `Read the canvas: every surface (or only surfaceId) with its A2UI version (protocol), its components as you sent them, its data model with the person's current inputs, and whether it is shown. Use it to read a form without waiting for a press.`

const infoDescription = `Describe the canvas: where it is (attached to the person's a2term, or a canvas of its own seen in the web mirror), every limit (surfaces, components, bytes, wait seconds, queued actions), how many watch in the web mirror and whether one runs, the A2UI versions and catalogs a2term accepts (a2uiClientCapabilities, the specification's client capabilities), the locale and time zone v0.9 functions format with, and a2term's version. For a canvas of its own it also gives the mirror's one-time link for the person, until it is used.`

func showSchema() *jsonschema.Schema {
	obj := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: desc} }
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"messages": {
				Type:        "array",
				Description: `A2UI messages, applied in order as one batch: each a v0.9.1 one with "version": "v0.9.1" (or "v0.9") and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface, or a v0.8 one with no version and exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface.`,
				Items: &jsonschema.Schema{
					Type:          "object",
					MinProperties: jsonschema.Ptr(1),
					MaxProperties: jsonschema.Ptr(2),
					Properties: map[string]*jsonschema.Schema{
						"version":          {Type: "string", Enum: []any{"v0.9.1", "v0.9"}, Description: `A2UI v0.9.1: "v0.9.1" (or "v0.9") on every v0.9 message; absent on a v0.8 one.`},
						"createSurface":    obj(`Create a surface with a catalog (see canvas_info): {"surfaceId": "main", "catalogId": "` + basicCatalog + `", "sendDataModel": true}; the component with id "root" is drawn`),
						"updateComponents": obj(`Add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": "Column", "children": ["a"]}, {"id": "a", "component": "Text", "text": {"path": "/note"}}, …]}`),
						"updateDataModel":  obj(`Set the value at path (the whole model without one), or remove it when value is absent: {"surfaceId": "main", "path": "/note", "value": "hello"}`),
						"surfaceUpdate":    obj(`v0.8: add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["a"]}}}}, …]}`),
						"dataModelUpdate":  obj(`v0.8: set the data model, or the subtree at path: {"surfaceId": "main", "path": "/", "contents": [{"key": "note", "valueString": "hello"}]} (valueString, valueNumber, valueBoolean, valueMap)`),
						"beginRendering":   obj(`v0.8: show the surface from its root component: {"surfaceId": "main", "root": "root"}`),
						"deleteSurface":    obj(`Remove a surface, in either version: {"surfaceId": "main"}`),
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
		"source":              "Where the person acted: terminal or web.",
		"timedOut":            "True when no action came within seconds: call canvas_wait again.",
		"overflowed":          "Presses refused since the last wait because too many actions were waiting.",
		"actionId":            "Names this action for as long as the canvas lives: the same press handed out again carries the same id.",
		"redelivered":         "True when this action was handed out before, to a wait whose connection ended before it was read: if you already acted on this actionId, do not act again.",
		"seconds":             "How long this wait could last.",
		"a2uiClientDataModel": `For a v0.9 surface created with sendDataModel: its data model when the button was pressed, as the specification sends it beside the action: {"version": "v0.9", "surfaces": {"<surfaceId>": {...}}}.`,
	})
	s.Properties["action"] = &jsonschema.Schema{
		Types:       []string{"object", "null"},
		Description: `The A2UI client-to-server message the press became, ready to forward: {"version": "v0.9", "action": {name, surfaceId, sourceComponentId, timestamp, context}} for v0.9, {"userAction": {...}} for v0.8; null when the wait timed out.`,
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
		"limits":                 "Every limit in force.",
		"versions":               "The A2UI versions a2term accepts.",
		"locale":                 "The locale v0.9 functions format numbers, currencies and dates for (the person chooses it; en-US by default).",
		"timeZone":               "The time zone v0.9 dates and times are shown in (UTC by default).",
		"a2uiClientCapabilities": "The catalogs a2term draws, per A2UI version from v0.9 on, in the specification's shape; catalogId is the v0.8 one.",
		"web":                    "Whether a web mirror runs.",
		"canvas":                 "attached: a running a2term the person watches; standalone: a canvas of its own, seen in the web mirror.",
		"socket":                 "The socket of the a2term attached to.",
		"server":                 "a2term's version.",
	})
}

// fmtSeconds writes s as people read it: 0 s, 2.5 s, 600 s.
func fmtSeconds(s float64) string {
	return trimFloat(fmt.Sprintf("%.1f", s)) + " s"
}

package mcpserver

import (
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/a2term/a2term/bridge"
)

const instructions = "a2term gives you a canvas the person watches: show A2UI surfaces (v0.8, or v0.9 with a version member) with canvas_show, read what they press with canvas_wait (call it again when it says no answer came), read their inputs with canvas_state, and learn the limits, viewers and A2UI versions with canvas_info."

const a2uiBasics = `A2UI v0.8 basics: a surface is a flat list of components, each {"id": "...", "component": {"<Type>": {props}}}; containers name their children by id ({"children": {"explicitList": ["a","b"]}}, Button {"child": "label_id"}). Values are bound: {"literalString": "Hi"} (also literalNumber, literalBoolean) or {"path": "/note"} into the surface's data model, which dataModelUpdate fills ({"contents": [{"key": "note", "valueString": "hello"}]}). beginRendering {"surfaceId": "main", "root": "root_id"} shows a surface. A Button's "action": {"name": "pay", "context": [{"key": "note", "value": {"path": "/note"}}]} sends the person's inputs back, read with canvas_wait. Standard catalog: Text, Image, Icon, Row, Column, List, Card, Tabs, Divider, Modal, Button, CheckBox, TextField, DateTimeInput, MultipleChoice, Slider.`

var showDescription = `Show or update surfaces on the person's canvas (in their terminal or browser). Send a batch of A2UI v0.8 server-to-client messages (v0.9 ones, with "version": "v0.9", are accepted too: canvas_info lists the versions and catalogs); the batch applies all or none. ` + a2uiBasics + ` A refused batch changes nothing; the error says which message, what is wrong and how to fix it. Example: [{"surfaceUpdate": {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["t", "ok"]}}}}, {"id": "t", "component": {"Text": {"text": {"literalString": "Pay the invoice?"}}}}, {"id": "ok", "component": {"Button": {"child": "okl", "action": {"name": "pay"}}}}, {"id": "okl", "component": {"Text": {"text": {"literalString": "Pay"}}}}]}}, {"beginRendering": {"surfaceId": "main", "root": "root"}}]`

var waitDescription = `Wait for the person's next action on the canvas (a Button press), up to seconds (0 only looks, at most 600). Returns the A2UI client message the press became (for v0.8 {"userAction": {name, surfaceId, sourceComponentId, timestamp, context}}: context holds the values the action's context paths pointed at, e.g. what the person typed), and where the person pressed (terminal or web); or timedOut when no answer came in time. A request without a progress token waits at most ` + fmtSeconds(MaxWaitWithoutProgress.Seconds()) + `; with one, a2term reports progress while it waits. When no answer came, call canvas_wait again: the person may still be reading. Each action is delivered once, oldest first; a wait you cancel leaves its action for the next wait.`

const stateDescription = `Read the canvas: every surface (or only surfaceId) with its components as you sent them, its data model with the person's current inputs, and whether it is shown. Use it to read a form without waiting for a press.`

const infoDescription = `Describe the canvas: where it is (attached to the person's a2term, or a canvas of its own seen in the web mirror), every limit (surfaces, components, bytes, wait seconds, queued actions), how many watch in the web mirror and whether one runs, the A2UI versions and catalogs a2term accepts, and a2term's version. For a canvas of its own it also gives the mirror's one-time link for the person, until it is used.`

func showSchema() *jsonschema.Schema {
	obj := func(desc string) *jsonschema.Schema { return &jsonschema.Schema{Type: "object", Description: desc} }
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"messages": {
				Type:        "array",
				Description: `A2UI messages, applied in order as one batch: each a v0.8 object with exactly one of beginRendering, surfaceUpdate, dataModelUpdate, deleteSurface, or a v0.9 one with "version": "v0.9" and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface.`,
				Items: &jsonschema.Schema{
					Type:          "object",
					MinProperties: jsonschema.Ptr(1),
					MaxProperties: jsonschema.Ptr(2),
					Properties: map[string]*jsonschema.Schema{
						"version":          {Type: "string", Enum: []any{"v0.9", "v0.9.1"}, Description: "Only for v0.9 messages."},
						"createSurface":    obj(`v0.9: create a surface with a catalog (see canvas_info): {"surfaceId": "main", "catalogId": "…"}; the component with id "root" is drawn`),
						"updateComponents": obj(`v0.9: add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": "Column", "children": ["a"]}, …]}`),
						"updateDataModel":  obj(`v0.9: set the value at path, or remove it when value is absent: {"surfaceId": "main", "path": "/note", "value": "hello"}`),
						"surfaceUpdate":    obj(`Add or replace components: {"surfaceId": "main", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": ["a"]}}}}, …]}`),
						"dataModelUpdate":  obj(`Set the data model, or the subtree at path: {"surfaceId": "main", "path": "/", "contents": [{"key": "note", "valueString": "hello"}]} (valueString, valueNumber, valueBoolean, valueMap)`),
						"beginRendering":   obj(`Show the surface from its root component: {"surfaceId": "main", "root": "root"}`),
						"deleteSurface":    obj(`Remove a surface: {"surfaceId": "main"}`),
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
			"seconds": {Type: "number", Minimum: jsonschema.Ptr(0.0), Maximum: jsonschema.Ptr(float64(bridge.MaxWait / time.Second)),
				Description: "How long to wait for the person, 0 to 600 seconds (0 only looks); without a progress token at most 50."},
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
		"surfaces": "Every surface: its id, how many components it has, its root and whether it is shown (beginRendering was sent).",
		"viewers":  "How many web pages watch the canvas.",
		"warnings": "What was tolerated but ignored (unknown properties, styles), each with code, message, index, surfaceId, componentId and path.",
		"webUrl":   "For a canvas of its own only: the web mirror's one-time link to give the person, until they open it.",
	})
}

func waitOutputSchema() *jsonschema.Schema {
	s := outputSchema[waitOutput]("The person's action, or that none came in time.", map[string]string{
		"source":     "Where the person acted: terminal or web.",
		"timedOut":   "True when no action came within seconds: call canvas_wait again.",
		"overflowed": "Presses refused since the last wait because too many actions were waiting.",
		"seconds":    "How long this wait could last.",
	})
	s.Properties["action"] = &jsonschema.Schema{Types: []string{"object", "null"},
		Description: `The A2UI client-to-server message the press became, ready to forward: {"userAction": {...}} for v0.8; null when the wait timed out.`}
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
		"a2uiClientCapabilities": "The catalogs a2term draws, per A2UI version from v0.9 on, in the specification's shape; catalogId is the v0.8 one.",
		"web":                    "Whether a web mirror runs.",
		"canvas":                 "attached: a running a2term the person watches; standalone: a canvas of its own, seen in the web mirror.",
		"socket":                 "The socket of the a2term attached to.",
		"server":                 "a2term's version.",
	})
}

// fmtSeconds writes s as people read it: 0 s, 2.5 s, 600 s.
func fmtSeconds(s float64) string {
	return fmt.Sprintf("%s s", trimFloat(fmt.Sprintf("%.1f", s)))
}

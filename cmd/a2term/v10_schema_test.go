package main

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/a2term/a2term/a2ui"
)

// specV10Dir holds the specification's v1.0 text and schemas, beside the
// repository; the project does not copy them.
var specV10Dir = filepath.Join("..", "..", "..", "shared", "a2ui-v1_0")

// specV10Base is the address the v1.0 schemas name one another by.
const specV10Base = "https://a2ui.org/specification/v1_0/"

// loadSpecSchemaV10 reads one of the specification's v1.0 schemas by its
// name under specV10Base ("catalog.json" being the basic catalog), in a
// form jsonschema-go reads: Go's regular expressions have no XID
// classes, so an identifier's pattern is written with the classes the
// decoder approximates them with (see a2ui.isIdentifier), and a catalog's
// components and functions, which the catalog refers to where no schema
// keyword is, are moved under $defs.
func loadSpecSchemaV10(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	file := filepath.Join(specV10Dir, "json", filepath.FromSlash(name))
	if name == "catalog.json" || name == "catalogs/basic/catalog.json" {
		file = filepath.Join(specV10Dir, "catalogs", "basic", "catalog.json")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(
		`\\p{XID_Start}`, `\\p{L}\\p{Nl}`,
		`\\p{XID_Continue}`, `\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}`,
		`"#/components/`, `"#/$defs/component.`,
		`"#/functions/`, `"#/$defs/function.`,
	).Replace(string(data))
	var doc map[string]any
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	defs, _ := doc["$defs"].(map[string]any)
	for _, kind := range []string{"component", "function"} {
		members, _ := doc[kind+"s"].(map[string]any)
		for n, s := range members {
			defs[kind+"."+n] = s
		}
		delete(doc, kind+"s")
	}
	fixed, _ := json.Marshal(doc)
	var s jsonschema.Schema
	if err := json.Unmarshal(fixed, &s); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return &s
}

// TestSpecSchemasAgreeWithValidateV10 checks a2term's validate against
// the specification's schema of the agent's messages
// (agent_to_renderer.json, with common_types.json and the basic catalog):
// each message below, valid or not by the schema, is accepted or refused
// by validate alike, one of each at least per message kind and per rule
// of the basic catalog. A message that needs a surface is validated after
// a createSurface of it. The schema binds every function call to the
// basic catalog's functions, so the calls here are of those; a call of
// a2term's own terminal functions or of the agent's is another catalog's
// to describe.
func TestSpecSchemasAgreeWithValidateV10(t *testing.T) {
	if _, err := os.Stat(filepath.Join(specV10Dir, "json", "agent_to_renderer.json")); err != nil {
		t.Skipf("the specification's v1.0 schemas are not in %s: not compared (%v)", specV10Dir, err)
	}
	root := loadSpecSchemaV10(t, "agent_to_renderer.json")
	schema, err := root.Resolve(&jsonschema.ResolveOptions{Loader: func(u *url.URL) (*jsonschema.Schema, error) {
		return loadSpecSchemaV10(t, strings.TrimPrefix(u.String(), specV10Base)), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	const (
		basic    = a2ui.BasicCatalogV10ID
		terminal = a2ui.TerminalCatalogV10ID
		create   = `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + basic + `"}}`
	)
	// comps is an updateComponents of s with the components given.
	comps := func(c string) string {
		return `{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[` + c + `]}}`
	}
	for _, tc := range []struct {
		name  string
		msg   string
		valid bool
	}{
		// The message kinds.
		{"createSurface with its components and data model", `{"version":"v1.0","createSurface":{"surfaceId":"n","catalogId":"` + basic + `","sendDataModel":true,"components":[{"id":"root","component":"Text","text":{"path":"/t"}}],"dataModel":{"t":"Hi"}}}`, true},
		{"createSurface with no default catalog", `{"version":"v1.0","createSurface":{"surfaceId":"n"}}`, true},
		{"createSurface without surfaceId", `{"version":"v1.0","createSurface":{"catalogId":"` + basic + `"}}`, false},
		{"createSurface with v0.9's theme", `{"version":"v1.0","createSurface":{"surfaceId":"n","catalogId":"` + basic + `","theme":{"primaryColor":"#00ff00"}}}`, false},
		{"createSurface whose data model is not an object", `{"version":"v1.0","createSurface":{"surfaceId":"n","catalogId":"` + basic + `","dataModel":[1]}}`, false},
		{"updateComponents", comps(`{"id":"root","component":"Text","text":"Hi"}`), true},
		{"updateComponents without components", `{"version":"v1.0","updateComponents":{"surfaceId":"s"}}`, false},
		{"updateDataModel", `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":{"b":1}}}`, true},
		{"updateDataModel removing a key", `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}`, true},
		{"updateDataModel without value", `{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a"}}`, false},
		{"deleteSurface", `{"version":"v1.0","deleteSurface":{"surfaceId":"s"}}`, true},
		{"deleteSurface without surfaceId", `{"version":"v1.0","deleteSurface":{}}`, false},
		{"callRendererFunction", `{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"formatNumber","catalogId":"` + basic + `","args":{"value":3}}}}`, true},
		{"callRendererFunction without functionCallId", `{"version":"v1.0","callRendererFunction":{"callFunction":{"call":"getLocale","catalogId":"` + terminal + `"}}}`, false},
		{"callRendererFunction without catalogId", `{"version":"v1.0","callRendererFunction":{"functionCallId":"c1","callFunction":{"call":"getLocale"}}}`, false},
		{"agentFunctionResponse without functionCallId", `{"version":"v1.0","agentFunctionResponse":{"value":1}}`, false},
		{"two kinds in one message", `{"version":"v1.0","deleteSurface":{"surfaceId":"s"},"updateDataModel":{"surfaceId":"s","value":{}}}`, false},
		{"no version", `{"deleteSurface":{"surfaceId":"s"},"updateDataModel":{"surfaceId":"s","value":{}}}`, false},
		// The basic catalog's rules.
		{"Text caption", comps(`{"id":"root","component":"Text","text":"Hi","variant":"caption"}`), true},
		{"Text h1, gone in v1.0", comps(`{"id":"root","component":"Text","text":"Hi","variant":"h1"}`), false},
		{"Text without text", comps(`{"id":"root","component":"Text"}`), false},
		{"Slider steps", comps(`{"id":"root","component":"Slider","label":"n","min":0,"max":10,"steps":5,"value":{"path":"/n"}}`), true},
		{"TextField placeholder", comps(`{"id":"root","component":"TextField","label":"Name","placeholder":"Ada","value":{"path":"/n"}}`), true},
		{"TextField validationRegexp, gone in v1.0", comps(`{"id":"root","component":"TextField","label":"Name","value":{"path":"/n"},"validationRegexp":"^a"}`), false},
		{"Button with a function call", comps(`{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.org"}}}},{"id":"l","component":"Text","text":"Go"}`), true},
		{"a call without the arguments its function needs", comps(`{"id":"root","component":"Text","text":{"call":"formatCurrency","args":{"value":3}}}`), false},
		{"a call of no catalog's function", comps(`{"id":"root","component":"Text","text":{"call":"shout","args":{"value":"a"}}}`), false},
		{"Button without child", comps(`{"id":"root","component":"Button","action":{"event":{"name":"go"}}}`), false},
		{"a check giving its message", comps(`{"id":"root","component":"TextField","label":"Email","value":{"path":"/e"},"checks":[{"condition":{"call":"email","args":{"value":{"path":"/e"}}},"message":"No"}]}`), true},
		{"accessibility live and hidden", comps(`{"id":"root","component":"Text","text":"Hi","accessibility":{"label":"Greeting","live":"polite","hidden":false}}`), true},
		{"a component of no catalog", comps(`{"id":"root","component":"Chart"}`), false},
		{"the reserved Surface", comps(`{"id":"root","component":"Surface","child":"x"}`), false},
		{"a property no component has", comps(`{"id":"root","component":"Divider","color":"red"}`), false},
		{"ChoicePicker", comps(`{"id":"root","component":"ChoicePicker","label":"Plan","options":[{"label":"A","value":"a"}],"value":{"path":"/p"}}`), true},
		{"ChoicePicker without options", comps(`{"id":"root","component":"ChoicePicker","label":"Plan","value":{"path":"/p"}}`), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v any
			if err := json.Unmarshal([]byte(tc.msg), &v); err != nil {
				t.Fatal(err)
			}
			serr := schema.Validate(v)
			if (serr == nil) != tc.valid {
				t.Fatalf("the specification's schema: valid %v, want %v (%v)", serr == nil, tc.valid, serr)
			}
			stream := tc.msg + "\n"
			if !strings.Contains(tc.msg, `"createSurface"`) {
				stream = create + "\n" + stream
			}
			file := filepath.Join(t.TempDir(), "m.jsonl")
			if err := os.WriteFile(file, []byte(stream), 0o600); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCmd(t, "validate", file)
			if (code == 0) != tc.valid {
				t.Errorf("validate: exit %d, the schema says valid %v (%v):\n%s%s", code, tc.valid, serr, out, errOut)
			}
		})
	}
}

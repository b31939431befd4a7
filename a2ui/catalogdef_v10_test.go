package a2ui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The catalog definitions of v1.0 surfaces: a definition's protocolVersion
// decides which surfaces may use it; a v1.0 surface mixes it with the
// basic catalog by each component's and call's catalogId (then the
// surface's default, never a fallback); its allowedParents and
// allowedChildren, and its functions' allowedCallers, are enforced
// (a2ui_protocol.md: "Catalogs", "Composition validation rules",
// "callRendererFunction").

const teamV10ID = "https://example.com/a2term/catalogs/team_v10.json"

// teamV10 reads the v1.0 fixture definition.
func teamV10(t *testing.T) *CatalogDef {
	t.Helper()
	def, err := LoadCatalogDef(filepath.Join("..", "testdata", "catalogs", "team_v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	return def
}

// teamV10Options are options with both fixture definitions, of v0.9 and
// of v1.0.
func teamV10Options(t *testing.T) Options {
	t.Helper()
	return Options{Catalogs: []*CatalogDef{teamCatalog(t), teamV10(t)}}
}

// teamV10Canvas is the v1.0 fixture stream applied: a basic Column and
// Text holding the definition's OrgNode and TaskCard.
func teamV10Canvas(t *testing.T) *Canvas {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", "team_v10.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return applyV10(t, New(teamV10Options(t)), strings.TrimSpace(string(data)))
}

// TestCatalogDefV10Mixed: a v1.0 surface whose default is the basic
// catalog draws the definition's components that name its catalogId
// generically, beside the basic ones, and calls its function.
func TestCatalogDefV10Mixed(t *testing.T) {
	def := teamV10(t)
	if def.Protocol != ProtocolV10 || teamCatalog(t).Protocol != ProtocolV09 {
		t.Fatalf("protocols %q and %q", def.Protocol, teamCatalog(t).Protocol)
	}
	c := teamV10Canvas(t)
	root := c.Surface("team").Tree()
	if root.Type != "Column" || len(root.Children) != 2 {
		t.Fatalf("root %s", Dump(root))
	}
	boss := root.Children[1]
	p, ok := boss.Props.(*GenericProps)
	if boss.Type != GenericType || !ok || p.Type != "OrgNode" || p.Catalog != teamV10ID || len(boss.Children) != 2 {
		t.Fatalf("boss %s", Dump(boss))
	}
	task := boss.Children[1].Props.(*GenericProps)
	if task.Fields[0].Text != "Review the compiler" || task.Action != "Assign" || task.Input == nil || task.Input.Text != "Ada" {
		t.Errorf("task %+v", task)
	}
}

// TestCatalogDefV10Lookup: a component or call is looked up in its own
// catalogId, else the surface's default, else refused; there is no
// fallback to another catalog (a2ui_protocol.md, "Catalog resolution").
func TestCatalogDefV10Lookup(t *testing.T) {
	opts := teamV10Options(t)
	basic := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","components":[`
	team := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + teamV10ID + `","components":[`
	bare := `{"version":"v1.0","createSurface":{"surfaceId":"s","components":[`
	task := `"title":"t","assign":{"event":{"name":"go"}}`
	for _, tc := range []struct {
		name, msg string
		code      Code
		says      string
	}{
		{"the definition's type under the basic default", basic + `{"id":"root","component":"OrgNode","name":"x"}]}}`, CodeUnknownComponent, `unknown component type "OrgNode"`},
		{"a basic type under the definition's default", team + `{"id":"root","component":"Text","text":"x"}]}}`, CodeUnknownComponent, `unknown component type "Text"`},
		{"no catalogId and no default", bare + `{"id":"root","component":"OrgNode","name":"x"}]}}`, CodeNoCatalog, "no fallback"},
		{"the v0.9 definition on a v1.0 surface", basic + `{"id":"root","component":"OrgNode","catalogId":"` + teamID + `","name":"x"}]}}`, CodeUnknownCatalog, "is a v0.9 catalog: a v1.0 surface cannot use it"},
		{"a call of the definition's function by the basic default", basic + `{"id":"root","component":"Text","text":{"call":"formatString","catalogId":"` + teamID + `","args":{"value":"x"}}}]}}`, CodeUnknownCatalog, "is a v0.9 catalog"},
		{"a definition's required property", team + `{"id":"root","component":"OrgNode","reports":["t"]},{"id":"t","component":"TaskCard",` + task + `}]}}`, CodeMissingProperty, "name is required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := refuseV10(t, New(opts), tc.msg)
			if err.Code != tc.code || !strings.Contains(err.Message, tc.says) {
				t.Fatalf("refused with %v; want %s saying %q", err, tc.code, tc.says)
			}
		})
	}
	// The v1.0 definition is refused to a v0.9 surface the same way.
	_, _, err := New(opts).ApplyJSON(rawLines(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + teamV10ID + `"}}`))
	if e := asError(err); e == nil || e.Code != CodeUnknownCatalog || !strings.Contains(e.Message, "is a v1.0 catalog: a v0.9 surface cannot use it") {
		t.Fatalf("v0.9 surface of the v1.0 definition: %v", err)
	}
	// The definition as the surface's default: no catalogId needed.
	applyV10(t, New(opts), team+`{"id":"root","component":"OrgNode","name":"x","reports":["t"]},{"id":"t","component":"TaskCard",`+task+`}]}}`)
}

// TestCatalogDefV10Composition: the definition's allowedParents and
// allowedChildren are enforced with v1.0's error codes, the reserved
// Surface being the root's parent (a2ui_protocol.md, "Composition
// validation rules").
func TestCatalogDefV10Composition(t *testing.T) {
	opts := teamV10Options(t)
	team := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + teamV10ID + `","components":[`
	task := `"component":"TaskCard","title":"t","assign":{"event":{"name":"go"}}`
	for _, tc := range []struct {
		name, comps string
		code        Code
		client      string
	}{
		{"a TaskCard only inside an OrgNode, not at the root", `{"id":"root",` + task + `}`, CodeUnallowedParent, UnallowedParent},
		{"a TaskCard only inside an OrgNode, not a Column", `{"id":"root","component":"Column","catalogId":"` + BasicCatalogV10ID + `","children":["t"]},{"id":"t",` + task + `}`, CodeUnallowedParent, UnallowedParent},
		{"an OrgNode holds only people and tasks", `{"id":"root","component":"OrgNode","name":"x","reports":["t"]},{"id":"t","component":"Text","catalogId":"` + BasicCatalogV10ID + `","text":"x"}`, CodeUnallowedChild, UnallowedChild},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := refuseV10(t, New(opts), team+tc.comps+`]}}`)
			if err.Code != tc.code || err.ClientMessage == nil || err.ClientMessage.Error.Code != tc.client {
				t.Fatalf("refused with %v; want %s", err, tc.client)
			}
		})
	}
}

// TestCatalogDefV10Functions: an agent may call a definition's function
// only as its allowedCallers let it, and one a2term cannot run is
// refused by name; a component may not bind an agentOnly one
// (a2ui_protocol.md, "callRendererFunction").
func TestCatalogDefV10Functions(t *testing.T) {
	const id = "https://example.com/fns.json"
	def, err := ParseCatalogDef("fns.json", []byte(`{"catalogId":"`+id+`","protocolVersion":"1.0","functions":{
		"formatString":{"returnType":"string","allowedCallers":"rendererOrAgent","properties":{"call":{"const":"formatString"}}},
		"pluralize":{"returnType":"string","properties":{"call":{"const":"pluralize"}}},
		"not":{"returnType":"boolean","allowedCallers":"agentOnly","properties":{"call":{"const":"not"}}},
		"shout":{"returnType":"string","allowedCallers":"agentOnly","properties":{"call":{"const":"shout"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Catalogs: []*CatalogDef{def}}
	c := New(opts)
	for _, tc := range []struct{ fn, args, want string }{
		{"formatString", `{"value":"a${'b'}"}`, `"rendererFunctionResponse":{"functionCallId":"1","value":"ab"}`},
		{"pluralize", `{"value":1,"one":"a","other":"b"}`, `"code":"INVALID_FUNCTION_CALL","message":"function \"pluralize\" is rendererOnly`},
		{"not", `{"value":true}`, `"rendererFunctionResponse":{"functionCallId":"1","value":false}`},
		{"shout", `{}`, `"code":"UNKNOWN_FUNCTION","message":"function \"shout\" of catalog ` + id + ` is not one a2term can run"`},
	} {
		next := applyV10(t, c, `{"version":"v1.0","callRendererFunction":{"functionCallId":"1","callFunction":{"call":"`+tc.fn+`","catalogId":"`+id+`","args":`+tc.args+`}}}`)
		if out := next.Outbox(); len(out) != 1 || !strings.Contains(string(out[0].Message), tc.want) {
			t.Errorf("%s: %v\nwant %s", tc.fn, out, tc.want)
		}
	}
	surface := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","components":[{"id":"root","component":"Text","text":{"call":"%s","catalogId":"` + id + `","args":{"value":true}}}]}}`
	if err := refuseV10(t, c, strings.Replace(surface, "%s", "not", 1)); err.Code != CodeBadCall || !strings.Contains(err.Message, "agentOnly") {
		t.Errorf("binding an agentOnly function: %v", err)
	}
	if err := refuseV10(t, c, strings.Replace(surface, "%s", "shout", 1)); err.Code != CodeUnknownFunction || !strings.Contains(err.Message, "not one a2term can evaluate") {
		t.Errorf("binding a function a2term cannot run: %v", err)
	}
	caps := CapabilitiesV10For(opts)[ProtocolV10]
	var names []string
	for _, f := range caps.Functions {
		if f.CatalogID == id {
			names = append(names, f.Name+":"+f.AllowedCallers)
		}
	}
	if !slices.Equal(names, []string{"formatString:rendererOrAgent", "not:agentOnly"}) {
		t.Errorf("advertised functions %v", names)
	}
}

// TestCatalogDefCapabilitiesByVersion: each definition's catalogId is advertised
// in the capabilities of its own version, and only there.
func TestCatalogDefCapabilitiesByVersion(t *testing.T) {
	opts := teamV10Options(t)
	v09 := CapabilitiesFor(opts)
	v10 := CapabilitiesV10For(opts)
	for _, v := range []string{ProtocolV09, messageV091} {
		if ids := v09[v].SupportedCatalogIDs; !slices.Contains(ids, teamID) || slices.Contains(ids, teamV10ID) {
			t.Errorf("%s catalogs %v", v, ids)
		}
	}
	if ids := v10[ProtocolV10].SupportedCatalogIDs; !slices.Equal(ids, []string{BasicCatalogV10ID, TerminalCatalogV10ID, teamV10ID}) {
		t.Errorf("v1.0 catalogs %v", ids)
	}
	if !slices.Equal(CapabilitiesV10()[ProtocolV10].SupportedCatalogIDs, CatalogIDsV10()) || !slices.Equal(Capabilities()[ProtocolV09].SupportedCatalogIDs, CatalogIDsV09()) {
		t.Error("without definitions, the capabilities are a2term's own catalogs")
	}
}

// TestCatalogDefVersionRules: a definition's protocolVersion is 0.9 or
// 1.0, and only a v1.0 one has composition rules or says who may call
// its functions.
func TestCatalogDefVersionRules(t *testing.T) {
	comp := `"components":{"Box":{"properties":{"component":{"const":"Box"},"label":{"$ref":"common_types.json#/$defs/DynamicString"}}%s}}`
	for _, tc := range []struct{ name, body, says string }{
		{"an unknown version", `"protocolVersion":"2.0"`, `protocolVersion "2.0" is not one a2term reads`},
		{"a version that is not a string", `"protocolVersion":1`, `protocolVersion 1 is not one a2term reads`},
		{"rules in a 0.9 definition", strings.Replace(comp, "%s", `,"allowedParents":["Surface"]`, 1), "allowedParents is a rule of v1.0 catalogs"},
		{"a rule naming a bad name", `"protocolVersion":"1.0",` + strings.Replace(comp, "%s", `,"allowedChildren":["a b"]`, 1), `allowedChildren: component name "a b" is not an identifier`},
		{"a rule naming one twice", `"protocolVersion":"1.0",` + strings.Replace(comp, "%s", `,"allowedParents":["Row","Row"]`, 1), `allowedParents names "Row" twice`},
		{"an unknown caller", `"protocolVersion":"1.0","functions":{"f":{"returnType":"string","allowedCallers":"anyone"}}`, "allowedCallers must be"},
		{"an agent pressing for the person", `"protocolVersion":"1.0","functions":{"f":{"returnType":"void","allowedCallers":"agentOnly","requiresUserActivation":true}}`, "requiresUserActivation is rendererOnly"},
		{"an unknown return type", `"protocolVersion":"1.0","functions":{"f":{"returnType":"date"}}`, "returnType must be one of"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCatalogDef("bad.json", []byte(`{"catalogId":"https://example.com/bad.json",`+tc.body+`}`))
			var ce *CatalogError
			if err == nil || !errors.As(err, &ce) || ce.Source != "bad.json" || !strings.Contains(ce.Reason, tc.says) {
				t.Fatalf("got %v; want a refusal of bad.json saying %q", err, tc.says)
			}
		})
	}
	for _, v := range []string{"0.9", "0.9.1", "1.0", "1.0.0-rc1"} {
		if _, err := ParseCatalogDef("ok.json", []byte(`{"catalogId":"https://example.com/ok.json","protocolVersion":"`+v+`"}`)); err != nil {
			t.Errorf("protocolVersion %s: %v", v, err)
		}
	}
}

// TestCatalogDefBasicNames: a definition's component named like one of
// the basic catalog's is drawn as the basic one, so it may name only the
// basic component's properties (else the file is refused, naming it);
// what its definition requires is required.
func TestCatalogDefBasicNames(t *testing.T) {
	const id = "https://example.com/basic-like.json"
	def := func(version, props, required string) string {
		return `{"catalogId":"` + id + `","protocolVersion":"` + version + `","components":{"Text":{"properties":{"component":{"const":"Text"},` + props + `},"required":[` + required + `]}}}`
	}
	for _, v := range []string{"0.9", "1.0"} {
		_, err := ParseCatalogDef("like.json", []byte(def(v, `"text":{"$ref":"common_types.json#/$defs/DynamicString"},"glow":{"type":"boolean"}`, `"text"`)))
		var ce *CatalogError
		if err == nil || !errors.As(err, &ce) || ce.Source != "like.json" || !strings.Contains(ce.Reason, `component Text: named like the basic catalog's Text`) || !strings.Contains(ce.Reason, `no property "glow"`) {
			t.Errorf("%s: a Text with a property of its own: %v", v, err)
		}
	}
	d, err := ParseCatalogDef("like.json", []byte(def("0.9", `"text":{"$ref":"common_types.json#/$defs/DynamicString"},"variant":{"type":"string"}`, `"text","variant"`)))
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Catalogs: []*CatalogDef{d}}
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + id + `"}}` + "\n"
	c := canvasOf(t, opts, create+`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi","variant":"h1"}]}}`)
	if n := c.Surface("s").Tree(); n.Type != "Text" {
		t.Fatalf("root %s, want the basic Text", Dump(n))
	}
	_, _, err = New(opts).ApplyJSON(rawLines(create + `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}`))
	if e := asError(err); e == nil || e.Code != CodeMissingProperty || !strings.Contains(e.Message, "variant is required") {
		t.Fatalf("a Text without the variant its definition requires: %v", err)
	}
}

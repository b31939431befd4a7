package a2ui

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// teamCatalog is the fixture catalog definition: OrgNode (a text, a
// plain string, a child list) and TaskCard (a text made by a function, an
// enum, a bound input, an action), and the function formatString.
func teamCatalog(t *testing.T) *CatalogDef {
	t.Helper()
	def, err := LoadCatalogDef(filepath.Join("..", "testdata", "catalogs", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func teamCanvas(t *testing.T) *Canvas {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "catalogs", "team.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return canvasOf(t, Options{Catalogs: []*CatalogDef{teamCatalog(t)}}, string(data))
}

const teamID = "https://example.com/a2term/catalogs/team.json"

// TestCatalogDefDrawnGenerically: a surface of a catalog definition
// resolves each component from its schema: text-like properties as
// labelled fields (a binding and a function call evaluated), the child
// list as children, the action as a button, "value" as an input.
func TestCatalogDefDrawnGenerically(t *testing.T) {
	def := teamCatalog(t)
	if def.ID != teamID || !reflect.DeepEqual(def.Components(), []string{"OrgNode", "TaskCard"}) || !reflect.DeepEqual(def.Functions(), []string{"formatString"}) || len(def.Unevaluated()) != 0 {
		t.Fatalf("definition %s %v %v %v", def.ID, def.Components(), def.Functions(), def.Unevaluated())
	}
	c := teamCanvas(t)
	root := c.Surface("team").Tree()
	p, ok := root.Props.(*GenericProps)
	if root.Type != GenericType || !ok || p.Type != "OrgNode" || p.Catalog != teamID {
		t.Fatalf("root %s", Dump(root))
	}
	if want := []GenericField{{"name", "Name", "Grace Hopper"}, {"role", "Role", "Director"}}; !reflect.DeepEqual(p.Fields, want) {
		t.Errorf("root fields %+v", p.Fields)
	}
	if got := childIDs(root); !reflect.DeepEqual(got, []string{"ada", "task"}) {
		t.Errorf("children %v", got)
	}
	ada := root.Children[0].Props.(*GenericProps)
	if ada.Fields[0].Text != "Ada Lovelace" || ada.Action != "" || ada.Input != nil {
		t.Errorf("ada %+v", ada)
	}
	task := root.Children[1]
	tp := task.Props.(*GenericProps)
	if want := []GenericField{{"title", "Task", "Review the compiler"}, {"priority", "Priority", "high"}}; !reflect.DeepEqual(tp.Fields, want) {
		t.Errorf("task fields %+v", tp.Fields)
	}
	if tp.Action != "Assign" || tp.Input == nil || *tp.Input != (GenericInput{Label: "Owner", Kind: InputText, Text: "Ada"}) {
		t.Errorf("task %+v input %+v", tp, tp.Input)
	}
	if !task.IsInput() || !task.IsFocusable() || root.IsFocusable() {
		t.Errorf("focusable: task %v/%v, root %v", task.IsInput(), task.IsFocusable(), root.IsFocusable())
	}
}

// TestCatalogDefPressAndType: typing into a generic input writes the data
// model at its binding; a press sends its action as a Button's would,
// with the context read after the write.
func TestCatalogDefPressAndType(t *testing.T) {
	c := teamCanvas(t)
	c, err := c.SetValue("team", "task", "Grace")
	if err != nil {
		t.Fatal(err)
	}
	if got := dataJSON(t, c, "team"); !strings.Contains(got, `"owner":"Grace"`) {
		t.Errorf("data model %s", got)
	}
	if got := nodeOf(t, c, "team", "task").Props.(*GenericProps).Input.Text; got != "Grace" {
		t.Errorf("input shows %q", got)
	}
	a, err := c.Press("team", "task", c.Version(), time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "assign" || a.SourceComponentID != "task" || a.Protocol != ProtocolV09 {
		t.Errorf("action %+v", a)
	}
	if got := string(a.Message()); !strings.Contains(got, `"context":{"task":"the compiler","owner":"Grace"}`) {
		t.Errorf("action message %s", got)
	}
	if _, err := c.Press("team", "ada", c.Version(), time.Unix(0, 0)); err == nil {
		t.Error("a node without an action was pressed")
	}
	if _, err := c.SetValue("team", "task", 3.0); err == nil {
		t.Error("a text input took a number")
	}
}

// TestCatalogDefChecksComponents: a definition's components are checked
// against their schemas as the basic catalog's are: a missing required
// property, an unknown one, a value outside an enum, a child list of the
// wrong shape, a function the catalog does not name are refused.
func TestCatalogDefChecksComponents(t *testing.T) {
	def := teamCatalog(t)
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + teamID + `"}}` + "\n"
	cases := []struct {
		name, comp, path string
		code             Code
	}{
		{"required", `{"id":"root","component":"OrgNode","role":"x"}`, "/updateComponents/components/0/name", CodeMissingProperty},
		{"unknown property", `{"id":"root","component":"OrgNode","name":"a","age":3}`, "/updateComponents/components/0/age", CodeUnknownProperty},
		{"enum", `{"id":"root","component":"TaskCard","title":"t","priority":"urgent","assign":{"event":{"name":"a"}}}`, "/updateComponents/components/0/priority", CodeBadValue},
		{"schema maxLength", `{"id":"root","component":"OrgNode","name":"a","role":"` + strings.Repeat("r", 81) + `"}`, "/updateComponents/components/0/role", CodeBadValue},
		{"child list shape", `{"id":"root","component":"OrgNode","name":"a","reports":"ada"}`, "/updateComponents/components/0/reports", CodeBadValue},
		{"dynamic string shape", `{"id":"root","component":"OrgNode","name":{"nope":1}}`, "", CodeBadValue},
		{"function outside the catalog", `{"id":"root","component":"OrgNode","name":{"call":"formatNumber","args":{"value":1}}}`, "/updateComponents/components/0/name/call", CodeUnknownFunction},
		{"basic type outside the catalog", `{"id":"root","component":"Text","text":"a"}`, "/updateComponents/components/0/component", CodeUnknownComponent},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := New(Options{Catalogs: []*CatalogDef{def}}).ApplyJSON(rawLines(create + v9Comps("s", tc.comp)))
			e := asError(err)
			if e == nil || e.Code != tc.code || tc.path != "" && e.Path != tc.path {
				t.Fatalf("got %v, want %s at %s", err, tc.code, tc.path)
			}
		})
	}
}

// TestCatalogDefFunctionRefusedByName: a function a definition names
// that a2term cannot evaluate is refused by name when a component calls
// it; one it can is called.
func TestCatalogDefFunctionRefusedByName(t *testing.T) {
	def, err := ParseCatalogDef("shout.json", []byte(`{"catalogId":"urn:shout","components":{"Note":{"properties":{"component":{"const":"Note"},"text":{"$ref":"common_types.json#/$defs/DynamicString"}},"required":["text"]}},`+
		`"functions":{"shout":{"type":"object","returnType":"string","properties":{"call":{"const":"shout"}},"required":["call"]},"pluralize":{"type":"object","returnType":"string","properties":{"call":{"const":"pluralize"}},"required":["call"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := def.Unevaluated(); !reflect.DeepEqual(got, []string{"shout"}) {
		t.Errorf("unevaluated %v", got)
	}
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"urn:shout"}}` + "\n"
	_, _, err = New(Options{Catalogs: []*CatalogDef{def}}).ApplyJSON(rawLines(create + v9Comps("s", `{"id":"root","component":"Note","text":{"call":"shout","args":{"value":"hi"}}}`)))
	if e := asError(err); e == nil || e.Code != CodeUnknownFunction || !strings.Contains(e.Message, `"shout"`) || !strings.Contains(e.Message, "not one a2term can evaluate") {
		t.Fatalf("got %v", err)
	}
	c := canvasOf(t, Options{Catalogs: []*CatalogDef{def}}, create+v9Comps("s", `{"id":"root","component":"Note","text":{"call":"pluralize","args":{"value":2,"one":"one note","other":"notes"}}}`))
	if got := c.Surface("s").Tree().Props.(*GenericProps).Fields[0].Text; got != "notes" {
		t.Errorf("pluralize gave %q", got)
	}
}

// TestCatalogDefCapabilities: a definition's catalogId is advertised as
// supported beside a2term's own.
func TestCatalogDefCapabilities(t *testing.T) {
	caps := CapabilitiesFor(Options{Catalogs: []*CatalogDef{teamCatalog(t)}})
	for _, v := range []string{"v0.9", "v0.9.1"} {
		if got := caps[v].SupportedCatalogIDs; len(got) != 3 || got[2] != teamID || got[0] != BasicCatalogV09ID {
			t.Errorf("%s: %v", v, got)
		}
	}
	if got := Capabilities()["v0.9.1"].SupportedCatalogIDs; len(got) != 2 {
		t.Errorf("without definitions: %v", got)
	}
}

// TestCatalogDefHostile: a catalog definition a2term refuses is refused
// with the file and the reason named.
func TestCatalogDefHostile(t *testing.T) {
	comp := func(name string) string {
		return `"` + name + `":{"properties":{"component":{"const":"` + name + `"}}}`
	}
	nested := strings.Repeat(`{"allOf":[`, MaxCatalogDepth) + `{}` + strings.Repeat(`]}`, MaxCatalogDepth)
	var many []string
	for i := range MaxCatalogComponents + 1 {
		many = append(many, comp("C"+strings.Repeat("x", i%5)+string(rune('a'+i%26))+itoa(i)))
	}
	var props []string
	for i := range MaxCatalogProperties + 1 {
		props = append(props, `"p`+itoa(i)+`":{"type":"string"}`)
	}
	var fns []string
	for i := range MaxCatalogFunctions + 1 {
		fns = append(fns, `"f`+itoa(i)+`":{"type":"object"}`)
	}
	cases := []struct{ name, doc, reason string }{
		{"too big", `{"catalogId":"urn:x","description":"` + strings.Repeat("a", MaxCatalogBytes) + `"}`, "over the limit of 1048576 bytes"},
		{"too deep", `{"catalogId":"urn:x","components":{"Deep":` + nested + `}}`, "nested more than 32 levels deep"},
		{"bad JSON", `{"catalogId":"urn:x",`, "not JSON"},
		{"not an object", `[1]`, "a catalog definition is a JSON object"},
		{"no catalogId", `{"components":{}}`, "catalogId is required"},
		{"a2term's own id", `{"catalogId":"` + BasicCatalogV09ID + `"}`, "one of a2term's own catalogs"},
		{"unknown top key", `{"catalogId":"urn:x","styles":{}}`, `"styles" is not a key of a catalog definition`},
		{"Surface", `{"catalogId":"urn:x","components":{` + comp("Surface") + `}}`, `"Surface" is the protocol's own component`},
		{"name with a hyphen", `{"catalogId":"urn:x","components":{` + comp("Org-Chart") + `}}`, `component name "Org-Chart" is not an identifier`},
		{"name with a space", `{"catalogId":"urn:x","components":{` + comp("Org Chart") + `}}`, `component name "Org Chart" is not an identifier`},
		{"name starting with a digit", `{"catalogId":"urn:x","components":{` + comp("1stItem") + `}}`, `component name "1stItem" is not an identifier`},
		{"function name with $", `{"catalogId":"urn:x","functions":{"calc$val":{"type":"object"}}}`, `function name "calc$val" is not an identifier`},
		{"system function", `{"catalogId":"urn:x","functions":{"@index":{"type":"object"}}}`, `function name "@index" is not an identifier`},
		{"property name", `{"catalogId":"urn:x","components":{"A":{"properties":{"user#name":{"type":"string"}}}}}`, `component A: property name "user#name" is not an identifier`},
		{"wrong discriminator", `{"catalogId":"urn:x","components":{"A":{"properties":{"component":{"const":"B"}}}}}`, `component A: its component property's const must be "A"`},
		{"too many components", `{"catalogId":"urn:x","components":{` + strings.Join(many, ",") + `}}`, "129 components, over the limit of 128"},
		{"too many properties", `{"catalogId":"urn:x","components":{"A":{"properties":{` + strings.Join(props, ",") + `}}}}`, "component A: more than 64 properties"},
		{"too many functions", `{"catalogId":"urn:x","functions":{` + strings.Join(fns, ",") + `}}`, "129 functions, over the limit of 128"},
		{"remote $ref", `{"catalogId":"urn:x","components":{"A":{"properties":{"p":{"$ref":"https://evil.example/s.json"}}}}}`, `component A: property p: $ref "https://evil.example/s.json" is not a common type`},
		{"unknown common type", `{"catalogId":"urn:x","components":{"A":{"properties":{"p":{"$ref":"common_types.json#/$defs/Theme"}}}}}`, `component A: property p: $ref "common_types.json#/$defs/Theme" is not a common type`},
		{"$ref loop", `{"catalogId":"urn:x","components":{"A":{"allOf":[{"$ref":"#/$defs/L"}]}},"$defs":{"L":{"allOf":[{"$ref":"#/$defs/L"}]}}}`, "more than 8 allOf and $ref levels"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCatalogDef("hostile.json", []byte(tc.doc))
			var ce *CatalogError
			if !errors.As(err, &ce) || ce.Source != "hostile.json" || !strings.Contains(ce.Reason, tc.reason) {
				t.Fatalf("got %v, want a refusal of hostile.json: %s", err, tc.reason)
			}
			if !strings.HasPrefix(err.Error(), "catalog hostile.json: ") {
				t.Errorf("message %q does not name the file", err)
			}
		})
	}
	// The file too big is refused without being read whole.
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(`{"catalogId":"urn:x","description":"`+strings.Repeat("a", 2*MaxCatalogBytes)+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCatalogDef(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("big file: %v", err)
	}
	if _, err := LoadCatalogDef(filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("missing file: %v", err)
	}
}

// TestCatalogName: the specification's examples of valid and invalid
// names (UAX #31).
func TestCatalogName(t *testing.T) {
	for _, n := range []string{"UserProfileCard", "submit_form", "item_id_1", "_internal_state", "Ünïcödé", "名前"} {
		if !isCatalogName(n) {
			t.Errorf("%q refused", n)
		}
	}
	for _, n := range []string{"", "User Card", "1stItem", "submit-form", "user#name", "calc$val", "@index", "a.b", "tab\there"} {
		if isCatalogName(n) {
			t.Errorf("%q accepted", n)
		}
	}
}

// TestLoadCatalogDefs: too many definitions, and two with one catalogId,
// are refused.
func TestLoadCatalogDefs(t *testing.T) {
	team := filepath.Join("..", "testdata", "catalogs", "team.json")
	if defs, err := LoadCatalogDefs([]string{team}); err != nil || len(defs) != 1 {
		t.Fatalf("%v %v", defs, err)
	}
	if _, err := LoadCatalogDefs([]string{team, team}); err == nil || !strings.Contains(err.Error(), "is "+team+"'s too") {
		t.Errorf("twice: %v", err)
	}
	many := make([]string, MaxCatalogs+1)
	for i := range many {
		many[i] = team
	}
	if _, err := LoadCatalogDefs(many); err == nil || !strings.Contains(err.Error(), "over the limit of 16") {
		t.Errorf("too many: %v", err)
	}
}

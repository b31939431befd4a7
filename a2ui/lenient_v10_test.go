package a2ui

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestV10LenientCustomComponent: a v1.0 component of a type outside its
// catalog refuses the batch whole in strict mode; with Lenient it is the
// labelled placeholder v0.8 and v0.9 draw, the children its child and
// child-list properties name drawn inside it, and the rest of the surface
// shown — whether the type is missing from the surface's default catalog,
// from the catalog the component names, or from a catalog a2term does not
// know (read as the basic one when lenient).
func TestV10LenientCustomComponent(t *testing.T) {
	const unknownCatalog = "https://example.com/unknown/catalog.json"
	for _, tc := range []struct{ name, catalog, path string }{
		{"the surface's default", "", "/createSurface/components/1/component"},
		{"its own catalogId", `"catalogId":"` + TerminalCatalogV10ID + `",`, "/createSurface/components/1/component"},
		{"an unknown catalog", `"catalogId":"` + unknownCatalog + `",`, "/createSurface/components/1/catalogId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := `{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV10ID + `","components":[` +
				`{"id":"root","component":"Column","children":["chart","after"]},` +
				`{"id":"chart","component":"OrgChart",` + tc.catalog + `"headerChild":"head","reportChildren":["a"],"memberChildren":{"componentId":"m","path":"/people"}},` +
				`{"id":"head","component":"Text","text":"Head"},{"id":"a","component":"Text","text":"A"},` +
				`{"id":"m","component":"Text","text":{"path":"name"}},{"id":"after","component":"Text","text":"After"}],` +
				`"dataModel":{"people":[{"name":"Ada"}]}}}`
			_, _, err := New(Options{}).ApplyJSON([]json.RawMessage{json.RawMessage(msg)})
			if e := asError(err); e == nil || (e.Code != CodeUnknownComponent && e.Code != CodeUnknownCatalog) || e.ComponentID != "chart" {
				t.Fatalf("strict: %v, want chart refused", err)
			}
			c, warns, err := New(Options{Lenient: true}).ApplyJSON([]json.RawMessage{json.RawMessage(msg)})
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			tree := c.Surface("s").Tree()
			if got := childIDs(tree); !reflect.DeepEqual(got, []string{"chart", "after"}) {
				t.Fatalf("root's children %v", got)
			}
			ch := tree.Children[0]
			if p, ok := ch.Props.(*PlaceholderProps); ch.Type != PlaceholderType || !ok || p.Type != "OrgChart" {
				t.Fatalf("chart drawn as %s", Dump(ch))
			}
			if got := childIDs(ch); !reflect.DeepEqual(got, []string{"head", "a", "m:0"}) {
				t.Errorf("the placeholder holds %v", got)
			}
			if !hasWarning(warns, CodeLenient, "/createSurface/components/1/component") && !hasWarning(warns, CodeUnknownCatalog, tc.path) {
				t.Errorf("no warning: %v", warns)
			}
		})
	}
}

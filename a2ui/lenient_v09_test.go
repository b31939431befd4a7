package a2ui

import (
	"errors"
	"reflect"
	"testing"
)

// TestV09LenientCustomComponent: a v0.9 component of a type outside its
// catalog (the official samples' OrgChart) refuses the batch whole in
// strict mode, as before; with Lenient it is a labelled placeholder, the
// children its child and child-list properties name are drawn inside it,
// and the rest of the surface shows. The basic catalog refused it even
// with Lenient before (it counted every type as its own).
func TestV09LenientCustomComponent(t *testing.T) {
	batch := v9Create("s") + "\n" + v9Comps("s",
		`{"id":"root","component":"Column","children":["title","chart","after"]},`+
			v9Text("title", `"Org"`)+`,`+
			`{"id":"chart","component":"OrgChart","chain":{"path":"/h"},"headerChild":"head","reportChildren":["a","b"],`+
			`"memberChildren":{"componentId":"m","path":"/people"},"action":{"event":{"name":"chart_node_click"}}},`+
			v9Text("head", `"Head"`)+`,`+v9Text("a", `"A"`)+`,`+v9Text("b", `"B"`)+`,`+
			`{"id":"lead","component":"Row","children":{"componentId":"m","path":"/people"}},`+
			v9Text("m", `{"path":"name"}`)+`,`+
			v9Text("after", `"After"`)) + "\n" +
		v9Data("s", "/people", `[{"name":"Ada"}]`)
	_, _, err := New(Options{}).ApplyJSON(rawLines(batch))
	if e := asError(err); e == nil || e.Code != CodeUnknownComponent || e.ComponentID != "chart" || e.Path != "/updateComponents/components/2/component" {
		t.Fatalf("strict: %v, want unknown_component for chart", err)
	}
	c, warns, err := New(Options{Lenient: true}).ApplyJSON(rawLines(batch))
	if err != nil {
		t.Fatalf("lenient: %v", err)
	}
	tree := c.Surface("s").Tree()
	if got := childIDs(tree); !reflect.DeepEqual(got, []string{"title", "chart", "after"}) {
		t.Fatalf("root's children %v", got)
	}
	ch := tree.Children[1]
	if p, ok := ch.Props.(*PlaceholderProps); ch.Type != PlaceholderType || !ok || p.Type != "OrgChart" || p.Waiting {
		t.Fatalf("chart drawn as %s", Dump(ch))
	}
	// headerChild, then reportChildren, then memberChildren (a template)'s items, in
	// the order the component gives them; "chain" and "action" are not
	// slots.
	if got := childIDs(ch); !reflect.DeepEqual(got, []string{"head", "a", "b", "m:0"}) {
		t.Errorf("the placeholder holds %v", got)
	}
	if got := ch.Children[3].Props.(*TextProps).Text; got != "Ada" {
		t.Errorf("template item %q", got)
	}
	if !hasWarning(warns, CodeLenient, "/updateComponents/components/2/component") {
		t.Errorf("no warning for the placeholder: %v", warns)
	}
	for _, w := range warns {
		if w.Code == CodeUnknownProperty {
			t.Errorf("a custom type's own properties are not unknown: %v", w)
		}
	}
}

// TestV09LenientCustomSlotShapes: a slot of the wrong shape is warned of
// and not drawn; the placeholder and the surface still show. A slot
// naming a component that is not there is refused as any missing child
// is (the canvas's rules stay).
func TestV09LenientCustomSlotShapes(t *testing.T) {
	c, warns, err := New(Options{Lenient: true}).ApplyJSON(rawLines(v9Create("s") + "\n" + v9Comps("s",
		`{"id":"root","component":"Spotlight","child":3,"children":{"componentId":"x"},"footerChild":"f"},`+v9Text("f", `"F"`))))
	if err != nil {
		t.Fatal(err)
	}
	root := c.Surface("s").Tree()
	if got := childIDs(root); !reflect.DeepEqual(got, []string{"f"}) {
		t.Errorf("children %v", got)
	}
	if !hasWarning(warns, CodeLenient, "/updateComponents/components/0/child") || !hasWarning(warns, CodeLenient, "/updateComponents/components/0/children") {
		t.Errorf("warnings %v", warns)
	}
}

// TestV09LenientCustomInMinimalCatalog: the minimal catalog's surface
// draws a basic type it lacks as a placeholder too.
func TestV09LenientCustomInMinimalCatalog(t *testing.T) {
	c := canvasOf(t, Options{Lenient: true}, `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"`+MinimalCatalogV09ID+`"}}`+"\n"+
		v9Comps("s", `{"id":"root","component":"Card","child":"t"},`+v9Text("t", `"In"`)))
	root := c.Surface("s").Tree()
	if p, ok := root.Props.(*PlaceholderProps); !ok || p.Type != "Card" || len(root.Children) != 1 {
		t.Errorf("root %s", Dump(root))
	}
}

// asError returns err as the canvas's *Error, or nil.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

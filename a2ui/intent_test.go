package a2ui

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
)

// pressSurface is a shown surface "s" with a button "btn" whose context
// reads the data model, and a template of buttons "itemBtn" over /items.
var pressSurface = strings.Join([]string{
	msgData("s", "/", `[{"key":"count","valueNumber":3},{"key":"flag","valueBoolean":true},`+
		`{"key":"user","valueMap":[{"key":"name","valueString":"Ann"},{"key":"age","valueNumber":30.5}]},`+
		`{"key":"items","valueMap":[{"key":"a","valueMap":[{"key":"name","valueString":"Alpha"},{"key":"id","valueNumber":1}]},`+
		`{"key":"b","valueMap":[{"key":"name","valueString":"Beta"},{"key":"id","valueNumber":2}]}]}]`),
	msgSurface("s", columnComp("root", "title", "btn", "list")+","+
		textComp("title", "Title")+","+
		`{"id":"btn","component":{"Button":{"child":"btnText","action":{"name":"book","context":[`+
		`{"key":"zeta","value":{"path":"/count"}},`+
		`{"key":"alpha","value":{"path":"/flag"}},`+
		`{"key":"who","value":{"path":"/user"}},`+
		`{"key":"lit","value":{"literalString":"x"}},`+
		`{"key":"num","value":{"literalNumber":2}},`+
		`{"key":"no","value":{"literalBoolean":false}},`+
		`{"key":"missing","value":{"path":"/nope"}},`+
		`{"key":"fallback","value":{"path":"/nope2","literalString":"dflt"}}]}}}},`+
		textComp("btnText", "Book")+","+
		listTemplate("list", "itemBtn", "/items")+","+
		`{"id":"itemBtn","component":{"Button":{"child":"itemText","action":{"name":"pick","context":[`+
		`{"key":"name","value":{"path":"/name"}},{"key":"id","value":{"path":"id"}},{"key":"top","value":{"path":"."}}]}}}},`+
		`{"id":"itemText","component":{"Text":{"text":{"path":"/name"}}}}`),
	msgBegin("s", "root"),
}, "\n")

var pressTime = time.Date(2024, 5, 1, 12, 0, 0, 123456789, time.FixedZone("CEST", 2*3600))

func TestPress(t *testing.T) {
	c := canvasOf(t, Options{}, pressSurface)
	a, err := c.Press("s", "btn", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "book" || a.SurfaceID != "s" || a.SourceComponentID != "btn" {
		t.Errorf("action %+v", a)
	}
	if a.Timestamp != "2024-05-01T10:00:00.123Z" {
		t.Errorf("timestamp %q, want UTC with milliseconds", a.Timestamp)
	}
	// Context values keep their model types.
	if v, _ := a.Context.Get("zeta"); v != 3.0 {
		t.Errorf("zeta %#v, want float64 3", v)
	}
	if v, _ := a.Context.Get("alpha"); v != true {
		t.Errorf("alpha %#v, want true", v)
	}
	who, _ := a.Context.Get("who")
	if o, ok := who.(*Object); !ok || !reflect.DeepEqual(o.Keys(), []string{"name", "age"}) {
		t.Errorf("who %#v, want an ordered *Object", who)
	}
	if v, ok := a.Context.Get("missing"); !ok || v != nil {
		t.Errorf("missing %#v %v, want a null entry", v, ok)
	}
	if !reflect.DeepEqual(a.Context.Keys(), []string{"zeta", "alpha", "who", "lit", "num", "no", "missing", "fallback"}) {
		t.Errorf("context keys %v, want the button's order", a.Context.Keys())
	}
	want := `{"userAction":{"name":"book","surfaceId":"s","sourceComponentId":"btn","timestamp":"2024-05-01T10:00:00.123Z",` +
		`"context":{"zeta":3,"alpha":true,"who":{"name":"Ann","age":30.5},"lit":"x","num":2,"no":false,"missing":null,"fallback":"dflt"}}}`
	if got := string(a.Message()); got != want {
		t.Errorf("message\n%s\nwant\n%s", got, want)
	}
}

func TestPressInsideTemplate(t *testing.T) {
	c := canvasOf(t, Options{}, pressSurface)
	a, err := c.Press("s", "itemBtn:b", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"userAction":{"name":"pick","surfaceId":"s","sourceComponentId":"itemBtn:b","timestamp":"2024-05-01T10:00:00.123Z",` +
		`"context":{"name":"Beta","id":2,"top":{"name":"Beta","id":2}}}}`
	if got := string(a.Message()); got != want {
		t.Errorf("message\n%s\nwant\n%s", got, want)
	}
	// The label inside the template button is not a button.
	_, err = c.Press("s", "itemText:b", c.Version(), pressTime)
	if e := errorOf(t, err); e.Code != CodeNotAButton || e.ComponentID != "itemText" {
		t.Errorf("%+v", e)
	}
}

func TestPressEmptyContext(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", `{"id":"b","component":{"Button":{"child":"l","action":{"name":"go"}}}},`+textComp("l", "Go"))+"\n"+msgBegin("s", "b"))
	a, err := c.Press("s", "b", c.Version(), time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(a.Message()); got != `{"userAction":{"name":"go","surfaceId":"s","sourceComponentId":"b","timestamp":"1970-01-01T00:00:00.000Z","context":{}}}` {
		t.Errorf("message %s", got)
	}
}

func TestPressRefusals(t *testing.T) {
	c := canvasOf(t, Options{}, pressSurface+"\n"+msgSurface("hidden", `{"id":"hb","component":{"Button":{"child":"l","action":{"name":"x"}}}},`+textComp("l", "L")))
	v := c.Version()
	cases := []struct {
		name, surface, node string
		seen                uint64
		code                Code
		comp                string
	}{
		{"unknown surface", "nope", "btn", v, CodeUnknownSurface, ""},
		{"not shown", "hidden", "hb", v, CodeNotShown, ""},
		{"unknown node", "s", "ghost", v, CodeUnknownNode, "ghost"},
		{"component id of a template child", "s", "itemBtn", v, CodeUnknownNode, "itemBtn"},
		{"not a button", "s", "title", v, CodeNotAButton, "title"},
		{"button label", "s", "btnText", v, CodeNotAButton, "btnText"},
		{"column", "s", "root", v, CodeNotAButton, "root"},
		{"version from the future", "s", "btn", v + 1, CodeBadValue, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := c.Press(tc.surface, tc.node, tc.seen, pressTime)
			e := errorOf(t, err)
			if a != nil {
				t.Errorf("refusal also returned %+v", a)
			}
			if e.Code != tc.code {
				t.Errorf("code %s, want %s (%v)", e.Code, tc.code, e)
			}
			if e.SurfaceID != tc.surface || e.ComponentID != tc.comp || e.Index != -1 {
				t.Errorf("surface %q component %q index %d, want %q %q -1", e.SurfaceID, e.ComponentID, e.Index, tc.surface, tc.comp)
			}
		})
	}
}

func TestPressStale(t *testing.T) {
	base := canvasOf(t, Options{}, pressSurface)
	seen := base.Version()
	btn := func(name, ctx string) string {
		return msgSurface("s", `{"id":"btn","component":{"Button":{"child":"btnText","action":{"name":"`+name+`","context":[`+ctx+`]}}}}`)
	}
	sameCtx := `{"key":"zeta","value":{"path":"/count"}},{"key":"alpha","value":{"path":"/flag"}},{"key":"who","value":{"path":"/user"}},` +
		`{"key":"lit","value":{"literalString":"x"}},{"key":"num","value":{"literalNumber":2}},{"key":"no","value":{"literalBoolean":false}},` +
		`{"key":"missing","value":{"path":"/nope"}},{"key":"fallback","value":{"path":"/nope2","literalString":"dflt"}}`
	cases := []struct {
		name   string
		update string
		node   string
		stale  bool
	}{
		{"action renamed", btn("book2", sameCtx), "btn", true},
		{"context path changed", btn("book", strings.Replace(sameCtx, "/count", "/other", 1)), "btn", true},
		{"context literal changed", btn("book", strings.Replace(sameCtx, `"literalNumber":2`, `"literalNumber":3`, 1)), "btn", true},
		{"context literal type changed", btn("book", strings.Replace(sameCtx, `"literalNumber":2`, `"literalString":"2"`, 1)), "btn", true},
		{"context key dropped", btn("book", `{"key":"zeta","value":{"path":"/count"}}`), "btn", true},
		{"button removed", msgSurface("s", columnComp("root", "title", "list")), "btn", true},
		{"template item removed", msgData("s", "/items/b", `[]`) + "\n" + msgData("s", "/items", `[{"key":"a","valueMap":[{"key":"name","valueString":"Alpha"}]}]`), "itemBtn:b", true},
		{"template action changed", msgSurface("s", `{"id":"itemBtn","component":{"Button":{"child":"itemText","action":{"name":"choose"}}}}`), "itemBtn:a", true},
		{"unrelated data change", msgData("s", "/count", `[{"key":".","valueNumber":99}]`), "btn", false},
		{"unrelated component change", msgSurface("s", textComp("title", "New title")), "btn", false},
		{"other surface changed", msgSurface("t", textComp("x", "x")) + "\n" + msgBegin("t", "x"), "btn", false},
		{"identical re-send", btn("book", sameCtx), "btn", false},
		{"label child changed", msgSurface("s", textComp("btnText", "Book now")), "btn", false},
		{"button child replaced, same action", msgSurface("s", `{"id":"btn","component":{"Button":{"child":"title","primary":true,"action":{"name":"book","context":[`+sameCtx+`]}}}}`), "btn", false},
		{"re-sent with other key order", msgSurface("s", `{"component":{"Button":{"action":{"context":[`+sameCtx+`],"name":"book"},"child":"btnText"}},"id":"btn"}`), "btn", false},
		{"template data changed", msgData("s", "/items/a/name", `[{"key":".","valueString":"Alef"}]`), "itemBtn:a", false},
		{"template item added", msgData("s", "/items/c", `[{"key":"name","valueString":"Gamma"}]`), "itemBtn:a", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := mustApply(t, base, tc.update)
			if c.Version() <= seen {
				t.Fatalf("version did not grow")
			}
			a, err := c.Press("s", tc.node, seen, pressTime)
			if tc.stale {
				e := errorOf(t, err)
				if e.Code != CodeStale || e.SurfaceID != "s" {
					t.Errorf("code %s surface %q, want stale on s (%v)", e.Code, e.SurfaceID, e)
				}
				// Seen at the current version, the press is judged afresh.
				if _, err := c.Press("s", tc.node, c.Version(), pressTime); err != nil {
					if e := errorOf(t, err); e.Code == CodeStale {
						t.Errorf("stale even at the current version")
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if a.SourceComponentID != tc.node {
				t.Errorf("source %q", a.SourceComponentID)
			}
		})
	}
}

func TestPressSeesCurrentData(t *testing.T) {
	c := canvasOf(t, Options{}, pressSurface)
	seen := c.Version()
	c = mustApply(t, c, msgData("s", "/count", `[{"key":".","valueNumber":99}]`)+"\n"+msgData("s", "/items/a/name", `[{"key":".","valueString":"Alef"}]`))
	a, err := c.Press("s", "btn", seen, pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Context.Get("zeta"); v != 99.0 {
		t.Errorf("zeta %v, want 99", v)
	}
	a, err = c.Press("s", "itemBtn:a", seen, pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Context.Get("name"); v != "Alef" {
		t.Errorf("name %v, want Alef", v)
	}
}

// inputSurface has one input of each kind bound to the model (suffix B)
// and one with only a literal (suffix L).
var inputSurface = strings.Join([]string{
	msgSurface("s", columnComp("root", "cbB", "cbL", "tfB", "tfL", "tfLong", "tfNum", "tfDate", "dtB", "dtL", "dtDate", "dtTime", "slB", "slL", "slDef", "mcB", "mcL", "send", "title")+","+
		`{"id":"cbB","component":{"CheckBox":{"label":{"literalString":"A"},"value":{"path":"/form/agree"}}}},`+
		`{"id":"cbL","component":{"CheckBox":{"label":{"literalString":"A"},"value":{"literalBoolean":true}}}},`+
		`{"id":"tfB","component":{"TextField":{"label":{"literalString":"Name"},"text":{"path":"/form/name"}}}},`+
		`{"id":"tfL","component":{"TextField":{"label":{"literalString":"Note"},"text":{"literalString":"init"}}}},`+
		`{"id":"tfLong","component":{"TextField":{"label":{"literalString":"Long"},"text":{"path":"/form/long"},"textFieldType":"longText"}}},`+
		`{"id":"tfNum","component":{"TextField":{"label":{"literalString":"N"},"text":{"path":"/form/num"},"textFieldType":"number"}}},`+
		`{"id":"tfDate","component":{"TextField":{"label":{"literalString":"D"},"text":{"path":"/form/date"},"textFieldType":"date"}}},`+
		`{"id":"dtB","component":{"DateTimeInput":{"value":{"path":"/form/when"}}}},`+
		`{"id":"dtL","component":{"DateTimeInput":{"value":{"literalString":"2024-01-01T00:00"}}}},`+
		`{"id":"dtDate","component":{"DateTimeInput":{"value":{"path":"/form/day"},"enableDate":true,"enableTime":false}}},`+
		`{"id":"dtTime","component":{"DateTimeInput":{"value":{"path":"/form/time"},"enableTime":true,"enableDate":false}}},`+
		`{"id":"slB","component":{"Slider":{"value":{"path":"/form/vol"},"minValue":0,"maxValue":10}}},`+
		`{"id":"slL","component":{"Slider":{"value":{"literalNumber":5},"minValue":0,"maxValue":10}}},`+
		`{"id":"slDef","component":{"Slider":{"value":{"literalNumber":5}}}},`+
		`{"id":"mcB","component":{"MultipleChoice":{"selections":{"path":"/form/tags"},"maxAllowedSelections":2,"options":[`+
		`{"label":{"literalString":"A"},"value":"a"},{"label":{"literalString":"B"},"value":"b"},{"label":{"literalString":"C"},"value":"c"}]}}},`+
		`{"id":"mcL","component":{"MultipleChoice":{"selections":{"literalArray":["a"]},"options":[`+
		`{"label":{"literalString":"A"},"value":"a"},{"label":{"literalString":"B"},"value":"b"}]}}},`+
		`{"id":"send","component":{"Button":{"child":"title","action":{"name":"send","context":[{"key":"form","value":{"path":"/form"}}]}}}},`+
		textComp("title", "Send")),
	msgBegin("s", "root"),
}, "\n")

func setValue(t *testing.T, c *Canvas, node string, v any) *Canvas {
	t.Helper()
	next, err := c.SetValue("s", node, v)
	if err != nil {
		t.Fatalf("SetValue(%s, %#v): %v", node, v, err)
	}
	return next
}

func TestSetValueWritesTheModel(t *testing.T) {
	c := canvasOf(t, Options{}, inputSurface)
	start := c
	// The untouched choice bound to /form/tags already holds a list.
	before := dataJSON(t, start, "s")
	if before != `{"form":{"tags":[]}}` {
		t.Errorf("model before any input %s", before)
	}
	c = setValue(t, c, "cbB", true)
	c = setValue(t, c, "tfB", "Bob")
	c = setValue(t, c, "dtB", "2024-05-01T10:30")
	c = setValue(t, c, "slB", 7.5)
	c = setValue(t, c, "mcB", []string{"c", "a"})
	if c.Version() != start.Version()+5 {
		t.Errorf("version %d, want %d", c.Version(), start.Version()+5)
	}
	if got := dataJSON(t, start, "s"); got != before {
		t.Errorf("SetValue changed the old canvas: %s", got)
	}
	want := `{"form":{"tags":["c","a"],"agree":true,"name":"Bob","when":"2024-05-01T10:30","vol":7.5}}`
	if got := dataJSON(t, c, "s"); got != want {
		t.Errorf("model %s, want %s", got, want)
	}
	if !nodeOf(t, c, "s", "cbB").Props.(*CheckBoxProps).Value ||
		nodeOf(t, c, "s", "tfB").Props.(*TextFieldProps).Text != "Bob" ||
		nodeOf(t, c, "s", "dtB").Props.(*DateTimeInputProps).Value != "2024-05-01T10:30" ||
		nodeOf(t, c, "s", "slB").Props.(*SliderProps).Value != 7.5 ||
		!reflect.DeepEqual(nodeOf(t, c, "s", "mcB").Props.(*MultipleChoiceProps).Selections, []string{"c", "a"}) {
		t.Errorf("tree does not show the values:\n%s", Dump(c.Surface("s").Tree()))
	}
	a, err := c.Press("s", "send", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	wantMsg := `{"userAction":{"name":"send","surfaceId":"s","sourceComponentId":"send","timestamp":"2024-05-01T10:00:00.123Z","context":{"form":` +
		`{"tags":["c","a"],"agree":true,"name":"Bob","when":"2024-05-01T10:30","vol":7.5}}}}`
	if got := string(a.Message()); got != wantMsg {
		t.Errorf("message\n%s\nwant\n%s", got, wantMsg)
	}
	// A press seen before the person's own changes is not stale.
	if _, err := c.Press("s", "send", start.Version(), pressTime); err != nil {
		t.Errorf("press seen before SetValue: %v", err)
	}
}

func TestSetValueInsideTemplate(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"items","valueMap":[{"key":"a","valueMap":[{"key":"qty","valueNumber":1}]},{"key":"b","valueMap":[{"key":"qty","valueNumber":2}]}]}]`)+"\n"+
		msgSurface("s", listTemplate("root", "row", "/items")+","+columnComp("row", "qty", "note", "buy")+","+
			`{"id":"qty","component":{"Slider":{"value":{"path":"/qty"},"maxValue":10}}},`+
			`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"literalString":""}}}},`+
			`{"id":"buy","component":{"Button":{"child":"qty","action":{"name":"buy","context":[{"key":"qty","value":{"path":"qty"}}]}}}}`)+"\n"+
		msgBegin("s", "root"))
	c = setValue(t, c, "qty:b", 9.0)
	c = setValue(t, c, "note:a", "for A")
	if got := dataJSON(t, c, "s"); got != `{"items":{"a":{"qty":1},"b":{"qty":9}}}` {
		t.Errorf("model %s", got)
	}
	if a, b := nodeOf(t, c, "s", "note:a").Props.(*TextFieldProps).Text, nodeOf(t, c, "s", "note:b").Props.(*TextFieldProps).Text; a != "for A" || b != "" {
		t.Errorf("per-node notes %q %q, want %q and empty", a, b, "for A")
	}
	a, err := c.Press("s", "buy:b", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Context.Get("qty"); v != 9.0 {
		t.Errorf("qty %v, want 9", v)
	}
}

func TestSetValueLocalState(t *testing.T) {
	c := canvasOf(t, Options{}, inputSurface)
	c = setValue(t, c, "cbL", false)
	c = setValue(t, c, "tfL", "mine")
	c = setValue(t, c, "dtL", "2025-12-31T23:59")
	c = setValue(t, c, "slL", 2.0)
	c = setValue(t, c, "mcL", []string{"b"})
	c = setValue(t, c, "tfB", "bound") // a bound one beside them
	check := func(t *testing.T, c *Canvas, when string) {
		t.Helper()
		if nodeOf(t, c, "s", "cbL").Props.(*CheckBoxProps).Value {
			t.Errorf("%s: checkbox reverted to its literal", when)
		}
		if got := nodeOf(t, c, "s", "tfL").Props.(*TextFieldProps).Text; got != "mine" {
			t.Errorf("%s: text %q", when, got)
		}
		if got := nodeOf(t, c, "s", "dtL").Props.(*DateTimeInputProps).Value; got != "2025-12-31T23:59" {
			t.Errorf("%s: date %q", when, got)
		}
		if got := nodeOf(t, c, "s", "slL").Props.(*SliderProps).Value; got != 2 {
			t.Errorf("%s: slider %v", when, got)
		}
		if got := nodeOf(t, c, "s", "mcL").Props.(*MultipleChoiceProps).Selections; !reflect.DeepEqual(got, []string{"b"}) {
			t.Errorf("%s: selections %v", when, got)
		}
		if got := nodeOf(t, c, "s", "tfB").Props.(*TextFieldProps).Text; got != "bound" {
			t.Errorf("%s: bound text %q", when, got)
		}
	}
	check(t, c, "after SetValue")
	// Only the bound inputs are in the model (the bound choice, untouched,
	// as an empty list).
	if got := dataJSON(t, c, "s"); got != `{"form":{"tags":[],"name":"bound"}}` {
		t.Errorf("literal-only inputs wrote the model: %s", got)
	}
	c = mustApply(t, c, msgData("s", "/other", `[{"key":"x","valueNumber":1}]`)+"\n"+msgSurface("s", textComp("title", "Send now")))
	check(t, c, "after unrelated updates")
	c = mustApply(t, c, msgSurface("s", `{"id":"tfL","component":{"TextField":{"label":{"literalString":"Note"},"text":{"literalString":"init"}}}}`))
	check(t, c, "after an identical re-send")
	// The agent redefines the inputs: the person's values give way.
	c = mustApply(t, c, msgSurface("s", `{"id":"tfL","component":{"TextField":{"label":{"literalString":"Your note"},"text":{"literalString":"agent"}}}},`+
		`{"id":"cbL","component":{"CheckBox":{"label":{"literalString":"B"},"value":{"literalBoolean":true}}}},`+
		`{"id":"slL","component":{"Slider":{"value":{"literalNumber":8},"minValue":0,"maxValue":10}}},`+
		`{"id":"mcL","component":{"MultipleChoice":{"selections":{"literalArray":["a"]},"options":[{"label":{"literalString":"A"},"value":"a"},{"label":{"literalString":"B"},"value":"b"}],"variant":"chips"}}},`+
		`{"id":"dtL","component":{"DateTimeInput":{"value":{"literalString":"2020-01-01T00:00"}}}}`))
	if got := nodeOf(t, c, "s", "tfL").Props.(*TextFieldProps).Text; got != "agent" {
		t.Errorf("text %q after redefinition, want agent", got)
	}
	if !nodeOf(t, c, "s", "cbL").Props.(*CheckBoxProps).Value {
		t.Error("checkbox kept the person's value after redefinition")
	}
	if got := nodeOf(t, c, "s", "slL").Props.(*SliderProps).Value; got != 8 {
		t.Errorf("slider %v after redefinition, want 8", got)
	}
	if got := nodeOf(t, c, "s", "mcL").Props.(*MultipleChoiceProps).Selections; !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("selections %v after redefinition, want [a]", got)
	}
	if got := nodeOf(t, c, "s", "dtL").Props.(*DateTimeInputProps).Value; got != "2020-01-01T00:00" {
		t.Errorf("date %q after redefinition", got)
	}
	if got := nodeOf(t, c, "s", "tfB").Props.(*TextFieldProps).Text; got != "bound" {
		t.Errorf("bound text %q after redefinition of other inputs", got)
	}
	// And the person can set it again.
	c = setValue(t, c, "tfL", "again")
	if got := nodeOf(t, c, "s", "tfL").Props.(*TextFieldProps).Text; got != "again" {
		t.Errorf("text %q", got)
	}
}

func TestSetValueChecks(t *testing.T) {
	long := strings.Repeat("x", MaxStringBytes+1)
	cases := []struct {
		node  string
		value any
		ok    bool
	}{
		{"cbB", true, true},
		{"cbB", false, true},
		{"cbB", "true", false},
		{"cbB", 1.0, false},
		{"cbB", nil, false},

		{"tfB", "hello", true},
		{"tfB", "", true},
		{"tfB", 5.0, false},
		{"tfB", []string{"a"}, false},
		{"tfB", long, false},

		{"tfNum", "12", true},
		{"tfNum", "-", true},
		{"tfNum", "1.", true},
		{"tfNum", ".5", true},
		{"tfNum", "+", true},
		{"tfNum", "-1.5e3", true},
		{"tfNum", "1e", true},
		{"tfNum", "", true},
		{"tfNum", "abc", false},
		{"tfNum", "1a", false},
		{"tfNum", "1.2.3", false},
		{"tfNum", "--1", false},
		{"tfNum", "1,5", false},

		{"tfDate", "2024-05-01", true},
		{"tfDate", "", true},
		{"tfDate", "2024-02-29", true},
		{"tfDate", "2023-02-29", false},
		{"tfDate", "2024-13-01", false},
		{"tfDate", "01/05/2024", false},
		{"tfDate", "tomorrow", false},

		{"dtB", "2024-05-01T10:30", true},
		{"dtB", "2024-05-01T10:30:15", true},
		{"dtB", "2024-05-01T10:30:15Z", true},
		{"dtB", "2024-05-01T10:30:15+02:00", true},
		{"dtB", "2024-05-01T10:30:15.250Z", true},
		{"dtB", "", true},
		{"dtB", "2024-05-01", false},
		{"dtB", "10:30", false},
		{"dtB", "2024-05-01 10:30", false},
		{"dtB", "2024-05-01T25:30", false},
		{"dtB", "soon", false},
		{"dtB", 5.0, false},

		{"dtDate", "2024-05-01", true},
		{"dtDate", "2024-02-30", false},
		{"dtDate", "10:30", false},

		{"dtTime", "10:30", true},
		{"dtTime", "10:30:15", true},
		{"dtTime", "25:00", false},
		{"dtTime", "10:61", false},
		{"dtTime", "2024-05-01", false},

		{"slB", 0.0, true},
		{"slB", 10.0, true},
		{"slB", 5.5, true},
		{"slB", -0.1, false},
		{"slB", 10.01, false},
		{"slB", "5", false},
		{"slB", 5, false}, // an int is not what JSON decodes to
		{"slB", math.NaN(), false},
		{"slB", math.Inf(1), false},
		{"slDef", 100.0, true},
		{"slDef", 101.0, false},
		{"slDef", -1.0, false},

		{"mcB", []string{"a"}, true},
		{"mcB", []string{}, true},
		{"mcB", []any{"b", "c"}, true},
		{"mcB", []string{"d"}, false},
		{"mcB", []string{"a", "a"}, false},
		{"mcB", []string{"a", "b", "c"}, false},
		{"mcB", "a", false},
		{"mcB", []any{"a", 1.0}, false},
		{"mcB", nil, false},
		{"mcL", []string{"a", "b"}, true}, // no maxAllowedSelections: unlimited
	}
	base := canvasOf(t, Options{}, inputSurface)
	twin := canvasOf(t, Options{}, inputSurface)
	for _, tc := range cases {
		got, err := base.SetValue("s", tc.node, tc.value)
		if tc.ok {
			if err != nil {
				t.Errorf("%s = %#v refused: %v", tc.node, tc.value, err)
			} else if got == base || got.Version() != base.Version()+1 {
				t.Errorf("%s = %#v: no new canvas", tc.node, tc.value)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s = %#v accepted", tc.node, tc.value)
			continue
		}
		e := errorOf(t, err)
		if e.Code != CodeBadValue || e.SurfaceID != "s" || e.ComponentID != tc.node || e.Index != -1 {
			t.Errorf("%s = %#v: %+v, want bad_value naming s and %s", tc.node, tc.value, e, tc.node)
		}
		if got != base {
			t.Errorf("%s = %#v: refusal returned another canvas", tc.node, tc.value)
		}
	}
	if !reflect.DeepEqual(base, twin) {
		t.Error("SetValue calls changed the canvas they were called on")
	}
}

func TestSetValueSanitizes(t *testing.T) {
	c := canvasOf(t, Options{}, inputSurface)
	hostile := "a\x1b[31mb\nc\u202ed\x1b]52;c;ZXZpbA==\x07"
	c = setValue(t, c, "tfB", hostile)
	c = setValue(t, c, "tfLong", hostile)
	c = setValue(t, c, "tfL", hostile)
	model := c.Surface("s").Data().(*Object)
	form, _ := model.Get("form")
	name, _ := form.(*Object).Get("name")
	long, _ := form.(*Object).Get("long")
	if name != "ab cd" {
		t.Errorf("one-line text stored as %q, want %q", name, "ab cd")
	}
	if long != "ab\ncd" {
		t.Errorf("long text stored as %q, want %q", long, "ab\ncd")
	}
	if got := nodeOf(t, c, "s", "tfL").Props.(*TextFieldProps).Text; got != "ab cd" {
		t.Errorf("per-node text %q, want %q", got, "ab cd")
	}
	for _, s := range []any{name, long} {
		if !IsClean(s.(string)) {
			t.Errorf("%q is not clean", s)
		}
	}
}

func TestSetValueRefusals(t *testing.T) {
	c := canvasOf(t, Options{}, inputSurface+"\n"+msgSurface("hidden", `{"id":"cb","component":{"CheckBox":{"label":{"literalString":"x"},"value":{"path":"/x"}}}}`))
	cases := []struct {
		name, surface, node string
		code                Code
		comp                string
	}{
		{"text", "s", "title", CodeNotAnInput, "title"},
		{"button", "s", "send", CodeNotAnInput, "send"},
		{"column", "s", "root", CodeNotAnInput, "root"},
		{"unknown node", "s", "ghost", CodeUnknownNode, "ghost"},
		{"unknown surface", "nope", "cbB", CodeUnknownSurface, ""},
		{"not shown", "hidden", "cb", CodeNotShown, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.SetValue(tc.surface, tc.node, "x")
			e := errorOf(t, err)
			if e.Code != tc.code || e.SurfaceID != tc.surface || e.ComponentID != tc.comp || e.Index != -1 {
				t.Errorf("%+v, want %s naming %q %q", e, tc.code, tc.surface, tc.comp)
			}
			if got != c {
				t.Error("refusal returned another canvas")
			}
		})
	}
}

// TestSetValueRefusedByTheCanvasLeavesItAlone: a value that would make a
// shown tree refused (here a remote image URL typed into a field the image
// is bound to) refuses the SetValue and changes nothing.
func TestSetValueRefusedByTheCanvasLeavesItAlone(t *testing.T) {
	stream := msgData("s", "/", `[{"key":"pic","valueString":"`+pngURL+`"}]`) + "\n" +
		msgSurface("s", columnComp("root", "img", "tf")+","+
			`{"id":"img","component":{"Image":{"url":{"path":"/pic"}}}},`+
			`{"id":"tf","component":{"TextField":{"label":{"literalString":"URL"},"text":{"path":"/pic"}}}}`) + "\n" +
		msgBegin("s", "root")
	c := canvasOf(t, Options{}, stream)
	twin := canvasOf(t, Options{}, stream)
	got, err := c.SetValue("s", "tf", "https://evil.example/x.png")
	e := errorOf(t, err)
	if e.Code != CodeRemoteMedia || e.Index != -1 {
		t.Errorf("%+v", e)
	}
	if got != c || !reflect.DeepEqual(c, twin) {
		t.Error("a refused SetValue changed the canvas")
	}
}

// TestPressOnButtonRedefinedAsTextIsStale: the view saw a button at
// version seen; the agent has since redefined that component as a Text.
// docs/architecture.md ("Intents, not actions") calls a press stale when its button was "removed or redefined"
// since the version the view saw, so the view should be told to look again
// (stale), not that it pressed something that is not a button.
func TestPressOnButtonRedefinedAsTextIsStale(t *testing.T) {
	c := canvasOf(t, Options{}, pressSurface)
	seen := c.Version()
	c = mustApply(t, c, msgSurface("s", textComp("btn", "no longer a button")))
	_, err := c.Press("s", "btn", seen, pressTime)
	if e := errorOf(t, err); e.Code != CodeStale {
		t.Errorf("code %s, want stale (%v)", e.Code, e)
	}
	// Seen at the current version it is simply not a button.
	_, err = c.Press("s", "btn", c.Version(), pressTime)
	if e := errorOf(t, err); e.Code != CodeNotAButton {
		t.Errorf("current version: code %s, want not_a_button", e.Code)
	}
}

// TestPressBlockedByAnInvalidField: a TextField whose validationRegexp
// fails blocks every Button whose action context reads its path (the path,
// or one above or below it), and no other.
func TestPressBlockedByAnInvalidField(t *testing.T) {
	form := msgSurface("s", columnComp("root", "email", "qty", "send", "whole", "other", "lit")+","+
		`{"id":"email","component":{"TextField":{"label":{"literalString":"Email"},"text":{"path":"/form/email"},"validationRegexp":"[^@ ]+@[^@ ]+"}}},`+
		`{"id":"qty","component":{"TextField":{"label":{"literalString":"Amount"},"text":{"path":"/form/qty"},"textFieldType":"number"}}},`+
		`{"id":"send","component":{"Button":{"child":"l","action":{"name":"send","context":[{"key":"to","value":{"path":"/form/email"}}]}}}},`+
		`{"id":"whole","component":{"Button":{"child":"l","action":{"name":"all","context":[{"key":"form","value":{"path":"/form"}}]}}}},`+
		`{"id":"other","component":{"Button":{"child":"l","action":{"name":"other","context":[{"key":"q","value":{"path":"/form/qty"}}]}}}},`+
		`{"id":"lit","component":{"Button":{"child":"l","action":{"name":"lit","context":[{"key":"k","value":{"literalString":"x"}}]}}}},`+
		textComp("l", "Go")) + "\n" + msgBegin("s", "root")
	c := canvasOf(t, Options{}, form)
	c = setValue(t, c, "email", "not an address")
	if p := nodeOf(t, c, "s", "email").Props.(*TextFieldProps); !p.Invalid || p.Problem != ProblemFormat {
		t.Fatalf("field %+v", p)
	}
	for _, tc := range []struct {
		button string
		code   Code
		msg    string
	}{
		{"send", CodeChecksFailed, `"Email" is not in the expected format.`},
		{"whole", CodeChecksFailed, `"Email" is not in the expected format.`},
		{"other", "", ""},
		{"lit", "", ""},
	} {
		a, err := c.Press("s", tc.button, c.Version(), pressTime)
		if tc.code == "" {
			if err != nil || a == nil {
				t.Errorf("%s: %v", tc.button, err)
			}
			continue
		}
		e := errorOf(t, err)
		if e.Code != tc.code || e.Message != tc.msg || a != nil {
			t.Errorf("%s: %+v, want %s %q", tc.button, e, tc.code, tc.msg)
		}
	}
	// A number field that holds no number blocks too, in its own words.
	c = setValue(t, c, "email", "ada@example.org")
	c = setValue(t, c, "qty", "1e")
	if _, err := c.Press("s", "send", c.Version(), pressTime); err != nil {
		t.Errorf("send with a valid email: %v", err)
	}
	if e := errorOf(t, pressErr(c, "other")); e.Code != CodeChecksFailed || e.Message != `"Amount" is not a number.` {
		t.Errorf("other: %+v", e)
	}
	if p := nodeOf(t, c, "s", "qty").Props.(*TextFieldProps); p.Problem != ProblemNotANumber {
		t.Errorf("qty problem %q", p.Problem)
	}
	// An empty field is not invalid: nothing blocks.
	c = setValue(t, c, "qty", "")
	if err := pressErr(c, "whole"); err != nil {
		t.Errorf("whole with an empty amount: %v", err)
	}
}

func pressErr(c *Canvas, id string) error {
	_, err := c.Press("s", id, c.Version(), pressTime)
	return err
}

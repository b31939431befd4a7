package a2ui

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// v0.9 helpers: messages built from their payloads.

func v9Create(sid string) string {
	return `{"version":"v0.9","createSurface":{"surfaceId":"` + sid + `","catalogId":"` + BasicCatalogV09ID + `"}}`
}

func v9Comps(sid, comps string) string {
	return `{"version":"v0.9","updateComponents":{"surfaceId":"` + sid + `","components":[` + comps + `]}}`
}

func v9Data(sid, path, value string) string {
	return `{"version":"v0.9","updateDataModel":{"surfaceId":"` + sid + `","path":"` + path + `","value":` + value + `}}`
}

func v9Text(id, text string) string {
	return `{"id":"` + id + `","component":"Text","text":` + text + `}`
}

// v9Base is a v0.9 surface "n" with a form: a field whose checks read its
// value, a button disabled until they pass, and a template of texts.
var v9Base = strings.Join([]string{
	v9Create("n"),
	v9Comps("n", `{"id":"root","component":"Column","children":["name","go","list","greet"]},`+
		`{"id":"name","component":"TextField","label":"Name","value":{"path":"/form/name"},"checks":[{"call":"required","args":{"value":{"path":"/form/name"}},"message":"Name is required"}]},`+
		`{"id":"go","component":"Button","child":"golabel","variant":"primary","action":{"event":{"name":"send","context":{"who":{"path":"/form/name"},"n":3,"none":{"path":"/nothing"}}}},`+
		`"checks":[{"condition":{"call":"required","args":{"value":{"path":"/form/name"}}},"message":"Fill in the name first"}]},`+
		v9Text("golabel", `"Send"`)+`,`+
		`{"id":"list","component":"List","children":{"componentId":"item","path":"/items"}},`+
		`{"id":"item","component":"Row","children":["itemname","itembtn"]},`+
		v9Text("itemname", `{"path":"name"}`)+`,`+
		`{"id":"itembtn","component":"Button","child":"golabel","variant":"borderless","action":{"event":{"name":"pick","context":{"name":{"path":"name"},"top":{"path":"/form/name"}}}}},`+
		v9Text("greet", `{"call":"formatString","args":{"value":"Hello ${/form/name}, ${/items/0/name} first"},"returnType":"string"}`)),
	v9Data("n", "/items", `[{"name":"Alpha"},{"name":"Beta"}]`),
}, "\n")

// TestV09Surface: a v0.9 surface resolves into the same tree v0.8 would
// give, with the v0.9 additions: checks, a disabled button, templates with
// relative paths, formatString.
func TestV09Surface(t *testing.T) {
	c := canvasOf(t, Options{}, v9Base)
	s := c.Surface("n")
	if s.Protocol() != ProtocolV09 || !s.Shown() || s.Root() != "root" || s.CatalogID() != BasicCatalogV09ID {
		t.Fatalf("surface: protocol %s shown %v root %q catalog %q", s.Protocol(), s.Shown(), s.Root(), s.CatalogID())
	}
	want := `Column root {"distribution":"start","alignment":"stretch"}
  TextField name {"label":"Name","text":"","textFieldType":"shortText","checks":["Name is required"]}
  Button go {"action":"send","primary":true,"disabled":true,"checks":["Fill in the name first"]}
    Text golabel {"text":"Send"}
  List list {"direction":"vertical","alignment":"stretch"}
    Row item:0 {"distribution":"start","alignment":"stretch"}
      Text itemname:0 {"text":"Alpha"}
      Button itembtn:0 {"action":"pick","borderless":true}
        Text golabel:0 {"text":"Send"}
    Row item:1 {"distribution":"start","alignment":"stretch"}
      Text itemname:1 {"text":"Beta"}
      Button itembtn:1 {"action":"pick","borderless":true}
        Text golabel:1 {"text":"Send"}
  Text greet {"text":"Hello , Alpha first"}
`
	if got := Dump(s.Tree()); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
}

// v9Set sets an input's value, failing the test on a refusal.
func v9Set(t *testing.T, c *Canvas, sid, node string, v any) *Canvas {
	t.Helper()
	next, err := c.SetValue(sid, node, v)
	if err != nil {
		t.Fatalf("SetValue(%s, %v): %v", node, v, err)
	}
	return next
}

// TestV09CheckReadsObjectsAsTrue pins how a v0.9 check reads its
// condition: as JavaScript reads a boolean, so that an object counts as
// true whatever it holds, a "valid" key included (only v1.0 reads a
// validationResult), and false fails with the rule's message.
func TestV09CheckReadsObjectsAsTrue(t *testing.T) {
	for _, tc := range []struct {
		r    string
		want []string
	}{
		{`{"valid":false,"message":"Not yet"}`, nil},
		{`{"valid":true}`, nil},
		{`{}`, nil},
		{`false`, []string{"Fill it in"}},
		{`""`, []string{"Fill it in"}},
		{`"yes"`, nil},
	} {
		c := canvasOf(t, Options{}, strings.Join([]string{v9Create("n"), v9Comps("n", `{"id":"root","component":"TextField","label":"x","value":{"path":"/v"},"checks":[{"condition":{"path":"/r"},"message":"Fill it in"}]}`), v9Data("n", "/", `{"v":"","r":`+tc.r+`}`)}, "\n"))
		if got := nodeOf(t, c, "n", "root").Props.(*TextFieldProps).Checks; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("condition %s: failed checks %q, want %q", tc.r, got, tc.want)
		}
	}
}

// TestV09ChecksFollowTheirInputs: typing into the field re-runs the checks
// that read it; the button is enabled once they pass, and a press on it
// is refused while they fail, never turned into an action.
func TestV09ChecksFollowTheirInputs(t *testing.T) {
	c := canvasOf(t, Options{}, v9Base)
	_, err := c.Press("n", "go", c.Version(), pressTime)
	if e := errorOf(t, err); e.Code != CodeChecksFailed || !strings.Contains(e.Message, "Fill in the name first") {
		t.Fatalf("press on a disabled button: %v", err)
	}
	c = v9Set(t, c, "n", "name", "Ada")
	bp := nodeOf(t, c, "n", "go").Props.(*ButtonProps)
	if bp.Disabled || bp.Checks != nil {
		t.Fatalf("button after the name is typed: %+v", bp)
	}
	if tf := nodeOf(t, c, "n", "name").Props.(*TextFieldProps); tf.Text != "Ada" || tf.Checks != nil {
		t.Fatalf("field: %+v", tf)
	}
	if got := nodeOf(t, c, "n", "greet").Props.(*TextProps).Text; got != "Hello Ada, Alpha first" {
		t.Errorf("formatString after typing: %q", got)
	}
	if got := dataJSON(t, c, "n"); got != `{"items":[{"name":"Alpha"},{"name":"Beta"}],"form":{"name":"Ada"}}` {
		t.Errorf("data model %s", got)
	}
	a, err := c.Press("n", "go", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	msg := string(a.Message())
	if want := `{"version":"v0.9","action":{"name":"send","surfaceId":"n","sourceComponentId":"go","timestamp":"2024-05-01T10:00:00.123Z","context":{"who":"Ada","n":3}}}`; msg != want {
		t.Errorf("action\n%s\nwant\n%s", msg, want)
	}
	if a.ClientDataModel() != nil {
		t.Errorf("a surface without sendDataModel sent its model: %s", a.ClientDataModel())
	}
	// Emptied again: disabled again.
	c = v9Set(t, c, "n", "name", "")
	if bp := nodeOf(t, c, "n", "go").Props.(*ButtonProps); !bp.Disabled {
		t.Errorf("button after the name is cleared: %+v", bp)
	}
}

// TestV09PressInTemplate: a button inside a template reads its item's
// values by relative path; its sourceComponentId is its component's id.
func TestV09PressInTemplate(t *testing.T) {
	c := canvasOf(t, Options{}, v9Base)
	a, err := c.Press("n", "itembtn:1", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(a.Message()); !strings.Contains(got, `"sourceComponentId":"itembtn","timestamp":"2024-05-01T10:00:00.123Z","context":{"name":"Beta"}}`) {
		t.Errorf("action %s", got)
	}
}

// TestV09SendDataModel: the action of a sendDataModel surface carries the
// surface's data model as the specification's client data model.
func TestV09SendDataModel(t *testing.T) {
	c := canvasOf(t, Options{}, `{"version":"v0.9.1","createSurface":{"surfaceId":"m","catalogId":"`+MinimalCatalogV09ID+`","sendDataModel":true}}`+"\n"+
		v9Comps("m", `{"id":"root","component":"Button","child":"l","action":{"event":{"name":"ok"}}},`+v9Text("l", `"OK"`))+"\n"+
		v9Data("m", "/x", `{"y":[1,"two"]}`))
	a, err := c.Press("m", "root", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(a.ClientDataModel()); got != `{"version":"v0.9","surfaces":{"m":{"x":{"y":[1,"two"]}}}}` {
		t.Errorf("client data model %s", got)
	}
	if got := string(a.Message()); got != `{"version":"v0.9","action":{"name":"ok","surfaceId":"m","sourceComponentId":"root","timestamp":"2024-05-01T10:00:00.123Z","context":{}}}` {
		t.Errorf("action %s", got)
	}
}

// TestV09OpenURL: a functionCall button resolves the address it would
// open; pressing it is local (never an action for the agent).
func TestV09OpenURL(t *testing.T) {
	c := canvasOf(t, Options{}, v9Create("u")+"\n"+
		v9Comps("u", `{"id":"root","component":"Button","child":"l","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/a?b=c"},"returnType":"void"}}},`+v9Text("l", `"Docs"`)))
	bp := nodeOf(t, c, "u", "root").Props.(*ButtonProps)
	if bp.Call != "openUrl" || bp.URL != "https://example.com/a?b=c" || bp.Action != "" {
		t.Fatalf("button %+v", bp)
	}
	a, err := c.Press("u", "root", c.Version(), pressTime)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Local || a.URL != bp.URL || a.Name != "openUrl" {
		t.Errorf("press %+v", a)
	}
}

// TestV09UpdateDataModel: upsert at a path, creating containers (an array
// where the next segment is an index), removal of a key when value is
// left out, removal of an array element keeping the length, replacement
// of the whole model, and its removal.
func TestV09UpdateDataModel(t *testing.T) {
	c := canvasOf(t, Options{}, v9Create("d"))
	for _, step := range []struct{ msg, want string }{
		{v9Data("d", "/a/b", `"x"`), `{"a":{"b":"x"}}`},
		{v9Data("d", "/a/b", `{"c":1}`), `{"a":{"b":{"c":1}}}`},
		{v9Data("d", "/list/0/name", `"first"`), `{"a":{"b":{"c":1}},"list":[{"name":"first"}]}`},
		{v9Data("d", "/list/2", `3`), `{"a":{"b":{"c":1}},"list":[{"name":"first"},null,3]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d","path":"/list/0"}}`, `{"a":{"b":{"c":1}},"list":[null,null,3]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d","path":"/a"}}`, `{"list":[null,null,3]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d","path":"/not/there"}}`, `{"list":[null,null,3]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d","value":{"fresh":true}}}`, `{"fresh":true}`},
		{v9Data("d", "/", `{"b":2}`), `{"b":2}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d"}}`, `{}`},
	} {
		c = mustApply(t, c, step.msg)
		if got := dataJSON(t, c, "d"); got != step.want {
			t.Errorf("after %s: %s, want %s", step.msg, got, step.want)
		}
	}
}

// TestV09ItemsShareKeys: items of a list with the same keys share one list
// of keys, and a write that adds a key to one item, changes a value of
// another, or removes one leaves the rest as they were. Keys that differ,
// repeat or need cleaning are not shared.
func TestV09ItemsShareKeys(t *testing.T) {
	c := canvasOf(t, Options{}, v9Create("d"))
	c = mustApply(t, c, v9Data("d", "/", `{"items":[{"a":1,"b":"x"},{"a":2,"b":"y"},{"a":3,"b":"z"}],"other":{"a":4,"b":{"a":5,"b":6}},"odd":[{"a":1,"a":2},{"a":3},{"k\u0007":1},{"k\u0007":2}]}`))
	items := c.Surface("d").Data().(*Object).at("items").([]any)
	first, second := items[0].(*Object), items[1].(*Object)
	if &first.keys[0] != &second.keys[0] || !second.shared {
		t.Fatalf("the items do not share their keys")
	}
	for _, step := range []struct{ msg, want string }{
		{v9Data("d", "/items/1/c", `true`), `{"items":[{"a":1,"b":"x"},{"a":2,"b":"y","c":true},{"a":3,"b":"z"}],"other":{"a":4,"b":{"a":5,"b":6}},"odd":[{"a":2},{"a":3},{"k":1},{"k":2}]}`},
		{v9Data("d", "/items/2/a", `30`), `{"items":[{"a":1,"b":"x"},{"a":2,"b":"y","c":true},{"a":30,"b":"z"}],"other":{"a":4,"b":{"a":5,"b":6}},"odd":[{"a":2},{"a":3},{"k":1},{"k":2}]}`},
		{`{"version":"v0.9","updateDataModel":{"surfaceId":"d","path":"/items/0/a"}}`, `{"items":[{"b":"x"},{"a":2,"b":"y","c":true},{"a":30,"b":"z"}],"other":{"a":4,"b":{"a":5,"b":6}},"odd":[{"a":2},{"a":3},{"k":1},{"k":2}]}`},
		{v9Data("d", "/other/b/b", `7`), `{"items":[{"b":"x"},{"a":2,"b":"y","c":true},{"a":30,"b":"z"}],"other":{"a":4,"b":{"a":5,"b":7}},"odd":[{"a":2},{"a":3},{"k":1},{"k":2}]}`},
	} {
		c = mustApply(t, c, step.msg)
		if got := dataJSON(t, c, "d"); got != step.want {
			t.Errorf("after %s:\n got %s\nwant %s", step.msg, got, step.want)
		}
	}
}

// TestV09Refusals: each refusal a v0.9 message or batch can meet, with the
// spec's client error message beside a2term's own data, and the canvas
// left as it was.
func TestV09Refusals(t *testing.T) {
	v08 := msgSurface("old", textComp("root", "hi")) + "\n" + msgBegin("old", "root")
	base := v08 + "\n" + v9Create("n") + "\n" + v9Comps("n", v9Text("root", `"hi"`))
	for _, tc := range []struct {
		name    string
		batch   string
		code    Code
		index   int
		path    string
		client  string // the client message, "" when there must be none
		lenient bool
		says    string // in the refusal's message, when set
	}{
		{name: "unsupported version", batch: `{"version":"v2.0","createSurface":{"surfaceId":"x","catalogId":"c"}}`,
			code: CodeUnsupportedVersion, path: "/version", says: `version "v2.0" is not one a2term speaks: it reads v1.0, v0.9 and v0.9.1`},
		{name: "version of the wrong type", batch: `{"version":0.9,"createSurface":{"surfaceId":"x","catalogId":"c"}}`,
			code: CodeUnsupportedVersion, path: "/version", says: `version must be a string, "v1.0" or "v0.9" or "v0.9.1", not a number`},
		{name: "a v0.8 kind sent as v0.9", batch: `{"version":"v0.9","surfaceUpdate":{"surfaceId":"n","components":[]}}`, code: CodeBadMessage,
			client: `{"version":"v0.9","error":{"code":"BAD_MESSAGE","surfaceId":"n","message":"unknown message kind \"surfaceUpdate\": A2UI v0.9 has createSurface, updateComponents, updateDataModel and deleteSurface"}}`},
		{name: "v0.9 message without version", batch: `{"createSurface":{"surfaceId":"x","catalogId":"` + BasicCatalogV09ID + `"}}`,
			code: CodeBadMessage},
		{name: "v0.9 update of a v0.8 surface", batch: v9Comps("old", v9Text("root", `"x"`)), code: CodeVersionMismatch, path: "/updateComponents/surfaceId",
			client: `{"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"old","path":"/surfaceId","message":"updateComponents is a v0.9 message, and surface \"old\" was created by v0.8 messages: a surface keeps the version that created it (delete it to start over)"}}`},
		{name: "v0.9 create of a v0.8 surface", batch: v9Create("old"), code: CodeVersionMismatch},
		{name: "v0.9 delete of a v0.8 surface", batch: `{"version":"v0.9","deleteSurface":{"surfaceId":"old"}}`, code: CodeVersionMismatch},
		{name: "v0.8 update of a v0.9 surface", batch: msgSurface("n", textComp("root", "x")), code: CodeVersionMismatch, path: "/surfaceUpdate/surfaceId"},
		{name: "v0.8 data of a v0.9 surface", batch: msgData("n", "/", `[{"key":"a","valueString":"b"}]`), code: CodeVersionMismatch},
		{name: "v0.8 beginRendering of a v0.9 surface", batch: msgBegin("n", "root"), code: CodeVersionMismatch},
		{name: "v0.8 delete of a v0.9 surface", batch: `{"deleteSurface":{"surfaceId":"n"}}`, code: CodeVersionMismatch},
		{name: "surface exists", batch: v9Create("n"), code: CodeSurfaceExists, path: "/createSurface/surfaceId",
			client: `{"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"n","path":"/surfaceId","message":"surface \"n\" exists already: delete it with deleteSurface before creating it again"}}`},
		{name: "created twice in one batch", batch: v9Create("x") + "\n" + v9Create("x"), code: CodeSurfaceExists, index: 1},
		{name: "no surface to update", batch: v9Comps("x", v9Text("root", `"x"`)), code: CodeUnknownSurface},
		{name: "no surface for data", batch: v9Data("x", "/a", "1"), code: CodeUnknownSurface},
		{name: "unknown catalog", batch: `{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"https://example.com/mine.json"}}`,
			code: CodeUnknownCatalog, path: "/createSurface/catalogId"},
		{name: "no catalog", batch: `{"version":"v0.9","createSurface":{"surfaceId":"x"}}`, code: CodeMissingProperty},
		{name: "unknown createSurface property", batch: `{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"` + BasicCatalogV09ID + `","root":"r"}}`,
			code: CodeUnknownProperty, path: "/createSurface/root"},
		{name: "bad theme colour", batch: `{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"` + BasicCatalogV09ID + `","theme":{"primaryColor":"invalid-color"}}}`,
			code: CodeBadValue, path: "/createSurface/theme/primaryColor"},
		{name: "theme colour of the wrong type", batch: `{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"` + BasicCatalogV09ID + `","theme":{"primaryColor":123}}}`,
			code: CodeBadValue},
		{name: "deprecated primary", batch: v9Comps("n", `{"id":"b","component":"Button","child":"root","action":{"event":{"name":"go"}},"primary":true}`),
			code: CodeUnknownProperty, path: "/updateComponents/components/0/primary",
			client: `{"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"n","path":"/components/0/primary","message":"Button has no property \"primary\""}}`},
		{name: "deprecated enabled", batch: v9Comps("n", `{"id":"b","component":"Button","child":"root","action":{"event":{"name":"go"}},"enabled":{"path":"/x"}}`),
			code: CodeUnknownProperty},
		{name: "text variant", batch: v9Comps("n", `{"id":"t","component":"Text","text":"x","variant":"not_a_variant"}`), code: CodeBadValue, path: "/updateComponents/components/0/variant"},
		{name: "empty tabs", batch: v9Comps("n", `{"id":"t","component":"Tabs","tabs":[]}`), code: CodeBadValue},
		{name: "an unknown key in an option", batch: v9Comps("n", `{"id":"c","component":"ChoicePicker","value":{"path":"/c"},"options":[{"label":"A","value":"a","extra":1}]}`),
			code: CodeUnknownProperty, path: "/updateComponents/components/0/options/0/extra"},
		{name: "an unknown key in a tab", batch: v9Comps("n", `{"id":"t","component":"Tabs","tabs":[{"title":"A","child":"root","icon":"x"}]}`),
			code: CodeUnknownProperty, path: "/updateComponents/components/0/tabs/0/icon"},
		{name: "a check without message", batch: v9Comps("n", `{"id":"f","component":"TextField","label":"L","checks":[{"condition":{"call":"email","args":{"value":{"path":"/e"}}}}]}`),
			code: CodeMissingProperty},
		{name: "a function of another catalog", batch: v9Comps("n", v9Text("t", `{"call":"capitalize","args":{"value":"x"}}`)), code: CodeUnknownFunction,
			path: "/updateComponents/components/0/text/call"},
		{name: "a component the minimal catalog lacks", batch: `{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"` + MinimalCatalogV09ID + `"}}` + "\n" +
			v9Comps("m", `{"id":"root","component":"Image","url":"data:image/png;base64,AA"}`), code: CodeUnknownComponent, index: 1},
		{name: "a function the minimal catalog lacks", batch: `{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"` + MinimalCatalogV09ID + `"}}` + "\n" +
			v9Comps("m", v9Text("root", `{"call":"formatString","args":{"value":"x"}}`)), code: CodeUnknownFunction, index: 1},
		{name: "a v0.8 component shape", batch: v9Comps("n", `{"id":"t","component":{"Text":{"text":{"literalString":"x"}}}}`), code: CodeBadValue},
		{name: "no component type", batch: v9Comps("n", `{"id":"t","text":"x"}`), code: CodeMissingProperty},
		{name: "write through a string", batch: v9Data("n", "/a", `"s"`) + "\n" + v9Data("n", "/a/b", "1"), code: CodeBadPath, index: 1, path: "/updateDataModel/path",
			says: `"a" holds a string, not an object or an array`},
		{name: "write through a number", batch: v9Data("n", "/a", `5`) + "\n" + v9Data("n", "/a/b", "1"), code: CodeBadPath, index: 1,
			says: `"a" holds the number 5, not an object or an array`},
		{name: "a name into an array", batch: v9Data("n", "/a", `[1]`) + "\n" + v9Data("n", "/a/x", "1"), code: CodeBadPath, index: 1},
		{name: "regex RE2 cannot compile", batch: v9Comps("n", `{"id":"f","component":"TextField","label":"L","validationRegexp":"(?<=a)b"}`), code: CodeBadValue},
		{name: "a cycle", batch: v9Comps("n", `{"id":"root","component":"Card","child":"c"},{"id":"c","component":"Card","child":"root"}`), code: CodeCycle,
			client: `{"version":"v0.9","error":{"code":"VALIDATION_FAILED","surfaceId":"n","path":"/components/1/child","message":"\"c\" refers back to \"root\", which contains it: a cycle"}}`},
		{name: "null for a property", batch: v9Comps("n", `{"id":"t","component":"Text","text":"x","variant":null}`), code: CodeBadValue},
		{name: "null in a context", batch: v9Comps("n", `{"id":"b","component":"Button","child":"root","action":{"event":{"name":"go","context":{"a":null}}}}`), code: CodeBadValue},
		{name: "both event and functionCall", batch: v9Comps("n", `{"id":"b","component":"Button","child":"root","action":{"event":{"name":"go"},"functionCall":{"call":"openUrl","args":{"url":"https://a.b"}}}}`), code: CodeBadValue},
		{name: "an svg path with markup", batch: v9Comps("n", `{"id":"i","component":"Icon","name":{"svgPath":"M0 0<script>"}}`), code: CodeBadValue},
		// Mixing versions: the v0.8 surface's update is undone with the
		// v0.9 refusal that follows it, and the other way round.
		{name: "mixed batch, v0.9 refused", batch: msgSurface("old", textComp("root", "changed")) + "\n" + v9Create("y") + "\n" + v9Comps("y", `{"id":"root","component":"Nope"}`),
			code: CodeUnknownComponent, index: 2},
		{name: "mixed batch, v0.8 refused", batch: v9Comps("n", v9Text("root", `"changed"`)) + "\n" + msgSurface("old", `{"id":"root","component":{"Nope":{}}}`),
			code: CodeUnknownComponent, index: 1},
		{name: "too many surfaces", batch: v9Create("s1") + "\n" + v9Create("s2") + "\n" + v9Create("s3") + "\n" + v9Create("s4") + "\n" + v9Create("s5") + "\n" + v9Create("s6") + "\n" + v9Create("s7"),
			code: CodeTooManySurfaces, index: 6,
			client: `{"version":"v0.9","error":{"code":"TOO_MANY_SURFACES","surfaceId":"s7","message":"surface \"s7\" would be surface 9; the limit is 8 (delete one with deleteSurface first)"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{Lenient: tc.lenient}
			before := canvasOf(t, opts, base)
			snap := snapshot(before)
			got, warns, err := before.ApplyJSON(rawLines(tc.batch))
			e := errorOf(t, err)
			if e.Code != tc.code || e.Index != tc.index {
				t.Fatalf("refusal %v (code %s index %d), want %s at %d", e, e.Code, e.Index, tc.code, tc.index)
			}
			if tc.path != "" && e.Path != tc.path {
				t.Errorf("path %q, want %q", e.Path, tc.path)
			}
			if !strings.Contains(e.Message, tc.says) {
				t.Errorf("refusal says %q, want it to say %q", e.Message, tc.says)
			}
			if got != before || warns != nil || !reflect.DeepEqual(snap, snapshot(before)) {
				t.Error("the refused batch changed the canvas")
			}
			data, _ := json.Marshal(e)
			var back struct {
				ClientMessage json.RawMessage `json:"clientMessage"`
			}
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.client != "" && string(back.ClientMessage) != tc.client:
				t.Errorf("client message\n%s\nwant\n%s", back.ClientMessage, tc.client)
			case strings.HasPrefix(tc.batch, `{"version":"v0.9"`) && e.Index == 0 && back.ClientMessage == nil:
				t.Errorf("a refused v0.9 message has no client message: %s", data)
			case !strings.Contains(strings.Split(tc.batch, "\n")[e.Index], `"version":"v0.9`) && back.ClientMessage != nil:
				t.Errorf("a refusal of a message that is not v0.9 has a client message: %s", back.ClientMessage)
			}
		})
	}
}

// TestV09ClientErrorIsTheSpecShape: every client message a refusal carries
// has exactly the fields the specification's error schema allows.
func TestV09ClientErrorIsTheSpecShape(t *testing.T) {
	_, _, err := New(Options{}).ApplyJSON(rawLines(v9Create("n") + "\n" + v9Comps("n", `{"id":"t","component":"Text","text":5}`)))
	e := errorOf(t, err)
	raw, _ := json.Marshal(e.ClientMessage)
	var m map[string]json.RawMessage
	var body map[string]any
	if err := json.Unmarshal(raw, &m); err != nil || json.Unmarshal(m["error"], &body) != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	if len(m) != 2 || len(body) != 4 || body["code"] != ValidationFailed || body["surfaceId"] != "n" || body["path"] != "/components/0/text" || body["message"] == "" {
		t.Errorf("client message %s", raw)
	}
}

// TestV09Lenient: lenient mode reads an unknown catalog as the basic one
// and unknown properties as warnings.
func TestV09Lenient(t *testing.T) {
	c, warns, err := New(Options{Lenient: true}).ApplyJSON(rawLines(
		`{"version":"v0.9","createSurface":{"surfaceId":"x","catalogId":"https://example.com/c.json","extra":1}}` + "\n" +
			v9Comps("x", `{"id":"root","component":"Text","text":"hi","primary":true}`)))
	if err != nil {
		t.Fatal(err)
	}
	var codes []Code
	for _, w := range warns {
		codes = append(codes, w.Code)
	}
	if !reflect.DeepEqual(codes, []Code{CodeUnknownProperty, CodeUnknownCatalog, CodeUnknownProperty}) {
		t.Errorf("warnings %v", warns)
	}
	if got := nodeOf(t, c, "x", "root").Props.(*TextProps).Text; got != "hi" {
		t.Errorf("text %q", got)
	}
}

// TestV09RemoteMediaIsAPlaceholder: a picture from another site is drawn
// as a placeholder naming its host, never fetched, and only warned about
// (the official examples name remote pictures): a literal URL by the
// message that sends it, one from the data model by the message that
// puts it there.
func TestV09RemoteMediaIsAPlaceholder(t *testing.T) {
	c, warns, err := New(Options{}).ApplyJSON(rawLines(v9Create("p") + "\n" +
		v9Comps("p", `{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"Image","url":"https://pics.example.com/a.png"},{"id":"b","component":"Image","url":{"path":"/u"}}`) + "\n" +
		v9Data("p", "/u", `"http://other.example.org/b.jpg"`)))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 2 || warns[0].Code != CodeRemoteMedia || warns[0].Index != 1 || warns[0].ComponentID != "a" ||
		warns[1].Code != CodeRemoteMedia || warns[1].Index != 2 || warns[1].ComponentID != "b" || !strings.Contains(warns[1].Message, `"other.example.org"`) {
		t.Errorf("warnings %v", warns)
	}
	// A change elsewhere, of the data or of another component, leaves the
	// picture as it is and says nothing again; a new address for it does.
	next, again, err := c.ApplyJSON(rawLines(v9Data("p", "/v", `1`) + "\n" + v9Comps("p", `{"id":"root","component":"Column","children":["a","b","t"]},{"id":"t","component":"Text","text":"new"}`)))
	if err != nil || len(again) != 0 {
		t.Errorf("an unrelated change: warnings %v, %v", again, err)
	}
	if _, again, err := next.ApplyJSON(rawLines(v9Data("p", "/u", `"http://third.example.net/c.jpg"`))); err != nil || len(again) != 1 || !strings.Contains(again[0].Message, `"third.example.net"`) {
		t.Errorf("a new address: warnings %v, %v", again, err)
	}
	for id, host := range map[string]string{"a": "pics.example.com", "b": "other.example.org"} {
		if p := nodeOf(t, c, "p", id).Props.(*ImageProps); p.URL != "" || p.Blocked != host {
			t.Errorf("%s: %+v", id, p)
		}
	}
}

// TestV09RootArrivesLater: a v0.9 surface is shown from its creation,
// waiting for its root, and its tree is drawn as soon as "root" exists;
// a child not sent yet is a placeholder, not a refusal.
func TestV09RootArrivesLater(t *testing.T) {
	c := canvasOf(t, Options{}, v9Create("w")+"\n"+v9Comps("w", v9Text("other", `"x"`)))
	if p, ok := c.Surface("w").Tree().Props.(*PlaceholderProps); !ok || !p.Waiting {
		t.Fatalf("tree before its root: %s", Dump(c.Surface("w").Tree()))
	}
	c = mustApply(t, c, v9Comps("w", `{"id":"root","component":"Card","child":"later"}`))
	if got := Dump(c.Surface("w").Tree()); got != "Card root\n  Placeholder later {\"missing\":\"later\",\"reason\":\"\\\"later\\\" is not defined (yet)\"}\n" {
		t.Errorf("tree with a missing child:\n%s", got)
	}
	c = mustApply(t, c, v9Comps("w", v9Text("later", `"now"`)))
	if got := nodeOf(t, c, "w", "later").Props.(*TextProps).Text; got != "now" {
		t.Errorf("child %q", got)
	}
}

// TestV09MixedCanvas: surfaces of both versions live on one canvas, each
// keeps its version, and deleting one lets the other version recreate it.
func TestV09MixedCanvas(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("a", textComp("root", "old"))+"\n"+msgBegin("a", "root")+"\n"+v9Create("b")+"\n"+v9Comps("b", v9Text("root", `"new"`)))
	if c.Surface("a").Protocol() != ProtocolV08 || c.Surface("b").Protocol() != ProtocolV09 {
		t.Fatal("versions not kept")
	}
	c = mustApply(t, c, `{"deleteSurface":{"surfaceId":"a"}}`+"\n"+v9Create("a")+"\n"+v9Comps("a", v9Text("root", `"again"`)))
	if c.Surface("a").Protocol() != ProtocolV09 || nodeOf(t, c, "a", "root").Props.(*TextProps).Text != "again" {
		t.Errorf("surface a after being recreated by v0.9: %s", Dump(c.Surface("a").Tree()))
	}
	a, err := c.Press("b", "root", c.Version(), pressTime)
	if err == nil || a != nil {
		t.Errorf("a Text pressed: %v %v", a, err)
	}
}

// TestV09MinimalCatalogThroughApply: messages decoded on their own (which
// checks components against the basic catalog) are read again against
// their surface's catalog when applied.
func TestV09MinimalCatalogThroughApply(t *testing.T) {
	msgs := decodeBatch(t, Options{}, `{"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"`+MinimalCatalogV09ID+`"}}`+"\n"+
		v9Comps("m", `{"id":"root","component":"Image","url":"data:image/png;base64,AA"}`))
	_, _, err := New(Options{}).Apply(msgs)
	if e := errorOf(t, err); e.Code != CodeUnknownComponent || e.Index != 1 {
		t.Errorf("refusal %v", e)
	}
}

// TestV09IncrementalResolve: a data write re-resolves the nodes whose
// values, checks or templates read it, and takes the others over from the
// last tree as they are.
func TestV09IncrementalResolve(t *testing.T) {
	c := canvasOf(t, Options{}, v9Base)
	before := c.Surface("n").Tree()
	c = mustApply(t, c, v9Data("n", "/items/1/name", `"Gamma"`))
	after := c.Surface("n").Tree()
	if after.Find("itemname:0") != before.Find("itemname:0") || after.Find("name") != before.Find("name") || after.Find("go") != before.Find("go") {
		t.Error("nodes that read nothing written were resolved again")
	}
	if got := after.Find("itemname:1").Props.(*TextProps).Text; got != "Gamma" {
		t.Errorf("item 1 %q", got)
	}
	c = mustApply(t, c, v9Data("n", "/items/0/name", `"Zero"`))
	if got := nodeOf(t, c, "n", "greet").Props.(*TextProps).Text; got != "Hello , Zero first" {
		t.Errorf("formatString reading the item %q", got)
	}
	if full, _, err := resolveSurface(c.Surface("n"), false, false); err != nil || Dump(full) != Dump(c.Surface("n").Tree()) {
		t.Errorf("incremental tree differs from a full resolution (%v):\n%s\nwant\n%s", err, Dump(c.Surface("n").Tree()), Dump(full))
	}
	c = mustApply(t, c, v9Data("n", "/items", `[{"name":"Only"}]`))
	if got := len(nodeOf(t, c, "n", "list").Children); got != 1 {
		t.Errorf("%d items after the list shrank", got)
	}
}

// TestV09EveryComponent: each basic-catalog component with its v0.9
// properties resolves into the internal props the views draw.
func TestV09EveryComponent(t *testing.T) {
	comps := `{"id":"root","component":"Column","justify":"stretch","align":"center","children":["txt","img","ico","svg","vid","aud","row","lst","crd","tabs","div","mod","btn","tf","cb","cp","sl","dt"]},` +
		`{"id":"txt","component":"Text","text":"Hi","variant":"h2","accessibility":{"label":"Greeting","description":{"path":"/desc"}}},` +
		`{"id":"img","component":"Image","url":"data:image/png;base64,AA","description":"A dot","fit":"scaleDown","variant":"avatar"},` +
		`{"id":"ico","component":"Icon","name":"skipNext"},` +
		`{"id":"svg","component":"Icon","name":{"svgPath":"M0 0L24 24Z"}},` +
		`{"id":"vid","component":"Video","url":"data:video/mp4;base64,AA"},` +
		`{"id":"aud","component":"AudioPlayer","url":"data:audio/mpeg;base64,AA","description":"Song"},` +
		`{"id":"row","component":"Row","justify":"spaceEvenly","align":"end","children":["c1"]},` +
		v9Text("c1", `"c"`) + `,` +
		`{"id":"lst","component":"List","direction":"horizontal","align":"start","children":["c1"]},` +
		`{"id":"crd","component":"Card","child":"c1"},` +
		`{"id":"tabs","component":"Tabs","tabs":[{"title":"One","child":"c1"},{"title":{"path":"/t2"},"child":"c1"}]},` +
		`{"id":"div","component":"Divider","axis":"vertical"},` +
		`{"id":"mod","component":"Modal","trigger":"c1","content":"c1"},` +
		`{"id":"btn","component":"Button","child":"c1","variant":"borderless","action":{"event":{"name":"go"}}},` +
		`{"id":"tf","component":"TextField","label":"L","value":"typed","variant":"longText","validationRegexp":"[a-z]+"},` +
		`{"id":"cb","component":"CheckBox","label":"C","value":true},` +
		`{"id":"cp","component":"ChoicePicker","label":"Pick","variant":"multipleSelection","displayStyle":"chips","filterable":true,"options":[{"label":"A","value":"a"},{"label":{"path":"/bl"},"value":"b"}],"value":["b"]},` +
		`{"id":"sl","component":"Slider","label":"S","min":1,"max":5,"value":{"path":"/n"}},` +
		`{"id":"dt","component":"DateTimeInput","value":"2025-01-02","enableDate":true,"min":"2025-01-01","max":"2025-12-31","label":"Day"}`
	c := canvasOf(t, Options{}, v9Create("e")+"\n"+v9Comps("e", comps)+"\n"+v9Data("e", "/", `{"desc":"Says hi","t2":"Two","bl":"Bee","n":3}`))
	want := `Column root {"distribution":"stretch","alignment":"center"}
  Text txt {"text":"Hi","usageHint":"h2"} accessibility={"label":"Greeting","description":"Says hi"}
  Image img {"url":"data:image/png;base64,AA","altText":"A dot","fit":"scale-down","usageHint":"avatar"}
  Icon ico {"name":"skipNext"}
  Icon svg {"name":"","svgPath":"M0 0L24 24Z"}
  Video vid {"url":"data:video/mp4;base64,AA"}
  AudioPlayer aud {"url":"data:audio/mpeg;base64,AA","description":"Song"}
  Row row {"distribution":"spaceEvenly","alignment":"end"}
    Text c1 {"text":"c"}
  List lst {"direction":"horizontal","alignment":"start"}
    Text c1~2 {"text":"c"}
  Card crd
    Text c1~3 {"text":"c"}
  Tabs tabs {"titles":["One","Two"]}
    Text c1~4 {"text":"c"}
    Text c1~5 {"text":"c"}
  Divider div {"axis":"vertical"}
  Modal mod
    Text c1~6 {"text":"c"}
    Text c1~7 {"text":"c"}
  Button btn {"action":"go","borderless":true}
    Text c1~8 {"text":"c"}
  TextField tf {"label":"L","text":"typed","textFieldType":"longText","validationRegexp":"[a-z]+"}
  CheckBox cb {"label":"C","value":true}
  MultipleChoice cp {"label":"Pick","selections":["b"],"options":[{"label":"A","value":"a"},{"label":"Bee","value":"b"}],"variant":"chips","filterable":true}
  Slider sl {"label":"S","value":3,"min":1,"max":5,"step":0.05}
  DateTimeInput dt {"label":"Day","value":"2025-01-02","enableDate":true,"enableTime":false,"min":"2025-01-01","max":"2025-12-31"}
`
	if got := Dump(c.Surface("e").Tree()); got != want {
		t.Errorf("tree:\n%s\nwant:\n%s", got, want)
	}
	// A mutually exclusive picker takes one value; a time input is what a
	// DateTimeInput enabling neither part takes.
	c = mustApply(t, c, v9Comps("e", `{"id":"cp","component":"ChoicePicker","options":[{"label":"A","value":"a"}],"value":[]},{"id":"dt","component":"DateTimeInput","value":""}`))
	if p := nodeOf(t, c, "e", "cp").Props.(*MultipleChoiceProps); !p.Exclusive || p.MaxAllowedSelections != 1 || p.Variant != "checkbox" {
		t.Errorf("picker %+v", p)
	}
	if p := nodeOf(t, c, "e", "dt").Props.(*DateTimeInputProps); p.EnableDate || !p.EnableTime || p.Label != "Time" {
		t.Errorf("date-time %+v", p)
	}
}

// TestSplitStreamWrapper: the specification's message-list wrapper, as
// the official examples are written, is cut into its messages.
func TestSplitStreamWrapper(t *testing.T) {
	raws, err := SplitStream([]byte(`{"name":"x","description":"y","messages":[` + v9Create("a") + `, ` + v9Data("a", "/k", `{"messages":[]}`) + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(raws) != 2 || string(raws[0]) != v9Create("a") || string(raws[1]) != v9Data("a", "/k", `{"messages":[]}`) {
		t.Errorf("messages %q", raws)
	}
	// A message is never read as a wrapper.
	raws, _ = SplitStream([]byte(v9Data("a", "/k", `1`)))
	if len(raws) != 1 {
		t.Errorf("one message cut into %d", len(raws))
	}
}

// TestV09PressStale: a v0.9 press is stale once its button's action was
// redefined since the version the person saw, and not after a change
// elsewhere or a redefinition that keeps the action (a new label).
func TestV09PressStale(t *testing.T) {
	btn := func(name, label string) string {
		return v9Comps("s", `{"id":"root","component":"Button","child":"l","action":{"event":{"name":"`+name+`","context":{"k":1}}}},`+v9Text("l", `"`+label+`"`))
	}
	c := canvasOf(t, Options{}, v9Create("s")+"\n"+btn("keep", "Keep"))
	seen := c.Version()
	c = mustApply(t, c, btn("keep", "Keep it")+"\n"+v9Data("s", "/x", "1"))
	if _, err := c.Press("s", "root", seen, pressTime); err != nil {
		t.Errorf("press after unrelated changes: %v", err)
	}
	c = mustApply(t, c, btn("delete", "Delete"))
	if _, err := c.Press("s", "root", seen, pressTime); errorOf(t, err).Code != CodeStale {
		t.Errorf("press after the action changed: %v", err)
	}
	if _, err := c.Press("s", "root", c.Version(), pressTime); err != nil {
		t.Errorf("press at the current version: %v", err)
	}
}

// TestAgentName: a surface's agent name is its theme's agentDisplayName
// without the white space around it, cut on a character boundary past
// MaxAgentName bytes.
func TestAgentName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"", ""},
		{"   ", ""},
		{" Travel Desk ", "Travel Desk"},
		{strings.Repeat("a", MaxAgentName), strings.Repeat("a", MaxAgentName)},
		{strings.Repeat("a", MaxAgentName+1), strings.Repeat("a", MaxAgentName) + "…"},
		{"a" + strings.Repeat("é", MaxAgentName), "a" + strings.Repeat("é", (MaxAgentName-1)/2) + "…"},
	} {
		theme, _ := json.Marshal(map[string]string{"agentDisplayName": tc.name})
		c, _, err := New(Options{}).ApplyJSON([]json.RawMessage{json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + BasicCatalogV09ID + `","theme":` + string(theme) + `}}`)})
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Surface("s").AgentName(); got != tc.want {
			t.Errorf("agentDisplayName of %d bytes: AgentName %q (%d bytes), want %d bytes", len(tc.name), got, len(got), len(tc.want))
		}
	}
}

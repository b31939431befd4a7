package a2ui

import (
	"reflect"
	"strings"
	"testing"
)

// dataCanvas is a canvas with one surface "s" holding only a data model.
func dataCanvas(t *testing.T, contents string) *Canvas {
	t.Helper()
	return canvasOf(t, Options{}, msgData("s", "/", contents))
}

func TestDataModelUpdates(t *testing.T) {
	const start = `[{"key":"a","valueNumber":1},{"key":"user","valueMap":[{"key":"name","valueString":"Ann"},{"key":"email","valueString":"a@x"}]}]`
	cases := []struct {
		name   string
		update string // a dataModelUpdate body after surfaceId
		want   string
	}{
		{"root without path", `"contents":[{"key":"c","valueString":"x"}]`, `{"c":"x"}`},
		{"root empty path", `"path":"","contents":[{"key":"c","valueString":"x"}]`, `{"c":"x"}`},
		{"root slash", `"path":"/","contents":[{"key":"c","valueString":"x"}]`, `{"c":"x"}`},
		{"root emptied", `"path":"/","contents":[]`, `{}`},
		{"subtree replaced, not merged", `"path":"/user","contents":[{"key":"email","valueString":"b@x"}]`, `{"a":1,"user":{"email":"b@x"}}`},
		{"subtree emptied", `"path":"/user","contents":[]`, `{"a":1,"user":{}}`},
		{"new key goes last", `"path":"/b","contents":[{"key":"x","valueBoolean":true}]`, `{"a":1,"user":{"name":"Ann","email":"a@x"},"b":{"x":true}}`},
		{"existing key keeps its place", `"path":"/a","contents":[{"key":"x","valueNumber":2}]`, `{"a":{"x":2},"user":{"name":"Ann","email":"a@x"}}`},
		{"parents created", `"path":"/p/q/r","contents":[{"key":"x","valueNumber":1}]`, `{"a":1,"user":{"name":"Ann","email":"a@x"},"p":{"q":{"r":{"x":1}}}}`},
		{"through a scalar", `"path":"/a/b","contents":[{"key":"x","valueNumber":1}]`, `{"a":{"b":{"x":1}},"user":{"name":"Ann","email":"a@x"}}`},
		{"relative path at the top", `"path":"user","contents":[{"key":"name","valueString":"Bo"}]`, `{"a":1,"user":{"name":"Bo"}}`},
		{"trailing slash", `"path":"/user/","contents":[{"key":"name","valueString":"Bo"}]`, `{"a":1,"user":{"name":"Bo"}}`},
		{"bare value", `"path":"/user/name","contents":[{"key":".","valueString":"Cy"}]`, `{"a":1,"user":{"name":"Cy","email":"a@x"}}`},
		{"bare number new key", `"path":"/count","contents":[{"key":".","valueNumber":3}]`, `{"a":1,"user":{"name":"Ann","email":"a@x"},"count":3}`},
		{"slash keys nest", `"path":"/user","contents":[{"key":"addr/city","valueString":"Oslo"},{"key":"addr/zip","valueString":"0150"}]`, `{"a":1,"user":{"addr":{"city":"Oslo","zip":"0150"}}}`},
		{"deep valueMap", `"path":"/","contents":[{"key":"l1","valueMap":[{"key":"l2","valueMap":[{"key":"l3","valueMap":[{"key":"l4","valueMap":[{"key":"l5","valueMap":[{"key":"l6","valueNumber":6}]}]}]}]}]}]`,
			`{"l1":{"l2":{"l3":{"l4":{"l5":{"l6":6}}}}}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := dataCanvas(t, start)
			old := dataJSON(t, c, "s")
			n := mustApply(t, c, `{"dataModelUpdate":{"surfaceId":"s",`+tc.update+`}}`)
			if got := dataJSON(t, n, "s"); got != tc.want {
				t.Errorf("model %s, want %s", got, tc.want)
			}
			if got := dataJSON(t, c, "s"); got != old {
				t.Errorf("the old canvas's model changed to %s", got)
			}
		})
	}
}

// TestDataModelItemsShareKeys: v0.8 entries that name the keys of the
// object before, in its order, share its keys; writes to one item leave
// the others as they were, and keys that nest, repeat or need cleaning
// are read as before.
func TestDataModelItemsShareKeys(t *testing.T) {
	item := func(name, v string) string {
		return `{"key":"` + name + `","valueMap":[{"key":"label","valueString":"` + v + `"},{"key":"n","valueNumber":1}]}`
	}
	start := `[{"key":"items","valueMap":[` + item("i0", "a") + `,` + item("i1", "b") + `,` + item("i2", "c") + `]},` +
		`{"key":"odd","valueMap":[{"key":"x","valueMap":[{"key":"p/q","valueNumber":1},{"key":"r","valueNumber":2}]},{"key":"y","valueMap":[{"key":"p/q","valueNumber":3},{"key":"r","valueNumber":4}]},` +
		`{"key":"z","valueMap":[{"key":"k\u0007","valueNumber":5},{"key":"k","valueNumber":6}]},{"key":"w","valueMap":[{"key":"k","valueNumber":7},{"key":"k","valueNumber":8}]}]}]`
	c := dataCanvas(t, start)
	items := c.Surface("s").Data().(*Object).at("items").(*Object)
	if a, b := items.at("i0").(*Object), items.at("i1").(*Object); &a.keys[0] != &b.keys[0] || !b.shared {
		t.Fatalf("the items do not share their keys")
	}
	const odd = `"odd":{"x":{"p":{"q":1},"r":2},"y":{"p":{"q":3},"r":4},"z":{"k":6},"w":{"k":8}}`
	if got, want := dataJSON(t, c, "s"), `{"items":{"i0":{"label":"a","n":1},"i1":{"label":"b","n":1},"i2":{"label":"c","n":1}},`+odd+`}`; got != want {
		t.Fatalf("model %s, want %s", got, want)
	}
	for _, step := range []struct{ update, want string }{
		{`"path":"/items/i1/extra","contents":[{"key":".","valueBoolean":true}]`,
			`{"items":{"i0":{"label":"a","n":1},"i1":{"label":"b","n":1,"extra":true},"i2":{"label":"c","n":1}},` + odd + `}`},
		{`"path":"/items/i2/label","contents":[{"key":".","valueString":"C"}]`,
			`{"items":{"i0":{"label":"a","n":1},"i1":{"label":"b","n":1,"extra":true},"i2":{"label":"C","n":1}},` + odd + `}`},
	} {
		c = mustApply(t, c, `{"dataModelUpdate":{"surfaceId":"s",`+step.update+`}}`)
		if got := dataJSON(t, c, "s"); got != step.want {
			t.Errorf("after %s:\n got %s\nwant %s", step.update, got, step.want)
		}
	}
}

func TestDataModelUpdateIntoArray(t *testing.T) {
	// An array written by a person (SetValue) can be indexed and extended.
	c := canvasOf(t, Options{}, msgSurface("s", `{"id":"mc","component":{"MultipleChoice":{"selections":{"path":"/tags"},"options":[`+
		`{"label":{"literalString":"A"},"value":"a"},{"label":{"literalString":"B"},"value":"b"}]}}}`)+"\n"+msgBegin("s", "mc"))
	c, err := c.SetValue("s", "mc", []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	c = mustApply(t, c, msgData("s", "/tags/1", `[{"key":".","valueString":"B!"}]`)+"\n"+msgData("s", "/tags/2", `[{"key":".","valueString":"c"}]`))
	if got := dataJSON(t, c, "s"); got != `{"tags":["a","B!","c"]}` {
		t.Errorf("model %s", got)
	}
}

func TestTemplates(t *testing.T) {
	const items = `[{"key":"items","valueMap":[` +
		`{"key":"z","valueMap":[{"key":"name","valueString":"Zed"}]},` +
		`{"key":"a","valueMap":[{"key":"name","valueString":"Ann"}]},` +
		`{"key":"m","valueMap":[{"key":"name","valueString":"Mo"}]}]}]`
	c := canvasOf(t, Options{}, msgData("s", "/", items)+"\n"+
		msgSurface("s", listTemplate("root", "row", "/items")+","+
			columnComp("row", "abs", "rel", "dot")+","+
			`{"id":"abs","component":{"Text":{"text":{"path":"/name"}}}},`+
			`{"id":"rel","component":{"Text":{"text":{"path":"name"}}}},`+
			`{"id":"dot","component":{"Text":{"text":{"path":"./name"}}}}`)+"\n"+
		msgBegin("s", "root"))
	root := c.Surface("s").Tree()
	if got := childIDs(root); !reflect.DeepEqual(got, []string{"row:z", "row:a", "row:m"}) {
		t.Fatalf("children %v, want insertion order row:z row:a row:m", got)
	}
	for _, item := range []struct{ key, name string }{{"z", "Zed"}, {"a", "Ann"}, {"m", "Mo"}} {
		for _, id := range []string{"abs", "rel", "dot"} {
			n := nodeOf(t, c, "s", id+":"+item.key)
			if n.Component != id {
				t.Errorf("node %s made from %q", n.ID, n.Component)
			}
			if got := n.Props.(*TextProps).Text; got != item.name {
				t.Errorf("%s:%s text %q, want %q", id, item.key, got, item.name)
			}
		}
	}
	// An update of one item keeps the order; a new item goes last.
	c = mustApply(t, c, msgData("s", "/items/a", `[{"key":"name","valueString":"Anna"}]`)+"\n"+msgData("s", "/items/b", `[{"key":"name","valueString":"Bea"}]`))
	if got := childIDs(c.Surface("s").Tree()); !reflect.DeepEqual(got, []string{"row:z", "row:a", "row:m", "row:b"}) {
		t.Errorf("children %v after update", got)
	}
	if got := nodeOf(t, c, "s", "rel:a").Props.(*TextProps).Text; got != "Anna" {
		t.Errorf("text %q", got)
	}
	// Removing the collection removes the children.
	c = mustApply(t, c, msgData("s", "/items", `[]`))
	if got := childIDs(c.Surface("s").Tree()); len(got) != 0 {
		t.Errorf("children %v over an empty collection", got)
	}
	c = mustApply(t, c, msgData("s", "/", `[{"key":"items","valueString":"not a collection"}]`))
	if got := childIDs(c.Surface("s").Tree()); len(got) != 0 {
		t.Errorf("children %v over a string", got)
	}
}

func TestNestedTemplates(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"groups","valueMap":[`+
		`{"key":"g1","valueMap":[{"key":"title","valueString":"One"},{"key":"members","valueMap":[{"key":"m1","valueMap":[{"key":"name","valueString":"Ann"}]},{"key":"m2","valueMap":[{"key":"name","valueString":"Bo"}]}]}]},`+
		`{"key":"g2","valueMap":[{"key":"title","valueString":"Two"},{"key":"members","valueMap":[{"key":"m1","valueMap":[{"key":"name","valueString":"Cy"}]}]}]}]}]`)+"\n"+
		msgSurface("s", listTemplate("root", "grp", "/groups")+","+
			columnComp("grp", "title", "mems")+","+
			`{"id":"title","component":{"Text":{"text":{"path":"/title"}}}},`+
			listTemplate("mems", "mem", "members")+","+
			`{"id":"mem","component":{"Text":{"text":{"path":"/name"}}}}`)+"\n"+
		msgBegin("s", "root"))
	want := map[string]string{"title:g1": "One", "title:g2": "Two", "mem:g1:m1": "Ann", "mem:g1:m2": "Bo", "mem:g2:m1": "Cy"}
	for id, text := range want {
		if got := nodeOf(t, c, "s", id).Props.(*TextProps).Text; got != text {
			t.Errorf("%s text %q, want %q", id, got, text)
		}
	}
	if got := childIDs(nodeOf(t, c, "s", "mems:g1")); !reflect.DeepEqual(got, []string{"mem:g1:m1", "mem:g1:m2"}) {
		t.Errorf("members of g1 %v", got)
	}
	if got := childIDs(nodeOf(t, c, "s", "grp:g2")); !reflect.DeepEqual(got, []string{"title:g2", "mems:g2"}) {
		t.Errorf("group g2 children %v", got)
	}
}

func TestTemplateItemItself(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"tags","valueMap":[{"key":"0","valueString":"red"},{"key":"1","valueString":"green"}]}]`)+"\n"+
		msgSurface("s", listTemplate("root", "tag", "/tags")+`,{"id":"tag","component":{"Text":{"text":{"path":"."}}}}`)+"\n"+
		msgBegin("s", "root"))
	for id, want := range map[string]string{"tag:0": "red", "tag:1": "green"} {
		if got := nodeOf(t, c, "s", id).Props.(*TextProps).Text; got != want {
			t.Errorf("%s text %q, want %q", id, got, want)
		}
	}
}

func TestTemplateOverArrayWrittenBySetValue(t *testing.T) {
	c := canvasOf(t, Options{}, msgSurface("s", columnComp("root", "mc", "list")+","+
		`{"id":"mc","component":{"MultipleChoice":{"selections":{"path":"/tags"},"options":[`+
		`{"label":{"literalString":"Red"},"value":"red"},{"label":{"literalString":"Green"},"value":"green"},{"label":{"literalString":"Blue"},"value":"blue"}]}}},`+
		listTemplate("list", "tag", "/tags")+`,{"id":"tag","component":{"Text":{"text":{"path":"."}}}}`)+"\n"+
		msgBegin("s", "root"))
	if got := childIDs(nodeOf(t, c, "s", "list")); len(got) != 0 {
		t.Errorf("children %v before any selection", got)
	}
	c, err := c.SetValue("s", "mc", []any{"blue", "red"})
	if err != nil {
		t.Fatal(err)
	}
	list := nodeOf(t, c, "s", "list")
	if got := childIDs(list); !reflect.DeepEqual(got, []string{"tag:0", "tag:1"}) {
		t.Fatalf("children %v, want tag:0 tag:1", got)
	}
	if a, b := list.Children[0].Props.(*TextProps).Text, list.Children[1].Props.(*TextProps).Text; a != "blue" || b != "red" {
		t.Errorf("texts %q %q, want blue red", a, b)
	}
	if got := dataJSON(t, c, "s"); got != `{"tags":["blue","red"]}` {
		t.Errorf("model %s", got)
	}
}

func TestBoundValuesConvertToStrings(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"int","valueNumber":3},{"key":"frac","valueNumber":2.5},{"key":"neg","valueNumber":-0.125},`+
		`{"key":"big","valueNumber":1e21},{"key":"yes","valueBoolean":true},{"key":"no","valueBoolean":false},{"key":"obj","valueMap":[{"key":"b","valueNumber":1},{"key":"a","valueString":"x"}]},`+
		`{"key":"multi","valueString":"a\nb"}]`)+"\n"+
		msgSurface("s", columnComp("root", "int", "frac", "neg", "big", "yes", "no", "obj", "missing", "missingLit", "multi", "label")+","+
			`{"id":"int","component":{"Text":{"text":{"path":"/int"}}}},`+
			`{"id":"frac","component":{"Text":{"text":{"path":"/frac"}}}},`+
			`{"id":"neg","component":{"Text":{"text":{"path":"/neg"}}}},`+
			`{"id":"big","component":{"Text":{"text":{"path":"/big"}}}},`+
			`{"id":"yes","component":{"Text":{"text":{"path":"/yes"}}}},`+
			`{"id":"no","component":{"Text":{"text":{"path":"/no"}}}},`+
			`{"id":"obj","component":{"Text":{"text":{"path":"/obj"}}}},`+
			`{"id":"missing","component":{"Text":{"text":{"path":"/nothing/here"}}}},`+
			`{"id":"missingLit","component":{"Icon":{"name":{"path":"/nothing/icon"}}}},`+
			`{"id":"multi","component":{"Text":{"text":{"path":"/multi"}}}},`+
			`{"id":"label","component":{"CheckBox":{"label":{"path":"/multi"},"value":{"path":"/yes"}}}}`)+"\n"+
		msgBegin("s", "root"))
	want := map[string]string{"int": "3", "frac": "2.5", "neg": "-0.125", "big": "1e+21", "yes": "true", "no": "false", "obj": `{"b":1,"a":"x"}`, "missing": "", "multi": "a\nb"}
	for id, w := range want {
		if got := nodeOf(t, c, "s", id).Props.(*TextProps).Text; got != w {
			t.Errorf("%s: %q, want %q", id, got, w)
		}
	}
	if got := nodeOf(t, c, "s", "missingLit").Props.(*IconProps).Name; got != "" {
		t.Errorf("icon name %q", got)
	}
	cb := nodeOf(t, c, "s", "label").Props.(*CheckBoxProps)
	if cb.Label != "a b" || !cb.Value {
		t.Errorf("checkbox %+v, want one-line label and true", cb)
	}
}

func TestBoundValuesOfOtherTypes(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"sv","valueString":"42"},{"key":"sb","valueString":"true"},{"key":"one","valueString":"a"},`+
		`{"key":"sel","valueMap":[{"key":"x","valueString":"a"},{"key":"y","valueString":"b"}]},{"key":"bad","valueString":"many"}]`)+"\n"+
		msgSurface("s", columnComp("root", "sl", "cb", "mc1", "mc2", "sl2")+","+
			`{"id":"sl","component":{"Slider":{"value":{"path":"/sv"}}}},`+
			`{"id":"sl2","component":{"Slider":{"value":{"path":"/bad"}}}},`+
			`{"id":"cb","component":{"CheckBox":{"label":{"literalString":"x"},"value":{"path":"/sb"}}}},`+
			`{"id":"mc1","component":{"MultipleChoice":{"selections":{"path":"/one"},"options":[]}}},`+
			`{"id":"mc2","component":{"MultipleChoice":{"selections":{"path":"/sel"},"options":[]}}}`)+"\n"+
		msgBegin("s", "root"))
	if v := nodeOf(t, c, "s", "sl").Props.(*SliderProps).Value; v != 42 {
		t.Errorf("slider %v, want 42", v)
	}
	if v := nodeOf(t, c, "s", "sl2").Props.(*SliderProps).Value; v != 0 {
		t.Errorf("slider over a word %v, want 0", v)
	}
	if !nodeOf(t, c, "s", "cb").Props.(*CheckBoxProps).Value {
		t.Error(`checkbox over "true" is false`)
	}
	if got := nodeOf(t, c, "s", "mc1").Props.(*MultipleChoiceProps).Selections; !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("selections over a string %v", got)
	}
	if got := nodeOf(t, c, "s", "mc2").Props.(*MultipleChoiceProps).Selections; !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("selections over an object %v", got)
	}
}

func TestResolvedPropsOfEveryType(t *testing.T) {
	comps := []string{
		columnComp("root", "text", "img", "icon", "vid", "aud", "row", "list", "card", "tabs", "div", "modal", "btn", "cb", "tf", "dt", "mc", "sl"),
		`{"id":"text","component":{"Text":{"text":{"literalString":"T"},"usageHint":"h1"}}}`,
		`{"id":"img","weight":2,"component":{"Image":{"url":{"literalString":"` + pngURL + `"},"altText":{"literalString":"alt"},"fit":"cover","usageHint":"header"}}}`,
		`{"id":"icon","component":{"Icon":{"name":{"literalString":"home"}}}}`,
		`{"id":"vid","component":{"Video":{"url":{"literalString":"` + mp4URL + `"}}}}`,
		`{"id":"aud","component":{"AudioPlayer":{"url":{"literalString":"` + mpegURL + `"},"description":{"literalString":"d"}}}}`,
		`{"id":"row","component":{"Row":{"children":{"explicitList":[]}}}}`,
		`{"id":"list","component":{"List":{"children":{"explicitList":[]},"direction":"horizontal"}}}`,
		cardComp("card", "cardText"), textComp("cardText", "in card"),
		`{"id":"tabs","component":{"Tabs":{"tabItems":[{"title":{"literalString":"A"},"child":"tabA"},{"title":{"path":"/tb"},"child":"tabB"}]}}}`,
		textComp("tabA", "a"), textComp("tabB", "b"),
		`{"id":"div","component":{"Divider":{}}}`,
		`{"id":"modal","component":{"Modal":{"entryPointChild":"open","contentChild":"dlg"}}}`,
		textComp("open", "Open"), textComp("dlg", "Dialog"),
		`{"id":"btn","component":{"Button":{"child":"btnText","primary":true,"action":{"name":"go"}}}}`, textComp("btnText", "Go"),
		`{"id":"cb","component":{"CheckBox":{"label":{"literalString":"C"},"value":{"literalBoolean":true}}}}`,
		`{"id":"tf","component":{"TextField":{"label":{"literalString":"N"},"text":{"literalString":"abc"},"validationRegexp":"[0-9]+"}}}`,
		`{"id":"dt","component":{"DateTimeInput":{"value":{"literalString":"10:30"},"enableDate":false,"enableTime":false}}}`,
		`{"id":"mc","component":{"MultipleChoice":{"selections":{"literalArray":["b"]},"options":[{"label":{"literalString":"A"},"value":"a"},{"label":{"path":"/lb"},"value":"b"}],"maxAllowedSelections":1}}}`,
		`{"id":"sl","component":{"Slider":{"value":{"literalNumber":5},"minValue":0,"maxValue":10,"label":{"literalString":"S"}}}}`,
	}
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"tb","valueString":"Bee"},{"key":"lb","valueString":"Bee"}]`)+"\n"+
		msgSurface("s", strings.Join(comps, ","))+"\n"+msgBegin("s", "root"))
	want := map[string]any{
		"root":  &ColumnProps{Distribution: "start", Alignment: "stretch"},
		"text":  &TextProps{Text: "T", UsageHint: "h1"},
		"img":   &ImageProps{URL: pngURL, AltText: "alt", Fit: "cover", UsageHint: "header"},
		"icon":  &IconProps{Name: "home"},
		"vid":   &VideoProps{URL: mp4URL},
		"aud":   &AudioPlayerProps{URL: mpegURL, Description: "d"},
		"row":   &RowProps{Distribution: "start", Alignment: "stretch"},
		"list":  &ListProps{Direction: "horizontal", Alignment: "stretch"},
		"card":  &CardProps{},
		"tabs":  &TabsProps{Titles: []string{"A", "Bee"}},
		"div":   &DividerProps{Axis: "horizontal"},
		"modal": &ModalProps{},
		"btn":   &ButtonProps{Action: "go", Primary: true},
		"cb":    &CheckBoxProps{Label: "C", Value: true},
		"tf":    &TextFieldProps{Label: "N", Text: "abc", TextFieldType: "shortText", ValidationRegexp: "[0-9]+", Invalid: true, Problem: ProblemFormat},
		"dt":    &DateTimeInputProps{Label: "Date & time", Value: "10:30", EnableDate: true, EnableTime: true},
		"mc":    &MultipleChoiceProps{Selections: []string{"b"}, Options: []ChoiceOption{{"A", "a"}, {"Bee", "b"}}, MaxAllowedSelections: 1, Variant: "checkbox"},
		"sl":    &SliderProps{Label: "S", Value: 5, Min: 0, Max: 10, Step: 1},
	}
	for id, w := range want {
		n := nodeOf(t, c, "s", id)
		if !reflect.DeepEqual(n.Props, w) {
			t.Errorf("%s props %#v, want %#v", id, n.Props, w)
		}
	}
	if n := nodeOf(t, c, "s", "img"); n.Weight != 2 {
		t.Errorf("weight %v", n.Weight)
	}
	if got := childIDs(nodeOf(t, c, "s", "tabs")); !reflect.DeepEqual(got, []string{"tabA", "tabB"}) {
		t.Errorf("tab children %v", got)
	}
	if got := childIDs(nodeOf(t, c, "s", "modal")); !reflect.DeepEqual(got, []string{"open", "dlg"}) {
		t.Errorf("modal children %v", got)
	}
	if got := childIDs(nodeOf(t, c, "s", "btn")); !reflect.DeepEqual(got, []string{"btnText"}) {
		t.Errorf("button children %v", got)
	}
	if got := childIDs(nodeOf(t, c, "s", "card")); !reflect.DeepEqual(got, []string{"cardText"}) {
		t.Errorf("card children %v", got)
	}
}

func TestTextFieldInvalidFlag(t *testing.T) {
	cases := []struct {
		typ, re, text string
		invalid       bool
	}{
		{"shortText", "", "anything", false},
		{"shortText", `\d{4}`, "1234", false},
		{"shortText", `\d{4}`, "12345", true},
		{"shortText", `\d{4}`, "", false},
		{"number", "", "12.5", false},
		{"number", "", "-", true},
		{"number", "", "abc", true},
	}
	for _, tc := range cases {
		re := ""
		if tc.re != "" {
			re = `,"validationRegexp":"` + strings.ReplaceAll(tc.re, `\`, `\\`) + `"`
		}
		c := canvasOf(t, Options{}, msgSurface("s", `{"id":"tf","component":{"TextField":{"label":{"literalString":"x"},"text":{"literalString":"`+tc.text+`"},"textFieldType":"`+tc.typ+`"`+re+`}}}`)+"\n"+msgBegin("s", "tf"))
		if got := nodeOf(t, c, "s", "tf").Props.(*TextFieldProps).Invalid; got != tc.invalid {
			t.Errorf("%s %q with %q: invalid %v, want %v", tc.typ, tc.re, tc.text, got, tc.invalid)
		}
	}
}

func TestResolveIsDeterministic(t *testing.T) {
	stream := msgData("s", "/", `[{"key":"items","valueMap":[{"key":"k2","valueMap":[{"key":"n","valueString":"B"},{"key":"on","valueBoolean":true}]},{"key":"k1","valueMap":[{"key":"n","valueString":"A"}]}]},{"key":"vol","valueNumber":0.45}]`) + "\n" +
		msgSurface("s", columnComp("root", "list", "sl", "img")+","+
			listTemplate("list", "row", "/items")+","+
			`{"id":"row","weight":1,"component":{"Row":{"children":{"explicitList":["n","cb"]},"alignment":"center"}}},`+
			`{"id":"n","component":{"Text":{"text":{"path":"n"}}}},`+
			`{"id":"cb","component":{"CheckBox":{"label":{"path":"n"},"value":{"path":"on","literalBoolean":false}}}},`+
			`{"id":"sl","component":{"Slider":{"value":{"path":"/vol"},"maxValue":1}}},`+
			`{"id":"img","component":{"Image":{"url":{"literalString":"`+pngURL+`"}}}}`) + "\n" +
		`{"beginRendering":{"surfaceId":"s","root":"root","styles":{"primaryColor":"#123456"}}}`
	a := canvasOf(t, Options{}, stream)
	b := canvasOf(t, Options{}, stream)
	da, db := Dump(a.Surface("s").Tree()), Dump(b.Surface("s").Tree())
	if da != db {
		t.Errorf("two canvases from the same stream dump differently:\n%s\n%s", da, db)
	}
	// Resolving the same state again gives the same tree.
	again, _, err := resolveSurface(a.Surface("s").clone(), false, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := Dump(again); got != da {
		t.Errorf("re-resolving changed the dump:\n%s\n%s", da, got)
	}
	if !reflect.DeepEqual(a.Surface("s").Tree(), b.Surface("s").Tree()) {
		t.Error("trees from the same stream are not deeply equal")
	}
	// An unrelated accepted batch re-resolves to the same dump.
	c := mustApply(t, a, msgData("s", "/unused", `[]`))
	if got := Dump(c.Surface("s").Tree()); got != da {
		t.Errorf("unrelated update changed the dump:\n%s\n%s", da, got)
	}
	for _, want := range []string{"Row row:k2 weight=1", "CheckBox cb:k1", `"step":0.01`, `"value":0.45`} {
		if !strings.Contains(da, want) {
			t.Errorf("dump lacks %q:\n%s", want, da)
		}
	}
	if strings.Index(da, "row:k2") > strings.Index(da, "row:k1") {
		t.Errorf("dump not in insertion order:\n%s", da)
	}
}

func TestSliderDefaults(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"v","valueNumber":30}]`)+"\n"+
		msgSurface("s", columnComp("root", "a", "b", "c")+","+
			`{"id":"a","component":{"Slider":{"value":{"path":"/v"}}}},`+
			`{"id":"b","component":{"Slider":{"value":{"literalNumber":-5},"minValue":-10}}},`+
			`{"id":"c","component":{"Slider":{"value":{"literalNumber":500},"maxValue":1000}}}`)+"\n"+
		msgBegin("s", "root"))
	cases := map[string]SliderProps{
		"a": {Value: 30, Min: 0, Max: 100, Step: 1},
		"b": {Value: -5, Min: -10, Max: 100, Step: 2},
		"c": {Value: 500, Min: 0, Max: 1000, Step: 10},
	}
	for id, want := range cases {
		if got := *nodeOf(t, c, "s", id).Props.(*SliderProps); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
}

func TestSliderStep(t *testing.T) {
	cases := []struct{ lo, hi, want float64 }{
		{0, 1, 0.01},
		{0, 10, 1},
		{0, 100, 1},
		{0, 1000, 10},
		{0, 0.5, 0.005},
		{-1, 1, 0.02},
		{0, 5, 1},    // whole ends five apart: a count moves by one
		{1, 6, 1},    // cups
		{0, 4, 0.05}, // a short whole range keeps fine steps
		{0, 20, 1},
		{0, 250, 5},
		{0, 10000, 100},
		{0.5, 10.5, 0.1}, // not whole numbers: a hundredth of the range
		{5, 5, 1},
		{10, 0, 1},
	}
	for _, tc := range cases {
		if got := SliderStep(tc.lo, tc.hi); got != tc.want {
			t.Errorf("SliderStep(%v, %v) = %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestNodeIDsAreUnique: views address nodes by id (Find, Press, SetValue),
// so one tree must not hold two nodes with the same id. A template child of
// component "item" for key "a" gets the id "item:a"; when the surface also
// declares a component whose own id is "item:a", both nodes get that id
// (ids are only made unique for components reached twice in the graph).
func TestNodeIDsAreUnique(t *testing.T) {
	c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"items","valueMap":[{"key":"a","valueString":"x"}]}]`)+"\n"+
		msgSurface("s", columnComp("root", "item:a", "list")+","+
			`{"id":"item:a","component":{"TextField":{"label":{"literalString":"explicit"},"text":{"path":"/explicit"}}}},`+
			listTemplate("list", "item", "/items")+","+
			`{"id":"item","component":{"TextField":{"label":{"literalString":"templated"},"text":{"path":"/v"}}}}`)+"\n"+
		msgBegin("s", "root"))
	seen := map[string]int{}
	c.Surface("s").Tree().Walk(func(n *Node) bool {
		seen[n.ID]++
		return true
	})
	for id, k := range seen {
		if k > 1 {
			t.Errorf("node id %q appears %d times in one tree:\n%s", id, k, Dump(c.Surface("s").Tree()))
		}
	}
}

// fullDump resolves surface sid of c from scratch (a re-sent beginRendering
// is a structural change, so the whole tree is rebuilt) and dumps it.
func fullDump(t *testing.T, c *Canvas, sid string) string {
	t.Helper()
	s := c.Surface(sid)
	st := s.Styles()
	styles := ""
	if st.PrimaryColor != "" {
		styles = `,"styles":{"primaryColor":"` + st.PrimaryColor + `"}`
	}
	full := mustApply(t, c, `{"beginRendering":{"surfaceId":"`+sid+`","root":"`+s.Root()+`"`+styles+`}}`)
	return Dump(full.Surface(sid).Tree())
}

// TestIncrementalResolveMatchesFullResolve: data-only batches and SetValue
// re-resolve only the nodes a change can affect; the tree they produce must
// be exactly the one a full resolution of the same state produces.
func TestIncrementalResolveMatchesFullResolve(t *testing.T) {
	comps := msgSurface("s", columnComp("root", "title", "user", "userName", "list", "groups", "shared1", "shared2", "note", "count", "mc", "tags", "init")+","+
		`{"id":"title","component":{"Text":{"text":{"path":"/title"}}}},`+
		`{"id":"user","component":{"Text":{"text":{"path":"/user"}}}},`+
		`{"id":"userName","component":{"Text":{"text":{"path":"/user/name"}}}},`+
		listTemplate("list", "row", "/items")+","+
		columnComp("row", "rowName", "rowQty")+","+
		`{"id":"rowName","component":{"Text":{"text":{"path":"/name"}}}},`+
		`{"id":"rowQty","component":{"Slider":{"value":{"path":"qty","literalNumber":1},"maxValue":10}}},`+
		listTemplate("groups", "grp", "/groups")+","+
		listTemplate("grp", "mem", "members")+","+
		`{"id":"mem","component":{"Text":{"text":{"path":"."}}}},`+
		cardComp("shared1", "sharedText")+","+cardComp("shared2", "sharedText")+","+
		`{"id":"sharedText","component":{"Text":{"text":{"path":"/shared"}}}},`+
		`{"id":"note","component":{"TextField":{"label":{"path":"/title"},"text":{"literalString":""}}}},`+
		`{"id":"count","component":{"Text":{"text":{"path":"/items/a/qty"}}}},`+
		`{"id":"mc","component":{"MultipleChoice":{"selections":{"path":"/sel"},"options":[{"label":{"literalString":"A"},"value":"a"},{"label":{"literalString":"B"},"value":"b"}]}}},`+
		listTemplate("tags", "tag", "/sel")+","+
		`{"id":"tag","component":{"Text":{"text":{"path":"."}}}},`+
		`{"id":"init","component":{"Text":{"text":{"path":"/deflt/x","literalString":"D"}}}}`)
	data := msgData("s", "/", `[{"key":"title","valueString":"T"},{"key":"user","valueMap":[{"key":"name","valueString":"Ann"}]},`+
		`{"key":"items","valueMap":[{"key":"a","valueMap":[{"key":"name","valueString":"A"},{"key":"qty","valueNumber":2}]},{"key":"b","valueMap":[{"key":"name","valueString":"B"}]}]},`+
		`{"key":"groups","valueMap":[{"key":"g1","valueMap":[{"key":"members","valueMap":[{"key":"0","valueString":"m0"}]}]}]},`+
		`{"key":"shared","valueString":"S"}]`)
	steps := []struct {
		name  string
		apply func(c *Canvas) (*Canvas, error)
	}{
		{"title", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/title", `[{"key":".","valueString":"T2"}]`)))
			return n, err
		}},
		{"replace user above a read path", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/user", `[{"key":"name","valueString":"Bo"},{"key":"age","valueNumber":3}]`)))
			return n, err
		}},
		{"write below a read path", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/user/name", `[{"key":".","valueString":"Cy"}]`)))
			return n, err
		}},
		{"item field", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/items/a/name", `[{"key":".","valueString":"A2"}]`)))
			return n, err
		}},
		{"item added", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/items/c", `[{"key":"name","valueString":"C"}]`)))
			return n, err
		}},
		{"collection replaced in another order", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/items", `[{"key":"c","valueMap":[{"key":"name","valueString":"C"}]},{"key":"a","valueMap":[{"key":"name","valueString":"A"},{"key":"qty","valueNumber":7}]}]`)))
			return n, err
		}},
		{"slider in template set by the person", func(c *Canvas) (*Canvas, error) { return c.SetValue("s", "rowQty:a", 4.0) }},
		{"inner collection grows", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/groups/g1/members/1", `[{"key":".","valueString":"m1"}]`)))
			return n, err
		}},
		{"outer collection grows", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/groups/g2", `[{"key":"members","valueMap":[{"key":"x","valueString":"mx"}]}]`)))
			return n, err
		}},
		{"shared component data", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/shared", `[{"key":".","valueString":"S2"}]`)))
			return n, err
		}},
		{"per-node state", func(c *Canvas) (*Canvas, error) { return c.SetValue("s", "note", "mine") }},
		{"selection array", func(c *Canvas) (*Canvas, error) { return c.SetValue("s", "mc", []string{"b", "a"}) }},
		{"selection array shrinks", func(c *Canvas) (*Canvas, error) { return c.SetValue("s", "mc", []string{"a"}) }},
		{"root replaced", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/", `[{"key":"title","valueString":"fresh"}]`)))
			return n, err
		}},
		{"collection becomes a scalar", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/items", `[{"key":".","valueNumber":5}]`)))
			return n, err
		}},
		{"data for a new collection", func(c *Canvas) (*Canvas, error) {
			n, _, err := c.ApplyJSON(rawLines(msgData("s", "/", `[{"key":"items","valueMap":[{"key":"z","valueMap":[{"key":"name","valueString":"Z"}]}]},{"key":"sel","valueMap":[{"key":"k","valueString":"b"}]}]`)))
			return n, err
		}},
	}
	c := canvasOf(t, Options{}, comps+"\n"+data+"\n"+msgBegin("s", "root"))
	if got, want := Dump(c.Surface("s").Tree()), fullDump(t, c, "s"); got != want {
		t.Fatalf("first tree differs from a full resolution:\n%s\nwant\n%s", got, want)
	}
	for _, st := range steps {
		next, err := st.apply(c)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		c = next
		got, want := Dump(c.Surface("s").Tree()), fullDump(t, c, "s")
		if got != want {
			t.Errorf("%s: incremental tree\n%s\ndiffers from a full resolution\n%s", st.name, got, want)
		}
		// The data model is the same either way, including literals written
		// by path-plus-literal values.
		if got, want := dataJSON(t, c, "s"), dataJSON(t, mustApply(t, c, msgBegin("s", "root")), "s"); got != want {
			t.Errorf("%s: model %s, after a full resolution %s", st.name, got, want)
		}
	}
}

// TestDataOnlyBatchRefusals: a batch that only writes data is checked as
// thoroughly as any other.
func TestDataOnlyBatchRefusals(t *testing.T) {
	setup := msgSurface("s", columnComp("root", "list", "img")+","+listTemplate("list", "item", "/items")+","+textComp("item", "row")+","+
		`{"id":"img","component":{"Image":{"url":{"path":"/pic"}}}}`) + "\n" + msgBegin("s", "root")
	cases := []struct {
		name  string
		batch string
		code  Code
		comp  string
	}{
		{"too many nodes", msgData("s", "/items", manyEntries(MaxNodes, 1)), CodeTooManyNodes, "item"},
		{"remote media", msgData("s", "/pic", `[{"key":".","valueString":"https://evil.example/p.png"}]`), CodeRemoteMedia, "img"},
		{"remote media at the root", msgData("s", "/", `[{"key":"pic","valueString":"http://evil.example/p.png"}]`), CodeRemoteMedia, "img"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := canvasOf(t, Options{}, setup)
			twin := canvasOf(t, Options{}, setup)
			got, _, err := c.ApplyJSON(rawLines(tc.batch))
			e := errorOf(t, err)
			if e.Code != tc.code || e.ComponentID != tc.comp || e.SurfaceID != "s" || e.Index != 0 {
				t.Errorf("%+v, want %s on %s", e, tc.code, tc.comp)
			}
			if got != c || !reflect.DeepEqual(c, twin) {
				t.Error("the refused batch changed the canvas")
			}
		})
	}
}

// resolveSurface resolves a shown surface from its root with a fresh
// budget, as resolveSurfaceIn does.
func resolveSurface(s *Surface, lenient, init bool) (*Node, []Warning, *Error) {
	return resolveSurfaceIn(s, lenient, init, evalCtx{bud: newBudget(), mark: lenient})
}

package a2ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// componentMessage wraps one component's props in a surfaceUpdate for
// surface "s", component id "c".
func componentMessage(typ, props string) string {
	return `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"c","component":{"` + typ + `":` + props + `}}]}}`
}

// decodeComponent decodes one component of type typ with the given props.
func decodeComponent(typ, props string, opts Options) (Component, []Warning, error) {
	m, w, err := DecodeMessage([]byte(componentMessage(typ, props)), opts)
	if err != nil {
		return Component{}, w, err
	}
	if m.SurfaceUpdate == nil || len(m.SurfaceUpdate.Components) != 1 {
		return Component{}, w, fmt.Errorf("decoded %+v, want one component", m)
	}
	return *m.SurfaceUpdate.Components[0], w, nil
}

// errorOf returns err as *Error, failing the test when it is not one.
func errorOf(t *testing.T, err error) *Error {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want a refusal")
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not an *a2ui.Error", err, err)
	}
	return e
}

// hasWarning reports whether ws holds a warning with the code and path.
func hasWarning(ws []Warning, code Code, path string) bool {
	for _, w := range ws {
		if w.Code == code && (path == "" || w.Path == path) {
			return true
		}
	}
	return false
}

func str(s string) Bound[string]     { return Bound[string]{Literal: s, HasLiteral: true} }
func strPath(p string) Bound[string] { return Bound[string]{Path: p, HasPath: true} }
func ptrBool(b bool) *bool           { return &b }
func ptrFloat(f float64) *float64    { return &f }

const (
	pngURL   = "data:image/png;base64,iVBORw0KGgo="
	mp4URL   = "data:video/mp4;base64,AAAAIGZ0eXA="
	mpegURL  = "data:audio/mpeg;base64,SUQzBAA="
	propBase = "/surfaceUpdate/components/0/component/"
)

// validComponents has one example of each of the 18 standard component
// types using every property of the standard catalog, with the typed value
// it must decode to.
var validComponents = []struct {
	typ   string
	props string
	want  Props
}{
	{"Text", `{"text":{"literalString":"Hello\nworld"},"usageHint":"h2"}`,
		&Text{Text: str("Hello\nworld"), UsageHint: "h2"}},
	{"Image", `{"url":{"literalString":"` + pngURL + `"},"altText":{"path":"/alt"},"fit":"scale-down","usageHint":"avatar"}`,
		&Image{URL: str(pngURL), AltText: strPath("/alt"), Fit: "scale-down", UsageHint: "avatar"}},
	{"Icon", `{"name":{"literalString":"shoppingCart"}}`,
		&Icon{Name: str("shoppingCart")}},
	{"Video", `{"url":{"literalString":"` + mp4URL + `"}}`,
		&Video{URL: str(mp4URL)}},
	{"AudioPlayer", `{"url":{"literalString":"` + mpegURL + `"},"description":{"literalString":"Track 1"}}`,
		&AudioPlayer{URL: str(mpegURL), Description: str("Track 1")}},
	{"Row", `{"children":{"explicitList":["a","b"]},"distribution":"spaceBetween","alignment":"center"}`,
		&Row{Children: Children{ExplicitList: []string{"a", "b"}}, Distribution: "spaceBetween", Alignment: "center"}},
	{"Column", `{"children":{"template":{"componentId":"item","dataBinding":"/items"}},"distribution":"spaceEvenly","alignment":"stretch"}`,
		&Column{Children: Children{Template: &Template{ComponentID: "item", DataBinding: "/items"}}, Distribution: "spaceEvenly", Alignment: "stretch"}},
	{"List", `{"children":{"explicitList":["x"]},"direction":"horizontal","alignment":"end"}`,
		&List{Children: Children{ExplicitList: []string{"x"}}, Direction: "horizontal", Alignment: "end"}},
	{"Card", `{"child":"inner"}`,
		&Card{Child: "inner"}},
	{"Tabs", `{"tabItems":[{"title":{"literalString":"One"},"child":"p1"},{"title":{"path":"/t2"},"child":"p2"}]}`,
		&Tabs{TabItems: []TabItem{{Title: str("One"), Child: "p1"}, {Title: strPath("/t2"), Child: "p2"}}}},
	{"Divider", `{"axis":"vertical"}`,
		&Divider{Axis: "vertical"}},
	{"Modal", `{"entryPointChild":"open","contentChild":"dlg"}`,
		&Modal{EntryPointChild: "open", ContentChild: "dlg"}},
	{"Button", `{"child":"lbl","primary":true,"action":{"name":"save","context":[` +
		`{"key":"who","value":{"path":"/form/name"}},{"key":"n","value":{"literalNumber":2.5}},` +
		`{"key":"ok","value":{"literalBoolean":true}},{"key":"s","value":{"literalString":"x"}}]}}`,
		&Button{Child: "lbl", Primary: true, Action: Action{Name: "save", Context: []ContextEntry{
			{Key: "who", Value: Bound[any]{Path: "/form/name", HasPath: true}},
			{Key: "n", Value: Bound[any]{Literal: 2.5, HasLiteral: true}},
			{Key: "ok", Value: Bound[any]{Literal: true, HasLiteral: true}},
			{Key: "s", Value: Bound[any]{Literal: "x", HasLiteral: true}},
		}}}},
	{"CheckBox", `{"label":{"literalString":"Agree"},"value":{"path":"/agree","literalBoolean":true}}`,
		&CheckBox{Label: str("Agree"), Value: Bound[bool]{Path: "/agree", HasPath: true, Literal: true, HasLiteral: true}}},
	{"TextField", `{"label":{"literalString":"PIN"},"text":{"path":"/form/pin"},"textFieldType":"obscured","validationRegexp":"\\d{4}"}`,
		&TextField{Label: str("PIN"), Text: strPath("/form/pin"), TextFieldType: "obscured", ValidationRegexp: `\d{4}`}},
	{"DateTimeInput", `{"value":{"literalString":"2024-05-01T10:00"},"enableDate":true,"enableTime":false}`,
		&DateTimeInput{Value: str("2024-05-01T10:00"), EnableDate: ptrBool(true), EnableTime: ptrBool(false)}},
	{"MultipleChoice", `{"selections":{"literalArray":["r"]},"options":[{"label":{"literalString":"Red"},"value":"r"},` +
		`{"label":{"path":"/g"},"value":"g"}],"maxAllowedSelections":2,"variant":"chips","filterable":true}`,
		&MultipleChoice{Selections: Bound[[]string]{Literal: []string{"r"}, HasLiteral: true},
			Options:              []Option{{Label: str("Red"), Value: "r"}, {Label: strPath("/g"), Value: "g"}},
			MaxAllowedSelections: 2, Variant: "chips", Filterable: true}},
	{"Slider", `{"value":{"literalNumber":0.45},"minValue":0,"maxValue":1,"label":{"literalString":"Volume"}}`,
		&Slider{Value: Bound[float64]{Literal: 0.45, HasLiteral: true}, MinValue: ptrFloat(0), MaxValue: ptrFloat(1), Label: str("Volume")}},
}

func TestValidComponentsCoverTheCatalog(t *testing.T) {
	var got []string
	for _, tc := range validComponents {
		got = append(got, tc.typ)
	}
	if !reflect.DeepEqual(got, ComponentTypes()) {
		t.Fatalf("examples cover %v, want every type %v", got, ComponentTypes())
	}
}

func TestDecodeEveryComponentType(t *testing.T) {
	for _, tc := range validComponents {
		t.Run(tc.typ, func(t *testing.T) {
			c, warns, err := decodeComponent(tc.typ, tc.props, Options{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if len(warns) != 0 {
				t.Errorf("warnings %v, want none", warns)
			}
			if c.ID != "c" || c.Type() != tc.typ {
				t.Errorf("id %q type %q, want c %s", c.ID, c.Type(), tc.typ)
			}
			got := c.Props
			if tf, ok := got.(*TextField); ok {
				if tf.pattern == nil || !tf.pattern.re.MatchString("1234") || tf.pattern.re.MatchString("12345") || tf.pattern.re.MatchString("x1234") {
					t.Errorf("validationRegexp not compiled as a whole-value match: %v", tf.pattern)
				}
				cp := *tf
				cp.pattern = nil
				got = &cp
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("decoded\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}

func TestDecodeComponentEnvelope(t *testing.T) {
	m, w, err := DecodeMessage([]byte(`{"surfaceUpdate":{"surfaceId":"main","components":[`+
		`{"id":"a","weight":2.5,"component":{"Divider":{}}},`+
		`{"id":"b","component":{"Text":{"text":{"path":"/x"}}}}]}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
	su := m.SurfaceUpdate
	if m.Kind() != "surfaceUpdate" || m.SurfaceID() != "main" || su == nil || len(su.Components) != 2 {
		t.Fatalf("decoded %+v", m)
	}
	if su.Components[0].Weight != 2.5 || su.Components[1].Weight != 0 {
		t.Errorf("weights %v %v, want 2.5 0", su.Components[0].Weight, su.Components[1].Weight)
	}
	if d := su.Components[0].Props.(*Divider); d.Axis != "" {
		t.Errorf("Divider without axis decoded axis %q", d.Axis)
	}
}

// withProp returns the JSON object props with key set to value (raw JSON),
// or removed when value is "".
func withProp(t *testing.T, props, key, value string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(props), &m); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(m, key)
	} else {
		m[key] = json.RawMessage(value)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var requiredProps = map[string][]string{
	"Text": {"text"}, "Image": {"url"}, "Icon": {"name"}, "Video": {"url"}, "AudioPlayer": {"url"},
	"Row": {"children"}, "Column": {"children"}, "List": {"children"}, "Card": {"child"},
	"Tabs": {"tabItems"}, "Divider": nil, "Modal": {"entryPointChild", "contentChild"},
	"Button": {"child", "action"}, "CheckBox": {"label", "value"}, "TextField": {"label"},
	"DateTimeInput": {"value"}, "MultipleChoice": {"selections", "options"}, "Slider": {"value"},
}

func TestDecodeMissingRequiredProperty(t *testing.T) {
	for _, tc := range validComponents {
		for _, name := range requiredProps[tc.typ] {
			for _, how := range []string{"absent", "null"} {
				t.Run(tc.typ+"/"+name+"/"+how, func(t *testing.T) {
					v := ""
					if how == "null" {
						v = "null"
					}
					_, _, err := decodeComponent(tc.typ, withProp(t, tc.props, name, v), Options{Lenient: true})
					e := errorOf(t, err)
					if e.Code != CodeMissingProperty {
						t.Errorf("code %s, want missing_property (%v)", e.Code, e)
					}
					if want := propBase + tc.typ + "/" + name; e.Path != want {
						t.Errorf("path %q, want %q", e.Path, want)
					}
					if e.SurfaceID != "s" || e.ComponentID != "c" || e.Index != 0 {
						t.Errorf("error names surface %q component %q index %d, want s c 0", e.SurfaceID, e.ComponentID, e.Index)
					}
				})
			}
		}
	}
}

func TestDecodeOptionalPropertiesMayBeLeftOut(t *testing.T) {
	for _, tc := range validComponents {
		t.Run(tc.typ, func(t *testing.T) {
			var m map[string]json.RawMessage
			if err := json.Unmarshal([]byte(tc.props), &m); err != nil {
				t.Fatal(err)
			}
			props := tc.props
			for k := range m {
				if !containsString(requiredProps[tc.typ], k) {
					props = withProp(t, props, k, "")
				}
			}
			c, _, err := decodeComponent(tc.typ, props, Options{})
			if err != nil {
				t.Fatalf("only required properties %s: refused %v", props, err)
			}
			if c.Type() != tc.typ {
				t.Errorf("type %q", c.Type())
			}
		})
	}
}

// TestDecodeWrongTypeForEveryProperty gives every property of every example
// a value of the wrong JSON type.
func TestDecodeWrongTypeForEveryProperty(t *testing.T) {
	for _, tc := range validComponents {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(tc.props), &m); err != nil {
			t.Fatal(err)
		}
		for _, name := range sortedKeys(m) {
			wrong := "12345"
			if v := strings.TrimSpace(string(m[name])); v != "" && (v[0] == '-' || v[0] >= '0' && v[0] <= '9') {
				wrong = `"12"`
			}
			t.Run(tc.typ+"/"+name, func(t *testing.T) {
				_, _, err := decodeComponent(tc.typ, withProp(t, tc.props, name, wrong), Options{Lenient: true})
				e := errorOf(t, err)
				if e.Code != CodeBadValue {
					t.Errorf("code %s, want bad_value (%v)", e.Code, e)
				}
				if want := propBase + tc.typ + "/" + name; e.Path != want {
					t.Errorf("path %q, want %q", e.Path, want)
				}
				if e.ComponentID != "c" {
					t.Errorf("component %q, want c", e.ComponentID)
				}
			})
		}
	}
}

func TestDecodeValueOutsideEnum(t *testing.T) {
	cases := []struct{ typ, prop, value string }{
		{"Text", "usageHint", "h6"},
		{"Text", "usageHint", "H1"},
		{"Image", "fit", "stretch"},
		{"Image", "usageHint", "banner"},
		{"Row", "distribution", "middle"},
		{"Row", "alignment", "baseline"},
		{"Column", "distribution", "left"},
		{"Column", "alignment", "top"},
		{"List", "direction", "diagonal"},
		{"List", "alignment", "spaceBetween"},
		{"Divider", "axis", "diagonal"},
		{"TextField", "textFieldType", "email"},
		{"MultipleChoice", "variant", "radio"},
		{"Icon", "name", "pause"}, // a literal icon name must be one of the 48
	}
	props := map[string]string{}
	for _, v := range validComponents {
		props[v.typ] = v.props
	}
	for _, tc := range cases {
		for _, lenient := range []bool{false, true} {
			if lenient && tc.prop == "usageHint" {
				continue // lenient mode warns instead (TestOfficialLenientCatalog)
			}
			t.Run(fmt.Sprintf("%s/%s=%s/lenient=%v", tc.typ, tc.prop, tc.value, lenient), func(t *testing.T) {
				val := `"` + tc.value + `"`
				if tc.prop == "name" {
					val = `{"literalString":"` + tc.value + `"}`
				}
				_, _, err := decodeComponent(tc.typ, withProp(t, props[tc.typ], tc.prop, val), Options{Lenient: lenient})
				e := errorOf(t, err)
				if e.Code != CodeBadValue {
					t.Errorf("code %s, want bad_value (%v)", e.Code, e)
				}
				if want := propBase + tc.typ + "/" + tc.prop; e.Path != want {
					t.Errorf("path %q, want %q", e.Path, want)
				}
			})
		}
	}
}

func TestDecodeEveryEnumValue(t *testing.T) {
	cases := []struct {
		typ, prop string
		values    []string
	}{
		{"Text", "usageHint", []string{"h1", "h2", "h3", "h4", "h5", "caption", "body"}},
		{"Image", "fit", []string{"contain", "cover", "fill", "none", "scale-down"}},
		{"Image", "usageHint", []string{"icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"}},
		{"Row", "distribution", []string{"center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start"}},
		{"Column", "alignment", []string{"start", "center", "end", "stretch"}},
		{"List", "direction", []string{"vertical", "horizontal"}},
		{"Divider", "axis", []string{"horizontal", "vertical"}},
		{"TextField", "textFieldType", []string{"date", "longText", "number", "shortText", "obscured"}},
		{"MultipleChoice", "variant", []string{"checkbox", "chips"}},
	}
	props := map[string]string{}
	for _, v := range validComponents {
		props[v.typ] = v.props
	}
	for _, tc := range cases {
		for _, v := range tc.values {
			if _, _, err := decodeComponent(tc.typ, withProp(t, props[tc.typ], tc.prop, `"`+v+`"`), Options{}); err != nil {
				t.Errorf("%s %s=%q refused: %v", tc.typ, tc.prop, v, err)
			}
		}
	}
	for _, name := range IconNames() {
		if _, _, err := decodeComponent("Icon", `{"name":{"literalString":"`+name+`"}}`, Options{}); err != nil {
			t.Errorf("icon %q refused: %v", name, err)
		}
	}
	if len(IconNames()) != 48 {
		t.Errorf("%d icon names, want 48", len(IconNames()))
	}
}

func TestDecodeInvalidComponents(t *testing.T) {
	cases := []struct {
		name, typ, props string
		code             Code
		path             string // below propBase+typ
	}{
		// bound value shapes
		{"text bare string", "Text", `{"text":"hi"}`, CodeBadValue, "/text"},
		{"text array", "Text", `{"text":["hi"]}`, CodeBadValue, "/text"},
		{"text empty object", "Text", `{"text":{}}`, CodeBadValue, "/text"},
		{"text only unknown key", "Text", `{"text":{"value":"hi"}}`, CodeBadValue, "/text"},
		{"text literalNumber", "Text", `{"text":{"literalNumber":1}}`, CodeBadValue, "/text/literalNumber"},
		{"text literalString number", "Text", `{"text":{"literalString":5}}`, CodeBadValue, "/text/literalString"},
		{"text path number", "Text", `{"text":{"path":5}}`, CodeBadValue, "/text/path"},
		{"slider literalString", "Slider", `{"value":{"literalString":"5"}}`, CodeBadValue, "/value/literalString"},
		{"slider literalNumber string", "Slider", `{"value":{"literalNumber":"5"}}`, CodeBadValue, "/value/literalNumber"},
		{"checkbox literalString", "CheckBox", `{"label":{"literalString":"a"},"value":{"literalString":"true"}}`, CodeBadValue, "/value/literalString"},
		{"checkbox literalBoolean string", "CheckBox", `{"label":{"literalString":"a"},"value":{"literalBoolean":"yes"}}`, CodeBadValue, "/value/literalBoolean"},
		{"selections not array", "MultipleChoice", `{"selections":{"literalArray":"r"},"options":[]}`, CodeBadValue, "/selections/literalArray"},
		{"selections numbers", "MultipleChoice", `{"selections":{"literalArray":[1]},"options":[]}`, CodeBadValue, "/selections/literalArray/0"},
		{"selections literalString", "MultipleChoice", `{"selections":{"literalString":"r"},"options":[]}`, CodeBadValue, "/selections/literalString"},
		// Image and other media
		{"image remote", "Image", `{"url":{"literalString":"https://evil.example/cat.png"}}`, CodeRemoteMedia, "/url"},
		{"image protocol-relative", "Image", `{"url":{"literalString":"//evil.example/cat.png"}}`, CodeRemoteMedia, "/url"},
		{"image file URL", "Image", `{"url":{"literalString":"file:///etc/passwd"}}`, CodeRemoteMedia, "/url"},
		{"image data html", "Image", `{"url":{"literalString":"data:text/html;base64,PGI+"}}`, CodeRemoteMedia, "/url"},
		{"image data svg", "Image", `{"url":{"literalString":"data:image/svg+xml,<svg/>"}}`, CodeRemoteMedia, "/url"},
		{"image data no comma", "Image", `{"url":{"literalString":"data:image/png;base64"}}`, CodeRemoteMedia, "/url"},
		{"image data video", "Image", `{"url":{"literalString":"` + mp4URL + `"}}`, CodeRemoteMedia, "/url"},
		{"video data image", "Video", `{"url":{"literalString":"` + pngURL + `"}}`, CodeRemoteMedia, "/url"},
		{"video remote", "Video", `{"url":{"literalString":"https://cdn.example/v.mp4"}}`, CodeRemoteMedia, "/url"},
		{"audio data video", "AudioPlayer", `{"url":{"literalString":"` + mp4URL + `"}}`, CodeRemoteMedia, "/url"},
		{"audio remote", "AudioPlayer", `{"url":{"literalString":"http://cdn.example/a.mp3"}}`, CodeRemoteMedia, "/url"},
		{"image altText literalBoolean", "Image", `{"url":{"literalString":"` + pngURL + `"},"altText":{"literalBoolean":true}}`, CodeBadValue, "/altText/literalBoolean"},
		// children
		{"children both", "Row", `{"children":{"explicitList":[],"template":{"componentId":"a","dataBinding":"/x"}}}`, CodeBadValue, "/children"},
		{"children neither", "Column", `{"children":{}}`, CodeBadValue, "/children"},
		{"explicitList string", "List", `{"children":{"explicitList":"a"}}`, CodeBadValue, "/children/explicitList"},
		{"explicitList numbers", "Row", `{"children":{"explicitList":["a",2]}}`, CodeBadValue, "/children/explicitList/1"},
		{"template no componentId", "Column", `{"children":{"template":{"dataBinding":"/x"}}}`, CodeMissingProperty, "/children/template/componentId"},
		{"template no dataBinding", "Column", `{"children":{"template":{"componentId":"a"}}}`, CodeMissingProperty, "/children/template/dataBinding"},
		{"template dataBinding number", "List", `{"children":{"template":{"componentId":"a","dataBinding":5}}}`, CodeBadValue, "/children/template/dataBinding"},
		{"template not object", "List", `{"children":{"template":"a"}}`, CodeBadValue, "/children/template"},
		// single references
		{"card child empty", "Card", `{"child":""}`, CodeBadValue, "/child"},
		{"card child object", "Card", `{"child":{"id":"x"}}`, CodeBadValue, "/child"},
		{"modal content array", "Modal", `{"entryPointChild":"a","contentChild":["b"]}`, CodeBadValue, "/contentChild"},
		// tabs
		{"tab item not object", "Tabs", `{"tabItems":["a"]}`, CodeBadValue, "/tabItems/0"},
		{"tab without title", "Tabs", `{"tabItems":[{"child":"a"}]}`, CodeMissingProperty, "/tabItems/0/title"},
		{"tab without child", "Tabs", `{"tabItems":[{"title":{"literalString":"A"},"child":"a"},{"title":{"literalString":"B"}}]}`, CodeMissingProperty, "/tabItems/1/child"},
		{"tab title string", "Tabs", `{"tabItems":[{"title":"A","child":"a"}]}`, CodeBadValue, "/tabItems/0/title"},
		// button
		{"action string", "Button", `{"child":"l","action":"save"}`, CodeBadValue, "/action"},
		{"action without name", "Button", `{"child":"l","action":{}}`, CodeMissingProperty, "/action/name"},
		{"action empty name", "Button", `{"child":"l","action":{"name":""}}`, CodeBadValue, "/action/name"},
		{"action name number", "Button", `{"child":"l","action":{"name":7}}`, CodeBadValue, "/action/name"},
		{"context object", "Button", `{"child":"l","action":{"name":"a","context":{"k":"v"}}}`, CodeBadValue, "/action/context"},
		{"context entry without key", "Button", `{"child":"l","action":{"name":"a","context":[{"value":{"literalString":"v"}}]}}`, CodeMissingProperty, "/action/context/0/key"},
		{"context entry without value", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k"}]}}`, CodeMissingProperty, "/action/context/0/value"},
		{"context value bare", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":"v"}]}}`, CodeBadValue, "/action/context/0/value"},
		{"context value empty", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":{}}]}}`, CodeBadValue, "/action/context/0/value"},
		{"context literalArray", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":{"literalArray":["a"]}}]}}`, CodeBadValue, "/action/context/0/value/literalArray"},
		{"context literalNumber string", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":{"literalNumber":"2"}}]}}`, CodeBadValue, "/action/context/0/value/literalNumber"},
		{"context two literals", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":{"literalNumber":2,"literalString":"2"}}]}}`, CodeBadValue, "/action/context/0/value/literalString"},
		// multiple choice
		{"option not object", "MultipleChoice", `{"selections":{"path":"/s"},"options":["r"]}`, CodeBadValue, "/options/0"},
		{"option without value", "MultipleChoice", `{"selections":{"path":"/s"},"options":[{"label":{"literalString":"R"}}]}`, CodeMissingProperty, "/options/0/value"},
		{"option without label", "MultipleChoice", `{"selections":{"path":"/s"},"options":[{"value":"r"}]}`, CodeMissingProperty, "/options/0/label"},
		{"option value number", "MultipleChoice", `{"selections":{"path":"/s"},"options":[{"label":{"literalString":"R"},"value":1}]}`, CodeBadValue, "/options/0/value"},
		{"max zero", "MultipleChoice", `{"selections":{"path":"/s"},"options":[],"maxAllowedSelections":0}`, CodeBadValue, "/maxAllowedSelections"},
		{"max fraction", "MultipleChoice", `{"selections":{"path":"/s"},"options":[],"maxAllowedSelections":1.5}`, CodeBadValue, "/maxAllowedSelections"},
		{"max negative", "MultipleChoice", `{"selections":{"path":"/s"},"options":[],"maxAllowedSelections":-2}`, CodeBadValue, "/maxAllowedSelections"},
		// slider
		{"slider min above max", "Slider", `{"value":{"literalNumber":1},"minValue":10,"maxValue":5}`, CodeBadValue, "/minValue"},
		// text field
		{"text field text number", "TextField", `{"label":{"literalString":"a"},"text":{"literalNumber":1}}`, CodeBadValue, "/text/literalNumber"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := decodeComponent(tc.typ, tc.props, Options{})
			e := errorOf(t, err)
			if e.Code != tc.code {
				t.Errorf("code %s, want %s (%v)", e.Code, tc.code, e)
			}
			if want := propBase + tc.typ + tc.path; e.Path != want {
				t.Errorf("path %q, want %q", e.Path, want)
			}
			if e.SurfaceID != "s" || e.ComponentID != "c" {
				t.Errorf("surface %q component %q, want s c", e.SurfaceID, e.ComponentID)
			}
		})
	}
}

func TestDecodeBadComponentEnvelope(t *testing.T) {
	cases := []struct {
		name, item string
		code       Code
		path       string
	}{
		{"unknown type", `{"id":"c","component":{"Chart":{}}}`, CodeUnknownComponent, "/surfaceUpdate/components/0/component"},
		{"heading is not standard", `{"id":"c","component":{"Heading":{"text":{"literalString":"x"}}}}`, CodeUnknownComponent, "/surfaceUpdate/components/0/component"},
		{"lower-case type", `{"id":"c","component":{"text":{"text":{"literalString":"x"}}}}`, CodeUnknownComponent, "/surfaceUpdate/components/0/component"},
		{"two types", `{"id":"c","component":{"Text":{"text":{"literalString":"x"}},"Divider":{}}}`, CodeBadValue, "/surfaceUpdate/components/0/component"},
		{"no type", `{"id":"c","component":{}}`, CodeBadValue, "/surfaceUpdate/components/0/component"},
		{"component string", `{"id":"c","component":"Text"}`, CodeBadValue, "/surfaceUpdate/components/0/component"},
		{"props not object", `{"id":"c","component":{"Divider":[]}}`, CodeBadValue, "/surfaceUpdate/components/0/component/Divider"},
		{"no component", `{"id":"c"}`, CodeMissingProperty, "/surfaceUpdate/components/0/component"},
		{"no id", `{"component":{"Divider":{}}}`, CodeMissingProperty, "/surfaceUpdate/components/0/id"},
		{"empty id", `{"id":"","component":{"Divider":{}}}`, CodeBadValue, "/surfaceUpdate/components/0/id"},
		{"id number", `{"id":3,"component":{"Divider":{}}}`, CodeBadValue, "/surfaceUpdate/components/0/id"},
		{"negative weight", `{"id":"c","weight":-1,"component":{"Divider":{}}}`, CodeBadValue, "/surfaceUpdate/components/0/weight"},
		{"weight string", `{"id":"c","weight":"1","component":{"Divider":{}}}`, CodeBadValue, "/surfaceUpdate/components/0/weight"},
		{"item not object", `"c"`, CodeBadValue, "/surfaceUpdate/components/0"},
	}
	for _, tc := range cases {
		for _, lenient := range []bool{false, true} {
			if lenient && tc.code == CodeUnknownComponent {
				continue // lenient mode draws a placeholder (TestOfficialLenientCatalog)
			}
			t.Run(fmt.Sprintf("%s/lenient=%v", tc.name, lenient), func(t *testing.T) {
				_, _, err := DecodeMessage([]byte(`{"surfaceUpdate":{"surfaceId":"s","components":[`+tc.item+`]}}`), Options{Lenient: lenient})
				e := errorOf(t, err)
				if e.Code != tc.code || e.Path != tc.path {
					t.Errorf("got %s at %q, want %s at %q (%v)", e.Code, e.Path, tc.code, tc.path, e)
				}
			})
		}
	}
}

func TestDecodeUnknownComponentNamesComponent(t *testing.T) {
	_, _, err := DecodeMessage([]byte(`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"ok","component":{"Divider":{}}},{"id":"chart","component":{"Chart":{}}}]}}`), Options{})
	e := errorOf(t, err)
	if e.Code != CodeUnknownComponent || e.ComponentID != "chart" || e.SurfaceID != "s" || e.Path != "/surfaceUpdate/components/1/component" {
		t.Errorf("got %+v", e)
	}
}

func TestDecodeUnknownPropertyIsAWarning(t *testing.T) {
	for _, tc := range validComponents {
		t.Run(tc.typ, func(t *testing.T) {
			c, warns, err := decodeComponent(tc.typ, withProp(t, tc.props, "zzExtra", `{"a":1}`), Options{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if c.Type() != tc.typ {
				t.Errorf("type %q", c.Type())
			}
			if !hasWarning(warns, CodeUnknownProperty, propBase+tc.typ+"/zzExtra") {
				t.Errorf("warnings %v, want unknown_property at %s", warns, propBase+tc.typ+"/zzExtra")
			}
			for _, w := range warns {
				if w.ComponentID != "c" || w.SurfaceID != "s" {
					t.Errorf("warning %v does not name surface s component c", w)
				}
			}
		})
	}
}

func TestDecodeUnknownKeysElsewhereAreWarnings(t *testing.T) {
	cases := []struct{ name, msg, path string }{
		{"component item", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"c","extra":1,"component":{"Divider":{}}}]}}`, "/surfaceUpdate/components/0/extra"},
		{"surfaceUpdate body", `{"surfaceUpdate":{"surfaceId":"s","extra":1,"components":[{"id":"c","component":{"Divider":{}}}]}}`, "/surfaceUpdate/extra"},
		{"bound value", componentMessage("Text", `{"text":{"literalString":"a","hint":1}}`), propBase + "Text/text/hint"},
		{"children", componentMessage("Row", `{"children":{"explicitList":[],"extra":1}}`), propBase + "Row/children/extra"},
		{"template", componentMessage("Row", `{"children":{"template":{"componentId":"a","dataBinding":"/x","extra":1}}}`), propBase + "Row/children/template/extra"},
		{"action", componentMessage("Button", `{"child":"l","action":{"name":"a","extra":1}}`), propBase + "Button/action/extra"},
		{"tab item", componentMessage("Tabs", `{"tabItems":[{"title":{"literalString":"A"},"child":"a","extra":1}]}`), propBase + "Tabs/tabItems/0/extra"},
		{"option", componentMessage("MultipleChoice", `{"selections":{"path":"/s"},"options":[{"label":{"literalString":"A"},"value":"a","extra":1}]}`), propBase + "MultipleChoice/options/0/extra"},
		{"beginRendering", `{"beginRendering":{"surfaceId":"s","root":"r","extra":1}}`, "/beginRendering/extra"},
		{"dataModelUpdate", `{"dataModelUpdate":{"surfaceId":"s","extra":1,"contents":[]}}`, "/dataModelUpdate/extra"},
		{"data entry", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"x","extra":1}]}}`, "/dataModelUpdate/contents/0/extra"},
		{"deleteSurface", `{"deleteSurface":{"surfaceId":"s","extra":1}}`, "/deleteSurface/extra"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, warns, err := DecodeMessage([]byte(tc.msg), Options{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !hasWarning(warns, CodeUnknownProperty, tc.path) {
				t.Errorf("warnings %v, want unknown_property at %s", warns, tc.path)
			}
		})
	}
}

func TestDecodeLegacyLiteral(t *testing.T) {
	cases := []struct {
		name, typ, props, path string
		check                  func(Props) bool
	}{
		{"string", "Text", `{"text":{"literal":"hi"}}`, "/text/literal",
			func(p Props) bool { b := p.(*Text).Text; return b.HasLiteral && b.Literal == "hi" && !b.HasPath }},
		{"number", "Slider", `{"value":{"literal":7}}`, "/value/literal",
			func(p Props) bool { b := p.(*Slider).Value; return b.HasLiteral && b.Literal == 7 }},
		{"boolean", "CheckBox", `{"label":{"literalString":"a"},"value":{"literal":true}}`, "/value/literal",
			func(p Props) bool { b := p.(*CheckBox).Value; return b.HasLiteral && b.Literal }},
		{"array", "MultipleChoice", `{"selections":{"literal":["a","b"]},"options":[]}`, "/selections/literal",
			func(p Props) bool {
				b := p.(*MultipleChoice).Selections
				return b.HasLiteral && reflect.DeepEqual(b.Literal, []string{"a", "b"})
			}},
		{"context number", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"n","value":{"literal":3}}]}}`, "/action/context/0/value/literal",
			func(p Props) bool { v := p.(*Button).Action.Context[0].Value; return v.HasLiteral && v.Literal == 3.0 }},
		{"context bool", "Button", `{"child":"l","action":{"name":"a","context":[{"key":"n","value":{"literal":false}}]}}`, "/action/context/0/value/literal",
			func(p Props) bool {
				v := p.(*Button).Action.Context[0].Value
				return v.HasLiteral && v.Literal == false
			}},
		{"with path", "Text", `{"text":{"literal":"Guest","path":"/name"}}`, "/text/literal",
			func(p Props) bool {
				b := p.(*Text).Text
				return b.HasLiteral && b.Literal == "Guest" && b.HasPath && b.Path == "/name"
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name+"/strict", func(t *testing.T) {
			_, _, err := decodeComponent(tc.typ, tc.props, Options{})
			e := errorOf(t, err)
			if e.Code != CodeBadValue || e.Path != propBase+tc.typ+tc.path {
				t.Errorf("got %s at %q, want bad_value at %q", e.Code, e.Path, propBase+tc.typ+tc.path)
			}
		})
		t.Run(tc.name+"/lenient", func(t *testing.T) {
			c, warns, err := decodeComponent(tc.typ, tc.props, Options{Lenient: true})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !hasWarning(warns, CodeLenient, propBase+tc.typ+tc.path) {
				t.Errorf("warnings %v, want lenient at %s", warns, propBase+tc.typ+tc.path)
			}
			if !tc.check(c.Props) {
				t.Errorf("legacy literal read as %#v", c.Props)
			}
		})
	}
	// Even in lenient mode "literal" must have the type of the property.
	_, _, err := decodeComponent("Slider", `{"value":{"literal":"7"}}`, Options{Lenient: true})
	if e := errorOf(t, err); e.Code != CodeBadValue {
		t.Errorf("Slider literal \"7\": code %s, want bad_value", e.Code)
	}
	_, _, err = decodeComponent("Text", `{"text":{"literal":"a","literalString":"b"}}`, Options{Lenient: true})
	if e := errorOf(t, err); e.Code != CodeBadValue {
		t.Errorf("two literals: code %s, want bad_value", e.Code)
	}
}

func TestDecodeBoundPathAndLiteral(t *testing.T) {
	c, _, err := decodeComponent("TextField", `{"label":{"path":"/l","literalString":"Name"},"text":{"path":"user/name"}}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tf := c.Props.(*TextField)
	want := Bound[string]{Path: "/l", HasPath: true, Literal: "Name", HasLiteral: true}
	if tf.Label != want {
		t.Errorf("label %+v, want %+v", tf.Label, want)
	}
	if tf.Text != strPath("user/name") {
		t.Errorf("text %+v", tf.Text)
	}
	if tf.pattern != nil || tf.ValidationRegexp != "" {
		t.Errorf("no validationRegexp given, got %q", tf.ValidationRegexp)
	}
}

func TestDecodeBadRegexpIsAWarning(t *testing.T) {
	c, warns, err := decodeComponent("TextField", `{"label":{"literalString":"a"},"validationRegexp":"(?<=x)a"}`, Options{})
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	if !hasWarning(warns, CodeBadRegexp, propBase+"TextField/validationRegexp") {
		t.Errorf("warnings %v, want bad_regexp", warns)
	}
	if tf := c.Props.(*TextField); tf.pattern != nil || tf.ValidationRegexp != "(?<=x)a" {
		t.Errorf("pattern %v regexp %q", tf.pattern, tf.ValidationRegexp)
	}
}

func TestDecodeIconBoundNameIsFree(t *testing.T) {
	c, _, err := decodeComponent("Icon", `{"name":{"path":"/icon"}}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Props.(*Icon).Name != strPath("/icon") {
		t.Errorf("name %+v", c.Props.(*Icon).Name)
	}
}

func TestDecodeSanitizesStrings(t *testing.T) {
	c, _, err := decodeComponent("Button", `{"child":"l\u001b[2J","action":{"name":"pay\u202e","context":[{"key":"k\u0007","value":{"literalString":"v\u001b]52;c;ZXZpbA==\u0007!"}}]}}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := c.Props.(*Button)
	for _, s := range []string{b.Child, b.Action.Name, b.Action.Context[0].Key, b.Action.Context[0].Value.Literal.(string)} {
		if !IsClean(s) || strings.ContainsAny(s, "\x1b\x07\u202e") {
			t.Errorf("%q is not sanitized", s)
		}
	}
	if b.Action.Name != "pay" || b.Action.Context[0].Value.Literal != "v!" {
		t.Errorf("name %q value %q", b.Action.Name, b.Action.Context[0].Value.Literal)
	}
	// Labels are one line; Text keeps its line breaks.
	c, _, err = decodeComponent("CheckBox", `{"label":{"literalString":"a\nb"},"value":{"literalBoolean":false}}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Props.(*CheckBox).Label.Literal; got != "a b" {
		t.Errorf("label %q, want %q", got, "a b")
	}
}

func TestDecodeStringTooLong(t *testing.T) {
	long := strings.Repeat("x", MaxStringBytes+1)
	fits := strings.Repeat("x", MaxStringBytes)
	cases := []struct{ name, msg, path string }{
		{"text literal", componentMessage("Text", `{"text":{"literalString":"`+long+`"}}`), propBase + "Text/text/literalString"},
		{"path", componentMessage("Text", `{"text":{"path":"`+long+`"}}`), propBase + "Text/text/path"},
		{"component id", `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"` + long + `","component":{"Divider":{}}}]}}`, "/surfaceUpdate/components/0/id"},
		{"surface id", `{"deleteSurface":{"surfaceId":"` + long + `"}}`, "/deleteSurface/surfaceId"},
		{"valueString", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"` + long + `"}]}}`, "/dataModelUpdate/contents/0/valueString"},
		{"nested valueString", `{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueMap":[{"key":"b","valueString":"` + long + `"}]}]}}`, "/dataModelUpdate/contents/0/valueMap/0/valueString"},
		{"context literal", componentMessage("Button", `{"child":"l","action":{"name":"a","context":[{"key":"k","value":{"literalString":"`+long+`"}}]}}`), propBase + "Button/action/context/0/value/literalString"},
		{"selection", componentMessage("MultipleChoice", `{"selections":{"literalArray":["`+long+`"]},"options":[]}`), propBase + "MultipleChoice/selections/literalArray/0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := DecodeMessage([]byte(tc.msg), Options{Lenient: true})
			e := errorOf(t, err)
			if e.Code != CodeStringTooLong || e.Path != tc.path {
				t.Errorf("got %s at %q, want string_too_long at %q", e.Code, e.Path, tc.path)
			}
		})
	}
	m, _, err := DecodeMessage([]byte(componentMessage("Text", `{"text":{"literalString":"`+fits+`"}}`)), Options{})
	if err != nil {
		t.Fatalf("a string of exactly MaxStringBytes refused: %v", err)
	}
	if got := m.SurfaceUpdate.Components[0].Props.(*Text).Text.Literal; got != fits {
		t.Errorf("string of MaxStringBytes changed to %d bytes", len(got))
	}
	// Lenient contents objects are checked too.
	_, _, err = DecodeMessage([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":{"a":{"b":["`+long+`"]}}}}`), Options{Lenient: true})
	if e := errorOf(t, err); e.Code != CodeStringTooLong {
		t.Errorf("lenient contents: code %s, want string_too_long", e.Code)
	}
}

func TestDecodeRemoteMediaLenient(t *testing.T) {
	c, warns, err := decodeComponent("Image", `{"url":{"literalString":"https://user:pw@cdn.example.com:8443/a/b.png?x=1"},"altText":{"literalString":"A cat"}}`, Options{Lenient: true})
	if err != nil {
		t.Fatalf("lenient refused remote image: %v", err)
	}
	if !hasWarning(warns, CodeLenient, propBase+"Image/url") {
		t.Errorf("warnings %v, want lenient at url", warns)
	}
	if c.Props.(*Image).URL.Literal == "" {
		t.Errorf("URL dropped from the component")
	}
	// The resolved node shows the host and never the URL.
	cv := New(Options{Lenient: true})
	cv, _, err = cv.ApplyJSON(rawLines(`
{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"img","component":{"Image":{"url":{"literalString":"https://user:pw@cdn.example.com:8443/a/b.png?x=1"},"altText":{"literalString":"A cat"}}}},{"id":"vid","component":{"Video":{"url":{"literalString":"http://videos.example/v.mp4"}}}},{"id":"aud","component":{"AudioPlayer":{"url":{"literalString":"` + pngURL + `"}}}},{"id":"col","component":{"Column":{"children":{"explicitList":["img","vid","aud"]}}}}]}}
{"beginRendering":{"surfaceId":"s","root":"col"}}`))
	if err != nil {
		t.Fatalf("lenient canvas refused remote media: %v", err)
	}
	tree := cv.Surface("s").Tree()
	img := tree.Find("img").Props.(*ImageProps)
	if img.Blocked != "cdn.example.com:8443" || img.URL != "" || img.AltText != "A cat" {
		t.Errorf("image props %+v, want blocked host cdn.example.com:8443, no URL, alt text", img)
	}
	vid := tree.Find("vid").Props.(*VideoProps)
	if vid.Blocked != "videos.example" || vid.URL != "" {
		t.Errorf("video props %+v", vid)
	}
	aud := tree.Find("aud").Props.(*AudioPlayerProps)
	if aud.Blocked == "" || aud.URL != "" {
		t.Errorf("audio with an image data: URL: props %+v, want blocked", aud)
	}
}

func TestDecodeDataURLCaseInsensitive(t *testing.T) {
	for _, u := range []string{"DATA:IMAGE/PNG;base64,AAAA", "data:image/jpeg;base64,AAAA", "data:image/gif,AAAA", "data:image/webp;base64,AAAA"} {
		if _, _, err := decodeComponent("Image", `{"url":{"literalString":"`+u+`"}}`, Options{}); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"data:video/webm;base64,AA", "data:video/ogg;base64,AA"} {
		if _, _, err := decodeComponent("Video", `{"url":{"literalString":"`+u+`"}}`, Options{}); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
	for _, u := range []string{"data:audio/ogg;base64,AA", "data:audio/wav;base64,AA", "data:audio/flac;base64,AA"} {
		if _, _, err := decodeComponent("AudioPlayer", `{"url":{"literalString":"`+u+`"}}`, Options{}); err != nil {
			t.Errorf("%s refused: %v", u, err)
		}
	}
}

func TestDecodeMessages(t *testing.T) {
	cases := []struct {
		name, msg string
		code      Code
		path      string
	}{
		{"not JSON", `{"beginRendering":`, CodeBadMessage, ""},
		{"garbage", `hello`, CodeBadMessage, ""},
		{"empty input", ``, CodeBadMessage, ""},
		{"array", `[{"deleteSurface":{"surfaceId":"s"}}]`, CodeBadMessage, ""},
		{"string", `"deleteSurface"`, CodeBadMessage, ""},
		{"number", `42`, CodeBadMessage, ""},
		{"null", `null`, CodeBadMessage, ""},
		{"zero kinds", `{}`, CodeBadMessage, ""},
		{"two kinds", `{"deleteSurface":{"surfaceId":"s"},"beginRendering":{"surfaceId":"s","root":"r"}}`, CodeBadMessage, ""},
		{"unknown kind", `{"action":{}}`, CodeBadMessage, ""},
		{"userAction", `{"userAction":{"name":"x"}}`, CodeBadMessage, ""},
		{"kind plus unknown key", `{"deleteSurface":{"surfaceId":"s"},"action":{}}`, CodeBadMessage, "/action"},
		{"kind body not object", `{"deleteSurface":"s"}`, CodeBadValue, "/deleteSurface"},
		{"surfaceId number", `{"deleteSurface":{"surfaceId":1}}`, CodeBadValue, "/deleteSurface/surfaceId"},
		{"surfaceId empty", `{"deleteSurface":{"surfaceId":""}}`, CodeBadValue, "/deleteSurface/surfaceId"},
		{"components missing", `{"surfaceUpdate":{"surfaceId":"s"}}`, CodeMissingProperty, "/surfaceUpdate/components"},
		{"components empty", `{"surfaceUpdate":{"surfaceId":"s","components":[]}}`, CodeBadValue, "/surfaceUpdate/components"},
		{"components object", `{"surfaceUpdate":{"surfaceId":"s","components":{"id":"a"}}}`, CodeBadValue, "/surfaceUpdate/components"},
		{"contents missing", `{"dataModelUpdate":{"surfaceId":"s"}}`, CodeMissingProperty, "/dataModelUpdate/contents"},
		{"contents string", `{"dataModelUpdate":{"surfaceId":"s","contents":"x"}}`, CodeBadValue, "/dataModelUpdate/contents"},
		{"path number", `{"dataModelUpdate":{"surfaceId":"s","path":1,"contents":[]}}`, CodeBadValue, "/dataModelUpdate/path"},
		{"root number", `{"beginRendering":{"surfaceId":"s","root":1}}`, CodeBadValue, "/beginRendering/root"},
		{"styles string", `{"beginRendering":{"surfaceId":"s","root":"r","styles":"dark"}}`, CodeBadValue, "/beginRendering/styles"},
	}
	for _, tc := range cases {
		for _, lenient := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/lenient=%v", tc.name, lenient), func(t *testing.T) {
				m, w, err := DecodeMessage([]byte(tc.msg), Options{Lenient: lenient})
				e := errorOf(t, err)
				if e.Code != tc.code || e.Path != tc.path {
					t.Errorf("got %s at %q, want %s at %q (%v)", e.Code, e.Path, tc.code, tc.path, e)
				}
				if m.Kind() != "" || w != nil {
					t.Errorf("refusal also returned message %+v and warnings %v", m, w)
				}
				if e.Index != 0 {
					t.Errorf("index %d, want 0", e.Index)
				}
			})
		}
	}
}

func TestDecodeMissingSurfaceID(t *testing.T) {
	msgs := map[string]string{
		"beginRendering":  `{"beginRendering":{"root":"r"}}`,
		"surfaceUpdate":   `{"surfaceUpdate":{"components":[{"id":"a","component":{"Divider":{}}}]}}`,
		"dataModelUpdate": `{"dataModelUpdate":{"contents":[]}}`,
		"deleteSurface":   `{"deleteSurface":{}}`,
	}
	for kind, msg := range msgs {
		t.Run(kind, func(t *testing.T) {
			_, _, err := DecodeMessage([]byte(msg), Options{})
			e := errorOf(t, err)
			if e.Code != CodeMissingProperty || e.Path != "/"+kind+"/surfaceId" {
				t.Errorf("strict: got %s at %q, want missing_property at /%s/surfaceId", e.Code, e.Path, kind)
			}
			m, warns, err := DecodeMessage([]byte(msg), Options{Lenient: true})
			if err != nil {
				t.Fatalf("lenient refused: %v", err)
			}
			if m.SurfaceID() != DefaultSurfaceID || m.Kind() != kind {
				t.Errorf("lenient: surface %q kind %q, want %q %s", m.SurfaceID(), m.Kind(), DefaultSurfaceID, kind)
			}
			if !hasWarning(warns, CodeLenient, "/"+kind+"/surfaceId") {
				t.Errorf("lenient: warnings %v, want lenient at /%s/surfaceId", warns, kind)
			}
		})
	}
}

func TestDecodeBeginRendering(t *testing.T) {
	m, warns, err := DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s","root":"r","catalogId":"`+StandardCatalogID+`","styles":{"font":"Inter","primaryColor":"#00AAff"}}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := &BeginRendering{SurfaceID: "s", Root: "r", CatalogID: StandardCatalogID, Styles: Styles{Font: "Inter", PrimaryColor: "#00aaff"}}
	if !reflect.DeepEqual(m.BeginRendering, want) {
		t.Errorf("decoded %+v, want %+v", m.BeginRendering, want)
	}
	if len(warns) != 0 {
		t.Errorf("warnings %v", warns)
	}
	if _, warns, _ = DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s","root":"r","catalogId":"`+MinimalCatalogID+`"}}`), Options{}); len(warns) != 0 {
		t.Errorf("minimal catalog: warnings %v", warns)
	}
	// beginRendering without root: refused, lenient uses "root".
	_, _, err = DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s"}}`), Options{})
	if e := errorOf(t, err); e.Code != CodeMissingProperty || e.Path != "/beginRendering/root" {
		t.Errorf("no root: %v", e)
	}
	m, _, err = DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s"}}`), Options{Lenient: true})
	if err != nil || m.BeginRendering.Root != "root" {
		t.Errorf("lenient without root: %+v %v", m.BeginRendering, err)
	}
}

func TestDecodePrimaryColor(t *testing.T) {
	for _, c := range []string{"#000000", "#ffffff", "#A1b2C3"} {
		m, _, err := DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s","root":"r","styles":{"primaryColor":"`+c+`"}}}`), Options{})
		if err != nil {
			t.Errorf("%s refused: %v", c, err)
			continue
		}
		if got := m.BeginRendering.Styles.PrimaryColor; got != strings.ToLower(c) {
			t.Errorf("%s decoded as %q", c, got)
		}
	}
	for _, c := range []string{`"red"`, `"#fff"`, `"#1234567"`, `"00ff00"`, `"#gg0000"`, `""`, `"#00ff0 "`, `255`} {
		for _, lenient := range []bool{false, true} {
			_, _, err := DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s","root":"r","styles":{"primaryColor":`+c+`}}}`), Options{Lenient: lenient})
			if err == nil {
				t.Errorf("primaryColor %s accepted (lenient=%v)", c, lenient)
				continue
			}
			if e := errorOf(t, err); e.Code != CodeBadValue || e.Path != "/beginRendering/styles/primaryColor" {
				t.Errorf("primaryColor %s: %s at %q, want bad_value at /beginRendering/styles/primaryColor", c, e.Code, e.Path)
			}
		}
	}
}

func TestDecodeUnknownStyleAndCatalog(t *testing.T) {
	m, warns, err := DecodeMessage([]byte(`{"beginRendering":{"surfaceId":"s","root":"r","catalogId":"https://example.com/my_catalog.json","styles":{"font":"Mono","logoUrl":"x","backgroundColor":"#000000"}}}`), Options{})
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	if !hasWarning(warns, CodeUnknownStyle, "/beginRendering/styles/logoUrl") || !hasWarning(warns, CodeUnknownStyle, "/beginRendering/styles/backgroundColor") {
		t.Errorf("warnings %v, want unknown_style for logoUrl and backgroundColor", warns)
	}
	if !hasWarning(warns, CodeUnknownCatalog, "/beginRendering/catalogId") {
		t.Errorf("warnings %v, want unknown_catalog", warns)
	}
	if m.BeginRendering.Styles != (Styles{Font: "Mono"}) || m.BeginRendering.CatalogID != "https://example.com/my_catalog.json" {
		t.Errorf("decoded %+v", m.BeginRendering)
	}
}

func TestDecodeDeleteSurface(t *testing.T) {
	m, _, err := DecodeMessage([]byte(`{"deleteSurface":{"surfaceId":"gone"}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind() != "deleteSurface" || m.DeleteSurface == nil || m.DeleteSurface.SurfaceID != "gone" || m.SurfaceID() != "gone" {
		t.Errorf("decoded %+v", m)
	}
}

func TestDecodeDuplicateComponentID(t *testing.T) {
	m, warns, err := DecodeMessage([]byte(`{"surfaceUpdate":{"surfaceId":"s","components":[`+
		`{"id":"a","component":{"Text":{"text":{"literalString":"first"}}}},`+
		`{"id":"b","component":{"Divider":{}}},`+
		`{"id":"a","component":{"Text":{"text":{"literalString":"second"}}}}]}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !hasWarning(warns, CodeDuplicateID, "/surfaceUpdate/components/2/id") {
		t.Errorf("warnings %v, want duplicate_id", warns)
	}
	comps := m.SurfaceUpdate.Components
	if len(comps) != 2 || comps[0].ID != "a" || comps[0].Props.(*Text).Text.Literal != "second" || comps[1].ID != "b" {
		t.Errorf("components %+v, want a (second definition), b", comps)
	}
}

// Many ids, each given up to three times, in both versions: every id is
// kept once, at the place of its first definition, with its last one.
func TestDecodeManyRepeatedComponentIDs(t *testing.T) {
	for _, v09 := range []bool{false, true} {
		var items []string
		var order []string
		last := map[string]string{}
		for i := range 300 {
			id := fmt.Sprintf("c%d", (i*7)%130)
			if _, ok := last[id]; !ok {
				order = append(order, id)
			}
			text := fmt.Sprintf("text %d", i)
			last[id] = text
			if v09 {
				items = append(items, fmt.Sprintf(`{"id":%q,"component":"Text","text":%q}`, id, text))
			} else {
				items = append(items, fmt.Sprintf(`{"id":%q,"component":{"Text":{"text":{"literalString":%q}}}}`, id, text))
			}
		}
		msg := `{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(items, ",") + `]}}`
		if v09 {
			msg = `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + strings.Join(items, ",") + `]}}`
		}
		m, warns, err := DecodeMessage([]byte(msg), Options{})
		if err != nil {
			t.Fatal(err)
		}
		var comps []*Component
		if v09 {
			comps = m.UpdateComponents.Components
		} else {
			comps = m.SurfaceUpdate.Components
		}
		if len(comps) != len(order) || len(warns) != 300-len(order) {
			t.Fatalf("v0.9 %v: %d components and %d warnings, want %d and %d", v09, len(comps), len(warns), len(order), 300-len(order))
		}
		for i, c := range comps {
			if c.ID != order[i] || c.Props.(*Text).Text.Literal != last[c.ID] {
				t.Fatalf("v0.9 %v: component %d is %q %q, want %q %q", v09, i, c.ID, c.Props.(*Text).Text.Literal, order[i], last[order[i]])
			}
		}
	}
}

func TestDecodeTooManyComponentsInOneMessage(t *testing.T) {
	build := func(n int) string {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprintf(`{"id":"c%d","component":{"Divider":{}}}`, i)
		}
		return `{"surfaceUpdate":{"surfaceId":"s","components":[` + strings.Join(items, ",") + `]}}`
	}
	if _, _, err := DecodeMessage([]byte(build(MaxComponents)), Options{}); err != nil {
		t.Errorf("%d components refused: %v", MaxComponents, err)
	}
	_, _, err := DecodeMessage([]byte(build(MaxComponents+1)), Options{})
	if e := errorOf(t, err); e.Code != CodeTooManyComponents || e.SurfaceID != "s" {
		t.Errorf("%d components: %v", MaxComponents+1, e)
	}
}

func TestDecodeDataModelUpdate(t *testing.T) {
	cases := []struct {
		name, contents, want string
	}{
		{"scalars", `[{"key":"s","valueString":"x"},{"key":"n","valueNumber":2.5},{"key":"b","valueBoolean":false}]`, `{"s":"x","n":2.5,"b":false}`},
		{"order kept", `[{"key":"z","valueNumber":1},{"key":"a","valueNumber":2},{"key":"m","valueNumber":3}]`, `{"z":1,"a":2,"m":3}`},
		{"empty", `[]`, `{}`},
		{"nested valueMap", `[{"key":"a","valueMap":[{"key":"b","valueMap":[{"key":"c","valueMap":[{"key":"d","valueMap":[{"key":"e","valueMap":[{"key":"f","valueString":"deep"}]}]}]}]},{"key":"b2","valueNumber":1}]}]`,
			`{"a":{"b":{"c":{"d":{"e":{"f":"deep"}}}},"b2":1}}`},
		{"empty valueMap", `[{"key":"a","valueMap":[]}]`, `{"a":{}}`},
		{"slash keys nest", `[{"key":"a/b","valueString":"x"},{"key":"a/c","valueNumber":1},{"key":"d","valueBoolean":true}]`, `{"a":{"b":"x","c":1},"d":true}`},
		{"bare value", `[{"key":".","valueNumber":3}]`, `3`},
		{"bare string", `[{"key":".","valueString":"hi"}]`, `"hi"`},
		{"later key replaces", `[{"key":"a","valueString":"x"},{"key":"a","valueString":"y"}]`, `{"a":"y"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, _, err := DecodeMessage([]byte(`{"dataModelUpdate":{"surfaceId":"s","path":"/p","contents":`+tc.contents+`}}`), Options{})
			if err != nil {
				t.Fatal(err)
			}
			u := m.DataModelUpdate
			if u.SurfaceID != "s" || u.Path != "/p" {
				t.Errorf("surface %q path %q", u.SurfaceID, u.Path)
			}
			if got := string(MarshalValue(u.Value)); got != tc.want {
				t.Errorf("value %s, want %s", got, tc.want)
			}
		})
	}
}

func TestDecodeDataEntryValues(t *testing.T) {
	cases := []struct {
		name, contents string
		code           Code
		path           string
	}{
		{"no value", `[{"key":"a"}]`, CodeEntryWithoutValue, "/dataModelUpdate/contents/0"},
		{"only unknown", `[{"key":"a","valueArray":[1]}]`, CodeEntryWithoutValue, "/dataModelUpdate/contents/0"},
		{"two values", `[{"key":"ok","valueNumber":1},{"key":"a","valueString":"x","valueNumber":1}]`, CodeEntryWithoutValue, "/dataModelUpdate/contents/1"},
		{"three values", `[{"key":"a","valueString":"x","valueBoolean":true,"valueMap":[]}]`, CodeEntryWithoutValue, "/dataModelUpdate/contents/0"},
		{"nested no value", `[{"key":"a","valueMap":[{"key":"b","valueMap":[{"key":"c"}]}]}]`, CodeEntryWithoutValue, "/dataModelUpdate/contents/0/valueMap/0/valueMap/0"},
		{"no key", `[{"valueString":"x"}]`, CodeMissingProperty, "/dataModelUpdate/contents/0/key"},
		{"key number", `[{"key":1,"valueString":"x"}]`, CodeBadValue, "/dataModelUpdate/contents/0/key"},
		{"entry not object", `["a"]`, CodeBadValue, "/dataModelUpdate/contents/0"},
		{"valueString number", `[{"key":"a","valueString":1}]`, CodeBadValue, "/dataModelUpdate/contents/0/valueString"},
		{"valueNumber string", `[{"key":"a","valueNumber":"1"}]`, CodeBadValue, "/dataModelUpdate/contents/0/valueNumber"},
		{"valueBoolean string", `[{"key":"a","valueBoolean":"true"}]`, CodeBadValue, "/dataModelUpdate/contents/0/valueBoolean"},
		{"valueMap object", `[{"key":"a","valueMap":{"b":1}}]`, CodeBadValue, "/dataModelUpdate/contents/0/valueMap"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := DecodeMessage([]byte(`{"dataModelUpdate":{"surfaceId":"s","contents":`+tc.contents+`}}`), Options{Lenient: true})
			e := errorOf(t, err)
			if e.Code != tc.code || e.Path != tc.path {
				t.Errorf("got %s at %q, want %s at %q (%v)", e.Code, e.Path, tc.code, tc.path, e)
			}
		})
	}
}

func TestDecodeContentsAsObject(t *testing.T) {
	msg := `{"dataModelUpdate":{"surfaceId":"s","path":"/","contents":{"title":"Hi\u001b[31m","n":2,"ok":true,"items":[{"name":"A"}],"user":{"z":1,"a":2},"a/b":"x"}}}`
	_, _, err := DecodeMessage([]byte(msg), Options{})
	if e := errorOf(t, err); e.Code != CodeBadValue || e.Path != "/dataModelUpdate/contents" {
		t.Errorf("strict: %v, want bad_value at /dataModelUpdate/contents", e)
	}
	m, warns, err := DecodeMessage([]byte(msg), Options{Lenient: true})
	if err != nil {
		t.Fatalf("lenient refused: %v", err)
	}
	if !hasWarning(warns, CodeLenient, "/dataModelUpdate/contents") {
		t.Errorf("warnings %v, want lenient", warns)
	}
	want := `{"title":"Hi","n":2,"ok":true,"items":[{"name":"A"}],"user":{"z":1,"a":2},"a":{"b":"x"}}`
	if got := string(MarshalValue(m.DataModelUpdate.Value)); got != want {
		t.Errorf("value %s, want %s", got, want)
	}
}

func TestSplitStream(t *testing.T) {
	a := `{"deleteSurface":{"surfaceId":"a"}}`
	b := `{"deleteSurface":{"surfaceId":"b"}}`
	pretty := "{\n  \"beginRendering\": {\n    \"surfaceId\": \"s\",\n    \"root\": \"r\"\n  }\n}\n"
	cases := []struct {
		name  string
		data  string
		want  []string
		lines []int // where each message starts
	}{
		{"empty", "", nil, nil},
		{"blank", " \n\t\n", nil, nil},
		{"JSONL", a + "\n" + b + "\n", []string{a, b}, []int{1, 2}},
		{"JSONL CRLF and blank lines", a + "\r\n\r\n" + b + "\r\n", []string{a, b}, []int{1, 3}},
		{"JSONL with BOM", "\xef\xbb\xbf" + a + "\n" + b, []string{a, b}, []int{1, 2}},
		{"array", "[" + a + ",\n  " + b + "]", []string{a, b}, []int{1, 2}},
		{"array with leading space", "\n  [" + a + "]\n", []string{a}, []int{2}},
		{"empty array", "[]", []string{}, []int{}},
		{"single object", a, []string{a}, []int{1}},
		{"single pretty object", pretty, []string{strings.TrimSpace(pretty)}, []int{1}},
		{"pretty objects in a row", pretty + pretty, []string{strings.TrimSpace(pretty), strings.TrimSpace(pretty)}, []int{1, 7}},
		{"wrapper", "{\"name\": \"x\",\n \"messages\": [\n  " + a + ",\n\n  " + b + "]}", []string{a, b}, []int{3, 5}},
		{"broken line kept", a + "\n{\"surfaceUpdate\": oops\n" + b + "\n", []string{a, `{"surfaceUpdate": oops`, b}, []int{1, 2, 3}},
		{"broken first line", "not json\n" + a + "\n", []string{"not json", a}, []int{1, 2}},
		{"truncated last line", a + "\n" + `{"deleteSurface":{"surf`, []string{a, `{"deleteSurface":{"surf`}, []int{1, 2}},
		{"trailing garbage on a line", a + " trailing\n" + b, []string{a + " trailing", b}, []int{1, 2}},
		{"broken line after blank lines", "\n\n" + a + "\noops\n", []string{a, "oops"}, []int{3, 4}},
		{"after other white space", "\v\n\u00a0\n" + a + "\n" + b, []string{a, b}, []int{3, 4}},
		{"array after other white space", "\u00a0\n[\n" + a + ",\n\n" + b + "]", []string{a, b}, []int{3, 5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SplitStream([]byte(tc.data))
			if err != nil {
				t.Fatalf("error %v", err)
			}
			var gs []string
			if got != nil {
				gs = []string{}
			}
			for _, g := range got {
				gs = append(gs, strings.TrimSpace(string(g)))
			}
			if !reflect.DeepEqual(gs, tc.want) {
				t.Errorf("split into %q, want %q", gs, tc.want)
			}
			msgs, lines, err := SplitStreamLines([]byte(tc.data))
			if err != nil || len(msgs) != len(got) || !reflect.DeepEqual(lines, tc.lines) && (len(lines) > 0 || len(tc.lines) > 0) {
				t.Errorf("lines %v, want %v (%v)", lines, tc.lines, err)
			}
		})
	}
}

// TestSplitStreamBrokenLineRefusedAlone applies a JSONL file with one broken
// line message by message: the broken line is refused as bad_message with
// its own index and every other line still decodes.
func TestSplitStreamBrokenLineRefusedAlone(t *testing.T) {
	data := `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"t","component":{"Text":{"text":{"literalString":"hi"}}}}]}}
{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueString":"x"}
{"beginRendering":{"surfaceId":"s","root":"t"}}
`
	parts, err := SplitStream([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 3 {
		t.Fatalf("%d messages, want 3: %q", len(parts), parts)
	}
	var refused []int
	for i, p := range parts {
		if _, _, err := DecodeMessage(p, Options{Lenient: true}); err != nil {
			if e := errorOf(t, err); e.Code != CodeBadMessage {
				t.Errorf("message %d refused with %s, want bad_message", i, e.Code)
			}
			refused = append(refused, i)
		}
	}
	if !reflect.DeepEqual(refused, []int{1}) {
		t.Errorf("refused messages %v, want [1]", refused)
	}
	// As one batch the broken line refuses the batch with its index.
	raws := make([]json.RawMessage, len(parts))
	for i, p := range parts {
		raws[i] = p
	}
	c := New(Options{})
	next, _, err := c.ApplyJSON(raws)
	if e := errorOf(t, err); e.Code != CodeBadMessage || e.Index != 1 || next != c {
		t.Errorf("batch: %v (index %d), want bad_message at index 1 and the canvas unchanged", e, e.Index)
	}
}

// TestSplitStreamBrokenArray checks that a broken array is an error naming
// the line and the column of the offending character.
func TestSplitStreamBrokenArray(t *testing.T) {
	cases := []struct {
		name, data string
		line, col  int
	}{
		// The ',' at index 3 is line 1, column 4.
		{"one line", `[1,,2]`, 1, 4},
		// The 'b' starts line 3 after '{': line 3, column 2.
		{"several lines", "[\n{\"a\":1},\n{bad}\n]", 3, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := SplitStream([]byte(tc.data))
			if err == nil {
				t.Fatal("broken array accepted")
			}
			want := fmt.Sprintf("line %d, column %d", tc.line, tc.col)
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not name %q", err, want)
			}
		})
	}
}

// TestSplitStreamBrokenArrayAfterBlankLines: SplitStream parses the trimmed
// data but counts lines in the untrimmed data, so leading blank lines shift
// the reported position.
func TestSplitStreamBrokenArrayAfterBlankLines(t *testing.T) {
	// Lines 1–5 are blank, "[" is line 6, "1,,2]" is line 7: the second
	// ',' is line 7, column 3.
	data := "\n\n\n\n\n[\n1,,2]"
	_, err := SplitStream([]byte(data))
	if err == nil {
		t.Fatal("broken array accepted")
	}
	if !strings.Contains(err.Error(), "line 7,") {
		t.Errorf("error %q does not name line 7", err)
	}
}

func TestSplitStreamRealSamplesShapes(t *testing.T) {
	// An array whose messages are themselves objects spread over lines.
	data := "[\n  {\n    \"deleteSurface\": {\"surfaceId\": \"a\"}\n  },\n  {\"deleteSurface\": {\"surfaceId\": \"b\"}}\n]\n"
	got, err := SplitStream([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d messages, want 2", len(got))
	}
	for i, id := range []string{"a", "b"} {
		m, _, err := DecodeMessage(got[i], Options{})
		if err != nil || m.SurfaceID() != id {
			t.Errorf("message %d: %+v %v", i, m, err)
		}
	}
	// Warnings come sorted by path for a stable report.
	_, w, err := DecodeMessage([]byte(componentMessage("Text", `{"text":{"literalString":"a"},"zb":1,"za":2}`)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, x := range w {
		paths = append(paths, x.Path)
	}
	if !sort.StringsAreSorted(paths) || len(paths) != 2 {
		t.Errorf("warning paths %v, want two, sorted", paths)
	}
}

// TestDecodeKnownPropertyAfter64KeysIsNotUnknown: the decoder marks the
// properties it reads in a 64-bit mask, so a property that comes after 64
// other keys is reported as unknown although it was read and used.
func TestDecodeKnownPropertyAfter64KeysIsNotUnknown(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 64; i++ {
		fmt.Fprintf(&b, `"x%02d":1,`, i)
	}
	c, warns, err := decodeComponent("Text", `{`+b.String()+`"text":{"literalString":"hi"}}`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Props.(*Text).Text.Literal != "hi" {
		t.Fatalf("text not read")
	}
	n := 0
	for _, w := range warns {
		if w.Code == CodeUnknownProperty {
			n++
		}
		if w.Path == propBase+"Text/text" {
			t.Errorf("the text property, which was read, is reported as unknown: %v", w)
		}
	}
	if n != 64 {
		t.Errorf("%d unknown_property warnings, want 64 (one per x key)", n)
	}
}

// TestDecodeBadRegexpWarnsForEachComponent: every TextField whose
// validationRegexp is not checked must say so; the decoder caches compiled
// patterns per message and warns only for the first component using a bad
// one.
func TestDecodeBadRegexpWarnsForEachComponent(t *testing.T) {
	_, warns, err := DecodeMessage([]byte(`{"surfaceUpdate":{"surfaceId":"s","components":[`+
		`{"id":"a","component":{"TextField":{"label":{"literalString":"a"},"validationRegexp":"(?<=x)"}}},`+
		`{"id":"b","component":{"TextField":{"label":{"literalString":"b"},"validationRegexp":"(?<=x)"}}}]}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"a", "b"} {
		path := fmt.Sprintf("/surfaceUpdate/components/%d/component/TextField/validationRegexp", i)
		found := false
		for _, w := range warns {
			found = found || (w.Code == CodeBadRegexp && w.ComponentID == id && w.Path == path)
		}
		if !found {
			t.Errorf("no bad_regexp warning for component %s; warnings %v", id, warns)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

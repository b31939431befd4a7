package a2ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The tests in this file pin down how a2term reads the places where the
// v0.8 specification, web_core's message processor (behind the Lit,
// Angular and React renderers) and the agent SDK's validator disagree or
// leave a choice open. Each case cites the official file and line it
// follows, in github:google/A2UI.

// TestOfficialBeginRenderingBeforeRoot: a beginRendering whose root does
// not exist yet is accepted in every mode; the surface waits for it. A
// child that names no component stays a refusal in strict mode.
func TestOfficialBeginRenderingBeforeRoot(t *testing.T) {
	cases := []struct {
		name    string
		cite    string
		lenient bool
		batches []string
		// waiting: the tree is the root's waiting placeholder;
		// otherwise children lists the root's children, or code the
		// refusal of the last batch.
		waiting  bool
		children []string
		code     Code
	}{
		{
			name:    "beginRendering alone, strict",
			cite:    "web_core v0_8/data/model-processor.ts:396 (handleBeginRendering keeps the root), :465 (no component yet: no tree); model-processor.test.ts:45",
			batches: []string{msgBegin("s", "root")},
			waiting: true,
		},
		{
			name:    "beginRendering alone, lenient",
			cite:    "web_core v0_8/data/model-processor.ts:396",
			lenient: true,
			batches: []string{msgBegin("s", "root")},
			waiting: true,
		},
		{
			name:     "beginRendering first, components in a later batch",
			cite:     "web_core v0_8/data/model-processor.ts:403 (handleSurfaceUpdate rebuilds the tree from the root it kept)",
			batches:  []string{msgBegin("s", "root"), msgSurface("s", columnComp("root", "a")+","+textComp("a", "A"))},
			children: []string{"a"},
		},
		{
			name:    "a later beginRendering naming a root not sent yet",
			cite:    "web_core v0_8/data/model-processor.ts:396",
			batches: []string{shownBase, msgBegin("s", "next")},
			waiting: true,
		},
		{
			name:    "a child naming no component, strict",
			cite:    "a2term's own rule: a reference that names nothing is an agent's mistake (web_core v0_8/data/model-processor.ts:465 drops it silently)",
			batches: []string{msgBegin("s", "root"), msgSurface("s", columnComp("root", "ghost"))},
			code:    CodeMissingChild,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{Lenient: tc.lenient})
			var err error
			for _, b := range tc.batches {
				var next *Canvas
				next, _, err = c.ApplyJSON(rawLines(b))
				if err == nil {
					c = next
				}
			}
			if tc.code != "" {
				if e := errorOf(t, err); e.Code != tc.code {
					t.Errorf("%s: code %s, want %s", tc.cite, e.Code, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: refused: %v", tc.cite, err)
			}
			tree := c.Surface("s").Tree()
			if tc.waiting {
				p, ok := tree.Props.(*PlaceholderProps)
				if tree.Type != PlaceholderType || !ok || !p.Waiting || p.Missing != c.Surface("s").Root() {
					t.Errorf("%s: tree %s, want the root's waiting placeholder", tc.cite, Dump(tree))
				}
				return
			}
			if got := childIDs(tree); !reflect.DeepEqual(got, tc.children) {
				t.Errorf("%s: children %v, want %v", tc.cite, got, tc.children)
			}
		})
	}
}

// TestOfficialJSONInValueString: a valueString whose text is a JSON object
// or array becomes that object or array; anything else stays text.
func TestOfficialJSONInValueString(t *testing.T) {
	cases := []struct {
		name, cite, contents, want string
	}{
		{"an object", "web_core v0_8/data/model-processor.ts:202 (parseIfJsonString); model-processor.test.ts:267",
			`[{"key":"config","valueString":"{\"theme\":\"dark\"}"}]`, `{"config":{"theme":"dark"}}`},
		{"an array of objects", "lit 0.8/model.test.ts:656; v0_8 basic examples 04_weather-current.json:281 binds a list to such a string",
			`[{"key":"items","valueString":"[{\"id\": 1}, {\"id\": 2}]"}]`, `{"items":[{"id":1},{"id":2}]}`},
		{"white space around it", "web_core v0_8/data/model-processor.ts:207 (trims before looking)",
			`[{"key":"l","valueString":"  [\"a\", \"b\"] "}]`, `{"l":["a","b"]}`},
		{"the single-entry form at a path", "web_core v0_8/data/model-processor.ts:272",
			`[{"key":".","valueString":"[1,2]"}]`, `[1,2]`},
		{"JSON-like but not JSON stays text", "web_core model-processor.test.ts:308; lit 0.8/model.test.ts:683",
			`[{"key":"bad","valueString":"{bad\" }"}]`, `{"bad":"{bad\" }"}`},
		{"bracketed words stay text", "samples/agent/adk/restaurant_finder/examples/0.8/booking_form.json:174",
			`[{"key":"addr","valueString":"[Restaurant Address]"}]`, `{"addr":"[Restaurant Address]"}`},
		{"a JSON number stays text", "web_core v0_8/data/model-processor.ts:208 (only { } and [ ])",
			`[{"key":"n","valueString":"42"}]`, `{"n":"42"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := "/"
			if strings.Contains(tc.contents, `"key":"."`) {
				path = "/x"
			}
			c := canvasOf(t, Options{}, msgData("s", path, tc.contents))
			got := dataJSON(t, c, "s")
			if path == "/x" {
				v, _ := lookup(c.Surface("s").Data(), []string{"x"})
				got = string(MarshalValue(v))
			}
			if got != tc.want {
				t.Errorf("%s: model %s, want %s", tc.cite, got, tc.want)
			}
		})
	}
	t.Run("strings inside are cleaned", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"l","valueString":"[\"a\\u001b[31mb\"]"}]`))
		if got := dataJSON(t, c, "s"); strings.Contains(got, "\x1b") || strings.Contains(got, `\u001b`) {
			t.Errorf("escape kept: %s", got)
		}
	})
	t.Run("a template over it", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", listTemplate("root", "t", "/items")+`,{"id":"t","component":{"Text":{"text":{"path":"name"}}}}`)+"\n"+
			msgData("s", "/", `[{"key":"items","valueString":"[{\"name\":\"A\"},{\"name\":\"B\"}]"}]`)+"\n"+msgBegin("s", "root"))
		var texts []string
		for _, n := range c.Surface("s").Tree().Children {
			texts = append(texts, n.Props.(*TextProps).Text)
		}
		if !reflect.DeepEqual(texts, []string{"A", "B"}) {
			t.Errorf("lit 0.8/model.test.ts:538: texts %v", texts)
		}
	})
}

// TestOfficialPathSpellings: web_core's other spellings of a path mean the
// same JSON Pointer; inside templates "./item/…" and "/item/…" are read as
// the item's own keys.
func TestOfficialPathSpellings(t *testing.T) {
	model := `[{"key":"users","valueMap":[{"key":"0","valueMap":[{"key":"name","valueString":"Ada"}]}]},{"key":"a~0b","valueString":"tilde"},{"key":"c~1d","valueString":"slash"}]`
	cases := []struct {
		name, cite, path, want string
	}{
		{"JSON Pointer", "spec v0_8 docs/a2ui_protocol.md (paths are JSON Pointers)", "/users/0/name", "Ada"},
		{"brackets and dots", "web_core v0_8/data/model-processor.ts:345 (normalizePath); model-processor.test.ts:262", "users[0].name", "Ada"},
		{"dots", "web_core v0_8/data/model-processor.ts:350 (splits at dots)", "users.0.name", "Ada"},
		{"a slash path with dots", "samples/agent/adk/rizzcharts/examples/rizzcharts_catalog/0.8/chart.json:42 (\"/chart.items\")", "/users.0/name", "Ada"},
		{"relative", "web_core v0_8/data/model-processor.ts:198", "users/0/name", "Ada"},
		{"escaped tilde", "RFC 6901; agent_sdks/python/src/a2ui/schema/validator.py:37", "/a~0b", "tilde"},
		{"escaped slash", "RFC 6901; agent_sdks/python/src/a2ui/schema/validator.py:37", "/c~1d", "slash"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := canvasOf(t, Options{}, msgData("s", "/", model)+"\n"+
				msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"`+tc.path+`"}}}}`)+"\n"+msgBegin("s", "t"))
			if got := c.Surface("s").Tree().Props.(*TextProps).Text; got != tc.want {
				t.Errorf("%s: %q reads %q, want %q", tc.cite, tc.path, got, tc.want)
			}
		})
	}
	t.Run("entry keys and update paths too", func(t *testing.T) {
		// web_core model-processor.ts:250 sets each entry at its key as a path;
		// rizzcharts chart.json:60 keys entries "chart.items[0].label".
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"chart.items[0].label","valueString":"Q1"}]`)+"\n"+
			msgData("s", "chart.title", `[{"key":".","valueString":"Sales"}]`))
		if got := dataJSON(t, c, "s"); got != `{"chart":{"items":{"0":{"label":"Q1"}},"title":"Sales"}}` {
			t.Errorf("model %s", got)
		}
	})
	tplCases := []struct {
		name, cite, path string
	}{
		{"./item/name", "web_core v0_8/data/model-processor.ts:792; lit 0.8/model.test.ts:538", "./item/name"},
		{"/item/name", "web_core v0_8/data/model-processor.ts:792", "/item/name"},
		{"./name", "web_core v0_8/data/model-processor.ts:795; lit 0.8/model.test.ts:596", "./name"},
		{"/name", "web_core v0_8/data/model-processor.ts:795", "/name"},
		{"name", "web_core v0_8/data/model-processor.ts:191", "name"},
	}
	for _, tc := range tplCases {
		t.Run("in a template "+tc.name, func(t *testing.T) {
			c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"items","valueString":"[{\"name\":\"A\"},{\"name\":\"B\"}]"}]`)+"\n"+
				msgSurface("s", listTemplate("root", "t", "/items")+`,{"id":"t","component":{"Text":{"text":{"path":"`+tc.path+`"}}}}`)+"\n"+msgBegin("s", "root"))
			var texts []string
			for _, n := range c.Surface("s").Tree().Children {
				texts = append(texts, n.Props.(*TextProps).Text)
			}
			if !reflect.DeepEqual(texts, []string{"A", "B"}) {
				t.Errorf("%s: texts %v, want [A B]", tc.cite, texts)
			}
		})
	}
	t.Run("item is only a prefix as a whole segment", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"items","valueString":"[{\"itemName\":\"A\"}]"}]`)+"\n"+
			msgSurface("s", listTemplate("root", "t", "/items")+`,{"id":"t","component":{"Text":{"text":{"path":"/itemName"}}}}`)+"\n"+msgBegin("s", "root"))
		if got := c.Surface("s").Tree().Children[0].Props.(*TextProps).Text; got != "A" {
			t.Errorf("/itemName read %q, want A", got)
		}
	})
	t.Run("outside a template /item is a key", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"item","valueMap":[{"key":"name","valueString":"top"}]}]`)+"\n"+
			msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"/item/name"}}}}`)+"\n"+msgBegin("s", "t"))
		if got := c.Surface("s").Tree().Props.(*TextProps).Text; got != "top" {
			t.Errorf("web_core model-processor.ts:790 trims only in a data context: read %q", got)
		}
	})
}

// TestOfficialDepthLimit: a tree may be 50 levels deep below its root, the
// official validator's limit, and no deeper.
func TestOfficialDepthLimit(t *testing.T) {
	chain := func(levels int) string {
		var comps []string
		for i := 0; i < levels; i++ {
			comps = append(comps, cardComp(fmt.Sprintf("d%d", i), fmt.Sprintf("d%d", i+1)))
		}
		comps = append(comps, textComp(fmt.Sprintf("d%d", levels), "bottom"))
		return msgSurface("s", strings.Join(comps, ",")) + "\n" + msgBegin("s", "d0")
	}
	cases := []struct {
		name   string
		levels int // levels below the root
		ok     bool
	}{
		{"32 levels, the old limit", 32, true},
		{"50 levels", 50, true},
		{"51 levels", 51, false},
	}
	const cite = "agent_sdks/python/src/a2ui/schema/validator.py:42 (MAX_GLOBAL_DEPTH = 50), :567 (root at depth 0, refused past 50)"
	if MaxDepth != 50 || DefaultLimits().Depth != 50 {
		t.Fatalf("%s: MaxDepth %d", cite, MaxDepth)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := New(Options{}).ApplyJSON(rawLines(chain(tc.levels)))
			if tc.ok && err != nil {
				t.Errorf("%s: refused: %v", cite, err)
			}
			if !tc.ok {
				if e := errorOf(t, err); e.Code != CodeTooDeep || e.ComponentID != fmt.Sprintf("d%d", tc.levels) {
					t.Errorf("%s: %+v, want too_deep at d%d", cite, e, tc.levels)
				}
			}
		})
	}
}

// TestOfficialPathAndLiteral: a value with both a path and a literal
// writes the literal at the path whenever the component arrives, as the
// spec says, and then reads the path.
func TestOfficialPathAndLiteral(t *testing.T) {
	const cite = "spec v0_8 docs/a2ui_protocol.md:506 (\"the client MUST update the data model at the specified path\")"
	comp := msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"/user/name","literalString":"Guest"}}}}`)
	bo := msgData("s", "/", `[{"key":"user","valueMap":[{"key":"name","valueString":"Bo"}]}]`)
	cases := []struct {
		name    string
		batches []string
		model   string
		text    string
	}{
		{"nothing there yet", []string{comp + "\n" + msgBegin("s", "t")}, `{"user":{"name":"Guest"}}`, "Guest"},
		{"over a value sent before it, in one batch", []string{bo + "\n" + comp + "\n" + msgBegin("s", "t")}, `{"user":{"name":"Guest"}}`, "Guest"},
		{"over a value sent in an earlier batch", []string{bo, comp + "\n" + msgBegin("s", "t")}, `{"user":{"name":"Guest"}}`, "Guest"},
		{"a value sent after it wins, in one batch", []string{comp + "\n" + bo + "\n" + msgBegin("s", "t")}, `{"user":{"name":"Bo"}}`, "Bo"},
		{"a value sent after it wins, before the surface is shown", []string{comp, bo, msgBegin("s", "t")}, `{"user":{"name":"Bo"}}`, "Bo"},
		{"a whole model sent after it wins", []string{comp, msgData("s", "/", `[{"key":"other","valueString":"x"}]`), msgBegin("s", "t")}, `{"other":"x","user":{"name":"Guest"}}`, "Guest"},
		{"sent again, it writes again", []string{comp + "\n" + msgBegin("s", "t"), msgData("s", "/user/name", `[{"key":".","valueString":"Ann"}]`), comp}, `{"user":{"name":"Guest"}}`, "Guest"},
		{"a data update alone does not bring it back", []string{comp + "\n" + msgBegin("s", "t"), msgData("s", "/user/name", `[{"key":".","valueString":"Ann"}]`)}, `{"user":{"name":"Ann"}}`, "Ann"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			for _, b := range tc.batches {
				c = mustApply(t, c, b)
			}
			if got := dataJSON(t, c, "s"); got != tc.model {
				t.Errorf("%s: model %s, want %s", cite, got, tc.model)
			}
			if got := nodeOf(t, c, "s", "t").Props.(*TextProps).Text; got != tc.text {
				t.Errorf("%s: text %q, want %q", cite, got, tc.text)
			}
		})
	}
	t.Run("falsy values are overwritten too", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"on","valueBoolean":false},{"key":"n","valueNumber":0},{"key":"s","valueString":""}]`)+"\n"+
			msgSurface("s", columnComp("root", "cb", "sl", "tf")+","+
				`{"id":"cb","component":{"CheckBox":{"label":{"literalString":"x"},"value":{"path":"/on","literalBoolean":true}}}},`+
				`{"id":"sl","component":{"Slider":{"value":{"path":"/n","literalNumber":50}}}},`+
				`{"id":"tf","component":{"TextField":{"label":{"literalString":"x"},"text":{"path":"/s","literalString":"default"}}}}`)+"\n"+
			msgBegin("s", "root"))
		if got := dataJSON(t, c, "s"); got != `{"on":true,"n":50,"s":"default"}` {
			t.Errorf("%s: model %s", cite, got)
		}
	})
	t.Run("typed literals", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", columnComp("root", "cb", "sl", "mc")+","+
			`{"id":"cb","component":{"CheckBox":{"label":{"literalString":"x"},"value":{"path":"/on","literalBoolean":true}}}},`+
			`{"id":"sl","component":{"Slider":{"value":{"path":"/vol","literalNumber":0.5},"maxValue":1}}},`+
			`{"id":"mc","component":{"MultipleChoice":{"selections":{"path":"/sel","literalArray":["a"]},"options":[{"label":{"literalString":"A"},"value":"a"}]}}}`)+"\n"+
			msgBegin("s", "root"))
		if got := dataJSON(t, c, "s"); got != `{"on":true,"vol":0.5,"sel":["a"]}` {
			t.Errorf("model %s", got)
		}
	})
	t.Run("a node drawn before the one that writes sees the literal", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", columnComp("root", "show", "edit")+","+
			`{"id":"show","component":{"Text":{"text":{"path":"/n"}}}},`+
			`{"id":"edit","component":{"TextField":{"label":{"literalString":"N"},"text":{"path":"/n","literalString":"seven"}}}}`)+"\n"+
			msgBegin("s", "root"))
		if got := nodeOf(t, c, "s", "show").Props.(*TextProps).Text; got != "seven" {
			t.Errorf("text %q, want seven", got)
		}
	})
	t.Run("inside a template, for each item", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgData("s", "/", `[{"key":"items","valueMap":[{"key":"a","valueMap":[{"key":"qty","valueNumber":3}]},{"key":"b","valueMap":[]}]}]`)+"\n"+
			msgSurface("s", listTemplate("root", "q", "/items")+`,{"id":"q","component":{"Slider":{"value":{"path":"/qty","literalNumber":1},"maxValue":10}}}`)+"\n"+
			msgBegin("s", "root"))
		if got := dataJSON(t, c, "s"); got != `{"items":{"a":{"qty":1},"b":{"qty":1}}}` {
			t.Errorf("%s: model %s", cite, got)
		}
		c = mustApply(t, c, msgData("s", "/items/a/qty", `[{"key":".","valueNumber":4}]`))
		if got := dataJSON(t, c, "s"); got != `{"items":{"a":{"qty":4},"b":{"qty":1}}}` {
			t.Errorf("model %s after a data update", got)
		}
	})
	t.Run("the person's value is kept until the component is sent again", func(t *testing.T) {
		c := canvasOf(t, Options{}, msgSurface("s", `{"id":"tf","component":{"TextField":{"label":{"literalString":"x"},"text":{"path":"/s","literalString":"default"}}}}`)+"\n"+msgBegin("s", "tf"))
		c, err := c.SetValue("s", "tf", "mine")
		if err != nil {
			t.Fatal(err)
		}
		c = mustApply(t, c, msgData("s", "/other", `[{"key":".","valueString":"x"}]`))
		if got := dataJSON(t, c, "s"); got != `{"s":"mine","other":"x"}` {
			t.Errorf("model %s", got)
		}
	})
}

// TestOfficialDuplicatesOrphansEscapes: duplicate ids in one update (the
// last wins, with a warning), components unreachable from the root (a
// warning), and a path with an invalid JSON Pointer escape (refused).
func TestOfficialDuplicatesOrphansEscapes(t *testing.T) {
	t.Run("duplicate ids: the last wins, with a warning", func(t *testing.T) {
		// web_core v0_8/data/model-processor.ts:406 sets each component in
		// turn, so the last one stays; validator.py:501 would refuse it.
		c, warns, err := New(Options{}).ApplyJSON(rawLines(msgSurface("s", textComp("t", "first")+","+textComp("t", "second")) + "\n" + msgBegin("s", "t")))
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Surface("s").Tree().Props.(*TextProps).Text; got != "second" {
			t.Errorf("text %q, want second", got)
		}
		if !hasWarning(warns, CodeDuplicateID, "/surfaceUpdate/components/1/id") {
			t.Errorf("warnings %v, want duplicate_id", warns)
		}
	})
	orphanCases := []struct {
		name    string
		batches []string
		want    string // the warning's component, "" for none
	}{
		{"unreachable when rendering begins", []string{msgSurface("s", columnComp("root", "a")+","+textComp("a", "A")+","+textComp("lost", "L")) + "\n" + msgBegin("s", "root")}, "lost"},
		{"declared by a later update", []string{shownBase, msgSurface("s", textComp("extra", "E"))}, "extra"},
		{"an old orphan is not repeated", []string{msgSurface("s", columnComp("root", "a")+","+textComp("a", "A")+","+textComp("lost", "L")) + "\n" + msgBegin("s", "root"), msgSurface("s", textComp("a", "A2"))}, ""},
		{"template and modal children are reachable", []string{msgSurface("s", columnComp("root", "l", "m")+","+listTemplate("l", "item", "/items")+","+textComp("item", "i")+","+
			`{"id":"m","component":{"Modal":{"entryPointChild":"open","contentChild":"body"}}},`+textComp("open", "o")+","+textComp("body", "b")) + "\n" + msgBegin("s", "root")}, ""},
		{"no warning while waiting for the root", []string{msgSurface("s", textComp("a", "A")) + "\n" + msgBegin("s", "root")}, ""},
	}
	for _, tc := range orphanCases {
		t.Run(tc.name, func(t *testing.T) {
			// validator.py:533 (raise_on_orphans) and :595 refuse an
			// orphan; a2term draws the rest and warns.
			c := New(Options{})
			var warns []Warning
			for _, b := range tc.batches {
				var err error
				c, warns, err = c.ApplyJSON(rawLines(b))
				if err != nil {
					t.Fatal(err)
				}
			}
			var got []Warning
			for _, w := range warns {
				if w.Code == CodeUnreachable {
					got = append(got, w)
				}
			}
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("validator.py:533: warnings %v, want none", got)
			case tc.want != "" && (len(got) != 1 || got[0].ComponentID != tc.want || got[0].SurfaceID != "s"):
				t.Errorf("validator.py:533: warnings %v, want one about %q", got, tc.want)
			}
		})
	}
	escapeCases := []struct {
		name, msg, path string
	}{
		{"a bound path", msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"/a~2b"}}}}`), "/surfaceUpdate/components/0/component/Text/text/path"},
		{"a trailing tilde", msgSurface("s", `{"id":"t","component":{"Text":{"text":{"path":"/a~"}}}}`), "/surfaceUpdate/components/0/component/Text/text/path"},
		{"a template binding", msgSurface("s", listTemplate("l", "item", "/it~3ems")), "/surfaceUpdate/components/0/component/List/children/template/dataBinding"},
		{"an update path", msgData("s", "/x~2", `[]`), "/dataModelUpdate/path"},
		{"an entry key", msgData("s", "/", `[{"key":"a~9","valueString":"x"}]`), "/dataModelUpdate/contents/0/key"},
		{"an action context path", msgSurface("s", `{"id":"b","component":{"Button":{"child":"l","action":{"name":"go","context":[{"key":"k","value":{"path":"/~~"}}]}}}}`), "/surfaceUpdate/components/0/component/Button/action/context/0/value/path"},
	}
	for _, tc := range escapeCases {
		t.Run("invalid escape in "+tc.name, func(t *testing.T) {
			// validator.py:37: a "~" is only ever "~0" or "~1" (RFC 6901).
			_, _, err := New(Options{Lenient: true}).ApplyJSON(rawLines(tc.msg))
			if e := errorOf(t, err); e.Code != CodeBadValue || e.Path != tc.path {
				t.Errorf("validator.py:37: %+v, want bad_value at %s", e, tc.path)
			}
		})
	}
}

// TestOfficialLenientCatalog: in lenient mode a component type outside the
// standard catalog is drawn as a labelled placeholder holding its
// children, Material snake_case icon names are read as the catalog's
// camelCase ones, and an unknown usageHint is a warning. Strict mode
// refuses all three.
func TestOfficialLenientCatalog(t *testing.T) {
	orgChart := msgSurface("s", columnComp("root", "title", "chart", "after")+","+textComp("title", "Org")+","+
		`{"id":"chart","component":{"OrgChart":{"chain":{"path":"/hierarchy"},"action":{"name":"chart_node_click","context":[]}}}},`+
		textComp("after", "After")) + "\n" + msgBegin("s", "root")
	frame := msgSurface("s", columnComp("root", "frame")+","+
		`{"id":"frame","component":{"WebFrame":{"url":"x","children":{"explicitList":["a","b"]}}}},`+textComp("a", "A")+","+textComp("b", "B")) + "\n" + msgBegin("s", "root")
	wrap := msgSurface("s", `{"id":"root","component":{"Spotlight":{"child":"inner","glow":3}}},`+textComp("inner", "In")) + "\n" + msgBegin("s", "root")
	tplChildren := msgSurface("s", `{"id":"root","component":{"Carousel":{"children":{"template":{"componentId":"slide","dataBinding":"/slides"}}}}},`+
		`{"id":"slide","component":{"Text":{"text":{"path":"title"}}}}`) + "\n" +
		msgData("s", "/", `[{"key":"slides","valueString":"[{\"title\":\"one\"},{\"title\":\"two\"}]"}]`) + "\n" + msgBegin("s", "root")
	icon := msgSurface("s", `{"id":"root","component":{"Icon":{"name":{"literalString":"calendar_today"}}}}`) + "\n" + msgBegin("s", "root")
	hint := msgSurface("s", `{"id":"root","component":{"Text":{"text":{"literalString":"T"},"usageHint":"title"}}}`) + "\n" + msgBegin("s", "root")
	imgHint := msgSurface("s", `{"id":"root","component":{"Image":{"url":{"literalString":"`+pngURL+`"},"usageHint":"banner"}}}`) + "\n" + msgBegin("s", "root")
	cases := []struct {
		name, cite, batch string
		strict            Code
		check             func(t *testing.T, c *Canvas, warns []Warning)
	}{
		{"a custom type beside standard ones", "custom-components-example/examples/0.8/org_chart.json (OrgChart); web_core v0_8/data/model-processor.ts:688 keeps custom types", orgChart, CodeUnknownComponent,
			func(t *testing.T, c *Canvas, warns []Warning) {
				tree := c.Surface("s").Tree()
				if got := childIDs(tree); !reflect.DeepEqual(got, []string{"title", "chart", "after"}) {
					t.Fatalf("children %v", got)
				}
				ch := tree.Children[1]
				if p, ok := ch.Props.(*PlaceholderProps); ch.Type != PlaceholderType || !ok || p.Type != "OrgChart" || p.Waiting || len(ch.Children) != 0 {
					t.Errorf("chart drawn as %s", Dump(ch))
				}
				if !hasWarning(warns, CodeLenient, "/surfaceUpdate/components/2/component") {
					t.Errorf("warnings %v", warns)
				}
				for _, w := range warns {
					if w.Code == CodeUnknownProperty {
						t.Errorf("a custom type's own properties are not unknown: %v", w)
					}
				}
			}},
		{"a custom type's explicit children inside it", "custom-components-example/examples/0.8/floor_plan.json (WebFrame)", frame, CodeUnknownComponent,
			func(t *testing.T, c *Canvas, _ []Warning) {
				f := c.Surface("s").Tree().Children[0]
				if f.Props.(*PlaceholderProps).Type != "WebFrame" || !reflect.DeepEqual(childIDs(f), []string{"a", "b"}) {
					t.Errorf("frame %s", Dump(f))
				}
			}},
		{"a custom type's child inside it", "web_core v0_8/data/model-processor.ts:711 (a string naming a component is a child)", wrap, CodeUnknownComponent,
			func(t *testing.T, c *Canvas, _ []Warning) {
				if got := childIDs(c.Surface("s").Tree()); !reflect.DeepEqual(got, []string{"inner"}) {
					t.Errorf("children %v", got)
				}
			}},
		{"a custom type's template children", "web_core v0_8/data/model-processor.ts:724", tplChildren, CodeUnknownComponent,
			func(t *testing.T, c *Canvas, _ []Warning) {
				if got := childIDs(c.Surface("s").Tree()); !reflect.DeepEqual(got, []string{"slide:0", "slide:1"}) {
					t.Errorf("children %v", got)
				}
			}},
		{"a Material snake_case icon name", "the standard catalog's icon names are camelCase (specification/v0_8/json/standard_catalog_definition.json, Icon.name)", icon, CodeBadValue,
			func(t *testing.T, c *Canvas, warns []Warning) {
				if got := c.Surface("s").Tree().Props.(*IconProps).Name; got != "calendarToday" {
					t.Errorf("icon %q", got)
				}
				if !hasWarning(warns, CodeLenient, "/surfaceUpdate/components/0/component/Icon/name") {
					t.Errorf("warnings %v", warns)
				}
			}},
		{"an unknown Text usageHint", "specification/v0_8/json/standard_catalog_definition.json (Text.usageHint enum)", hint, CodeBadValue,
			func(t *testing.T, c *Canvas, warns []Warning) {
				if got := c.Surface("s").Tree().Props.(*TextProps); got.UsageHint != "" || got.Text != "T" {
					t.Errorf("text %+v", got)
				}
				if !hasWarning(warns, CodeLenient, "/surfaceUpdate/components/0/component/Text/usageHint") {
					t.Errorf("warnings %v", warns)
				}
			}},
		{"an unknown Image usageHint", "specification/v0_8/json/standard_catalog_definition.json (Image.usageHint enum)", imgHint, CodeBadValue,
			func(t *testing.T, c *Canvas, warns []Warning) {
				if got := c.Surface("s").Tree().Props.(*ImageProps).UsageHint; got != "" {
					t.Errorf("usageHint %q", got)
				}
				if !hasWarning(warns, CodeLenient, "/surfaceUpdate/components/0/component/Image/usageHint") {
					t.Errorf("warnings %v", warns)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := New(Options{}).ApplyJSON(rawLines(tc.batch))
			if e := errorOf(t, err); e.Code != tc.strict {
				t.Errorf("strict: %+v, want %s", e, tc.strict)
			}
			c, warns, err := New(Options{Lenient: true}).ApplyJSON(rawLines(tc.batch))
			if err != nil {
				t.Fatalf("%s: lenient refused: %v", tc.cite, err)
			}
			tc.check(t, c, warns)
		})
	}
	t.Run("a bound snake_case icon name", func(t *testing.T) {
		batch := msgData("s", "/", `[{"key":"i","valueString":"location_on"}]`) + "\n" +
			msgSurface("s", `{"id":"root","component":{"Icon":{"name":{"path":"/i"}}}}`) + "\n" + msgBegin("s", "root")
		if got := canvasOf(t, Options{Lenient: true}, batch).Surface("s").Tree().Props.(*IconProps).Name; got != "locationOn" {
			t.Errorf("lenient: icon %q", got)
		}
		if got := canvasOf(t, Options{}, batch).Surface("s").Tree().Props.(*IconProps).Name; got != "location_on" {
			t.Errorf("strict: icon %q, want it as sent", got)
		}
	})
	t.Run("StandardIconName", func(t *testing.T) {
		for in, want := range map[string]string{"calendar_today": "calendarToday", "more_vert": "moreVert", "mail": "mail", "shopping_cart": "shoppingCart", "no_such_icon": "", "pause": ""} {
			got, ok := StandardIconName(in)
			if got != want || ok != (want != "") {
				t.Errorf("StandardIconName(%q) = %q, %v; want %q", in, got, ok, want)
			}
		}
	})
}

// TestOfficialMultipleChoiceIsAList: a MultipleChoice's value is a list of
// strings in the data model, in canvas.state and in action contexts,
// whatever shape the agent gave it.
func TestOfficialMultipleChoiceIsAList(t *testing.T) {
	const cite = "specification/v0_8/json/standard_catalog_definition.json (MultipleChoice.selections is an array of strings); lit 0.8/ui/multiple-choice.ts:303 reads only arrays"
	choice := `{"id":"mc","component":{"MultipleChoice":{"selections":{"path":"/prefs/channels"},"options":[` +
		`{"label":{"literalString":"Email"},"value":"email"},{"label":{"literalString":"SMS"},"value":"sms"}]}}},` +
		`{"id":"go","component":{"Button":{"child":"l","action":{"name":"save","context":[{"key":"channels","value":{"path":"/prefs/channels"}}]}}}},` + textComp("l", "Save")
	cases := []struct {
		name, data, want string
	}{
		{"a valueMap keyed 0, 1", `[{"key":"prefs","valueMap":[{"key":"channels","valueMap":[{"key":"0","valueString":"email"}]}]}]`, `["email"]`},
		{"a JSON string", `[{"key":"prefs","valueMap":[{"key":"channels","valueString":"[\"email\",\"sms\"]"}]}]`, `["email","sms"]`},
		{"a single string", `[{"key":"prefs","valueMap":[{"key":"channels","valueString":"sms"}]}]`, `["sms"]`},
		{"nothing", `[]`, `[]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := canvasOf(t, Options{}, msgSurface("s", columnComp("root", "mc", "go")+","+choice)+"\n"+msgData("s", "/", tc.data)+"\n"+msgBegin("s", "root"))
			v, _ := lookup(c.Surface("s").Data(), []string{"prefs", "channels"})
			if got := string(MarshalValue(v)); got != tc.want {
				t.Errorf("%s: model %s, want %s", cite, got, tc.want)
			}
			a, err := c.Press("s", "go", c.Version(), pressTime)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(MarshalValue(a.Context)); got != `{"channels":`+tc.want+`}` {
				t.Errorf("%s: untouched context %s", cite, got)
			}
			c = setValue(t, c, "mc", []string{"sms", "email"})
			a, err = c.Press("s", "go", c.Version(), pressTime)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(MarshalValue(a.Context)); got != `{"channels":["sms","email"]}` {
				t.Errorf("%s: touched context %s", cite, got)
			}
			// The agent sending the keyed form again is read as a list again.
			c = mustApply(t, c, msgData("s", "/prefs/channels", `[{"key":"0","valueString":"email"},{"key":"1","valueString":"sms"}]`))
			v, _ = lookup(c.Surface("s").Data(), []string{"prefs", "channels"})
			if got := string(MarshalValue(v)); got != `["email","sms"]` {
				t.Errorf("%s: model %s after a keyed update", cite, got)
			}
		})
	}
}

// TestOfficialDateTimeKeepsItsOffset: a time the agent anchored to an
// offset stays in that offset after the person changes it.
func TestOfficialDateTimeKeepsItsOffset(t *testing.T) {
	const cite = "specification/v0_8/json/standard_catalog_definition.json (DateTimeInput.value is ISO 8601, which may carry an offset)"
	cases := []struct {
		name, agent, person, want string
		date, time                bool
	}{
		{"date and time, a floating edit", "2026-03-29T23:30:00-05:00", "2026-03-30T08:15:00", "2026-03-30T08:15:00-05:00", true, true},
		{"date and time, Z", "2026-03-29T23:30:00Z", "2026-03-29T23:45", "2026-03-29T23:45Z", true, true},
		{"an edit with its own offset is kept", "2026-03-29T23:30:00-05:00", "2026-03-29T23:30:00+01:00", "2026-03-29T23:30:00+01:00", true, true},
		{"time only", "23:30-05:00", "08:00:00", "08:00:00-05:00", false, true},
		{"a floating value stays floating", "2026-03-29T23:30:00", "2026-03-30T08:15:00", "2026-03-30T08:15:00", true, true},
		{"a date has no offset", "2026-03-29T23:30:00-05:00", "2026-03-30", "2026-03-30", true, false},
		{"clearing it", "2026-03-29T23:30:00-05:00", "", "", true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			comp := fmt.Sprintf(`{"id":"dt","component":{"DateTimeInput":{"value":{"path":"/when"},"enableDate":%v,"enableTime":%v}}}`, tc.date, tc.time)
			c := canvasOf(t, Options{}, msgSurface("s", comp)+"\n"+msgData("s", "/", `[{"key":"when","valueString":"`+tc.agent+`"}]`)+"\n"+msgBegin("s", "dt"))
			c = setValue(t, c, "dt", tc.person)
			if got := dataJSON(t, c, "s"); got != `{"when":"`+tc.want+`"}` {
				t.Errorf("%s: model %s, want %q", cite, got, tc.want)
			}
		})
	}
	for in, want := range map[string]string{"2026-03-29T23:30:00-05:00": "-05:00", "2026-03-29T23:30Z": "Z", "23:30:00.5+0530": "+0530", "2026-03-29T23:30": "", "2026-03-29": "", "": ""} {
		if got := DateTimeZone(in); got != want {
			t.Errorf("DateTimeZone(%q) = %q, want %q", in, got, want)
		}
	}
}

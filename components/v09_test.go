package components

import (
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// v09 builds a v0.9 stream: surface "s" of the basic catalog with the
// given components (the one with id "root" drawn) and data model (a JSON
// object, or "").
func v09(comps, data string) string {
	s := `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV09ID + `"}}` + "\n" +
		`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[` + comps + `]}}` + "\n"
	if data != "" {
		s += `{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":` + data + `}}` + "\n"
	}
	return s
}

const (
	v09Label  = `{"id":"bt","component":"Text","text":"Sign in"}`
	v09Checks = `"checks":[{"call":"required","args":{"value":{"path":"/email"}},"message":"Email is required"},` +
		`{"call":"email","args":{"value":{"path":"/email"}},"message":"Please enter a valid email address"}]`
)

// TestV09Golden draws the props v0.9 adds, in the same widgets as v0.8:
// borderless and disabled buttons with their checks, the address of a
// link, inputs with failing checks, a labelled exclusive choice picker,
// date bounds, the media icons and an SVG icon.
func TestV09Golden(t *testing.T) {
	st := NewState()
	cases := []struct {
		name, stream string
		states       []string
	}{
		{
			"button_borderless", v09(`{"id":"root","component":"Button","child":"bt","variant":"borderless","action":{"event":{"name":"signup"}}},`+v09Label, ""),
			[]string{"idle", "focused", "nocolor_focused", "ascii_focused"},
		},
		{
			"button_disabled", v09(`{"id":"root","component":"Button","child":"bt","variant":"primary","action":{"event":{"name":"login"}},`+v09Checks+`},`+v09Label, `{"email":""}`),
			[]string{"idle", "focused", "nocolor_focused"},
		},
		{
			"button_link", v09(`{"id":"root","component":"Button","child":"bt","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/terms"}}}},`+v09Label, ""),
			[]string{"idle", "focused"},
		},
		{
			"textfield_checks", v09(`{"id":"root","component":"TextField","label":"Email","value":{"path":"/email"},`+v09Checks+`}`, `{"email":""}`),
			[]string{"idle", "focused"},
		},
		{
			"checkbox_checks", v09(`{"id":"root","component":"CheckBox","label":"I agree to the terms","value":{"path":"/ok"},"checks":[{"condition":{"path":"/ok"},"message":"You must agree"}]}`, `{"ok":false}`),
			[]string{"idle", "focused"},
		},
		{
			"picker_exclusive", v09(`{"id":"root","component":"ChoicePicker","label":"Size","options":[{"label":"Small","value":"s"},{"label":"Large","value":"l"}],"value":{"path":"/size"}}`, `{"size":["l"]}`),
			[]string{"idle", "focused", "ascii_focused"},
		},
		{
			"picker_chips_checks", v09(`{"id":"root","component":"ChoicePicker","label":"Toppings","variant":"multipleSelection","displayStyle":"chips","options":[{"label":"Cheese","value":"c"},{"label":"Olives","value":"o"}],"value":{"path":"/t"},`+
				`"checks":[{"call":"length","args":{"value":{"path":"/t"},"min":1},"message":"Pick at least one"}]}`, `{"t":[]}`),
			[]string{"idle", "focused"},
		},
		{
			"slider_checks", v09(`{"id":"root","component":"Slider","label":"Guests","min":1,"max":20,"value":{"path":"/n"},"checks":[{"call":"numeric","args":{"value":{"path":"/n"},"max":10},"message":"At most 10 guests"}]}`, `{"n":12}`),
			[]string{"idle", "focused"},
		},
		{
			"datetime_bounds", v09(`{"id":"root","component":"DateTimeInput","label":"Arrival","value":{"path":"/d"},"enableDate":true,"min":"2026-01-01","max":"2026-12-31",`+
				`"checks":[{"call":"required","args":{"value":{"path":"/d"}},"message":"Pick a day"}]}`, `{"d":""}`),
			[]string{"idle", "focused"},
		},
		{
			"icons", v09(`{"id":"root","component":"Row","children":["a","b","c","d","e","f","g","h","i","j","k","svg"]},`+
				`{"id":"a","component":"Icon","name":"fastForward"},{"id":"b","component":"Icon","name":"pause"},{"id":"c","component":"Icon","name":"play"},`+
				`{"id":"d","component":"Icon","name":"rewind"},{"id":"e","component":"Icon","name":"skipNext"},{"id":"f","component":"Icon","name":"skipPrevious"},`+
				`{"id":"g","component":"Icon","name":"stop"},{"id":"h","component":"Icon","name":"volumeDown"},{"id":"i","component":"Icon","name":"volumeMute"},`+
				`{"id":"j","component":"Icon","name":"volumeOff"},{"id":"k","component":"Icon","name":"volumeUp"},{"id":"svg","component":"Icon","name":{"svgPath":"M12 2L2 22h20Z"}}`, ""),
			[]string{"idle", "ascii_focused"},
		},
	}
	for _, tc := range cases {
		_, n := surface(t, "s", tc.stream)
		goldenStates(t, tc.name, n, pick(ctlStates("root", st), tc.states...))
	}
}

// TestV09ButtonStates: a disabled button still asks to be pressed (the
// hub refuses the press and says why); its messages are under it; a link
// shows its address while focused and what its notice says after a press.
func TestV09ButtonStates(t *testing.T) {
	r := newRig(t, v09(`{"id":"root","component":"Button","child":"bt","action":{"event":{"name":"login"}},`+v09Checks+`},`+v09Label, `{"email":""}`), "root")
	if in := r.press("enter"); in.Kind != Press || in.Node != "root" {
		t.Errorf("enter on a disabled button: %+v", in)
	}
	r.ctx.Focus = ""
	got := plain(r.render(50))
	want := "[ Sign in ]\n✗ Email is required\n✗ Please enter a valid email address"
	if got != want {
		t.Errorf("disabled button:\n%s\nwant:\n%s", got, want)
	}
	if nat := Natural(r.node(), r.ctx); nat < len("Please enter a valid email address") {
		t.Errorf("natural width %d leaves the messages no room", nat)
	}

	r = newRig(t, v09(`{"id":"root","component":"Button","child":"bt","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/terms"}}}},`+v09Label, ""), "root")
	if got := plain(r.render(50)); got != "[ Sign in ]\nlink: https://example.com/terms" {
		t.Errorf("focused link:\n%s", got)
	}
	r.ns().Notice = OpenNotice("https://example.com/terms")
	r.ctx.Focus = ""
	if got := plain(r.render(50)); got != "[ Sign in ]\nopen it yourself: https://example.com/terms" {
		t.Errorf("link after a press:\n%s", got)
	}
}

// TestV09ExclusivePicker: a mutually exclusive picker is a radio: picking
// another option replaces the choice; a multiple-selection one adds to it.
func TestV09ExclusivePicker(t *testing.T) {
	opts := `"options":[{"label":"Small","value":"s"},{"label":"Medium","value":"m"},{"label":"Large","value":"l"}],"value":{"path":"/v"}`
	r := newRig(t, v09(`{"id":"root","component":"ChoicePicker","label":"Size",`+opts+`}`, `{"v":["s"]}`), "root")
	r.press("down")
	r.press("enter")
	if got := r.node().Props.(*a2ui.MultipleChoiceProps).Selections; strings.Join(got, ",") != "m" {
		t.Errorf("exclusive picker after picking Medium: %v", got)
	}
	if got := plain(r.render(30)); !strings.HasPrefix(got, "Size\n( ) Small\n(•) Medium") {
		t.Errorf("exclusive picker:\n%s", got)
	}
	r = newRig(t, v09(`{"id":"root","component":"ChoicePicker","variant":"multipleSelection",`+opts+`}`, `{"v":["s"]}`), "root")
	r.press("down")
	r.press("enter")
	if got := r.node().Props.(*a2ui.MultipleChoiceProps).Selections; strings.Join(got, ",") != "s,m" {
		t.Errorf("multiple selection after picking Medium: %v", got)
	}
}

// TestV09ControlsWidthSweep draws the v0.9 states at every width from 1
// to 100: each line exactly as wide as asked, hits inside, no panic.
func TestV09ControlsWidthSweep(t *testing.T) {
	streams := []string{
		v09(`{"id":"root","component":"Button","child":"bt","variant":"borderless","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com/a/rather/long/address/that/wraps?q=1"}}},`+v09Checks+`},`+v09Label, `{"email":"x"}`),
		v09(`{"id":"root","component":"TextField","label":"Email","value":{"path":"/email"},`+v09Checks+`}`, `{"email":""}`),
		v09(`{"id":"root","component":"ChoicePicker","label":"A label that is long enough to wrap","filterable":true,"options":[{"label":"Small","value":"s"}],"value":[],"checks":[{"call":"length","args":{"value":{"path":"/t"},"min":1},"message":"Pick at least one of them, please"}]}`, ""),
		v09(`{"id":"root","component":"DateTimeInput","label":"Arrival","value":"2026-05-01","enableDate":true,"min":"2026-01-01","max":"2026-12-31"}`, ""),
	}
	for _, stream := range streams {
		_, n := surface(t, "s", stream)
		st := NewState()
		st.Node("root").Notice = OpenNotice("https://example.com/x")
		for name, c := range ctlStates("root", st) {
			for w := 1; w <= 100; w++ {
				b := Render(n, w, c)
				checkBlock(t, b, w)
				if len(b.Hits) == 0 || b.Hits[0].Node != "root" || !b.Hits[0].Focusable {
					t.Errorf("%s %s w=%d: not marked focusable", n.Type, name, w)
				}
			}
		}
	}
}

// TestV09IconNamesHaveGlyphs: every icon name of the v0.9 catalog has a
// glyph, in Unicode and in ASCII, never drawn as "[name]".
func TestV09IconNamesHaveGlyphs(t *testing.T) {
	th := testTheme(termenv.TrueColor)
	for _, name := range a2ui.IconNamesV09() {
		g, ok := lookupIcon(name)
		if !ok || g.uni == "" || g.ascii == "" || strings.Contains(iconText(name, th), name) {
			t.Errorf("%s has no glyph: %+v", name, g)
		}
	}
}

package components

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// slider returns a stream showing a Slider bound to /v with the given
// label (none when empty), range properties (JSON) and value.
func slider(label, rng, value string) string {
	props := `"value":{"path":"/v"}`
	if label != "" {
		props += `,"label":{"literalString":"` + label + `"}`
	}
	if rng != "" {
		props += "," + rng
	}
	return one(`{"id":"root","component":{"Slider":{`+props+`}}}`, nil, `[{"key":"v","valueNumber":`+value+`}]`)
}

func (r *rig) number() float64 {
	r.t.Helper()
	return r.node().Props.(*a2ui.SliderProps).Value
}

func TestSliderGolden(t *testing.T) {
	all := []string{"idle", "focused", "nocolor_focused", "ascii_focused"}
	draw := func(name, stream string, states ...string) {
		t.Helper()
		_, n := surface(t, "s", stream)
		goldenStates(t, name, n, pick(ctlStates("root", NewState()), states...))
	}
	draw("volume", slider("Volume", "", "45"), all...)
	draw("fraction", slider("Balance", `"minValue":0,"maxValue":1`, "0.5"), "idle", "focused")
	draw("min", slider("Volume", "", "0"), "idle")
	draw("max", slider("Volume", "", "100"), "idle")
	draw("nolabel", slider("", `"minValue":-20,"maxValue":20`, "5"), "idle", "focused")
	draw("longlabel", slider("How likely are you to recommend us to a friend or colleague", `"minValue":0,"maxValue":10`, "7"), "idle", "focused")
}

func TestSliderSteps(t *testing.T) {
	r := newRig(t, slider("Volume", "", "50"), "root")
	for _, tc := range []struct {
		key  string
		want float64
	}{
		{"right", 51},
		{"left", 50},
		{"left", 49},
		{"shift+right", 59},
		{"shift+left", 49},
		{"end", 100},
		{"home", 0},
	} {
		if in := r.press(tc.key); in != (Intent{Kind: SetValue, Node: "root", Value: tc.want}) {
			t.Fatalf("%s: got %+v, want SetValue %v", tc.key, in, tc.want)
		}
		if r.number() != tc.want {
			t.Fatalf("%s: the tree shows %v", tc.key, r.number())
		}
	}
	// At the ends nothing changes.
	if in := r.press("left"); in != (Intent{Kind: Handled}) {
		t.Errorf("left at the minimum: %+v", in)
	}
	r.press("end")
	if in := r.press("shift+right"); in != (Intent{Kind: Handled}) {
		t.Errorf("big step at the maximum: %+v", in)
	}
	r.press("shift+left")
	r.press("shift+left")
	r.press("shift+left")
	if in := r.press("shift+left"); in.Value != 60.0 {
		t.Errorf("shift+left: %+v", in)
	}
	assertIgnores(t, r, "up", "down", "enter", "x")
	assertFocusShows(t, r.node(), r.st, 40)
}

func TestSliderPrecision(t *testing.T) {
	r := newRig(t, slider("Volume", `"minValue":0,"maxValue":1`, "0.29"), "root")
	if in := r.press("right"); in.Value != 0.3 {
		t.Fatalf("0.29 + 0.01: %+v (want exactly 0.3)", in)
	}
	for i := 0; i < 7; i++ {
		r.press("right")
	}
	if r.number() != 0.37 {
		t.Errorf("after eight steps: %v", r.number())
	}
	if in := r.press("shift+right"); in.Value != 0.47 {
		t.Errorf("big step: %+v", in)
	}
	if got := plain(r.render(40)); !strings.HasSuffix(got, " 0.47") {
		t.Errorf("value shown: %q", got)
	}
	// The step's decimals are shown.
	r2 := newRig(t, slider("Volume", `"minValue":0,"maxValue":1`, "0.5"), "root")
	if got := plain(r2.render(40)); !strings.HasSuffix(got, " 0.50") {
		t.Errorf("value shown: %q", got)
	}
	// An off-grid value moves onto the grid.
	r3 := newRig(t, slider("Size", `"minValue":0,"maxValue":1000`, "13"), "root")
	if in := r3.press("right"); in.Value != 20.0 {
		t.Errorf("13 + step 10: %+v", in)
	}
	if in := r3.press("left"); in.Value != 10.0 {
		t.Errorf("20 - step 10: %+v", in)
	}
	// A maximum off the grid is still reached.
	r4 := newRig(t, slider("Size", `"minValue":0,"maxValue":1234`, "1220"), "root")
	if in := r4.press("right"); in.Value != 1234.0 {
		t.Errorf("up to an off-grid max: %+v", in)
	}
	if in := r4.press("left"); in.Value != 1220.0 {
		t.Errorf("down from an off-grid max: %+v", in)
	}
}

func TestSliderDraw(t *testing.T) {
	r := newRig(t, slider("Volume", "", "45"), "root")
	r.ctx.Focus = ""
	b := r.render(40)
	got := plain(b)
	// The label, the minimum, the bar, the maximum and the value.
	if !strings.HasPrefix(got, "Volume 0 ━") || !strings.HasSuffix(got, "─ 100   45") || strings.Count(got, "●") != 1 {
		t.Errorf("drawn %q", got)
	}
	assertFocusMark(t, b, "root")
	// One hit per bar column, from the minimum to the maximum.
	bar := b.Hits[1:]
	if len(bar) != 40-len("Volume 0 ")-len(" 100 ")-len(" 100 ") {
		t.Fatalf("%d bar hits", len(bar))
	}
	if bar[0].Part != 0 || bar[len(bar)-1].Part != 100 || bar[0].X != len("Volume 0 ") {
		t.Errorf("bar hits from %+v to %+v", bar[0], bar[len(bar)-1])
	}
	if in := r.click(bar[len(bar)-1].Part); in.Value != 100.0 {
		t.Errorf("click at the end: %+v", in)
	}
	if in := r.click(bar[0].Part); in.Value != 0.0 {
		t.Errorf("click at the start: %+v", in)
	}
	if in := r.click(bar[len(bar)/2].Part); in.Kind != SetValue || r.number() < 40 || r.number() > 60 {
		t.Errorf("click in the middle: %+v", in)
	}
	// Without colour the value is bracketed while focused.
	r.ctx.Theme = testTheme(termenv.Ascii)
	r.ctx.Focus = "root"
	r.ctx.Theme.Options.ASCII = true
	if got := plain(r.render(40)); !strings.Contains(got, ">") || !strings.Contains(got, "O") || strings.Contains(got, "━") {
		t.Errorf("ascii: %q", got)
	}
	// Narrow: the label goes on its own line, the bar keeps the width.
	r.render(5)
	if b := r.render(16); b.H() != 2 || strings.TrimSpace(ansi.Strip(b.Lines[0])) != "Volume" {
		t.Errorf("w=16:\n%s", plain(b))
	}
}

// TestSliderShownPrecision: the value, the minimum and the maximum are shown
// with the precision the range implies, as the web mirror shows them.
func TestSliderShownPrecision(t *testing.T) {
	for _, tc := range []struct{ rng, value, want string }{
		{`"minValue":0,"maxValue":1`, "0.45", "0.45"}, // step 0.01
		{`"minValue":0,"maxValue":100`, "30", "30"},
		{`"minValue":0,"maxValue":100`, "7.5", "8"}, // whole steps: a whole number
		{`"minValue":0,"maxValue":2`, "0.5", "0.50"},
		{`"minValue":-5,"maxValue":5`, "-2", "-2"},
	} {
		r := newRig(t, slider("", tc.rng, tc.value), "root")
		r.ctx.Focus = ""
		got := plain(r.render(50))
		if !strings.HasSuffix(got, " "+tc.want) && !strings.Contains(got, tc.want) {
			t.Errorf("%s at %s: drawn %q, want %q", tc.rng, tc.value, got, tc.want)
		}
	}
	r := newRig(t, slider("", `"minValue":0,"maxValue":1`, "0.45"), "root")
	r.ctx.Focus = ""
	if got := plain(r.render(50)); !strings.HasPrefix(got, "0.00 ━") || !strings.HasSuffix(got, "─ 1.00  0.45") {
		t.Errorf("0–1: drawn %q", got)
	}
}

func TestSliderRoundTripLiteral(t *testing.T) {
	stream := one(`{"id":"root","component":{"Slider":{"value":{"literalNumber":3},"minValue":0,"maxValue":10}}}`, nil, "")
	r := newRig(t, stream, "root")
	r.press("right")
	if r.number() != 4 {
		t.Errorf("literal slider: %v", r.number())
	}
}

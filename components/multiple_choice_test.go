package components

import (
	"reflect"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// choice returns a stream showing a MultipleChoice bound to /sel with
// options Work, Home, Mobile, Other (values w, h, m, o), extra properties
// (JSON) and the selection (a JSON array of values).
func choice(extra, selected string) string {
	if extra != "" {
		extra = "," + extra
	}
	opts := `[{"label":{"literalString":"Work"},"value":"w"},{"label":{"literalString":"Home"},"value":"h"},` +
		`{"label":{"literalString":"Mobile"},"value":"m"},{"label":{"literalString":"Other (tell us in the notes below)"},"value":"o"}]`
	root := `{"id":"root","component":{"MultipleChoice":{"selections":{"path":"/sel"},"options":` + opts + extra + `}}}`
	var items []string
	for i, v := range strings.Split(selected, ",") {
		if v != "" {
			items = append(items, `{"key":"`+string(rune('0'+i))+`","valueString":"`+v+`"}`)
		}
	}
	return one(root, nil, `[{"key":"sel","valueMap":[`+strings.Join(items, ",")+`]}]`)
}

func (r *rig) selections() []string {
	r.t.Helper()
	return r.node().Props.(*a2ui.MultipleChoiceProps).Selections
}

func TestMultipleChoiceGolden(t *testing.T) {
	all := []string{"idle", "focused", "nocolor_focused", "ascii_focused"}
	draw := func(name, stream string, ns NodeState, states ...string) {
		t.Helper()
		st := NewState()
		*st.Node("root") = ns
		_, n := surface(t, "s", stream)
		goldenStates(t, name, n, pick(ctlStates("root", st), states...))
	}
	draw("checkbox", choice("", "w,m"), NodeState{Cursor: 1}, all...)
	draw("radio", choice(`"maxAllowedSelections":1`, "h"), NodeState{Cursor: 2}, all...)
	draw("at_cap", choice(`"maxAllowedSelections":2`, "w,h"), NodeState{Cursor: 2, Notice: "at most 2"}, "focused", "nocolor_focused")
	draw("filtered", choice(`"filterable":true`, "m"), NodeState{Filter: "mo"}, "idle", "focused", "nocolor_focused")
	draw("filter_empty", choice(`"filterable":true`, ""), NodeState{}, "focused")
	draw("filter_nomatch", choice(`"filterable":true`, ""), NodeState{Filter: "zz"}, "focused")
	draw("chips", choice(`"variant":"chips"`, "w,o"), NodeState{Cursor: 1}, all...)
	draw("chips_radio", choice(`"variant":"chips","maxAllowedSelections":1`, "m"), NodeState{Cursor: 2}, "idle", "focused")
}

func TestMultipleChoiceRadio(t *testing.T) {
	r := newRig(t, choice(`"maxAllowedSelections":1`, ""), "root")
	if in := r.press("space"); !reflect.DeepEqual(in, Intent{Kind: SetValue, Node: "root", Value: []string{"w"}}) {
		t.Fatalf("space: %+v", in)
	}
	r.press("down")
	r.press("down")
	if in := r.press("enter"); !reflect.DeepEqual(in.Value, []string{"m"}) {
		t.Fatalf("a radio replaces the selection: %+v", in)
	}
	if !reflect.DeepEqual(r.selections(), []string{"m"}) {
		t.Errorf("tree: %v", r.selections())
	}
	// Choosing the chosen one again changes nothing.
	if in := r.press("space"); in.Kind != Handled {
		t.Errorf("again: %+v", in)
	}
	if got := plain(r.render(40)); !strings.Contains(got, "(•) Mobile") || !strings.Contains(got, "( ) Work") {
		t.Errorf("drawn:\n%s", got)
	}
}

func TestMultipleChoiceCap(t *testing.T) {
	r := newRig(t, choice(`"maxAllowedSelections":2`, ""), "root")
	r.press("down")
	r.press("down")
	r.press("space") // Mobile
	r.press("home")
	if in := r.press("space"); !reflect.DeepEqual(in.Value, []string{"w", "m"}) {
		t.Fatalf("values must be in option order: %+v", in)
	}
	r.press("down")
	if in := r.press("space"); in != (Intent{Kind: Handled}) || r.ns().Notice != "at most 2" {
		t.Fatalf("over the cap: %+v notice %q", in, r.ns().Notice)
	}
	if got := plain(r.render(40)); !strings.HasSuffix(got, "at most 2") {
		t.Errorf("the notice is not under the options:\n%s", got)
	}
	if !reflect.DeepEqual(r.selections(), []string{"w", "m"}) {
		t.Errorf("tree: %v", r.selections())
	}
	// Turning one off is always allowed and clears the notice.
	r.press("up")
	if in := r.press("space"); !reflect.DeepEqual(in.Value, []string{"m"}) || r.ns().Notice != "" {
		t.Errorf("off: %+v notice %q", in, r.ns().Notice)
	}
}

func TestMultipleChoiceUnlimited(t *testing.T) {
	r := newRig(t, choice("", "o"), "root")
	for i := 0; i < 3; i++ {
		r.press("space")
		r.press("down")
	}
	if !reflect.DeepEqual(r.selections(), []string{"w", "h", "m", "o"}) {
		t.Errorf("tree: %v", r.selections())
	}
	if in := r.press("down"); in.Kind != Ignored {
		t.Errorf("down on the last option: %+v", in)
	}
	r.press("home")
	if in := r.press("up"); in.Kind != Ignored {
		t.Errorf("up on the first option: %+v", in)
	}
	assertIgnores(t, r, "left", "right", "x")
	assertFocusShows(t, r.node(), r.st, 40)
}

func TestMultipleChoiceFilter(t *testing.T) {
	r := newRig(t, choice(`"filterable":true`, ""), "root")
	r.typeText("MO")
	if r.ns().Filter != "MO" {
		t.Fatalf("filter %q", r.ns().Filter)
	}
	got := plain(r.render(40))
	if !strings.HasPrefix(got, "Filter: MO") || !strings.Contains(got, "Mobile") || strings.Contains(got, "Work") || strings.Contains(got, "Home") {
		t.Errorf("filter should hide Work and Home:\n%s", got)
	}
	// The cursor walks the options shown.
	if in := r.press("enter"); !reflect.DeepEqual(in.Value, []string{"m"}) {
		t.Errorf("enter: %+v", in)
	}
	if in := r.press("down"); in.Kind != Ignored {
		t.Errorf("down past the only match: %+v", in)
	}
	r.press("backspace")
	if r.ns().Filter != "M" {
		t.Errorf("backspace: filter %q", r.ns().Filter)
	}
	got = plain(r.render(40))
	if !strings.Contains(got, "Home") || strings.Contains(got, "Work") {
		t.Errorf("filter M (Home, Mobile):\n%s", got)
	}
	// Unfocused, all options show and the filter line goes.
	r.ctx.Focus = ""
	if got := plain(r.render(40)); strings.Contains(got, "Filter") || !strings.Contains(got, "Work") {
		t.Errorf("unfocused:\n%s", got)
	}
	r.ctx.Focus = "root"
	r.typeText("zz")
	if got := plain(r.render(40)); !strings.Contains(got, "no option matches") {
		t.Errorf("no match:\n%s", got)
	}
	if in := r.press("space"); in.Kind != Handled || r.ns().Filter != "Mzz " {
		t.Errorf("space with nothing shown: %+v, filter %q", in, r.ns().Filter)
	}

	// Clicks name options by their index among all options.
	r.ns().Filter = "e"
	b := r.render(40)
	var parts []int
	for _, h := range b.Hits[1:] {
		parts = append(parts, h.Part)
	}
	if !reflect.DeepEqual(parts, []int{1, 2, 3}) {
		t.Errorf("option hits %v, want Home, Mobile, Other", parts)
	}
	if in := r.click(3); !reflect.DeepEqual(in.Value, []string{"m", "o"}) || r.ns().Cursor != 2 {
		t.Errorf("click: %+v cursor %d", in, r.ns().Cursor)
	}
	// Spaces are part of the filter: enter picks.
	r2 := newRig(t, choice(`"filterable":true`, ""), "root")
	r2.typeText("in the")
	if r2.ns().Filter != "in the" {
		t.Errorf("filter %q after typing two words", r2.ns().Filter)
	}
	if got := plain(r2.render(40)); !strings.Contains(got, "Other (tell us") || strings.Contains(got, "Work") {
		t.Errorf("filter \"in the\":\n%s", got)
	}
	if in := r2.press("enter"); !reflect.DeepEqual(in.Value, []string{"o"}) {
		t.Errorf("enter on the one match: %+v", in)
	}
}

func TestMultipleChoiceChips(t *testing.T) {
	r := newRig(t, choice(`"variant":"chips"`, "h"), "root")
	r.ctx.Focus = ""
	if got := plain(r.render(60)); got != "‹ Work › ‹ ✓ Home › ‹ Mobile › ‹ Other (tell us in the notes below) ›" && !strings.HasPrefix(got, "‹ Work › ‹ ✓ Home › ‹ Mobile ›") {
		t.Errorf("chips: %q", got)
	}
	r.ctx.Focus = "root"
	r.press("right")
	r.press("right")
	if in := r.press("space"); !reflect.DeepEqual(in.Value, []string{"h", "m"}) {
		t.Errorf("space: %+v", in)
	}
	r.press("left")
	if r.ns().Cursor != 1 {
		t.Errorf("left: cursor %d", r.ns().Cursor)
	}
	r.press("down")
	if r.ns().Cursor != 2 {
		t.Errorf("down: cursor %d", r.ns().Cursor)
	}
	// Chips wrap and every line fits; a click toggles.
	for _, w := range []int{12, 20, 30} {
		b := r.render(w)
		if w < 30 && b.H() < 2 {
			t.Errorf("w=%d: chips should wrap:\n%s", w, plain(b))
		}
	}
	if in := r.click(0); !reflect.DeepEqual(in.Value, []string{"w", "h", "m"}) {
		t.Errorf("click: %+v", in)
	}
	// Without colour the selected chips keep their mark.
	r.ctx.Theme = testTheme(termenv.Ascii)
	r.ctx.Theme.Options.ASCII = true
	r.ctx.Focus = ""
	if got := plain(r.render(80)); !strings.HasPrefix(got, "( * Work ) ( * Home ) ( * Mobile ) ( Other") {
		t.Errorf("ascii chips: %q", got)
	}
}

func TestMultipleChoiceDropsUnknownValues(t *testing.T) {
	// The agent's selection holds a value that is no option: the next
	// change leaves it out, since the canvas would refuse it.
	r := newRig(t, choice("", "w,zz"), "root")
	r.press("down")
	if in := r.press("space"); !reflect.DeepEqual(in.Value, []string{"w", "h"}) {
		t.Errorf("got %+v", in)
	}
}

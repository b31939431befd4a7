package components

import (
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

const (
	termsBox  = `{"id":"root","component":{"CheckBox":{"label":{"literalString":"I accept the terms"},"value":{"path":"/form/terms"}}}}`
	localBox  = `{"id":"root","component":{"CheckBox":{"label":{"literalString":"Remember me"},"value":{"literalBoolean":true}}}}`
	longLabel = `{"id":"root","component":{"CheckBox":{"label":{"literalString":"Send me a copy of every receipt by email, and a summary at the end of each month"},"value":{"literalBoolean":true}}}}`
)

func TestCheckBoxGolden(t *testing.T) {
	st := NewState()
	_, n := surface(t, "s", one(termsBox, nil, `[{"key":"form","valueMap":[{"key":"terms","valueBoolean":false}]}]`))
	goldenStates(t, "unchecked", n, ctlStates("root", st))
	_, n = surface(t, "s", one(localBox, nil, ""))
	goldenStates(t, "checked", n, ctlStates("root", st))
	_, n = surface(t, "s", one(longLabel, nil, ""))
	goldenStates(t, "long", n, pick(ctlStates("root", st), "idle", "focused"))
}

func TestCheckBoxToggle(t *testing.T) {
	r := newRig(t, one(termsBox, nil, `[{"key":"form","valueMap":[{"key":"terms","valueBoolean":false}]}]`), "root")
	if got := plain(r.render(40)); got != "[ ] I accept the terms" {
		t.Fatalf("drawn %q", got)
	}
	// Space, Enter and a click each toggle, and the canvas takes the value
	// into the data model, where the next tree reads it.
	want := true
	for _, step := range []string{"space", "enter", "click"} {
		var in Intent
		if step == "click" {
			in = r.click(-1)
		} else {
			in = r.press(step)
		}
		if in != (Intent{Kind: SetValue, Node: "root", Value: want}) {
			t.Fatalf("%s: got %+v, want SetValue %v", step, in, want)
		}
		if got := r.node().Props.(*a2ui.CheckBoxProps).Value; got != want {
			t.Fatalf("%s: the tree shows %v, want %v", step, got, want)
		}
		want = !want
	}
	if got := plain(r.render(40)); got != "[x] I accept the terms" {
		t.Errorf("drawn %q", got)
	}
	assertIgnores(t, r, "left", "right", "up", "down", "x")
	assertFocusMark(t, r.render(40), "root")
	assertFocusShows(t, r.node(), r.st, 40)
}

func TestCheckBoxLiteralRoundTrip(t *testing.T) {
	r := newRig(t, one(localBox, nil, ""), "root")
	if in := r.press("space"); in.Value != false {
		t.Fatalf("got %+v", in)
	}
	if r.node().Props.(*a2ui.CheckBoxProps).Value {
		t.Error("a literal-only check box should keep the person's value")
	}
}

func TestCheckBoxWraps(t *testing.T) {
	r := newRig(t, one(longLabel, nil, ""), "root")
	b := r.render(30)
	lines := strings.Split(plain(b), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "[x] Send") || !strings.HasPrefix(lines[1], "    ") {
		t.Errorf("want a hanging indent under the mark:\n%s", plain(b))
	}
}

package components

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// The helpers below are shared by the tests of every Control (button,
// check box, text field, date-time input, multiple choice, slider).

// ctlKeyTypes names the special keys tests press.
var ctlKeyTypes = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
	"delete": tea.KeyDelete, "left": tea.KeyLeft, "right": tea.KeyRight,
	"up": tea.KeyUp, "down": tea.KeyDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
	"tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "esc": tea.KeyEscape,
	"ctrl+n": tea.KeyCtrlN, "ctrl+p": tea.KeyCtrlP,
}

// ctlKey makes the key message for a key name ("enter", "left", …) or,
// for anything else, the runes typed.
func ctlKey(s string) tea.KeyMsg {
	if t, ok := ctlKeyTypes[s]; ok {
		k := tea.KeyMsg{Type: t}
		if t == tea.KeySpace {
			k.Runes = []rune{' '}
		}
		return k
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// programKeys are keys the program needs: every control must ignore them.
var programKeys = []string{"tab", "shift+tab", "esc", "ctrl+n", "ctrl+p"}

// ctlNow is the clock of every test context.
var ctlNow = time.Date(2025, 10, 26, 14, 30, 45, 0, time.UTC)

// rig drives one control the way the program does: keys and clicks go to
// the control, SetValue intents are written through the canvas, and the
// next key sees the tree the canvas resolves after it.
type rig struct {
	t   *testing.T
	cv  *a2ui.Canvas
	id  string
	st  *State
	ctx *Context
}

// newRig shows stream on a canvas and focuses node id.
func newRig(t *testing.T, stream, id string) *rig {
	t.Helper()
	cv, _ := surface(t, "s", stream)
	st := NewState()
	return &rig{t: t, cv: cv, id: id, st: st, ctx: &Context{
		Theme: testTheme(termenv.TrueColor), State: st, Focus: id,
		Now: func() time.Time { return ctlNow },
	}}
}

// node is the control's node in the current tree.
func (r *rig) node() *a2ui.Node {
	r.t.Helper()
	n := r.cv.Surface("s").Tree().Find(r.id)
	if n == nil {
		r.t.Fatalf("no node %q", r.id)
	}
	return n
}

// ns is the control's view state.
func (r *rig) ns() *NodeState { return r.st.Node(r.id) }

func (r *rig) control() Control {
	r.t.Helper()
	ctl, ok := ControlFor(r.node())
	if !ok {
		r.t.Fatalf("%q is not a control", r.id)
	}
	return ctl
}

// press sends one key and writes a SetValue through the canvas.
func (r *rig) press(k string) Intent {
	r.t.Helper()
	in := r.control().Key(r.node(), r.ns(), ctlKey(k), r.ctx)
	r.apply(in)
	return in
}

// typeText types s one rune at a time.
func (r *rig) typeText(s string) {
	r.t.Helper()
	for _, ch := range s {
		if ch == ' ' {
			r.press("space")
			continue
		}
		r.press(string(ch))
	}
}

// click clicks part of the control.
func (r *rig) click(part int) Intent {
	r.t.Helper()
	in := r.control().Click(r.node(), r.ns(), part, r.ctx)
	r.apply(in)
	return in
}

// apply writes a SetValue intent through the canvas, failing the test if
// the canvas refuses the value: controls send only values it accepts.
func (r *rig) apply(in Intent) {
	r.t.Helper()
	if in.Kind != SetValue {
		return
	}
	if in.Node != r.id {
		r.t.Fatalf("intent names node %q, want %q", in.Node, r.id)
	}
	cv, err := r.cv.SetValue("s", in.Node, in.Value)
	if err != nil {
		r.t.Fatalf("canvas refused %#v: %v", in.Value, err)
	}
	r.cv = cv
}

// render draws the control at width w and checks the block.
func (r *rig) render(w int) Block {
	r.t.Helper()
	b := Render(r.node(), w, r.ctx)
	checkBlock(r.t, b, w)
	return b
}

// plain is a block's text without styling, lines trimmed on the right.
func plain(b Block) string {
	lines := make([]string, len(b.Lines))
	for i, l := range b.Lines {
		lines[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return strings.Join(lines, "\n")
}

// ctlStates are the contexts golden files draw a control in: idle and
// focused in colour, focused without colour (NO_COLOR) and focused with
// ASCII glyphs.
func ctlStates(id string, st *State) map[string]*Context {
	color := testTheme(termenv.TrueColor)
	nocolor := testTheme(termenv.Ascii)
	ascii := testTheme(termenv.Ascii)
	ascii.Options.ASCII = true
	now := func() time.Time { return ctlNow }
	return map[string]*Context{
		"idle":            {Theme: color, State: st, Now: now},
		"focused":         {Theme: color, State: st, Focus: id, Now: now},
		"nocolor_focused": {Theme: nocolor, State: st, Focus: id, Now: now},
		"ascii_focused":   {Theme: ascii, State: st, Focus: id, Now: now},
	}
}

// pick keeps the named states.
func pick(all map[string]*Context, names ...string) map[string]*Context {
	out := map[string]*Context{}
	for _, n := range names {
		out[n] = all[n]
	}
	return out
}

// assertIgnores checks that the program's own keys pass through.
func assertIgnores(t *testing.T, r *rig, keys ...string) {
	t.Helper()
	for _, k := range append(append([]string{}, programKeys...), keys...) {
		before := *r.ns()
		if in := r.control().Key(r.node(), r.ns(), ctlKey(k), r.ctx); in.Kind != Ignored {
			t.Errorf("key %q: got %+v, want Ignored", k, in)
		}
		if *r.ns() != before {
			t.Errorf("key %q changed the state: %+v -> %+v", k, before, *r.ns())
		}
	}
}

// assertFocusMark checks the first hit is the control's focusable whole.
func assertFocusMark(t *testing.T, b Block, id string) {
	t.Helper()
	if len(b.Hits) == 0 || b.Hits[0].Node != id || !b.Hits[0].Focusable || b.Hits[0].Part != -1 {
		t.Fatalf("first hit should mark %q as focusable, got %+v", id, b.Hits)
	}
}

// assertFocusShows checks that focus changes what is drawn, also without
// colour, where reverse video does not show.
func assertFocusShows(t *testing.T, n *a2ui.Node, st *State, w int) {
	t.Helper()
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		th := testTheme(p)
		idle := Render(n, w, &Context{Theme: th, State: st, Now: func() time.Time { return ctlNow }})
		foc := Render(n, w, &Context{Theme: th, State: st, Focus: n.ID, Now: func() time.Time { return ctlNow }})
		if idle.String() == foc.String() {
			t.Errorf("profile %v: focus is not visible:\n%s", p, foc.String())
		}
	}
}

const (
	payButton = `{"id":"root","component":{"Button":{"child":"bt","primary":true,"action":{"name":"pay"}}}}`
	payText   = `{"id":"bt","component":{"Text":{"text":{"literalString":"Pay both"}}}}`
)

func TestButtonGolden(t *testing.T) {
	st := NewState()
	_, n := surface(t, "s", one(payButton, []string{payText}, ""))
	goldenStates(t, "primary", n, ctlStates("root", st))

	_, n = surface(t, "s", one(`{"id":"root","component":{"Button":{"child":"bt","action":{"name":"cancel"}}}}`,
		[]string{`{"id":"bt","component":{"Text":{"text":{"literalString":"Cancel"}}}}`}, ""))
	goldenStates(t, "plain", n, pick(ctlStates("root", st), "idle", "focused", "nocolor_focused"))

	_, n = surface(t, "s", one(`{"id":"root","component":{"Button":{"child":"bt","action":{"name":"send"}}}}`,
		[]string{`{"id":"bt","component":{"Text":{"text":{"literalString":"Send the signed contract to both parties and archive a copy"}}}}`}, ""))
	goldenStates(t, "long", n, ctlStates("root", st))
}

func TestButtonKeysAndClick(t *testing.T) {
	r := newRig(t, one(payButton, []string{payText}, ""), "root")
	for _, k := range []string{"enter", "space"} {
		if got, want := r.press(k), (Intent{Kind: Press, Node: "root"}); got != want {
			t.Errorf("%s: got %+v, want %+v", k, got, want)
		}
	}
	if got, want := r.click(-1), (Intent{Kind: Press, Node: "root"}); got != want {
		t.Errorf("click: got %+v, want %+v", got, want)
	}
	assertIgnores(t, r, "left", "right", "up", "down", "x")
}

func TestButtonDraw(t *testing.T) {
	r := newRig(t, one(payButton, []string{payText}, ""), "root")
	r.ctx.Focus = ""
	b := r.render(40)
	if got := plain(b); got != "[ Pay both ]" {
		t.Errorf("got %q, want %q", got, "[ Pay both ]")
	}
	assertFocusMark(t, b, "root")
	if b.Hits[0].W != len("[ Pay both ]") || len(b.Hits) != 1 {
		t.Errorf("the hit should cover the button only: %+v", b.Hits)
	}
	assertFocusShows(t, r.node(), r.st, 40)

	// Narrower than the label: the label wraps inside a frame.
	b = r.render(9)
	if b.H() < 3 || !strings.Contains(plain(b), "Pay") {
		t.Errorf("narrow button:\n%s", plain(b))
	}
}

// TestControlsWidthSweep draws every control in every state at every
// width from 1 to 100: each line must be exactly as wide as asked, with
// hits inside the block, and nothing may panic.
func TestControlsWidthSweep(t *testing.T) {
	streams := map[string]string{
		"Button":              one(payButton, []string{payText}, ""),
		"CheckBox":            one(longLabel, nil, ""),
		"TextField":           field("Full name", `"validationRegexp":"^\\d{5}$"`, "Ada Lovelace, Countess of Lovelace"),
		"TextField/obscured":  field("PIN", `"textFieldType":"obscured"`, "s3cret"),
		"TextField/longText":  field("Notes", `"textFieldType":"longText"`, "one\ntwo words here\n\nthree 漢字漢字漢字 and more"),
		"TextField/date":      field("Due", `"textFieldType":"date"`, ""),
		"DateTimeInput":       dateInput("", "2025-10-26T14:30:00"),
		"DateTimeInput/empty": dateInput(timeOnly, ""),
		"MultipleChoice":      choice(`"filterable":true,"maxAllowedSelections":2`, "w"),
		"MultipleChoice/chip": choice(`"variant":"chips"`, "w,o"),
		"Slider":              slider("Volume", "", "45"),
		"Slider/fraction":     slider("", `"minValue":0,"maxValue":1`, "0.45"),
	}
	for name, stream := range streams {
		_, n := surface(t, "s", stream)
		st := NewState()
		st.Node("root").Cursor = 3
		st.Node("root").Notice = "a notice that is rather long for narrow widths"
		for sname, c := range ctlStates("root", st) {
			for w := 1; w <= 100; w++ {
				b := Render(n, w, c)
				checkBlock(t, b, w)
				if len(b.Hits) == 0 || b.Hits[0].Node != "root" || !b.Hits[0].Focusable {
					t.Errorf("%s %s w=%d: not marked focusable", name, sname, w)
				}
			}
		}
	}
}

// TestBorderlessButtonInRow: a row gives a borderless button its natural
// width, its label and a column either side; the label fits there on one
// line, not framed and broken into pieces as if it needed a border.
func TestBorderlessButtonInRow(t *testing.T) {
	r := newRig(t, v09(`{"id":"root","component":"Row","children":["a","b"]},`+
		`{"id":"a","component":"Button","child":"at","action":{"event":{"name":"pay"}}},{"id":"at","component":"Text","text":"Pay"},`+
		`{"id":"b","component":"Button","variant":"borderless","child":"bt","action":{"event":{"name":"help"}}},{"id":"bt","component":"Text","text":"Help"}`, ""), "root")
	for _, focus := range []string{"", "a", "b"} {
		r.ctx.Focus = focus
		b := r.render(40)
		if got := plain(b); b.H() != 1 || !strings.Contains(got, "Help") || strings.ContainsAny(got, "╭│") {
			t.Errorf("focus %q: the row draws\n%s\nwant one line with Help whole", focus, got)
		}
	}
}

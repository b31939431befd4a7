package components

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// field returns a stream showing one TextField bound to /form/v, with the
// given extra properties (JSON, e.g. `"textFieldType":"number"`) and value.
func field(label, extra, value string) string {
	if extra != "" {
		extra = "," + extra
	}
	root := `{"id":"root","component":{"TextField":{"label":{"literalString":"` + label + `"},"text":{"path":"/form/v"}` + extra + `}}}`
	return one(root, nil, `[{"key":"form","valueMap":[{"key":"v","valueString":`+jsonString(value)+`}]}]`)
}

func jsonString(s string) string {
	b := strings.Builder{}
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// value is the text field's value in the current tree.
func (r *rig) value() string {
	r.t.Helper()
	return r.node().Props.(*a2ui.TextFieldProps).Text
}

// tfGolden draws a field in the given states, with the cursor at cur.
func tfGolden(t *testing.T, name, stream string, cur int, states ...string) {
	t.Helper()
	st := NewState()
	st.Node("root").Cursor = cur
	_, n := surface(t, "s", stream)
	goldenStates(t, name, n, pick(ctlStates("root", st), states...))
}

func TestTextFieldGolden(t *testing.T) {
	all := []string{"idle", "focused", "nocolor_focused", "ascii_focused"}
	tfGolden(t, "short", field("Full name", "", "Ada Lovelace"), 3, all...)
	tfGolden(t, "short_end", field("Full name", "", "Ada Lovelace"), 12, "focused", "nocolor_focused")
	tfGolden(t, "empty", field("Full name", "", ""), 0, "idle", "focused", "nocolor_focused")
	tfGolden(t, "scrolled", field("Message", "", "The quick brown fox jumps over the lazy dog and keeps running far, far away"), 76, "idle", "focused", "nocolor_focused")
	tfGolden(t, "invalid", field("ZIP code", `"validationRegexp":"^\\d{5}$"`, "123"), 3, "idle", "focused", "ascii_focused")
	tfGolden(t, "number", field("Amount", `"textFieldType":"number"`, "-12.5"), 5, "idle", "focused")
	tfGolden(t, "number_invalid", field("Amount", `"textFieldType":"number"`, "12 kg"), 0, "idle")
	tfGolden(t, "obscured", field("PIN", `"textFieldType":"obscured"`, "s3cret-pin"), 4, "idle", "focused", "nocolor_focused", "ascii_focused")
	tfGolden(t, "date_empty", field("Due", `"textFieldType":"date"`, ""), 0, "idle", "focused", "nocolor_focused")
	tfGolden(t, "date", field("Due", `"textFieldType":"date"`, "2025-10-26"), 10, "idle", "focused")
	tfGolden(t, "long", field("Notes", `"textFieldType":"longText"`, "Bring the signed forms.\n\nAsk about parking near the east entrance; the main lot is closed on Sundays."), 30, all...)
	tfGolden(t, "long_empty", field("Notes", `"textFieldType":"longText"`, ""), 0, "idle", "focused")

	// A date being typed, and a refused key's notice.
	st := NewState()
	st.Node("root").Pending = "2025-1"
	st.Node("root").Cursor = 6
	_, n := surface(t, "s", field("Due", `"textFieldType":"date"`, ""))
	goldenStates(t, "date_pending", n, pick(ctlStates("root", st), "idle", "focused", "nocolor_focused"))
	st = NewState()
	st.Node("root").Cursor = 2
	st.Node("root").Notice = noticeNumbers
	_, n = surface(t, "s", field("Amount", `"textFieldType":"number"`, "42"))
	goldenStates(t, "number_notice", n, pick(ctlStates("root", st), "focused"))
	// A long text scrolled to its end.
	st = NewState()
	long := strings.Repeat("line\n", 12) + "last"
	st.Node("root").Cursor = len(long)
	_, n = surface(t, "s", field("Log", `"textFieldType":"longText"`, long))
	goldenStates(t, "long_scrolled", n, pick(ctlStates("root", st), "focused", "nocolor_focused"))
}

func TestTextFieldTyping(t *testing.T) {
	r := newRig(t, field("Name", "", ""), "root")
	r.typeText("Ada")
	if r.value() != "Ada" || r.ns().Cursor != 3 {
		t.Fatalf("value %q cursor %d", r.value(), r.ns().Cursor)
	}
	// Typing at the cursor, not at the end.
	r.press("left")
	r.press("left")
	if in := r.press("x"); in != (Intent{Kind: SetValue, Node: "root", Value: "Axda"}) {
		t.Fatalf("got %+v", in)
	}
	if r.ns().Cursor != 2 {
		t.Errorf("cursor %d, want 2", r.ns().Cursor)
	}
	if in := r.press("backspace"); in.Value != "Ada" || r.ns().Cursor != 1 {
		t.Fatalf("backspace: %+v cursor %d", in, r.ns().Cursor)
	}
	if in := r.press("delete"); in.Value != "Aa" || r.ns().Cursor != 1 {
		t.Fatalf("delete: %+v cursor %d", in, r.ns().Cursor)
	}
	r.press("home")
	if in := r.press("backspace"); in.Kind != Handled || r.value() != "Aa" {
		t.Errorf("backspace at the start: %+v", in)
	}
	r.press("end")
	if r.ns().Cursor != 2 {
		t.Errorf("end: cursor %d", r.ns().Cursor)
	}
	if in := r.press("delete"); in.Kind != Handled {
		t.Errorf("delete at the end: %+v", in)
	}
	r.press("space")
	r.typeText("Lovelace")
	if r.value() != "Aa Lovelace" {
		t.Errorf("value %q", r.value())
	}
	// The cursor stays within the value.
	r.ns().Cursor = 99
	r.press("right")
	if r.ns().Cursor != len("Aa Lovelace") {
		t.Errorf("cursor %d after right past the end", r.ns().Cursor)
	}
	r.ns().Cursor = 0
	r.press("left")
	if r.ns().Cursor != 0 {
		t.Errorf("cursor %d after left at the start", r.ns().Cursor)
	}
	// A paste is typed as one edit, its line breaks become spaces, and
	// escape sequences never reach the value.
	in := r.control().Key(r.node(), r.ns(), tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x\ny\x1b[31mz"), Paste: true}, r.ctx)
	r.apply(in)
	if r.value() != "x yzAa Lovelace" {
		t.Errorf("after paste: %q", r.value())
	}
	// Multi-byte runes: the cursor counts runes.
	r2 := newRig(t, field("Name", "", "Zoë"), "root")
	r2.ns().Cursor = 3
	r2.press("backspace")
	if r2.value() != "Zo" {
		t.Errorf("backspace over ë: %q", r2.value())
	}
	assertIgnores(t, r, "up", "down", "enter")
}

// TestTextFieldIgnoresAlt: alt with a letter that is not a readline key
// types nothing, so that the program may use it.
func TestTextFieldIgnoresAlt(t *testing.T) {
	r := newRig(t, field("Name", "", "x"), "root")
	if in := r.control().Key(r.node(), r.ns(), tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x"), Alt: true}, r.ctx); in.Kind != Ignored {
		t.Errorf("alt+x: %+v", in)
	}
}

// TestTextFieldReadlineKeys edits as readline does: ctrl+a and ctrl+e to
// the ends, alt+b and alt+f by words, ctrl+w and alt+backspace delete the
// space-delimited word before the cursor, ctrl+u and ctrl+k to the start
// and to the end.
func TestTextFieldReadlineKeys(t *testing.T) {
	alt := func(r rune) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: true} }
	steps := []struct {
		key        tea.KeyMsg
		value      string
		cursor     int
		whatItDoes string
	}{
		{tea.KeyMsg{Type: tea.KeyCtrlA}, "see /usr/local/bin now", 0, "ctrl+a: start"},
		{alt('f'), "see /usr/local/bin now", 3, "alt+f: end of the first word"},
		{alt('f'), "see /usr/local/bin now", 8, "alt+f: end of usr"},
		{tea.KeyMsg{Type: tea.KeyCtrlE}, "see /usr/local/bin now", 22, "ctrl+e: end"},
		{alt('b'), "see /usr/local/bin now", 19, "alt+b: start of now"},
		{alt('b'), "see /usr/local/bin now", 15, "alt+b: start of bin"},
		{tea.KeyMsg{Type: tea.KeyCtrlW}, "see bin now", 4, "ctrl+w: deletes the path before, as a shell does"},
		{alt('f'), "see bin now", 7, "alt+f: end of bin"},
		{tea.KeyMsg{Type: tea.KeyCtrlK}, "see bin", 7, "ctrl+k: to the end"},
		{tea.KeyMsg{Type: tea.KeyBackspace, Alt: true}, "see ", 4, "alt+backspace: the word before"},
	}
	r := newRig(t, field("Name", "", "see /usr/local/bin now"), "root")
	r.ns().Cursor = 22
	for _, st := range steps {
		r.apply(r.control().Key(r.node(), r.ns(), st.key, r.ctx))
		if r.value() != st.value || r.ns().Cursor != st.cursor {
			t.Fatalf("%s: value %q cursor %d, want %q at %d", st.whatItDoes, r.value(), r.ns().Cursor, st.value, st.cursor)
		}
	}
	r2 := newRig(t, field("Name", "", "one two three"), "root")
	r2.ns().Cursor = 7
	r2.apply(r2.control().Key(r2.node(), r2.ns(), tea.KeyMsg{Type: tea.KeyCtrlU}, r2.ctx))
	if r2.value() != " three" || r2.ns().Cursor != 0 {
		t.Errorf("ctrl+u: %q at %d", r2.value(), r2.ns().Cursor)
	}
	// An obscured field moves and deletes as if it were one word: words
	// would tell where its spaces are.
	pin := newRig(t, field("PIN", `"textFieldType":"obscured"`, "ab cd"), "root")
	pin.ns().Cursor = 5
	pin.apply(pin.control().Key(pin.node(), pin.ns(), alt('b'), pin.ctx))
	if pin.ns().Cursor != 0 {
		t.Errorf("alt+b in an obscured field stopped at %d", pin.ns().Cursor)
	}
}

func TestTextFieldDraw(t *testing.T) {
	r := newRig(t, field("Full name", "", "Ada"), "root")
	b := r.render(30)
	assertFocusMark(t, b, "root")
	if got, want := plain(b), "Full name\n[ Ada"+strings.Repeat(" ", 23)+" ]"; got != want {
		t.Errorf("drawn:\n%s", got)
	}
	// The cursor is a reversed cell at the cursor's rune.
	r.ns().Cursor = 1
	if line := r.render(30).Lines[1]; !strings.Contains(line, "A\x1b[1;7md\x1b[0ma") {
		t.Errorf("no reversed cell on the d: %q", line)
	}
	// Each character is a hit whose part is its index; a click moves the
	// cursor there.
	part := -1
	for _, h := range r.render(30).Hits {
		if h.Y == 1 && h.X == 3 {
			part = h.Part
		}
	}
	if part != 1 {
		t.Fatalf("hit at column 3 has part %d, want 1", part)
	}
	r.ns().Cursor = 0
	if in := r.click(2); in.Kind != Handled || r.ns().Cursor != 2 {
		t.Errorf("click: %+v cursor %d", in, r.ns().Cursor)
	}
	r.click(99)
	if r.ns().Cursor != 3 {
		t.Errorf("click past the end: cursor %d", r.ns().Cursor)
	}
	// Without colour a caret shows where the cursor is.
	r.ns().Cursor = 1
	r.ctx.Theme = testTheme(termenv.Ascii)
	if got := plain(r.render(30)); !strings.Contains(got, "> A|da") {
		t.Errorf("no caret without colour:\n%s", got)
	}
	assertFocusShows(t, r.node(), r.st, 30)
}

func TestTextFieldScroll(t *testing.T) {
	long := "The quick brown fox jumps over the lazy dog and keeps running"
	r := newRig(t, field("Message", "", long), "root")
	r.ns().Cursor = len(long)
	line := plain(r.render(30))
	if !strings.HasSuffix(strings.Split(line, "\n")[1], "keeps running  ]") {
		t.Errorf("the end should show with the cursor after it:\n%s", line)
	}
	r.press("home")
	line = plain(r.render(30))
	if !strings.HasPrefix(strings.Split(line, "\n")[1], "[ The quick") {
		t.Errorf("home should scroll back:\n%s", line)
	}
	// Unfocused, a long value shows its start and an ellipsis.
	r.ctx.Focus = ""
	if got := strings.Split(plain(r.render(30)), "\n")[1]; !strings.HasPrefix(got, "[ The quick") || !strings.Contains(got, "…") {
		t.Errorf("unfocused: %q", got)
	}
	// Wide runes never split and every line keeps its width.
	r2 := newRig(t, field("名前", "", strings.Repeat("漢字", 20)), "root")
	for cur := 0; cur <= 40; cur += 7 {
		r2.ns().Cursor = cur
		for _, w := range []int{7, 12, 30} {
			r2.render(w)
		}
	}
}

func TestTextFieldNumber(t *testing.T) {
	r := newRig(t, field("Amount", `"textFieldType":"number"`, ""), "root")
	for _, k := range []string{"-", "1", "2", "a", ".", "5", ".", "-", "e", "-", "3"} {
		r.press(k)
	}
	if r.value() != "-12.5e-3" {
		t.Fatalf("value %q", r.value())
	}
	// A refused key is handled, not passed on, and says why.
	r.ns().Cursor = 1
	if in := r.press("x"); in.Kind != Handled || r.ns().Notice != noticeNumbers {
		t.Errorf("x: %+v notice %q", in, r.ns().Notice)
	}
	if got := plain(r.render(40)); !strings.Contains(got, noticeNumbers) {
		t.Errorf("the notice is not shown:\n%s", got)
	}
	if in := r.press("-"); in.Kind != Handled {
		t.Errorf("a second minus: %+v", in)
	}
	// The next key that is taken clears the notice.
	r.press("right")
	if r.ns().Notice != "" {
		t.Errorf("notice %q left after a good key", r.ns().Notice)
	}
	// An exponent needs a digit before it.
	r3 := newRig(t, field("Amount", `"textFieldType":"number"`, ""), "root")
	if in := r3.press("e"); in.Kind != Handled {
		t.Errorf("a leading e: %+v", in)
	}
	// Deleting keeps a value the canvas takes; an agent's value that is no
	// number is cleared by the first delete.
	r4 := newRig(t, field("Amount", `"textFieldType":"number"`, "12 kg"), "root")
	if !r4.node().Props.(*a2ui.TextFieldProps).Invalid {
		t.Fatal("12 kg should be invalid")
	}
	if got := plain(r4.render(40)); !strings.Contains(got, "✗ This is not a number.") {
		t.Errorf("no verdict:\n%s", got)
	}
	r4.ns().Cursor = 5
	if in := r4.press("backspace"); in != (Intent{Kind: SetValue, Node: "root", Value: ""}) {
		t.Errorf("backspace on junk: %+v", in)
	}
	r5 := newRig(t, field("Amount", `"textFieldType":"number"`, "1e-3"), "root")
	r5.ns().Cursor = 2
	if in := r5.press("backspace"); in.Kind != Handled || r5.value() != "1e-3" {
		t.Errorf("deleting e from 1e-3 would leave 1-3: %+v", in)
	}
}

func TestTextFieldDate(t *testing.T) {
	r := newRig(t, field("Due", `"textFieldType":"date"`, ""), "root")
	if got := plain(r.render(30)); !strings.Contains(got, "YYYY-MM-DD") {
		t.Errorf("no hint when empty:\n%s", got)
	}
	for i, k := range strings.Split("2025102", "") {
		if in := r.press(k); in.Kind != Handled {
			t.Fatalf("key %d (%s): %+v; a date is set only when whole", i, k, in)
		}
	}
	if r.ns().Pending != "2025-10-2" || r.value() != "" {
		t.Fatalf("pending %q value %q", r.ns().Pending, r.value())
	}
	if got := plain(r.render(30)); !strings.Contains(got, "[ 2025-10-2") {
		t.Errorf("the pending text is not shown:\n%s", got)
	}
	if in := r.press("x"); in.Kind != Handled || r.ns().Notice != noticeDate {
		t.Errorf("a letter: %+v %q", in, r.ns().Notice)
	}
	if in := r.press("6"); in != (Intent{Kind: SetValue, Node: "root", Value: "2025-10-26"}) {
		t.Fatalf("the last digit: %+v", in)
	}
	if r.ns().Pending != "" || r.value() != "2025-10-26" {
		t.Fatalf("pending %q value %q", r.ns().Pending, r.value())
	}
	// Editing a whole date starts from it; deleting everything clears it.
	r.press("backspace")
	if r.ns().Pending != "2025-10-2" || r.value() != "2025-10-26" {
		t.Fatalf("pending %q value %q", r.ns().Pending, r.value())
	}
	// Left unfinished, the field says so when it loses the focus.
	r.ctx.Focus = ""
	if got := plain(r.render(60)); !strings.Contains(got, "unfinished date") {
		t.Errorf("no warning for an unfinished date:\n%s", got)
	}
	r.ctx.Focus = "root"
	for i := 0; i < 8; i++ {
		r.press("backspace")
	}
	if in := r.press("backspace"); in != (Intent{Kind: SetValue, Node: "root", Value: ""}) {
		t.Fatalf("clearing: %+v", in)
	}
	// A whole string that is no date stays pending.
	r.typeText("20251345")
	if r.ns().Pending != "2025-13-45" || r.ns().Notice != "no such date" || r.value() != "" {
		t.Errorf("pending %q notice %q value %q", r.ns().Pending, r.ns().Notice, r.value())
	}
}

func TestTextFieldObscured(t *testing.T) {
	const secret = "s3cret-pin"
	r := newRig(t, field("PIN", `"textFieldType":"obscured"`, ""), "root")
	r.typeText(secret)
	if r.value() != secret {
		t.Fatalf("value %q", r.value())
	}
	for _, th := range []*Theme{testTheme(termenv.TrueColor), testTheme(termenv.Ascii)} {
		for _, focus := range []string{"", "root"} {
			for cur := 0; cur <= len(secret); cur++ {
				r.ns().Cursor = cur
				c := &Context{Theme: th, State: r.st, Focus: focus}
				for _, w := range []int{8, 14, 30, 60} {
					b := Render(r.node(), w, c)
					checkBlock(t, b, w)
					text := ansi.Strip(b.String())
					for i := 0; i+3 <= len(secret); i++ {
						if strings.Contains(text, secret[i:i+3]) {
							t.Fatalf("the secret shows (%q) at w=%d cur=%d:\n%s", secret[i:i+3], w, cur, text)
						}
					}
				}
			}
		}
	}
	r.ns().Cursor = len(secret)
	if got := plain(r.render(30)); !strings.Contains(got, strings.Repeat("•", len(secret))) {
		t.Errorf("want one bullet per rune:\n%s", got)
	}
}

func TestTextFieldLongText(t *testing.T) {
	r := newRig(t, field("Notes", `"textFieldType":"longText"`, ""), "root")
	r.typeText("ab")
	if in := r.press("enter"); in.Value != "ab\n" {
		t.Fatalf("enter: %+v", in)
	}
	r.typeText("cdef")
	if r.value() != "ab\ncdef" || r.ns().Cursor != 7 {
		t.Fatalf("value %q cursor %d", r.value(), r.ns().Cursor)
	}
	// Up keeps the column as far as the shorter line allows.
	r.press("up")
	if r.ns().Cursor != 2 {
		t.Errorf("up: cursor %d, want 2", r.ns().Cursor)
	}
	if in := r.press("up"); in.Kind != Ignored {
		t.Errorf("up on the first line: %+v", in)
	}
	r.press("left")
	r.press("down")
	if r.ns().Cursor != 4 {
		t.Errorf("down: cursor %d, want 4", r.ns().Cursor)
	}
	if in := r.press("down"); in.Kind != Ignored {
		t.Errorf("down on the last line: %+v", in)
	}
	r.press("home")
	if r.ns().Cursor != 3 {
		t.Errorf("home goes to the line's start: %d", r.ns().Cursor)
	}
	r.press("end")
	if r.ns().Cursor != 7 {
		t.Errorf("end goes to the line's end: %d", r.ns().Cursor)
	}
	b := r.render(30)
	if b.H() < 1+2+longTextMinRows {
		t.Errorf("a long text is at least %d lines tall:\n%s", longTextMinRows, plain(b))
	}
	// Long lines wrap inside the box.
	r2 := newRig(t, field("Notes", `"textFieldType":"longText"`, "Ask about parking near the east entrance; the main lot is closed on Sundays."), "root")
	got := plain(r2.render(30))
	if !strings.Contains(got, "Ask about parking near") || !strings.Contains(got, "Sundays.") {
		t.Errorf("no wrapping:\n%s", got)
	}
	// A paste keeps its line breaks.
	in := r.control().Key(r.node(), r.ns(), tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1\r\n2"), Paste: true}, r.ctx)
	r.apply(in)
	if r.value() != "ab\ncdef1\n2" {
		t.Errorf("after paste: %q", r.value())
	}
}

func TestTextFieldInvalid(t *testing.T) {
	r := newRig(t, field("ZIP code", `"validationRegexp":"^\\d{5}$"`, "123"), "root")
	// The field says so in words, the same the web mirror shows; the
	// pattern is only in the help line.
	got := plain(r.render(40))
	if !strings.Contains(got, "✗ This is not in the expected format.") || strings.Contains(got, `\d{5}`) {
		t.Errorf("no message, or the pattern in it:\n%s", got)
	}
	if help := FieldHelp(r.node()); help != `expected format: ^\d{5}$` {
		t.Errorf("help %q", help)
	}
	r.ns().Cursor = 3
	r.typeText("45")
	if r.node().Props.(*a2ui.TextFieldProps).Invalid {
		t.Error("12345 should be valid")
	}
	if got := plain(r.render(40)); strings.Contains(got, "expected format") || FieldHelp(r.node()) != "" {
		t.Errorf("message left:\n%s", got)
	}
	r.ctx.Theme = testTheme(termenv.Ascii)
	r.ctx.Theme.Options.ASCII = true
	r.press("6")
	if got := plain(r.render(40)); !strings.Contains(got, `x This is not in the expected format.`) {
		t.Errorf("no ASCII message:\n%s", got)
	}
}

func TestTextFieldRoundTrip(t *testing.T) {
	// A literal-only field keeps the person's value as node state.
	stream := one(`{"id":"root","component":{"TextField":{"label":{"literalString":"Name"},"text":{"literalString":"Bo"}}}}`, nil, "")
	r := newRig(t, stream, "root")
	r.ns().Cursor = 2
	r.typeText("b")
	if r.value() != "Bob" {
		t.Errorf("value %q", r.value())
	}
	// Bound: the data model holds it.
	r = newRig(t, field("Name", "", "Bo"), "root")
	r.ns().Cursor = 2
	r.typeText("b")
	dm := a2ui.ValueString(r.cv.Surface("s").Data())
	if !strings.Contains(dm, `"Bob"`) {
		t.Errorf("data model: %s", dm)
	}
}

func TestTextFieldNoLabel(t *testing.T) {
	r := newRig(t, one(`{"id":"root","component":{"TextField":{"label":{"literalString":""},"text":{"literalString":"hi"}}}}`, nil, ""), "root")
	if b := r.render(20); b.H() != 1 {
		t.Errorf("an empty label takes no line:\n%s", plain(b))
	}
}

// TestPlainInputLineIsRuneByRune checks that a one-line field drawn
// without taking its value apart draws as rune by rune, for every value,
// kind of field and width where it is used.
func TestPlainInputLineIsRuneByRune(t *testing.T) {
	used := 0
	for _, prof := range []termenv.Profile{termenv.TrueColor, termenv.Ascii} {
		th := testTheme(prof)
		for _, s := range append(plainInputs(), "") {
			for _, kind := range []string{"", "shortText", "number", "date", "obscured"} {
				p := &a2ui.TextFieldProps{Label: "Value", Text: s, TextFieldType: kind}
				for _, focused := range []bool{false, true} {
					for w := 1; w <= len(s)+6; w++ {
						got, ok := plainInputLine(th, p, focused, w)
						if !ok {
							continue
						}
						used++
						want := runesInputLine(th, "f", p, NodeState{}, focused, w)
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("%q (%q) at %d: %q, rune by rune %q", s, kind, w, got.Lines, want.Lines)
						}
					}
				}
			}
		}
	}
	if used < 1000 {
		t.Fatalf("the plain line was drawn only %d times", used)
	}
}

// TestPlainFieldIsFieldBlock checks that a field drawn in one go
// (plainField) draws as fieldBlock does, lines and hits, for generated
// labels, values, kinds, verdicts, focus, themes and widths.
func TestPlainFieldIsFieldBlock(t *testing.T) {
	labels := []string{"", "Value", "Name ", " Two words", "A label longer than most widths tried", "é label", "tab\there", "*not* markdown"}
	values := append(plainInputs(), "", "é漢字", "two\nlines")
	kinds := []string{"", "shortText", "number", "date", "obscured", "longText"}
	rng := rand.New(rand.NewPCG(3, 17))
	used := 0
	for _, prof := range []termenv.Profile{termenv.TrueColor, termenv.ANSI, termenv.Ascii} {
		for _, ascii := range []bool{false, true} {
			th := testTheme(prof)
			th.Options.ASCII = ascii
			for range 8000 {
				p := &a2ui.TextFieldProps{
					Label: labels[rng.IntN(len(labels))], Text: values[rng.IntN(len(values))],
					TextFieldType: kinds[rng.IntN(len(kinds))],
				}
				if rng.IntN(6) == 0 {
					p.Invalid, p.Problem = true, "not a value"
				}
				c := &Context{Theme: th, State: NewState()}
				if rng.IntN(4) == 0 {
					c.Focus = "f"
				}
				if rng.IntN(8) == 0 {
					c.State.Node("f").Notice = "a notice"
				}
				w := 1 + rng.IntN(44)
				got, ok := plainField("f", p, w, c)
				if !ok {
					continue
				}
				used++
				want := fieldBlock("f", p, w, c)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%+v at %d, focus %q: %q %+v, fieldBlock %q %+v", p, w, c.Focus, got.Lines, got.Hits, want.Lines, want.Hits)
				}
				checkBlock(t, got, w)
			}
		}
	}
	if used < 2000 {
		t.Fatalf("the field was drawn in one go only %d times", used)
	}
}

package components

import (
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// dateInput returns a stream showing a DateTimeInput bound to /when with
// the given flags (JSON, e.g. `"enableTime":false`) and value.
func dateInput(flags, value string) string {
	if flags != "" {
		flags = "," + flags
	}
	root := `{"id":"root","component":{"DateTimeInput":{"value":{"path":"/when"}` + flags + `}}}`
	return one(root, nil, `[{"key":"when","valueString":`+jsonString(value)+`}]`)
}

const (
	dateOnly = `"enableDate":true,"enableTime":false`
	timeOnly = `"enableDate":false,"enableTime":true`
)

func (r *rig) when() string {
	r.t.Helper()
	return r.node().Props.(*a2ui.DateTimeInputProps).Value
}

func TestDateTimeInputGolden(t *testing.T) {
	all := []string{"idle", "focused", "nocolor_focused", "ascii_focused"}
	draw := func(name, stream string, cur int, pending string, states ...string) {
		t.Helper()
		st := NewState()
		st.Node("root").Cursor = cur
		st.Node("root").Pending = pending
		_, n := surface(t, "s", stream)
		goldenStates(t, name, n, pick(ctlStates("root", st), states...))
	}
	draw("both", dateInput("", "2025-10-26T14:30:00"), 1, "", all...)
	draw("both_empty", dateInput("", ""), 0, "", "idle", "focused", "nocolor_focused")
	draw("date", dateInput(dateOnly, "2025-10-26"), 2, "", "idle", "focused", "nocolor_focused")
	draw("time", dateInput(timeOnly, "14:30:00"), 0, "", "idle", "focused", "nocolor_focused")
	draw("time_empty", dateInput(timeOnly, ""), 1, "", "idle", "focused")
	draw("typing", dateInput("", "2025-10-26T14:30:00"), 3, "1", "focused", "nocolor_focused")
	draw("zoned", dateInput("", "2025-10-26T14:30:00+02:00"), 0, "", "idle")
	draw("junk", dateInput("", "next tuesday"), 0, "", "idle", "focused")
}

func TestDateTimeInputReadsLiberally(t *testing.T) {
	for _, tc := range []struct{ flags, value, shown string }{
		// The clock of the rig is in UTC: only other offsets are shown.
		{"", "2025-10-26T14:30:00", "Date & time\n[ 2025-10-26 14:30 ] Sun"},
		{"", "2025-10-26T14:30", "Date & time\n[ 2025-10-26 14:30 ] Sun"},
		{"", "2025-10-26T14:30:59.123Z", "Date & time\n[ 2025-10-26 14:30 ] Sun"},
		{"", "2025-10-26T14:30:00+02:00", "Date & time\n[ 2025-10-26 14:30 ] Sun UTC+02:00"},
		{"", "2025-10-26T14:30:00-0700", "Date & time\n[ 2025-10-26 14:30 ] Sun UTC-07:00"},
		{"", "2025-10-26", "Date & time\n[ 2025-10-26 HH:MM ] Sun"},
		{"", "14:30", "Date & time\n[ YYYY-MM-DD 14:30 ]"},
		{"", "", "Date & time\n[ YYYY-MM-DD HH:MM ]"},
		{dateOnly, "2025-10-26T14:30:00Z", "Date\n[ 2025-10-26 ] Sun"},
		{dateOnly, "2025-10-26T14:30:00-05:00", "Date\n[ 2025-10-26 ] Sun"},
		{dateOnly, "", "Date\n[ YYYY-MM-DD ]"},
		{timeOnly, "14:30:15", "Time\n[ 14:30 ]"},
		{timeOnly, "14:30Z", "Time\n[ 14:30 ]"},
		{timeOnly, "14:30+05:30", "Time\n[ 14:30 ] UTC+05:30"},
		{timeOnly, "2025-10-26T09:05:00", "Time\n[ 09:05 ]"},
		{timeOnly, "", "Time\n[ HH:MM ]"},
	} {
		r := newRig(t, dateInput(tc.flags, tc.value), "root")
		r.ctx.Focus = ""
		if got := plain(r.render(40)); got != tc.shown {
			t.Errorf("%s %q: drawn %q, want %q", tc.flags, tc.value, got, tc.shown)
		}
	}
	// In a zone of its own offset, the offset is not shown.
	r := newRig(t, dateInput("", "2025-10-26T14:30:00-05:00"), "root")
	r.ctx.Focus = ""
	r.ctx.Now = func() time.Time { return ctlNow.In(time.FixedZone("EST", -5*3600)) }
	if got := plain(r.render(40)); got != "Date & time\n[ 2025-10-26 14:30 ] Sun" {
		t.Errorf("local offset shown: %q", got)
	}
}

func TestDateTimeInputSteps(t *testing.T) {
	type step struct {
		keys []string
		want string
	}
	for _, tc := range []struct {
		name, flags, value string
		cursor             int
		steps              []step
	}{
		{"month wraps without carry", "", "2025-12-15T10:00:00", 1, []step{
			{[]string{"up"}, "2025-01-15T10:00:00"},
			{[]string{"down"}, "2025-12-15T10:00:00"},
		}},
		{"day wraps in its month", dateOnly, "2025-02-28", 2, []step{
			{[]string{"up"}, "2025-02-01"},
			{[]string{"down"}, "2025-02-28"},
		}},
		{"day clamped to the month", dateOnly, "2025-01-31", 1, []step{
			{[]string{"up"}, "2025-02-28"},
			{[]string{"up"}, "2025-03-28"},
		}},
		{"leap day and the year", dateOnly, "2024-02-29", 0, []step{
			{[]string{"up"}, "2025-02-28"},
		}},
		{"hour wraps", "", "2025-10-26T23:10:00", 3, []step{
			{[]string{"up"}, "2025-10-26T00:10:00"},
			{[]string{"down"}, "2025-10-26T23:10:00"},
		}},
		{"minute wraps, seconds kept", timeOnly, "14:59:30", 1, []step{
			{[]string{"up"}, "14:00:30"},
			{[]string{"down"}, "14:59:30"},
		}},
		{"a time without seconds stays without them", timeOnly, "14:30", 0, []step{
			{[]string{"up"}, "15:30"},
			{[]string{"down"}, "14:30"},
		}},
		{"a date-time without seconds, with an offset", "", "2025-10-26T14:30+02:00", 4, []step{
			{[]string{"up"}, "2025-10-26T14:31+02:00"},
		}},
		{"offset and wall time kept", "", "2025-10-26T14:30:00+02:00", 4, []step{
			{[]string{"up"}, "2025-10-26T14:31:00+02:00"},
		}},
		{"an anchored time in a date input keeps its time and offset", dateOnly, "2026-03-29T23:30:00-05:00", 2, []step{
			{[]string{"up"}, "2026-03-30T23:30:00-05:00"},
		}},
		{"an anchored date-time in a time input keeps its date", timeOnly, "2026-03-29T23:30:00Z", 0, []step{
			{[]string{"down"}, "2026-03-29T22:30:00Z"},
		}},
		{"left and right choose the part", "", "2025-10-26T14:30:00", 0, []step{
			{[]string{"right", "right", "up"}, "2025-10-27T14:30:00"},
			{[]string{"end", "down"}, "2025-10-27T14:29:00"},
			{[]string{"home", "down"}, "2024-10-27T14:29:00"},
			{[]string{"left", "right", "right", "right", "right", "right", "up"}, "2024-10-27T14:30:00"},
		}},
		{"the first step of an empty one is now", "", "", 2, []step{
			{[]string{"up"}, "2025-10-26T14:30:00"},
			{[]string{"up"}, "2025-10-27T14:30:00"},
		}},
		{"empty date only", dateOnly, "", 0, []step{{[]string{"down"}, "2025-10-26"}}},
		{"empty time only", timeOnly, "", 0, []step{{[]string{"down"}, "14:30:00"}}},
		{"digits type a part", "", "2025-10-26T14:30:00", 0, []step{
			{[]string{"2", "0", "2", "4"}, "2024-10-26T14:30:00"},
			{[]string{"3"}, "2024-03-26T14:30:00"},
			{[]string{"3", "1"}, "2024-03-31T14:30:00"},
			{[]string{"9"}, "2024-03-31T09:30:00"},
			{[]string{"0", "5"}, "2024-03-31T09:05:00"},
		}},
		{"a two-digit month", dateOnly, "2025-10-26", 1, []step{
			{[]string{"1", "2"}, "2025-12-26"},
		}},
		{"a day past the month is clamped", dateOnly, "2025-02-10", 2, []step{
			{[]string{"3", "1"}, "2025-02-28"},
		}},
		{"one digit then a move", timeOnly, "14:30:00", 0, []step{
			{[]string{"1", "right"}, "01:30:00"},
		}},
		{"digits on an empty one start from now", "", "", 3, []step{
			{[]string{"9"}, "2025-10-26T09:30:00"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, dateInput(tc.flags, tc.value), "root")
			r.ns().Cursor = tc.cursor
			for _, s := range tc.steps {
				var last Intent
				for _, k := range s.keys {
					if in := r.press(k); in.Kind != Handled {
						last = in
					}
				}
				if last != (Intent{Kind: SetValue, Node: "root", Value: s.want}) {
					t.Fatalf("keys %v: got %+v, want SetValue %q", s.keys, last, s.want)
				}
				if r.when() != s.want {
					t.Fatalf("the tree shows %q, want %q", r.when(), s.want)
				}
			}
		})
	}
}

func TestDateTimeInputKeys(t *testing.T) {
	r := newRig(t, dateInput("", "2025-10-26T14:30:00"), "root")
	// A digit waits while more could follow, and the part shows it.
	r.ns().Cursor = 1
	if in := r.press("1"); in != (Intent{Kind: Handled}) || r.ns().Pending != "1" {
		t.Fatalf("got %+v pending %q", in, r.ns().Pending)
	}
	if got := plain(r.render(40)); !strings.Contains(got, "2025-1M-26") {
		t.Errorf("pending digit not shown: %q", got)
	}
	if in := r.press("backspace"); in.Kind != Handled || r.ns().Pending != "" {
		t.Errorf("backspace on a pending digit: %+v %q", in, r.ns().Pending)
	}
	// Letters are refused with a hint.
	if in := r.press("x"); in.Kind != Handled || r.ns().Notice == "" {
		t.Errorf("x: %+v %q", in, r.ns().Notice)
	}
	// Backspace with nothing pending clears the value.
	if in := r.press("backspace"); in != (Intent{Kind: SetValue, Node: "root", Value: ""}) {
		t.Errorf("backspace: %+v", in)
	}
	if in := r.press("backspace"); in.Kind != Handled {
		t.Errorf("backspace on empty: %+v", in)
	}
	// A click picks a part; its hit says which.
	r = newRig(t, dateInput("", "2025-10-26T14:30:00"), "root")
	b := r.render(40)
	assertFocusMark(t, b, "root")
	parts := map[int]int{}
	for _, h := range b.Hits[1:] {
		parts[h.Part] = h.X
	}
	if len(parts) != 5 || parts[0] != 2 || parts[1] != 7 || parts[3] != 13 {
		t.Errorf("part hits: %v", parts)
	}
	if in := r.click(3); in.Kind != Handled || r.ns().Cursor != 3 {
		t.Errorf("click: %+v cursor %d", in, r.ns().Cursor)
	}
	if in := r.press("up"); in.Value != "2025-10-26T15:30:00" {
		t.Errorf("up after click: %+v", in)
	}
	assertIgnores(t, r, "enter")
	assertFocusShows(t, r.node(), r.st, 40)
	// Without colour the focused part is bracketed.
	r.ctx.Theme = testTheme(termenv.Ascii)
	if got := plain(r.render(40)); got != "Date & time\n> 2025-10-26 [15]:30 < Sun" {
		t.Errorf("no colour: %q", got)
	}
}

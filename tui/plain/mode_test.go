package plain

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestParseMode(t *testing.T) {
	cases := map[string]Mode{
		"": {On: true}, "1": {On: true}, "true": {On: true}, "on": {On: true},
		"0": {}, "false": {}, "off": {},
		"boxes": {On: true, Boxes: true}, "color": {On: true, Color: true},
		"boxes,color": {On: true, Boxes: true, Color: true}, " Boxes , colour ": {On: true, Boxes: true, Color: true},
	}
	for in, want := range cases {
		got, err := ParseMode(in)
		if err != nil || got != want {
			t.Errorf("ParseMode(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	if _, err := ParseMode("boxes,sparkles"); err == nil {
		t.Error("an unknown option was accepted")
	}
}

func TestDecide(t *testing.T) {
	on, off := &Mode{On: true}, &Mode{}
	cases := []struct {
		c    Choice
		want bool
	}{
		{Choice{Term: "xterm", Terminal: true, Auto: true}, false},
		{Choice{Term: "dumb", Terminal: true}, true},
		{Choice{Term: "xterm", Terminal: false, Auto: true}, true},
		{Choice{Term: "xterm", Terminal: false, Auto: false}, false},
		{Choice{Env: "1", Term: "xterm", Terminal: true}, true},
		{Choice{Env: "0", Term: "dumb", Terminal: true}, false},
		{Choice{Flag: off, Env: "1", Term: "dumb"}, false},
		{Choice{Flag: on, Term: "xterm", Terminal: true}, true},
	}
	for _, tc := range cases {
		got, err := tc.c.Decide()
		if err != nil || got.On != tc.want {
			t.Errorf("%+v: plain %v (%v), want %v", tc.c, got.On, err, tc.want)
		}
	}
	if _, err := (Choice{Env: "nonsense"}).Decide(); err == nil {
		t.Error("A2TERM_PLAIN=nonsense was accepted")
	}
}

func TestWidthFromColumns(t *testing.T) {
	env := map[string]string{"COLUMNS": "42"}
	if w := Width(func(k string) string { return env[k] }, nil)(); w != 42 {
		t.Errorf("COLUMNS=42: %d", w)
	}
	env["COLUMNS"] = "wide"
	if w := Width(func(k string) string { return env[k] }, nil)(); w != DefaultWidth {
		t.Errorf("COLUMNS=wide: %d, want %d", w, DefaultWidth)
	}
}

// TestWrap: lines break at spaces only; a word wider than a line is cut
// at the width and nowhere else; nothing is lost; no line is too wide.
func TestWrap(t *testing.T) {
	url := "https://example.com/a-b-c/d?e=f-g"
	for w := 1; w <= 60; w++ {
		text := "see " + url + " and the café déjà vu 😀 here"
		lines := wrap(text, w, w)
		for _, l := range lines {
			if ansi.StringWidth(l) > w && ansi.StringWidth(l) > 2 {
				t.Errorf("width %d: %q is %d wide", w, l, ansi.StringWidth(l))
			}
		}
		joined := strings.Join(lines, " ")
		if w >= len(url) && !strings.Contains(joined, url) {
			t.Errorf("width %d: the URL was broken: %q", w, lines)
		}
		if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(text, " ", "") {
			t.Errorf("width %d: text lost: %q", w, lines)
		}
	}
	if got := wrap("a\u0301 b \u0301c", 3, 3); len(got) != 2 || !strings.HasPrefix(got[1], "b \u0301") {
		t.Errorf("a combining mark starts a line: %q", got)
	}
}

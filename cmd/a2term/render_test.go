package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestRenderPrintsTheFrame(t *testing.T) {
	order := filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl")
	code, out, errOut := runCmd(t, "render", "--width", "100", "--height", "14", "--focus", "send", order)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 14 {
		t.Errorf("%d lines, want 14", len(lines))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) != 100 {
			t.Errorf("line %q is not 100 wide", l)
		}
	}
	for _, want := range []string{"Order a coffee", "> Order <", "→ show order: 7 components"} {
		if !strings.Contains(out, want) {
			t.Errorf("frame lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Error("--color none (the default) printed escape sequences")
	}
	code, out, _ = runCmd(t, "render", "--color", "ansi256", "--width", "60", "--height", "8", order)
	if code != 0 || !strings.Contains(out, "\x1b[") {
		t.Errorf("--color ansi256: exit %d, no styling", code)
	}
}

func TestRenderErrors(t *testing.T) {
	order := filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl")
	bad := filepath.Join("..", "..", "testdata", "streams", "one-bad-line.jsonl")
	for _, tc := range []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"render", "--focus", "nope", order}, 1, `"nope" is not a control`},
		{[]string{"render", "--surface", "nope", order}, 1, `no surface "nope"`},
		{[]string{"render", bad}, 1, "message 1: bad_value"},
		{[]string{"render", "--color", "pink", order}, 2, `--color "pink"`},
		{[]string{"render"}, 2, "give exactly one FILE"},
		{[]string{"render", "missing.jsonl"}, 2, "missing.jsonl"},
	} {
		code, _, errOut := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.wantErr)
		}
	}
}

func TestDarkFromEnv(t *testing.T) {
	for _, tc := range []struct {
		v    string
		dark bool
	}{{"", true}, {"15;0", true}, {"0;15", false}, {"0;default;7", false}, {"7;8", true}} {
		t.Setenv("COLORFGBG", tc.v)
		if got := darkFromEnv(); got != tc.dark {
			t.Errorf("COLORFGBG=%q: dark %v, want %v", tc.v, got, tc.dark)
		}
	}
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var (
	orderStream = filepath.Join("..", "..", "testdata", "streams", "order-form.jsonl")
	badStream   = filepath.Join("..", "..", "testdata", "streams", "one-bad-line.jsonl")
	// orderV09 is the order form in v0.9.1, in the specification's
	// {"name", "description", "messages"} wrapper.
	orderV09 = filepath.Join("..", "..", "testdata", "streams", "order-form-v09.json")
)

func TestRenderPrintsTheFrame(t *testing.T) {
	code, out, errOut := runCmd(t, "render", "--width", "100", "--height", "14", "--focus", "send", orderStream)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 14 {
		t.Errorf("%d lines, want 14", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 100 || strings.HasSuffix(l, " ") {
			t.Errorf("line %q is %d wide or ends with a space", l, w)
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
	_, padded, _ := runCmd(t, "render", "--pad", "--width", "100", "--height", "14", orderStream)
	for _, l := range strings.Split(strings.TrimSuffix(padded, "\n"), "\n") {
		if ansi.StringWidth(l) != 100 {
			t.Errorf("--pad: line %q is not 100 wide", l)
		}
	}
	code, out, _ = runCmd(t, "render", "--color", "ansi256", "--width", "60", "--height", "8", orderStream)
	if code != 0 || !strings.Contains(out, "\x1b[") {
		t.Errorf("--color ansi256: exit %d, no styling", code)
	}
}

// TestRenderKeysAndStates: each flag that sets up a state shows it.
func TestRenderKeysAndStates(t *testing.T) {
	settings := filepath.Join("..", "..", "testdata", "streams", "settings.jsonl")
	script := filepath.Join("..", "..", "testdata", "snapshots", "order-flow.jsonl")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--keys", "tab tab space", settings}, []string{">x< Gift wrap"}},
		{[]string{"--keys", `ctrl+a type:"Grace "`, settings}, []string{"> Grace |Ada"}},
		{[]string{"--keys", "alt+2", settings}, []string{"[2 other]", "Second surface"}},
		{[]string{"--surface", "other", settings}, []string{"[2 other]"}},
		{[]string{"--open", "more", settings}, []string{"Deliveries leave at nine."}},
		{[]string{"--focus", "send", settings}, []string{"> Save <"}},
		{[]string{"--web", "--keys", "tab tab space", settings}, []string{"== surface settings\n", `input [type="checkbox" checked]`}},
		{[]string{"--web", "--open", "more", settings}, []string{"dialog.a2-dialog [open]", `"Deliveries leave at nine."`}},
		{[]string{"--web", "--surface", "other", settings}, []string{`p.a2-text.a2-body "Second surface"`}},
		{[]string{"--frames", "--keys", "tab space", orderStream}, []string{"=== 0: start\n", "=== 1: tab\n", "=== 2: space\n"}},
		{[]string{"--width", "100", "--keys", "tab tab tab enter wait", script}, []string{"Thanks, Ada: 2 cups are on"}},
		{[]string{"--width", "100", "--keys", "tab tab tab enter wait", "--script", script}, []string{"Thanks, Ada"}},
		// v0.9.1: formatted text, checks that come with what is typed.
		{[]string{orderV09}, []string{"2 cups at €3.20 each", "Ready Monday, 08:30", "[ Order ]"}},
		{[]string{"--keys", "tab right right", orderV09}, []string{"4 cups at €3.20 each"}},
		{[]string{"--keys", "backspace backspace backspace", orderV09}, []string{"✗ Whose coffee is it?", "[ Order ]\n ✗ Give a name first"}},
		{[]string{"--locale", "de-DE", "--time-zone", "Europe/Berlin", orderV09}, []string{"2 cups at 3,20\u00a0€ each", "Ready Montag, 09:30"}},
		{[]string{"--locale", "ja", "--time-zone", "Asia/Tokyo", orderV09}, []string{"2 cups at €3.20 each", "Ready 月曜日, 17:30"}},
	} {
		code, out, errOut := runCmd(t, append([]string{"render"}, tc.args...)...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, code, errOut)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q:\n%s", tc.args, w, out)
			}
		}
	}
}

func TestRenderErrors(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"render", "--focus", "nope", orderStream}, 1, `"nope" is not a control`},
		{[]string{"render", "--surface", "nope", orderStream}, 1, `no surface "nope"`},
		{[]string{"render", "--open", "send", orderStream}, 1, `"send" is not a Modal`},
		{[]string{"render", badStream}, 1, badStream + ":2: message 1: bad_value"},
		{[]string{"render", "--keys", "tab nope", orderStream}, 2, `unknown key "nope"; the keys are / 1 2`},
		{[]string{"render", "--color", "pink", orderStream}, 2, `--color "pink"`},
		{[]string{"render"}, 2, "give exactly one FILE"},
		{[]string{"render", "missing.jsonl"}, 2, "missing.jsonl"},
		{[]string{"render", "--locale", "xx-YY", orderV09}, 2, `--locale: locale "xx-YY" is not one a2term formats with: use en-US, en-GB, de-DE, fr-FR, es-ES, ja-JP`},
		{[]string{"render", "--time-zone", "Local", orderV09}, 2, `--time-zone "Local"`},
		{[]string{"render", "--time-zone", "Mars/Olympus", orderV09}, 2, `--time-zone "Mars/Olympus"`},
	} {
		code, out, errOut := runCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.wantErr) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, nothing and %q", tc.args, code, out, errOut, tc.code, tc.wantErr)
		}
	}
}

// TestRefusedStreamLeavesTheGoldenFile: a refused stream writes nothing
// on stdout, so a shell redirect leaves an empty file (which a check
// reports), never a blank frame, and -o leaves the file as it was.
func TestRefusedStreamLeavesTheGoldenFile(t *testing.T) {
	dir := t.TempDir()
	golden := filepath.Join(dir, "x.golden")
	const kept = "the frame kept last time\n"
	if err := os.WriteFile(golden, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "render", "-o", golden, badStream)
	if code != 1 || out != "" || !strings.Contains(errOut, "bad_value") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if b, _ := os.ReadFile(golden); string(b) != kept {
		t.Errorf("-o changed the golden file of a refused stream: %q", b)
	}
	if code, _, _ := runCmd(t, "render", "-o", golden, orderStream); code != 0 {
		t.Fatal("render -o failed")
	}
	if b, _ := os.ReadFile(golden); !strings.Contains(string(b), "Order a coffee") {
		t.Errorf("-o did not write the frame: %q", b)
	}

	bin := buildBinary(t)
	bad, _ := filepath.Abs(badStream)
	cmd := exec.Command("sh", "-c", `"$0" render "$1" > "$2"`, bin, bad, golden)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Error("the shell saw no failure")
	}
	if b, _ := os.ReadFile(golden); len(b) != 0 {
		t.Errorf("stdout of a refused stream was %q", b)
	}
	if !strings.Contains(stderr.String(), "bad_value") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestRenderIsTheSameEverywhere runs render under different time zones,
// locales, terminals and colour settings: the bytes never change.
func TestRenderIsTheSameEverywhere(t *testing.T) {
	bin := buildBinary(t)
	settings, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "streams", "settings.jsonl"))
	flow, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "snapshots", "order-flow.jsonl"))
	orderV09Abs, _ := filepath.Abs(orderV09)
	envs := [][]string{
		{"TZ=UTC", "LANG=C", "TERM=dumb"},
		{"TZ=America/Los_Angeles", "LANG=de_DE.UTF-8", "LC_ALL=de_DE.UTF-8", "TERM=xterm-256color", "COLORTERM=truecolor"},
		{"TZ=Asia/Kolkata", "LANG=ja_JP.UTF-8", "TERM=xterm", "NO_COLOR=1", "COLORFGBG=0;15"},
		{"TZ=Pacific/Chatham", "TERM=screen", "CLICOLOR_FORCE=1", "COLORTERM=", "LC_ALL=C"},
	}
	for _, args := range [][]string{
		{"render", "--width", "120", "--height", "30", settings},
		{"render", "--color", "ansi256", "--width", "120", "--height", "30", "--keys", "tab tab space", settings},
		{"render", "--color", "truecolor", "--background", "light", "--open", "more", settings},
		{"render", "--color", "ansi256", "--width", "100", "--frames", "--keys", "tab tab tab enter wait", flow},
		{"render", "--web", "--frames", "--keys", "tab tab tab enter wait", flow},
		{"render", "--width", "100", "--frames", "--keys", "backspace right", orderV09Abs},
		{"render", "--locale", "fr-FR", "--time-zone", "America/New_York", orderV09Abs},
	} {
		var first []byte
		for i, env := range envs {
			cmd := exec.Command(bin, args...)
			cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v %v: %v", args, env, err)
			}
			if i == 0 {
				first = out
				continue
			}
			if !bytes.Equal(out, first) {
				t.Errorf("%v differs under %v:\n%q\nfirst:\n%q", args, env, out, first)
			}
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

// TestRenderEachDrawsWhatWasApplied: render --lenient --each of a stream
// with nine surfaces, one over the limit of eight, draws the eight it
// applied and reports the ninth's refusals on stderr with exit 1; the
// same stream without --each is refused whole and prints nothing.
func TestRenderEachDrawsWhatWasApplied(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, `{"surfaceUpdate":{"surfaceId":"s%d","components":[{"id":"t","component":{"Text":{"text":{"literalString":"surface number %d"}}}}]}}`+"\n", i, i)
		fmt.Fprintf(&b, `{"beginRendering":{"surfaceId":"s%d","root":"t"}}`+"\n", i)
	}
	stream := filepath.Join(t.TempDir(), "nine.jsonl")
	if err := os.WriteFile(stream, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "render", "--lenient", "--each", "--width", "100", stream)
	if code != exitRefused || !strings.Contains(out, "surface number 1") || !strings.Contains(out, "s8") {
		t.Errorf("--each: exit %d, stdout %q; want 1 and the eight surfaces applied", code, out)
	}
	if !strings.Contains(errOut, stream+":17: ") || !strings.Contains(errOut, stream+":18: ") || strings.Contains(errOut, ":16: ") {
		t.Errorf("--each: stderr %q; want the two refusals of the ninth surface", errOut)
	}
	golden := filepath.Join(t.TempDir(), "x.golden")
	if code, _, _ := runCmd(t, "render", "--lenient", "--each", "-o", golden, stream); code != exitRefused {
		t.Errorf("--each -o: exit %d, want 1", code)
	}
	if g, _ := os.ReadFile(golden); !strings.Contains(string(g), "surface number 1") {
		t.Errorf("--each -o did not write what was applied: %q", g)
	}
	code, out, errOut = runCmd(t, "render", "--lenient", stream)
	if code != exitRefused || out != "" || !strings.Contains(errOut, stream) {
		t.Errorf("without --each: exit %d, stdout %q, stderr %q; want 1, nothing and the refusal", code, out, errOut)
	}
}

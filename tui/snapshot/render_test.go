package snapshot

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2term/a2term/components"
	"github.com/a2term/a2term/tui"
)

const orderForm = "../../testdata/streams/order-form.jsonl"

func steps(t *testing.T, s string) []tui.Step {
	t.Helper()
	st, err := tui.ParseSteps(s)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func load(t *testing.T, file, script string) Input {
	t.Helper()
	in, err := Load(file, script)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// frames splits a render with Frames into its frames by header.
func frames(t *testing.T, out []byte) map[string]string {
	t.Helper()
	got := map[string]string{}
	var name string
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if strings.HasPrefix(l, "=== ") {
			name = l
			continue
		}
		got[name] += l + "\n"
	}
	return got
}

// TestScriptAgentAnswersAtWait plays a script agent: the frame right
// after the press shows the action queued and no answer, the one after
// "wait" the agent's answer; every run is the same bytes.
func TestScriptAgentAnswersAtWait(t *testing.T) {
	in := load(t, "testdata/order.script.jsonl", "")
	if in.Agent == nil || in.Stream != nil {
		t.Fatalf("a script file is not loaded as an agent: %+v", in)
	}
	opts := Options{
		Look: Look{Width: 100, Height: 16}, Frames: true,
		Steps: steps(t, `end type:" Lovelace" tab right tab space tab enter wait`),
	}
	var first []byte
	for i := 0; i < 3; i++ {
		out, err := Render(in, opts)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = out
			continue
		}
		if string(out) != string(first) {
			t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, out, first)
		}
	}
	f := frames(t, first)
	if len(f) != 10 {
		t.Fatalf("%d frames, want 10 (start and 9 steps):\n%s", len(f), first)
	}
	start := f["=== 0: start"]
	// The name, the first control, has the focus from the start.
	for _, want := range []string{"Here is the order form.", "… waiting for the person (up to", "> Ada|"} {
		if !strings.Contains(start, want) {
			t.Errorf("start lacks %q:\n%s", want, start)
		}
	}
	pressed := f["=== 8: enter"]
	if !strings.Contains(pressed, "1 queued") || !strings.Contains(pressed, "the person pressed order") || strings.Contains(pressed, "Ordering") {
		t.Errorf("right after the press the action waits in the queue:\n%s", pressed)
	}
	answered := f["=== 9: wait"]
	for _, want := range []string{"the agent took order from order", "Ordering 3 cups for Ada", "Lovelace.", "[ (sent)"} {
		if !strings.Contains(answered, want) {
			t.Errorf("after wait, no %q:\n%s", want, answered)
		}
	}
	if strings.Contains(answered, "queued") {
		t.Errorf("the agent took the action, yet it is queued:\n%s", answered)
	}
}

func TestRenderStates(t *testing.T) {
	settings := "../../testdata/streams/settings.jsonl"
	for _, tc := range []struct {
		name string
		opts Options
		want []string
		not  []string
	}{
		{"second surface", Options{Surface: "other"}, []string{"[2 other]", "Second surface"}, []string{"Settings"}},
		{"open dialog", Options{Open: "more"}, []string{"Deliveries leave at nine."}, nil},
		{"checked box", Options{Steps: steps(t, "tab tab space")}, []string{">x< Gift wrap"}, []string{"[ ] Gift wrap", "> < Gift wrap"}},
		{"focus", Options{Focus: "send"}, []string{"> Save <"}, nil},
		{"color", Options{Look: Look{Color: TrueColor}}, []string{"\x1b[", "Settings"}, nil},
		{"no color", Options{}, []string{"Settings"}, []string{"\x1b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Render(load(t, settings, ""), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("no %q:\n%s", w, out)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(string(out), w) {
					t.Errorf("%q:\n%s", w, out)
				}
			}
		})
	}
}

func TestRenderDrawsNothingOnFailure(t *testing.T) {
	bad := load(t, "../../testdata/streams/one-bad-line.jsonl", "")
	for _, tc := range []struct {
		name string
		in   Input
		opts Options
		want string
	}{
		{"refused stream", bad, Options{}, "bad_value"},
		{
			"every message refused",
			Input{Name: "x.jsonl", Stream: []byte(`{"beginRendering":{"surfaceId":"s","root":"t","styles":7}}` + "\n")},
			Options{Each: true},
			"x.jsonl:1:",
		},
		{"no surface", load(t, orderForm, ""), Options{Surface: "nope"}, `no surface "nope"`},
		{"no modal", load(t, orderForm, ""), Options{Open: "send"}, `"send" is not a Modal`},
		{"no control", load(t, orderForm, ""), Options{Focus: "title"}, `"title" is not a control`},
		{"script stopped", load(t, "testdata/broken.script.jsonl", ""), Options{}, "the script stopped"},
		{"quit", load(t, orderForm, ""), Options{Steps: steps(t, "ctrl+c tab")}, "step 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Render(tc.in, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) || out != nil {
				t.Errorf("%q, %v; want nothing and %q", out, err, tc.want)
			}
		})
	}
	_, err := Render(bad, Options{})
	var refused *Refused
	if !errors.As(err, &refused) {
		t.Errorf("a refused stream is %T", err)
	}
}

// TestScriptThatEnds renders a script that shows and ends without
// waiting: the render waits for it to end, and keys still work.
func TestScriptThatEnds(t *testing.T) {
	out, err := Render(load(t, "", "testdata/ends.script.jsonl"), Options{Look: Look{Width: 100}, Steps: steps(t, "tab tab space wait")})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"That is all from me.", ">x< Gift wrap"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q:\n%s", want, out)
		}
	}
	// A stream first, then a script on top of it.
	in := load(t, "../../testdata/streams/contact-card.jsonl", "testdata/ends.script.jsonl")
	if in.Stream == nil || in.Agent == nil {
		t.Fatalf("stream and script: %+v", in)
	}
	out, err = Render(in, Options{Look: Look{Width: 100}})
	if err != nil || !strings.Contains(string(out), " 2 order") {
		t.Errorf("%v:\n%s", err, out)
	}
}

func TestWriteFileIsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.golden")
	if err := WriteFile(p, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "no", "x.golden"), []byte("two\n")); err == nil {
		t.Error("no error writing into a missing folder")
	}
	if b, _ := os.ReadFile(p); string(b) != "one\n" {
		t.Errorf("%q", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

func tuiSteps(s string) ([]tui.Step, error) { return tui.ParseSteps(s) }

// TestRenderEachDrawsWhatWasApplied: with Each, a stream of nine
// surfaces, one over the canvas's limit of eight, is drawn with the eight
// it applied, and the refusal of the ninth comes back with the frame.
// Without Each the same stream is refused whole and draws nothing.
func TestRenderEachDrawsWhatWasApplied(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, `{"surfaceUpdate":{"surfaceId":"s%d","components":[{"id":"t","component":{"Text":{"text":{"literalString":"surface number %d"}}}}]}}`+"\n", i, i)
		fmt.Fprintf(&b, `{"beginRendering":{"surfaceId":"s%d","root":"t"}}`+"\n", i)
	}
	in := Input{Name: "nine.jsonl", Stream: []byte(b.String())}
	opts := Options{Look: Look{Width: 100, Height: 30}, Each: true}
	out, err := Render(in, opts)
	var refused *Refused
	if !errors.As(err, &refused) || len(refused.Errs) != 2 || refused.Applied != 16 {
		t.Fatalf("err %v (%+v); want the two messages of the ninth surface refused", err, refused)
	}
	if !strings.Contains(err.Error(), "nine.jsonl:17:") || !strings.Contains(err.Error(), "nine.jsonl:18:") {
		t.Errorf("the refusals do not say where: %v", err)
	}
	if !strings.Contains(string(out), "surface number 1") {
		t.Errorf("the applied surfaces are not drawn:\n%s", out)
	}
	opts.Surface = "s8"
	if out, _ := Render(in, opts); !strings.Contains(string(out), "surface number 8") {
		t.Errorf("the eighth surface is not drawn:\n%s", out)
	}
	opts.Each = false
	if out, err := Render(in, opts); out != nil || !errors.As(err, &refused) {
		t.Errorf("without Each: %q, %v; want nothing and the refusal", out, err)
	}
}

// TestRenderKittyGraphics: with kitty, frames hold the protocol's
// sequences, each picture sent once, before the first frame that shows
// it, and drawn in every frame as placeholder cells; blocks hold none.
func TestRenderKittyGraphics(t *testing.T) {
	in := load(t, "../../testdata/streams/contact-card.jsonl", "")
	out, err := Render(in, Options{Look: Look{Graphics: components.GraphicsKitty}, Steps: steps(t, "tab"), Frames: true})
	if err != nil {
		t.Fatal(err)
	}
	frames := strings.Split(string(out), "=== ")
	if len(frames) != 3 {
		t.Fatalf("%d frames, want 2", len(frames)-1)
	}
	if n := strings.Count(frames[1], "\x1b_G"); n != 1 {
		t.Errorf("the first frame sends %d pictures, want 1", n)
	}
	for i, f := range frames[1:] {
		if !strings.ContainsRune(f, '\U0010EEEE') {
			t.Errorf("frame %d draws no placeholder cell", i)
		}
	}
	if strings.Contains(frames[2], "\x1b_G") {
		t.Error("the second frame sends the picture again")
	}
	out, err = Render(in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "\x1b_G") || strings.ContainsRune(string(out), '\U0010EEEE') {
		t.Error("a render without --graphics kitty holds kitty's sequences")
	}
}

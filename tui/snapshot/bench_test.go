package snapshot

import (
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/testutil"
)

// BenchmarkRenderKeys is a2term render of a 500-component stream with 20
// keys, to the final frame, at 120×40 in colour: the session (hub,
// socket), the stream, every key and the frame. Target: under 20 ms.
func BenchmarkRenderKeys(b *testing.B) {
	in := Input{Name: "big", Stream: longFormStream()}
	st, err := tuiSteps("tab tab type:abcdefgh shift+tab tab end backspace backspace tab enter tab tab tab")
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, s := range st {
		n += len(s.Keys)
	}
	if n != 20 {
		b.Fatalf("%d keys, want 20", n)
	}
	opts := Options{Look: Look{Width: 120, Height: 40, Color: TrueColor}, Steps: st}
	out, err := Render(in, opts)
	if err != nil {
		b.Fatal(err)
	}
	if !strings.Contains(string(out), "value 1abcdef ") || !strings.Contains(string(out), "the person pressed save on big") {
		b.Fatalf("the keys did not reach the frame:\n%s", out)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(in, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// longFormStream is testutil.LongForm as a JSONL stream.
func longFormStream() []byte {
	var b []byte
	for _, m := range testutil.LongForm(a2ui.MaxComponents, "Save") {
		b = append(append(b, m...), '\n')
	}
	return b
}

package snapshot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// stream500 is a stream of a 500-component surface: rows of a label, a
// text field and a button, like a long form.
func stream500() []byte {
	var comps, rows []string
	n := 0
	for i := 0; n < a2ui.MaxComponents-6; i++ {
		rid := fmt.Sprintf("row%d", i)
		rows = append(rows, `"`+rid+`"`)
		comps = append(comps,
			fmt.Sprintf(`{"id":%q,"component":{"Row":{"children":{"explicitList":["t%d","f%d","b%d"]},"alignment":"center"}}}`, rid, i, i, i),
			fmt.Sprintf(`{"id":"t%d","weight":1,"component":{"Text":{"text":{"path":"/items/k%d/label"}}}}`, i, i),
			fmt.Sprintf(`{"id":"f%d","weight":2,"component":{"TextField":{"label":{"literalString":"Value %d"},"text":{"path":"/items/k%d/value"}}}}`, i, i, i),
			fmt.Sprintf(`{"id":"b%d","component":{"Button":{"child":"bl","action":{"name":"save","context":[{"key":"v","value":{"path":"/items/k%d/value"}}]}}}}`, i, i),
		)
		n += 4
	}
	comps = append(comps,
		`{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(rows, ",")+`]}}}}`,
		`{"id":"bl","component":{"Text":{"text":{"literalString":"Save"}}}}`)
	var entries []string
	for i := 0; i < 124; i++ {
		entries = append(entries, fmt.Sprintf(`{"key":"k%d","valueMap":[{"key":"label","valueString":"Label number %d"},{"key":"value","valueString":"value %d"}]}`, i, i, i))
	}
	return []byte(`{"beginRendering":{"surfaceId":"big","root":"root"}}` + "\n" +
		`{"surfaceUpdate":{"surfaceId":"big","components":[` + strings.Join(comps, ",") + `]}}` + "\n" +
		`{"dataModelUpdate":{"surfaceId":"big","contents":[{"key":"items","valueMap":[` + strings.Join(entries, ",") + `]}]}}` + "\n")
}

// BenchmarkRenderKeys is a2term render of a 500-component stream with 20
// keys, to the final frame, at 120×40 in colour: the session (hub,
// socket), the stream, every key and the frame. Target: under 20 ms.
func BenchmarkRenderKeys(b *testing.B) {
	in := Input{Name: "big", Stream: stream500()}
	st, err := tuiSteps("tab tab tab type:abcdefgh shift+tab tab end backspace backspace tab enter tab tab")
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

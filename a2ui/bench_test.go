package a2ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/testutil"
)

// bench500 builds a batch that declares a 500-component surface and a data
// model of 500 entries its components are bound to: rows of a label, a
// text field and a button, like a long form.
func bench500() []json.RawMessage {
	var comps []string
	var rows []string
	n := 0
	for i := 0; n < MaxComponents-1-5; i++ {
		rid := fmt.Sprintf("row%d", i)
		rows = append(rows, `"`+rid+`"`)
		comps = append(comps,
			fmt.Sprintf(`{"id":%q,"component":{"Row":{"children":{"explicitList":["t%d","f%d","b%d"]},"alignment":"center"}}}`, rid, i, i, i),
			fmt.Sprintf(`{"id":"t%d","weight":1,"component":{"Text":{"text":{"path":"/items/k%d/label"},"usageHint":"body"}}}`, i, i),
			fmt.Sprintf(`{"id":"f%d","weight":2,"component":{"TextField":{"label":{"literalString":"Value %d"},"text":{"path":"/items/k%d/value"},"validationRegexp":"^[a-z ]*$"}}}`, i, i, i),
			fmt.Sprintf(`{"id":"b%d","component":{"Button":{"child":"bl","action":{"name":"save","context":[{"key":"v","value":{"path":"/items/k%d/value"}}]}}}}`, i, i),
		)
		n += 4
	}
	comps = append(comps,
		`{"id":"root","component":{"Column":{"children":{"explicitList":[`+strings.Join(rows, ",")+`]}}}}`,
		`{"id":"bl","component":{"Text":{"text":{"literalString":"Save"}}}}`)
	var entries []string
	for i := 0; i < 250; i++ {
		entries = append(entries, fmt.Sprintf(`{"key":"k%d","valueMap":[{"key":"label","valueString":"Label number %d"},{"key":"value","valueString":"value %d"}]}`, i, i, i))
	}
	return []json.RawMessage{
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"big","components":[` + strings.Join(comps, ",") + `]}}`),
		json.RawMessage(`{"dataModelUpdate":{"surfaceId":"big","contents":[{"key":"items","valueMap":[` + strings.Join(entries, ",") + `]}]}}`),
		json.RawMessage(`{"beginRendering":{"surfaceId":"big","root":"root"}}`),
	}
}

func benchCanvas(b *testing.B) *Canvas {
	c, _, err := New(Options{}).ApplyJSON(bench500())
	if err != nil {
		b.Fatal(err)
	}
	if got := c.Surface("big").ComponentCount(); got < MaxComponents-5 {
		b.Fatalf("bench surface has %d components", got)
	}
	return c
}

// BenchmarkApply500 decodes, validates and applies a surfaceUpdate of 500
// components plus a data model of 500 entries, resolving the shown surface.
// Target: under 2 ms on one core.
func BenchmarkApply500(b *testing.B) {
	batch := bench500()
	benchCanvas(b)
	b.ReportAllocs()
	testutil.CPULoop(b, func() {
		if _, _, err := New(Options{}).ApplyJSON(batch); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkResolve500 resolves that surface. Target: under 1 ms.
func BenchmarkResolve500(b *testing.B) {
	s := benchCanvas(b).Surface("big")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := resolveSurface(s, false, false); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpdateOne applies a one-value dataModelUpdate to that surface,
// which re-resolves it. Target: under 200 µs.
func BenchmarkUpdateOne(b *testing.B) {
	c := benchCanvas(b)
	msg := []json.RawMessage{json.RawMessage(`{"dataModelUpdate":{"surfaceId":"big","path":"/items/k7/value","contents":[{"key":".","valueString":"changed"}]}}`)}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := c.ApplyJSON(msg); err != nil {
			b.Fatal(err)
		}
	}
}

// bench500V09 is bench500 in v0.9: a surface of 500 components, rows of a
// label, a text field with a check and a button whose context reads the
// field, over a data model of 250 entries, plus a formatted total.
func bench500V09() []json.RawMessage {
	var comps []string
	var rows []string
	n := 0
	for i := 0; n < MaxComponents-1-5; i++ {
		rid := fmt.Sprintf("row%d", i)
		rows = append(rows, `"`+rid+`"`)
		comps = append(comps,
			fmt.Sprintf(`{"id":%q,"component":"Row","children":["t%d","f%d","b%d"],"align":"center"}`, rid, i, i, i),
			fmt.Sprintf(`{"id":"t%d","weight":1,"component":"Text","text":{"path":"/items/%d/label"},"variant":"body"}`, i, i),
			fmt.Sprintf(`{"id":"f%d","weight":2,"component":"TextField","label":"Value %d","value":{"path":"/items/%d/value"},"checks":[{"call":"regex","args":{"value":{"path":"/items/%d/value"},"pattern":"^[a-z ]*$"},"message":"Letters only"}]}`, i, i, i, i),
			fmt.Sprintf(`{"id":"b%d","component":"Button","child":"bl","action":{"event":{"name":"save","context":{"v":{"path":"/items/%d/value"}}}}}`, i, i),
		)
		n += 4
	}
	comps = append(comps,
		`{"id":"root","component":"Column","children":[`+strings.Join(rows, ",")+`,"total"]}`,
		`{"id":"bl","component":"Text","text":"Save"}`,
		`{"id":"total","component":"Text","text":{"call":"formatString","args":{"value":"${formatNumber(value:${/count},grouping:true)} items"},"returnType":"string"}}`)
	var entries []string
	for i := 0; i < 250; i++ {
		entries = append(entries, fmt.Sprintf(`{"label":"Label number %d","value":"value %d"}`, i, i))
	}
	return []json.RawMessage{
		json.RawMessage(`{"version":"v0.9","createSurface":{"surfaceId":"big","catalogId":"` + BasicCatalogV09ID + `"}}`),
		json.RawMessage(`{"version":"v0.9","updateComponents":{"surfaceId":"big","components":[` + strings.Join(comps, ",") + `]}}`),
		json.RawMessage(`{"version":"v0.9","updateDataModel":{"surfaceId":"big","value":{"count":250,"items":[` + strings.Join(entries, ",") + `]}}}`),
	}
}

// BenchmarkApply500V09 decodes, validates and applies a v0.9 surface of
// 500 components with its data model, resolving it (checks and functions
// included). Target: under 2 ms on one core.
func BenchmarkApply500V09(b *testing.B) {
	batch := bench500V09()
	c, _, err := New(Options{}).ApplyJSON(batch)
	if err != nil {
		b.Fatal(err)
	}
	if got := c.Surface("big").ComponentCount(); got < MaxComponents-5 {
		b.Fatalf("bench surface has %d components", got)
	}
	b.ReportAllocs()
	testutil.CPULoop(b, func() {
		if _, _, err := New(Options{}).ApplyJSON(batch); err != nil {
			b.Fatal(err)
		}
	})
}

// bench500V10 is bench500V09's surface in v1.0's shapes.
func bench500V10() []json.RawMessage {
	out := bench500V09()
	for i, m := range out {
		s := strings.ReplaceAll(string(m), `"version":"v0.9"`, `"version":"v1.0"`)
		s = strings.ReplaceAll(s, BasicCatalogV09ID, BasicCatalogV10ID)
		out[i] = json.RawMessage(strings.ReplaceAll(s, `,"returnType":"string"`, ""))
	}
	return out
}

// BenchmarkApply500V10 is BenchmarkApply500V09 for v1.0: the two should
// stay within 10% of each other.
func BenchmarkApply500V10(b *testing.B) {
	batch := bench500V10()
	c, _, err := New(Options{}).ApplyJSON(batch)
	if err != nil {
		b.Fatal(err)
	}
	if got := c.Surface("big").ComponentCount(); got < MaxComponents-5 || c.Surface("big").Protocol() != ProtocolV10 {
		b.Fatalf("bench surface has %d components", got)
	}
	b.ReportAllocs()
	testutil.CPULoop(b, func() {
		if _, _, err := New(Options{}).ApplyJSON(batch); err != nil {
			b.Fatal(err)
		}
	})
}

package plain

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/a2term/a2term/hub"
)

// BenchmarkRefreshOneChange: a surface of 250 rows (a check box and a
// text each, 500 nodes drawn), the person ticks one box, and the session
// prints the one line that changed.
func BenchmarkRefreshOneChange(b *testing.B) {
	var items []string
	for i := range 250 {
		items = append(items, fmt.Sprintf(`{"key": "i%d", "valueMap": [{"key": "label", "valueString": "Item %d"}, {"key": "note", "valueString": "a note about item %d"}, {"key": "on", "valueBoolean": false}]}`, i, i, i))
	}
	msgs := []string{
		`{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "root", "component": {"List": {"children": {"template": {"componentId": "row", "dataBinding": "/items"}}}}}, {"id": "row", "component": {"Row": {"children": {"explicitList": ["box", "note"]}}}}, {"id": "box", "component": {"CheckBox": {"label": {"path": "label"}, "value": {"path": "on"}}}}, {"id": "note", "component": {"Text": {"text": {"path": "note"}}}}]}}`,
		`{"dataModelUpdate": {"surfaceId": "s", "contents": [{"key": "items", "valueMap": [` + strings.Join(items, ",") + `]}]}}`,
		`{"beginRendering": {"surfaceId": "s", "root": "root"}}`,
	}
	raws := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		raws[i] = json.RawMessage(m)
	}
	h := hub.New(hub.Options{})
	if _, err := h.Show(raws); err != nil {
		b.Fatal(err)
	}
	s := New(h, io.Discard, Options{})
	defer s.Close()
	s.Refresh()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if err := h.SetValue(hub.Terminal, "s", "box:i7", i%2 == 0); err != nil {
			b.Fatal(err)
		}
		s.Refresh()
	}
}

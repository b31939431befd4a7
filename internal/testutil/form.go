package testutil

import (
	"encoding/json"
	"fmt"
	"strings"
)

// LongForm is the A2UI v0.8 batch the benchmarks draw: surface "big" of
// at most components components (pass a2ui.MaxComponents), rows of a
// label, a text field and a button bound to a data model of 124 entries,
// like a long form. label is the text of the buttons' shared label, so
// that two batches can differ in one component.
func LongForm(components int, label string) []json.RawMessage {
	var comps, rows []string
	n := 0
	for i := 0; n < components-6; i++ {
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
		`{"id":"bl","component":{"Text":{"text":{"literalString":"`+label+`"}}}}`)
	entries := make([]string, 0, 124)
	for i := range 124 {
		entries = append(entries, fmt.Sprintf(`{"key":"k%d","valueMap":[{"key":"label","valueString":"Label number %d"},{"key":"value","valueString":"value %d"}]}`, i, i, i))
	}
	return []json.RawMessage{
		json.RawMessage(`{"beginRendering":{"surfaceId":"big","root":"root"}}`),
		json.RawMessage(`{"surfaceUpdate":{"surfaceId":"big","components":[` + strings.Join(comps, ",") + `]}}`),
		json.RawMessage(`{"dataModelUpdate":{"surfaceId":"big","contents":[{"key":"items","valueMap":[` + strings.Join(entries, ",") + `]}]}}`),
	}
}

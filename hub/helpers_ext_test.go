package hub_test

import "github.com/a2term/a2term/internal/testutil/hubtest"

// The fixtures shared with the other tests that serve a hub.
var (
	raws = hubtest.Msgs
)

// form is surface main: a note field and two buttons whose actions carry
// the note.
var form = raws(
	`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[`+
		`{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay","skip"]}}}},`+
		`{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},`+
		`{"id":"pay","component":{"Button":{"child":"l1","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},`+
		`{"id":"l1","component":{"Text":{"text":{"literalString":"Pay"}}}},`+
		`{"id":"skip","component":{"Button":{"child":"l2","action":{"name":"skip"}}}},`+
		`{"id":"l2","component":{"Text":{"text":{"literalString":"Skip"}}}}]}}`,
	`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"hello"}]}}`,
)

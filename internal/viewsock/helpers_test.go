package viewsock

// Fixtures the hub's own tests have too, for the tests here of the view
// channel's internals.

import (
	"encoding/json"
	"time"
)

func clock() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }

func msgs(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}

var form = msgs(
	`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},{"id":"pay","component":{"Button":{"child":"l","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`,
)

// guard bounds every wait for something that should happen; tests never
// sleep to let things happen.
const guard = 30 * time.Second

package viewsock

// Fixtures the hub's own tests have too, for the tests here of the view
// channel's internals.

import "github.com/a2term/a2term/internal/testutil/hubtest"

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	clock = hubtest.Clock
	msgs  = hubtest.Msgs
)

var form = msgs(
	`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
	`{"surfaceUpdate":{"surfaceId":"main","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["note","pay"]}}}},{"id":"note","component":{"TextField":{"label":{"literalString":"Note"},"text":{"path":"/note"}}}},{"id":"pay","component":{"Button":{"child":"l","action":{"name":"pay","context":[{"key":"note","value":{"path":"/note"}}]}}}},{"id":"l","component":{"Text":{"text":{"literalString":"Pay"}}}}]}}`,
)

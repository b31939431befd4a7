package webtext

// Fixtures the hub's own tests have too.

import "github.com/a2term/a2term/internal/testutil/hubtest"

// The fixtures shared with the other tests that serve a hub.
var (
	clock = hubtest.Clock
	msgs  = hubtest.Msgs
)

package hub_test

import "github.com/a2term/a2term/internal/testutil/hubtest"

// The fixtures shared with the other tests that serve a hub.
var (
	raws = hubtest.Msgs
	form = hubtest.Form
)

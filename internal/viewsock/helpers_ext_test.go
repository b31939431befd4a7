package viewsock_test

// Fixtures the agent socket's own tests have too, for the tests here
// that attach terminals to a served hub.

import (
	"github.com/a2term/a2term/internal/testutil/agenttest"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	raws         = hubtest.Msgs
	ctxFor       = hubtest.CtxFor
	pressOn      = hubtest.Press
	form         = hubtest.Form
	start        = agenttest.Start
	dial         = agenttest.Dial
	rawCall      = agenttest.RawCall
	decodeAction = agenttest.DecodeAction
)

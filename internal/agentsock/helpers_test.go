package agentsock

// Fixtures the hub's own tests have too, for the tests here that serve a
// hub.

import (
	"encoding/json"
	"testing"

	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
const guard = hubtest.Guard

var (
	buttonsSurface    = hubtest.ButtonsSurface
	press             = hubtest.Press
	waitForTranscript = hubtest.WaitForTranscript
)

// actionName is the name inside a delivered {"userAction": …}.
func actionName(t *testing.T, res hub.WaitResult) string {
	t.Helper()
	var m struct {
		UserAction struct {
			Name string `json:"name"`
		} `json:"userAction"`
	}
	if err := json.Unmarshal(res.Action, &m); err != nil {
		t.Fatalf("action %s: %v", res.Action, err)
	}
	return m.UserAction.Name
}

func transcriptTexts(v hub.View) []string {
	var out []string
	for _, e := range v.Snapshot().Transcript {
		out = append(out, e.Text)
	}
	return out
}

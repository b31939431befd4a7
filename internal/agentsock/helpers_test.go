package agentsock

// Fixtures the hub's own tests have too, for the tests here that serve a
// hub.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
)

func msgs(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}

// guard bounds every wait for something that should happen; tests never
// sleep to let things happen.
const guard = 30 * time.Second

// buttonsSurface is surface "main" with one button per name; pressing
// button N fires action N.
func buttonsSurface(names ...string) []json.RawMessage {
	ids := make([]string, len(names))
	comps := []string{}
	for i, n := range names {
		ids[i] = fmt.Sprintf("%q", n)
		comps = append(comps,
			fmt.Sprintf(`{"id":%q,"component":{"Button":{"child":"l_%s","action":{"name":%q}}}}`, n, n, n),
			fmt.Sprintf(`{"id":"l_%s","component":{"Text":{"text":{"literalString":%q}}}}`, n, n))
	}
	root := fmt.Sprintf(`{"id":"root","component":{"Column":{"children":{"explicitList":[%s]}}}}`, strings.Join(ids, ","))
	return msgs(
		`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"main","components":[`+root+`,`+strings.Join(comps, ",")+`]}}`,
	)
}

func press(t *testing.T, h *hub.Hub, source hub.Source, name string) {
	t.Helper()
	if err := h.Press(source, "main", name, h.Snapshot().Canvas.Version()); err != nil {
		t.Errorf("press %s: %v", name, err) // not Fatal: presses run on other goroutines too
	}
}

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

// waitForTranscript returns once n entries of the transcript contain
// text, or fails the test after the guard.
func waitForTranscript(t *testing.T, v hub.View, text string, n int) {
	t.Helper()
	changed, cancel := v.Subscribe()
	defer cancel()
	timeout := time.NewTimer(guard)
	defer timeout.Stop()
	for {
		count := 0
		for _, e := range v.Snapshot().Transcript {
			if strings.Contains(e.Text, text) {
				count++
			}
		}
		if count >= n {
			return
		}
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("the transcript never had %d entries with %q: %v", n, text, v.Snapshot().Transcript)
		}
	}
}

func transcriptTexts(v hub.View) []string {
	var out []string
	for _, e := range v.Snapshot().Transcript {
		out = append(out, e.Text)
	}
	return out
}

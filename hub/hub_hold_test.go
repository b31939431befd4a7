package hub_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil/hubtest"

	"github.com/a2term/a2term/hub"
)

// waitUntil waits for cond, re-checked on every change of h.
func waitUntil(t *testing.T, h *hub.Hub, what string, cond func() bool) {
	t.Helper()
	changed, cancel := h.Subscribe()
	defer cancel()
	timeout := time.NewTimer(hubtest.Guard)
	defer timeout.Stop()
	for !cond() {
		select {
		case <-changed:
		case <-timeout.C:
			t.Fatalf("never %s", what)
		}
	}
}

// TestHubHoldKeepsActionsFromWaits: while held, a press stays in the
// queue though an agent waits; Release hands it over, oldest first.
func TestHubHoldKeepsActionsFromWaits(t *testing.T) {
	h := newButtonsHub(t, "a", "b")
	h.Hold()
	results := make(chan hub.WaitResult, 2)
	go func() {
		for range 2 {
			res, err := h.Wait(context.Background(), hubtest.Guard)
			if err != nil {
				t.Error(err)
			}
			results <- res
		}
	}()
	waitUntil(t, h, "waiting", func() bool { return h.Waiting() == 1 })
	// The wait is in the transcript by the time it can be seen.
	if tr := transcriptTexts(h); !strings.Contains(tr[len(tr)-1], "… waiting for the person") {
		t.Errorf("a wait that can be seen is not in the transcript yet: %v", tr)
	}
	hubtest.Press(t, h, hub.Terminal, "a")
	hubtest.Press(t, h, hub.Terminal, "b")
	if q := h.Snapshot().Status.Queued; q != 2 || h.Waiting() != 1 {
		t.Fatalf("held: %d queued, %d waiting; want 2 and 1", q, h.Waiting())
	}
	select {
	case res := <-results:
		t.Fatalf("a held action reached the agent: %s", res.Action)
	default:
	}
	h.Release()
	for _, want := range []string{"a", "b"} {
		if got := actionName(t, <-results); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	waitUntil(t, h, "emptied the queue", func() bool { return h.Snapshot().Status.Queued == 0 })
}

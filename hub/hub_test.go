package hub_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

func newButtonsHub(t *testing.T, names ...string) *hub.Hub {
	t.Helper()
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(hubtest.ButtonsSurface(names...)); err != nil {
		t.Fatal(err)
	}
	return h
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

func transcriptTexts(v hub.View) []string {
	var out []string
	for _, e := range v.Snapshot().Transcript {
		out = append(out, e.Text)
	}
	return out
}

func TestHubQueueIsFIFOAndExactlyOnce(t *testing.T) {
	h := newButtonsHub(t, "a", "b", "c")
	hubtest.Press(t, h, hub.Terminal, "a")
	hubtest.Press(t, h, hub.Web, "b")
	hubtest.Press(t, h, hub.Terminal, "c")
	if q := h.Snapshot().Status.Queued; q != 3 {
		t.Errorf("status says %d queued, want 3", q)
	}
	for _, want := range []struct {
		name   string
		source hub.Source
	}{{"a", hub.Terminal}, {"b", hub.Web}, {"c", hub.Terminal}} {
		res, err := h.Wait(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := actionName(t, res); got != want.name || res.Source != want.source || res.TimedOut {
			t.Errorf("got %s from %s (timedOut %v), want %s from %s", got, res.Source, res.TimedOut, want.name, want.source)
		}
	}
	res, err := h.Wait(context.Background(), 0)
	if err != nil || !res.TimedOut || string(res.Action) != "null" {
		t.Errorf("a fourth wait got %+v, %v; want nothing (each action once)", res, err)
	}
	if q := h.Snapshot().Status.Queued; q != 0 {
		t.Errorf("status says %d queued after draining", q)
	}
}

func TestHubConcurrentWaitersGetDifferentActions(t *testing.T) {
	h := newButtonsHub(t, "a", "b")
	results := make(chan hub.WaitResult, 2)
	for range 2 {
		go func() {
			res, err := h.Wait(context.Background(), hubtest.Guard)
			if err != nil {
				t.Error(err)
			}
			results <- res
		}()
	}
	hubtest.WaitForTranscript(t, h, "… waiting for the person", 2)
	hubtest.Press(t, h, hub.Terminal, "a")
	hubtest.Press(t, h, hub.Web, "b")
	got := map[string]hub.Source{}
	for range 2 {
		res := <-results
		got[actionName(t, res)] = res.Source
	}
	if len(got) != 2 || got["a"] != hub.Terminal || got["b"] != hub.Web {
		t.Errorf("the two waiters got %v, want a (terminal) and b (web)", got)
	}
}

func TestHubWaitTimesOutIntoTheTranscript(t *testing.T) {
	h := newButtonsHub(t, "a")
	res, err := h.Wait(context.Background(), 20*time.Millisecond)
	if err != nil || !res.TimedOut || string(res.Action) != "null" || res.Source != "" {
		t.Fatalf("got %+v, %v; want a timeout", res, err)
	}
	tr := transcriptTexts(h)
	want := []string{"… waiting for the person (up to 20ms)", "… no answer within 20ms"}
	if len(tr) < 2 || tr[len(tr)-2] != want[0] || tr[len(tr)-1] != want[1] {
		t.Errorf("transcript ends %q, want %q", tr, want)
	}
	if _, err := h.Wait(context.Background(), hub.MaxWait+time.Second); !errors.Is(err, &a2ui.Error{Code: a2ui.CodeBadValue}) {
		t.Errorf("a wait over the limit: %v", err)
	}
}

// An action and a cancellation that race each other: whichever wins, the
// action is delivered exactly once, either to the cancelled waiter (which
// then returns it) or to the next wait.
func TestHubCancellationNeverLosesAnAction(t *testing.T) {
	for i := range 50 {
		h := newButtonsHub(t, "a")
		ctx, cancel := context.WithCancel(context.Background())
		type out struct {
			res hub.WaitResult
			err error
		}
		done := make(chan out, 1)
		go func() {
			res, err := h.Wait(ctx, hubtest.Guard)
			done <- out{res, err}
		}()
		hubtest.WaitForTranscript(t, h, "… waiting for the person", 1)
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); cancel() }()
		go func() { defer wg.Done(); hubtest.Press(t, h, hub.Terminal, "a") }()
		wg.Wait()
		first := <-done
		next, err := h.Wait(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case first.err == nil && !first.res.TimedOut:
			if !next.TimedOut {
				t.Fatalf("round %d: the action was delivered twice", i)
			}
		case errors.Is(first.err, context.Canceled):
			if next.TimedOut || actionName(t, next) != "a" {
				t.Fatalf("round %d: the cancelled waiter lost the action: next wait got %+v", i, next)
			}
		default:
			t.Fatalf("round %d: the wait ended with %+v, %v", i, first.res, first.err)
		}
		h.Close()
	}
}

func TestHubCancelledWaitTakesNothing(t *testing.T) {
	h := newButtonsHub(t, "a")
	hubtest.Press(t, h, hub.Terminal, "a")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Wait(ctx, time.Second); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled wait returned %v", err)
	}
	if res, _ := h.Wait(context.Background(), 0); actionName(t, res) != "a" {
		t.Errorf("the queued action is gone: %+v", res)
	}
}

// An action whose reply never reached the agent goes to the next waiting
// call at once, not to the back of a queue nobody is reading.
func TestHubGiveBackHandsToAWaiter(t *testing.T) {
	h := newButtonsHub(t, "a")
	hubtest.Press(t, h, hub.Terminal, "a")
	_, q, err := h.Take(context.Background(), 0, nil)
	if err != nil || q == nil {
		t.Fatalf("took %v, %v", q, err)
	}
	done := make(chan hub.WaitResult, 1)
	go func() {
		res, err := h.Wait(context.Background(), hubtest.Guard)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	hubtest.WaitForTranscript(t, h, "… waiting for the person", 1)
	h.GiveBack(q, 0, "its connection closed before it read the press")
	if res := <-done; res.TimedOut || actionName(t, res) != "a" {
		t.Errorf("the waiting call got %+v", res)
	}
	hubtest.WaitForTranscript(t, h, "← a from main will be handed to the agent again: its connection closed before it read the press", 1)
}

func TestHubOverflowIsRefusedAndReported(t *testing.T) {
	h := newButtonsHub(t, "a")
	for range hub.MaxQueued {
		hubtest.Press(t, h, hub.Terminal, "a")
	}
	err := h.Press(hub.Web, "main", "a", h.Snapshot().Canvas.Version())
	if !errors.Is(err, hub.ErrQueueFull) {
		t.Fatalf("press on a full queue: %v", err)
	}
	tr := transcriptTexts(h)
	if last := tr[len(tr)-1]; !strings.Contains(last, "was refused") {
		t.Errorf("transcript ends %q", last)
	}
	// A wait that is cancelled does not swallow the report.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Wait(ctx, time.Second); err == nil {
		t.Fatal("a cancelled wait succeeded")
	}
	res, err := h.Wait(context.Background(), 0)
	if err != nil || res.Overflowed != 1 || actionName(t, res) != "a" {
		t.Errorf("first wait after overflow: %+v, %v; want an action and overflowed 1", res, err)
	}
	if res, _ := h.Wait(context.Background(), 0); res.Overflowed != 0 {
		t.Errorf("the overflow was reported twice: %+v", res)
	}
	if err := h.Press(hub.Web, "main", "a", h.Snapshot().Canvas.Version()); err != nil {
		t.Errorf("a press once there is room: %v", err)
	}
}

func TestHubCloseEndsWaits(t *testing.T) {
	h := newButtonsHub(t, "a")
	done := make(chan hub.WaitResult, 1)
	go func() {
		res, err := h.Wait(context.Background(), hubtest.Guard)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	hubtest.WaitForTranscript(t, h, "… waiting for the person", 1)
	h.Close()
	if res := <-done; !res.TimedOut {
		t.Errorf("a wait ended by Close: %+v", res)
	}
	start := time.Now()
	if res, err := h.Wait(context.Background(), hubtest.Guard); err != nil || !res.TimedOut || time.Since(start) > hubtest.Guard/2 {
		t.Errorf("a wait on a closed hub: %+v, %v", res, err)
	}
}

// Presses from two views at once queue in the order the transcript
// records them.
func TestHubConcurrentPressesKeepTranscriptOrder(t *testing.T) {
	h := newButtonsHub(t, "a", "b")
	var wg sync.WaitGroup
	for _, name := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				hubtest.Press(t, h, hub.Terminal, name)
			}
		}()
	}
	wg.Wait()
	var logged []string
	for _, e := range transcriptTexts(h) {
		if strings.HasPrefix(e, "← the person pressed ") {
			logged = append(logged, strings.Fields(e)[4])
		}
	}
	for i, want := range logged {
		res, err := h.Wait(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := actionName(t, res); got != want {
			t.Fatalf("action %d is %s, the transcript says %s", i, got, want)
		}
	}
}

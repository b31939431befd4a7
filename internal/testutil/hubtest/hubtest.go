// Package hubtest holds the fixtures of the tests that serve a hub, so
// that each is written once: the guard every wait is bounded by, a fixed
// clock, messages built from JSON lines (Msgs, ButtonsSurface), a press
// (Press), a wait for the transcript (WaitForTranscript), and checks that
// something happens in time (Within, Eventually, CtxFor), and a
// transport that carries the person's words (Talker). The hub's own
// tests use it too: they are external tests (package hub_test), with the
// few hooks they need into the hub in its export_test.go.
package hubtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/hub"
)

// Guard bounds every wait for something that should happen; tests never
// sleep to let things happen.
const Guard = 30 * time.Second

// Clock is the fixed time of the tests' hubs (hub.Options.Now).
func Clock() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) }

// Msgs is a batch of messages, one JSON line each.
func Msgs(lines ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}

// Form is surface main: a note field and two buttons whose actions carry
// the note.
var Form = Msgs(
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

// ButtonsSurface is surface "main" with one button per name; pressing
// button N fires action N.
func ButtonsSurface(names ...string) []json.RawMessage {
	ids := make([]string, len(names))
	comps := make([]string, 0, 2*len(names))
	for i, n := range names {
		ids[i] = fmt.Sprintf("%q", n)
		comps = append(comps,
			fmt.Sprintf(`{"id":%q,"component":{"Button":{"child":"l_%s","action":{"name":%q}}}}`, n, n, n),
			fmt.Sprintf(`{"id":"l_%s","component":{"Text":{"text":{"literalString":%q}}}}`, n, n))
	}
	root := fmt.Sprintf(`{"id":"root","component":{"Column":{"children":{"explicitList":[%s]}}}}`, strings.Join(ids, ","))
	return Msgs(
		`{"beginRendering":{"surfaceId":"main","root":"root"}}`,
		`{"surfaceUpdate":{"surfaceId":"main","components":[`+root+`,`+strings.Join(comps, ",")+`]}}`,
	)
}

// Press presses node name of surface "main" at the canvas's version. A
// failure is reported with Errorf, not Fatal: presses run on other
// goroutines too.
func Press(t *testing.T, h *hub.Hub, source hub.Source, name string) {
	t.Helper()
	if err := h.Press(source, "main", name, h.Snapshot().Canvas.Version()); err != nil {
		t.Errorf("press %s: %v", name, err)
	}
}

// WaitForTranscript returns once n entries of v's transcript contain
// text, or fails the test after the guard.
func WaitForTranscript(t *testing.T, v hub.View, text string, n int) {
	t.Helper()
	changed, cancel := v.Subscribe()
	defer cancel()
	timeout := time.NewTimer(Guard)
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

// Within fails the test unless fn returns within the guard.
func Within(t *testing.T, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(Guard):
		t.Fatalf("%s waited for an apply in progress", what)
	}
}

// Eventually waits until cond holds, failing the test after the guard.
// It is for what no channel tells (a count of a server's connections);
// anything that can be waited on is.
func Eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(Guard)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s never happened", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// CtxFor is a context that ends after the guard, or with the test.
func CtxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), Guard)
	t.Cleanup(cancel)
	return ctx
}

// Talker is a transport that carries the person's words
// (hub.Hub.SetTalk), as a2term connect's does: it keeps what it is sent,
// refuses a message once it holds Max of them (0: it holds any number),
// and takes one cancel, refusing those after it as there is no task
// under way any more.
type Talker struct {
	Max int

	mu       sync.Mutex
	said     []string
	canceled int
}

// Say keeps text, or refuses it when the Talker is full.
func (f *Talker) Say(text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.Max > 0 && len(f.said) == f.Max {
		return fmt.Errorf("the agent's queue of messages is full (%d); this one was not sent", f.Max)
	}
	f.said = append(f.said, text)
	return nil
}

// CancelTask counts the cancel, and refuses every one after the first.
func (f *Talker) CancelTask() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.canceled++
	if f.canceled > 1 {
		return errors.New("no task of the agent's is under way")
	}
	return nil
}

// Got returns what was said, and how many cancels were asked for.
func (f *Talker) Got() ([]string, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.said...), f.canceled
}

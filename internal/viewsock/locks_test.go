package viewsock

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil/hubtest"
)

// The fixtures shared with the other tests that serve a hub.
var (
	within = hubtest.Within
)

// TestAttachedViewReadsDuringAnApply holds an attached terminal's copy
// half way through applying a change the hub sent, as a batch that takes
// seconds to evaluate would: the terminal's redraw (Snapshot) and a
// press's version mapping do not wait for it, and the copy has the change
// once it is through.
func TestAttachedViewReadsDuringAnApply(t *testing.T) {
	h := hub.New(hub.Options{Now: clock})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	views, err := ListenViews(h, srv.Path(), ViewOptions{})
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		views.Close()
		srv.Close()
		h.Close()
	})
	if _, err := h.Show(form); err != nil {
		t.Fatal(err)
	}
	in := make(chan struct{}, 1)
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	v, err := Attach(ctx, srv.Path(), AttachOptions{Reconnect: -1, applying: func() {
		select {
		case in <- struct{}{}:
		default:
		}
		<-gate
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { v.Close() })
	t.Cleanup(release) // runs first: the view's reader must not be held at Close
	before := v.Snapshot().Canvas

	if _, err := h.Show(msgs(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"from the agent"}]}}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-in:
	case <-time.After(guard):
		t.Fatal("the view never applied the hub's change")
	}
	within(t, "the attached view's Snapshot", func() {
		if got := v.Snapshot().Canvas; got != before {
			t.Error("the view's copy changed before its apply was through")
		}
	})
	within(t, "a press's version mapping", func() {
		v.mu.Lock()
		_ = v.hubVersionLocked("main", before.Surface("main").Version())
		v.mu.Unlock()
	})

	changed, unsubscribe := v.Subscribe()
	defer unsubscribe()
	release()
	for {
		if data, ok := v.Snapshot().Canvas.Surface("main").Data().(*a2ui.Object); ok {
			if got, _ := data.Get("note"); got == "from the agent" {
				break
			}
		}
		select {
		case <-changed:
		case <-time.After(guard):
			t.Fatal("the view's copy never took the change")
		}
	}
}

package hub_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/internal/testutil/hubtest"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// holdApplies makes every change of b's canvas, and every press, stop
// where it computes until the returned release is called: what a batch
// whose evaluation takes seconds does. entered receives once a change is
// held there.
func holdApplies(t *testing.T, b *hub.Board) (entered <-chan struct{}, release func()) {
	t.Helper()
	in := make(chan struct{}, 1)
	gate := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	hub.SetComputing(b, func() {
		select {
		case in <- struct{}{}:
		default:
		}
		<-gate
	})
	return in, release
}

// TestReadersDoNotWaitForAnApply holds an agent's show half way through
// its apply, as a batch that takes seconds to evaluate would, and checks
// that everything that reads the hub, and everything that only adds to
// its transcript or status, goes on meanwhile and sees the canvas as it
// was; the show then lands as usual, after the lines added meanwhile, and
// a value the person set while it was held is set after it.
func TestReadersDoNotWaitForAnApply(t *testing.T) {
	h := hub.New(hub.Options{Now: hubtest.Clock})
	t.Cleanup(h.Close)
	if _, err := h.Show(payForm); err != nil {
		t.Fatal(err)
	}
	before := h.Snapshot().Canvas
	entered, release := holdApplies(t, h.Board())

	shown := make(chan error, 1)
	go func() {
		_, err := h.Show(raws(`{"dataModelUpdate":{"surfaceId":"main","contents":[{"key":"note","valueString":"from the agent"}]}}`))
		shown <- err
	}()
	select {
	case <-entered:
	case <-time.After(hubtest.Guard):
		t.Fatal("the show never started its apply")
	}

	hubtest.Within(t, "Snapshot", func() {
		if got := h.Snapshot().Canvas; got != before {
			t.Errorf("a snapshot taken during the apply has version %d, not %d", got.Version(), before.Version())
		}
	})
	hubtest.Within(t, "Info", func() {
		if info := h.Info(); info.Version != before.Version() || len(info.Surfaces) != 1 {
			t.Errorf("canvas.info during the apply: version %d, %d surfaces", info.Version, len(info.Surfaces))
		}
	})
	hubtest.Within(t, "State", func() {
		if st, err := h.State("main"); err != nil || len(st) != 1 {
			t.Errorf("canvas.state during the apply: %v, %v", st, err)
		}
	})
	hubtest.Within(t, "a view's state", func() {
		if snap, _, ok := h.ViewState(before.Version()); !ok || snap.Canvas != before {
			t.Error("the view channel's state during the apply is not the canvas before it")
		}
	})
	hubtest.Within(t, "transcript.append", func() {
		if err := h.Append(hub.RoleAgent, "another agent speaks"); err != nil {
			t.Error(err)
		}
	})
	hubtest.Within(t, "a status change", func() { h.Board().SetStatus(func(s *hub.Status) { s.Viewers = 1 }) })

	set := make(chan error, 1)
	go func() { set <- h.SetValue(hub.Terminal, "main", "note", "from the person") }()
	release()
	for _, ch := range []chan error{shown, set} {
		select {
		case err := <-ch:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(hubtest.Guard):
			t.Fatal("a change never completed once the apply went on")
		}
	}

	snap := h.Snapshot()
	v, _ := snap.Canvas.Surface("main").Data().(*a2ui.Object).Get("note")
	if v != "from the person" {
		t.Errorf("the note is %v: the value set during the apply was not set after it", v)
	}
	if got := snap.Canvas.Version(); got != before.Version()+2 {
		t.Errorf("canvas version %d after a show and a set from %d", got, before.Version())
	}
	var texts []string
	for _, e := range snap.Transcript {
		texts = append(texts, e.Text)
	}
	if got, want := strings.Join(texts[1:], " | "), "another agent speaks | → show main: 4 components"; got != want {
		t.Errorf("the transcript after the first show reads %q, want %q", got, want)
	}
}

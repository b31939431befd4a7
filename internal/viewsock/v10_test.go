package viewsock_test

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/viewsock"
)

// armedClock is the time, but once armed its next reading is early by
// early: a press read then gets a deadline that is close.
type armedClock struct {
	mu    sync.Mutex
	early time.Duration
}

func (c *armedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now().Add(-c.early)
	c.early = 0
	return now
}

func (c *armedClock) arm(early time.Duration) {
	c.mu.Lock()
	c.early = early
	c.mu.Unlock()
}

// askWaits reports whether v draws the ask button of surface s waiting
// for the agent's answer.
func askWaits(s hub.Snapshot) bool {
	sf := s.Canvas.Surface("s")
	if sf == nil || sf.Tree() == nil {
		return false
	}
	n := sf.Tree().Find("ask")
	return n != nil && n.Props.(*a2ui.ButtonProps).Disabled
}

// TestAttachedViewFollowsV10Calls checks that an attached terminal
// draws what the hub does while a v1.0 call of the agent's function
// waits, once it is answered, and once a deadline ended one: the copy
// follows the changes the press and the deadline make, and a terminal
// attached while a call waits gets it with the whole canvas. Before, the
// press changed the hub's canvas without a change for the copies, which
// then refused the agent's answer.
func TestAttachedViewFollowsV10Calls(t *testing.T) {
	clock := &armedClock{}
	h := hub.New(hub.Options{Now: clock.Now})
	srv, err := agentsock.Listen(h, filepath.Join(t.TempDir(), "a2term", "a2term.sock"), agentsock.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	ctx := ctxFor(t)
	agent := dial(t, srv)
	if _, err := agent.Show(ctx, raws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"`+a2ui.BasicCatalogV10ID+`","components":[`+
		`{"id":"root","component":"Column","children":["ask","note"]},`+
		`{"id":"ask","component":"Button","child":"l1","action":{"functionCall":{"call":"verifyProvider"}}},{"id":"l1","component":"Text","text":"Check"},`+
		`{"id":"note","component":"TextField","label":"Note","value":{"path":"/note"}}],"dataModel":{"note":""}}}`)...); err != nil {
		t.Fatal(err)
	}
	one := attach(t, srv.Path(), viewsock.AttachOptions{})
	waitView(t, h, "one terminal", func(s hub.Snapshot) bool { return s.Status.Terminals == 1 })

	if err := one.Press(hub.Terminal, "s", "ask", one.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	if !askWaits(h.Snapshot()) {
		t.Fatal("the hub's button does not wait")
	}
	waitView(t, one, "the button waiting in the terminal", func(s hub.Snapshot) bool { return askWaits(s) && len(s.Transcript) == len(h.Snapshot().Transcript) })
	sameState(t, "while the call waits", h.Snapshot(), one.Snapshot())
	// A change after it still applies on the copy.
	if err := one.SetValue(hub.Terminal, "s", "note", "typed"); err != nil {
		t.Fatal(err)
	}
	two := attach(t, srv.Path(), viewsock.AttachOptions{})
	waitView(t, two, "the waiting call in a terminal attached later", func(s hub.Snapshot) bool { return askWaits(s) && len(s.Transcript) == len(h.Snapshot().Transcript) })
	sameState(t, "attached while the call waits", h.Snapshot(), two.Snapshot())

	calls := h.Snapshot().Canvas.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls wait", len(calls))
	}
	if _, err := agent.Show(ctx, raws(`{"version":"v1.0","agentFunctionResponse":{"functionCallId":"`+calls[0].FunctionCallID+`","value":true}}`)...); err != nil {
		t.Fatal(err)
	}
	for _, v := range []*viewsock.RemoteView{one, two} {
		waitView(t, v, "the answer in the terminal", func(s hub.Snapshot) bool { return !askWaits(s) && len(s.Transcript) == len(h.Snapshot().Transcript) })
		sameState(t, "after the answer", h.Snapshot(), v.Snapshot())
	}

	// A call whose deadline comes: the press reads a time so early that
	// its deadline is two seconds away.
	waitView(t, h, "two terminals", func(s hub.Snapshot) bool { return s.Status.Terminals == 2 })
	clock.arm(a2ui.MaxAgentCallWait - 2*time.Second)
	if err := two.Press(hub.Terminal, "s", "ask", two.Snapshot().Canvas.Version()); err != nil {
		t.Fatal(err)
	}
	waitView(t, one, "the second call waiting", askWaits)
	waitView(t, h, "the deadline", func(s hub.Snapshot) bool { return !askWaits(s) })
	for _, v := range []*viewsock.RemoteView{one, two} {
		waitView(t, v, "the deadline in the terminal", func(s hub.Snapshot) bool { return !askWaits(s) && len(s.Transcript) == len(h.Snapshot().Transcript) })
		sameState(t, "after the deadline", h.Snapshot(), v.Snapshot())
	}
}

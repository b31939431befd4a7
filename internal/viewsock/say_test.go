package viewsock_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
	"github.com/a2term/a2term/internal/agentsock"
	"github.com/a2term/a2term/internal/testutil/hubtest"
	"github.com/a2term/a2term/internal/viewsock"
)

// TestAttachedViewTalks: an attached terminal hears from its hub that
// someone listens (Status.Talk), and its messages and cancels reach the
// transport the hub was given; the hub's refusals (the transport's, one
// over the text's bound, none to talk to) come back to the person with
// their reasons.
func TestAttachedViewTalks(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	if v.Snapshot().Status.Talk {
		t.Fatal("the view says someone listens before the hub has a transport")
	}
	if err := v.Say("hello"); err == nil || !strings.Contains(err.Error(), "no agent to talk to") {
		t.Errorf("a message with no transport: %v", err)
	}

	f := &hubtest.Talker{Max: 1}
	h.SetTalk(f)
	waitView(t, v, "talking possible", func(s hub.Snapshot) bool { return s.Status.Talk })
	if err := v.Say("two at eight"); err != nil {
		t.Fatal(err)
	}
	if err := v.Say("and a dessert"); err == nil || !strings.Contains(err.Error(), "queue of messages is full") {
		t.Errorf("the transport's refusal came back as %v", err)
	}
	var refusal *a2ui.Error
	if err := v.Say(strings.Repeat("x", a2ui.MaxStringBytes+1)); !errors.As(err, &refusal) || refusal.Code != a2ui.CodeStringTooLong {
		t.Errorf("a message over the bound: %v", err)
	}
	if err := v.CancelTask(); err != nil {
		t.Fatal(err)
	}
	if err := v.CancelTask(); err == nil || !strings.Contains(err.Error(), "no task of the agent's") {
		t.Errorf("a refused cancel came back as %v", err)
	}
	said, canceled := f.Got()
	if len(said) != 1 || said[0] != "two at eight" || canceled != 2 {
		t.Errorf("the transport got %q and %d cancels", said, canceled)
	}
}

// TestAttachedViewTalksToAnOlderHub: a hub older than view.say and
// view.cancel answers that it does not know them, and the person is told
// so in words, not as a protocol error.
func TestAttachedViewTalksToAnOlderHub(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	h.SetTalk(&hubtest.Talker{Max: 16})
	listenViews(t, h, srv, viewsock.WithoutMethods(viewsock.ViewOptions{}, viewsock.ViewMethodSay, viewsock.ViewMethodCancel))
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	for what, err := range map[string]error{"say": v.Say("hello"), "cancel": v.CancelTask()} {
		if err == nil || !strings.Contains(err.Error(), "older than this one") || strings.Contains(err.Error(), "method not found") {
			t.Errorf("%s to an older hub: %v", what, err)
		}
	}
}

// slowCancel is a transport whose cancel waits for the agent until
// released.
type slowCancel struct {
	hubtest.Talker
	asked, release chan struct{}
}

func (f *slowCancel) CancelTask() error {
	close(f.asked)
	<-f.release
	return nil
}

// TestAttachedCancelWaitsAlone: while the agent takes its time to answer
// a cancel, the same terminal's other intents go on reaching the hub.
func TestAttachedCancelWaitsAlone(t *testing.T) {
	h, srv := start(t, agentsock.ServerOptions{})
	listenViews(t, h, srv, viewsock.ViewOptions{})
	f := &slowCancel{Talker: hubtest.Talker{Max: 16}, asked: make(chan struct{}), release: make(chan struct{})}
	h.SetTalk(f)
	v := attach(t, srv.Path(), viewsock.AttachOptions{})
	canceled := make(chan error, 1)
	go func() { canceled <- v.CancelTask() }()
	<-f.asked
	if err := v.Say("meanwhile"); err != nil {
		t.Errorf("a message while a cancel waits: %v", err)
	}
	close(f.release)
	if err := <-canceled; err != nil {
		t.Error(err)
	}
	if said, _ := f.Got(); len(said) != 1 {
		t.Errorf("the transport got %q", said)
	}
}

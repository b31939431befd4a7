package hub_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// fakeTalker records what reaches the transport, and refuses when told.
type fakeTalker struct {
	mu       sync.Mutex
	said     []string
	canceled int
	refuse   error
}

func (f *fakeTalker) Say(text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse != nil {
		return f.refuse
	}
	f.said = append(f.said, text)
	return nil
}

func (f *fakeTalker) CancelTask() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse != nil {
		return f.refuse
	}
	f.canceled++
	return nil
}

// TestTalkNeedsATransport: with no transport that carries the person's
// words, a message and a cancel are refused with ErrNoTalk, and the
// status says no one listens; SetTalk turns both on, and nil off again.
func TestTalkNeedsATransport(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	if h.Snapshot().Status.Talk {
		t.Error("the status says someone listens before a transport was given")
	}
	for what, err := range map[string]error{"say": h.Say("hello"), "cancel": h.CancelTask()} {
		if e, ok := errors.AsType[*a2ui.Error](err); !ok || e.Code != hub.CodeNoTalk {
			t.Errorf("%s with no transport: %v, want %s", what, err, hub.CodeNoTalk)
		}
	}
	f := &fakeTalker{}
	h.SetTalk(f)
	if !h.Snapshot().Status.Talk {
		t.Error("the status does not say someone listens")
	}
	if err := h.Say("  two at eight\n"); err != nil {
		t.Fatal(err)
	}
	if err := h.CancelTask(); err != nil {
		t.Fatal(err)
	}
	if len(f.said) != 1 || f.said[0] != "two at eight" || f.canceled != 1 {
		t.Errorf("the transport got %q and %d cancels", f.said, f.canceled)
	}
	h.SetTalk(nil)
	if h.Snapshot().Status.Talk || h.Say("again") == nil {
		t.Error("SetTalk(nil) did not end the talking")
	}
}

// TestSayBound: a message over a2ui.MaxStringBytes, or one that is
// nothing once cleaned, never reaches the transport; what does is
// cleaned as a line the views draw. A refusal of the transport comes back
// as a refusal with its reason, in one line.
func TestSayBound(t *testing.T) {
	h := hub.New(hub.Options{})
	defer h.Close()
	f := &fakeTalker{}
	h.SetTalk(f)
	for what, c := range map[string]struct {
		text string
		code a2ui.Code
	}{
		"over the bound": {strings.Repeat("a", a2ui.MaxStringBytes+1), a2ui.CodeStringTooLong},
		"empty":          {"", a2ui.CodeBadValue},
		"only controls":  {"\x1b\x07 \t", a2ui.CodeBadValue},
	} {
		if e, ok := errors.AsType[*a2ui.Error](h.Say(c.text)); !ok || e.Code != c.code {
			t.Errorf("%s: %v, want %s", what, h.Say(c.text), c.code)
		}
	}
	if err := h.Say(strings.Repeat("b", a2ui.MaxStringBytes)); err != nil {
		t.Errorf("a message at the bound: %v", err)
	}
	if err := h.Say("red\x1b[31m\nwine"); err != nil {
		t.Fatal(err)
	}
	if len(f.said) != 2 || strings.ContainsAny(f.said[1], "\x1b\n") {
		t.Errorf("the transport got %d messages, the last %.40q", len(f.said), f.said[len(f.said)-1])
	}

	f.refuse = errors.New("16 messages wait for the agent already;\nthis one was not sent")
	err := h.Say("more")
	if e, ok := errors.AsType[*a2ui.Error](err); !ok || e.Code != hub.CodeNotSent || strings.Contains(e.Message, "\n") || !strings.Contains(e.Message, "16 messages wait") {
		t.Errorf("a refusal of the transport: %#v", err)
	}
}

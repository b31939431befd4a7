package hub

import (
	"errors"
	"fmt"
	"strings"

	"github.com/a2term/a2term/a2ui"
)

// Talking to the agent: where the transport carries the person's own
// words (an A2A agent, a2term connect), every view may write a message to
// the agent and ask it to cancel its task. The hub knows no transport:
// the one that carries them gives it a Talker, and the views ask the hub,
// as they ask it to press.

// Talker is the transport's side of talking: it sends the person's
// message to the agent, or asks the agent to cancel the task under way.
// Both return at once, or within the transport's own bound of time, and
// their errors are said to the person. Implementations are safe for
// concurrent use.
type Talker interface {
	Say(text string) error
	CancelTask() error
}

// Refusals of a view's message to the agent, or of its ask to cancel.
const (
	// CodeNoTalk: nothing carries the person's words to the agent here
	// (an agent on the socket or MCP reads presses only).
	CodeNoTalk a2ui.Code = "no_talk"
	// CodeNotSent: the transport refused the message or the cancel (too
	// many messages wait, no task runs, the agent answered an error).
	CodeNotSent a2ui.Code = "not_sent"
)

// ErrNoTalk is what a view's message or cancel gets when no transport
// carries them.
var ErrNoTalk = &a2ui.Error{
	Code: CodeNoTalk, Index: -1,
	Message: "there is no agent to talk to here: a2term connect URL talks to an A2A agent",
}

// SetTalk gives the hub the transport that carries the person's words to
// the agent (nil: none), and says in the status whether one does, so
// that views offer a line to write on only then.
func (h *Hub) SetTalk(t Talker) {
	h.mu.Lock()
	h.talk = t
	h.mu.Unlock()
	h.board.SetStatus(func(s *Status) { s.Talk = t != nil })
}

func (h *Hub) talker() Talker {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.talk
}

// Say sends text, the person's message written in a view, to the
// agent. The text is cleaned as a line the views draw, and bounded at
// a2ui.MaxStringBytes, the longest string a2term keeps: a longer one,
// an empty one, or one with no transport to carry it is refused (an
// *a2ui.Error, which every view shows to the person); so is one the
// transport refuses, with its reason.
func (h *Hub) Say(text string) error {
	t := h.talker()
	if t == nil {
		return ErrNoTalk
	}
	if len(text) > a2ui.MaxStringBytes {
		return &a2ui.Error{
			Code: a2ui.CodeStringTooLong, Index: -1,
			Message: fmt.Sprintf("a message of %d bytes is over the limit of %d", len(text), a2ui.MaxStringBytes),
		}
	}
	text = strings.TrimSpace(a2ui.SanitizeLine(text))
	if text == "" {
		return &a2ui.Error{Code: a2ui.CodeBadValue, Index: -1, Message: "there is nothing to send"}
	}
	return notSent(t.Say(text))
}

// CancelTask asks the agent, for the person in a view, to cancel the
// task under way. It is refused as Say is.
func (h *Hub) CancelTask() error {
	t := h.talker()
	if t == nil {
		return ErrNoTalk
	}
	return notSent(t.CancelTask())
}

// notSent is a transport's refusal as views are told it: its reason, in
// a line (it may quote what the agent answered).
func notSent(err error) error {
	if err == nil {
		return nil
	}
	if e, ok := errors.AsType[*a2ui.Error](err); ok {
		return e
	}
	return &a2ui.Error{Code: CodeNotSent, Index: -1, Message: a2ui.SanitizeLine(err.Error())}
}

// Say implements View: a board on its own (a replay, a frame drawn
// alone) has no agent to talk to.
func (b *Board) Say(string) error { return ErrNoTalk }

// CancelTask implements View, as Say.
func (b *Board) CancelTask() error { return ErrNoTalk }

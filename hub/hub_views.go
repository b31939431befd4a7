package hub

import (
	"fmt"
	"time"
)

// What the hub keeps about its views beyond the board: who watches the
// canvas, the terminals attached over the view channel, and the web
// mirror's link for them.

// Watch counts a view that shows the canvas (a terminal, a web page)
// until the function it returns is called. When the last one goes, the
// hub notes where the transcript was, so that the next terminal to attach
// is told what happened while no one watched.
func (h *Hub) Watch() (done func()) {
	h.mu.Lock()
	h.watching++
	h.mu.Unlock()
	var once bool
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if once {
			return
		}
		once = true
		h.watching--
		if h.watching == 0 {
			h.unwatchedSeq = h.board.lastSeq()
			h.unwatchedAt = h.board.now()
		}
	}
}

// AttachView counts a terminal attached over the view channel, unless
// MaxTerminals are already, and returns what it is told on attaching.
func (h *Hub) AttachView() (AttachResult, func(), bool) {
	h.mu.Lock()
	res := AttachResult{CanvasID: h.id}
	if h.terminals >= MaxTerminals {
		h.mu.Unlock()
		return AttachResult{}, nil, false
	}
	h.terminals++
	n := h.terminals
	if h.watching == 0 && !h.unwatchedAt.IsZero() {
		res.Unwatched = &Unwatched{Since: h.unwatchedAt, Lines: h.board.lastSeq() - h.unwatchedSeq, Queued: len(h.queue)}
	}
	res.Notice = h.notice
	h.mu.Unlock()
	h.board.SetStatus(func(s *Status) { s.Terminals = n })
	unwatch := h.Watch()
	var once bool
	return res, func() {
		h.mu.Lock()
		if once {
			h.mu.Unlock()
			return
		}
		once = true
		h.terminals--
		n := h.terminals
		h.mu.Unlock()
		h.board.SetStatus(func(s *Status) { s.Terminals = n })
		unwatch()
	}, true
}

// ViewState returns the state a view is sent, and the canvas changes since
// version v (false when they are no longer kept), read together.
func (h *Hub) ViewState(v uint64) (Snapshot, []Change, bool) {
	b := h.board
	h.mu.Lock()
	queued := len(h.queue)
	h.mu.Unlock()
	b.mu.Lock()
	defer b.mu.Unlock()
	snap := b.snapshotLocked()
	snap.Status.Queued = queued
	changes, ok := b.changesSinceLocked(v)
	return snap, changes, ok
}

// SetWebLink records how to get a one-time link of the web mirror (nil:
// there is none), which attached terminals ask for.
func (h *Hub) SetWebLink(fn func() (string, int)) {
	h.mu.Lock()
	h.link = fn
	h.mu.Unlock()
}

// WebLink returns a one-time link of the web mirror and its port, or ""
// when there is no mirror.
func (h *Hub) WebLink() (string, int) {
	h.mu.Lock()
	fn := h.link
	h.mu.Unlock()
	if fn == nil {
		return "", 0
	}
	return fn()
}

// MaxTerminals is how many views may attach at once; the next is told so
// and closed.
const MaxTerminals = 8

// AttachResult is what view.attach returns.
type AttachResult struct {
	// CanvasID names the canvas, the same across restarts of a hub that
	// restores it.
	CanvasID string `json:"canvasId"`
	// Unwatched says what happened while no view showed the canvas, when
	// none did until this one attached.
	Unwatched *Unwatched `json:"unwatched,omitempty"`
	// Notice is what the hub has to tell a terminal that shows the canvas
	// anew (a canvas restored, and what of it was lost).
	Notice string `json:"notice,omitempty"`
}

// Unwatched is what happened while no one watched the canvas: no
// terminal, attached or the hub's own, and no web page showed it.
type Unwatched struct {
	Since time.Time `json:"since"`
	// Lines is how many transcript entries were added meanwhile.
	Lines uint64 `json:"lines"`
	// Queued is how many actions wait for the agent now.
	Queued int `json:"queued"`
}

// String words u for the status line, as in "While no one watched: 3
// new transcript lines, 1 action waiting".
func (u Unwatched) String() string {
	if u.Lines == 0 && u.Queued == 0 {
		return "Nothing happened while no one watched."
	}
	var parts []string
	switch u.Lines {
	case 0:
	case 1:
		parts = append(parts, "1 new transcript line")
	default:
		parts = append(parts, fmt.Sprintf("%d new transcript lines", u.Lines))
	}
	switch u.Queued {
	case 0:
	case 1:
		parts = append(parts, "1 action waiting")
	default:
		parts = append(parts, fmt.Sprintf("%d actions waiting", u.Queued))
	}
	s := "While no one watched: " + parts[0]
	if len(parts) > 1 {
		s += ", " + parts[1]
	}
	return s + "."
}

package bridge

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

// attachView counts a terminal attached over the view channel, unless
// MaxTerminals are already, and returns what it is told on attaching.
func (h *Hub) attachView() (AttachResult, func(), bool) {
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

// viewState returns the state a view is sent, and the canvas changes since
// version v (false when they are no longer kept), read together.
func (h *Hub) viewState(v uint64) (Snapshot, []change, bool) {
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

// setWebLink records how to get a one-time link of the web mirror (nil:
// there is none), which attached terminals ask for.
func (h *Hub) setWebLink(fn func() (string, int)) {
	h.mu.Lock()
	h.link = fn
	h.mu.Unlock()
}

// webLink returns a one-time link of the web mirror and its port, or ""
// when there is no mirror.
func (h *Hub) webLink() (string, int) {
	h.mu.Lock()
	fn := h.link
	h.mu.Unlock()
	if fn == nil {
		return "", 0
	}
	return fn()
}

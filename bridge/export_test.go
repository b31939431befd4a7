package bridge

import "time"

// WithViewHello sets how long a view connection has to attach.
func WithViewHello(o ServerOptions, d time.Duration) ServerOptions {
	o.viewHello = d
	return o
}

// Resync asks the hub for the whole canvas again, as the view does when
// its copy can no longer follow the changes; the hub sends it with the
// next change.
func (r *RemoteView) Resync() error { return r.call(ViewMethodResync, nil, nil) }

// SetJournalSteps has the journal h keeps from UseJournal on tell steps
// each step of a compaction as it is done.
func SetJournalSteps(h *Hub, steps func(step string)) { h.journalSteps = steps }

// CompactJournal compacts h's journal now, as enough changes would.
func CompactJournal(h *Hub) error {
	j := h.journalOf()
	h.board.mu.Lock()
	defer h.board.mu.Unlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.compactLocked(h.board, true)
}

// WithClock has the server tell idle connections by now instead of
// time.Now.
func WithClock(o ServerOptions, now func() time.Time) ServerOptions {
	o.now = now
	return o
}

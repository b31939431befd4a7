package hub

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

// SetComputing has b call computing where a change of its canvas, or a
// press, computes: a test holds an apply there.
func SetComputing(b *Board, computing func()) { b.computing = computing }

// ExpireCalls ends h's calls of the agent's functions whose deadline
// passed by h's clock, as their timers do.
func ExpireCalls(h *Hub) { h.board.ExpireCalls() }

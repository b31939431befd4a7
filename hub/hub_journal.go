package hub

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/statedir"
)

// JournalReport is what UseJournal found and did.
type JournalReport struct {
	// Restored says the canvas was restored from the journal; Saved is
	// when its last restored change was made.
	Restored bool
	Saved    time.Time
	CanvasID string
	Surfaces int
	Queued   int
	// Entries is how many lines of the transcript were restored.
	Entries int
	// WebPort is the port the last hub's web mirror listened on (0: none
	// recorded): the next one asks for it again.
	WebPort int
	// Lost is how many bytes at the journal's end were damaged and not
	// restored; Damaged is where they were kept (path.damaged).
	Lost    int64
	Damaged string
	// Held is how many surfaces the journal holds that the hub does not
	// draw: their catalogs are definitions it was not given (--catalog).
	// They are kept, for an a2term given them to restore.
	Held int
	// Previous says the journal held no good snapshot and the canvas was
	// restored from its previous generation (path.prev) instead, as it
	// was when that was last written (Saved): what changed after that is
	// lost.
	Previous bool
	// Notice words the report for the person ("" when the journal was new).
	Notice string
}

// UseJournal has the hub keep its journal at path (see the journal's
// description in journal.go): a journal already there is restored first —
// the canvas, the transcript's tail, the actions not yet taken, the
// canvas id — up to its first damaged record, and the damaged rest is
// kept beside it in path.damaged; a journal whose very first record (its
// snapshot) is damaged is restored from its previous generation,
// path.prev. The journal then starts a new generation with a snapshot of
// that state, keeping the one it restored as path.prev, and every
// accepted change is appended to it. With no journal at path, the hub
// starts afresh and a path.prev left there is removed.
// UseJournal is called once, before the hub is used; the directory must
// exist (PrepareStateDir).
//
// The journal is locked (path.lock) for as long as the hub lives: a
// second hub at the same socket is refused with ErrSocketInUse before it
// reads anything, so UseJournal comes before Listen, and no agent can
// reach the hub before its canvas is restored. A start refused after
// UseJournal (the socket cannot be bound, the web mirror cannot start)
// ends with Abandon, not Close: the disk is left as UseJournal found it.
// UseJournal leaves it so itself when it fails.
func (h *Hub) UseJournal(path string) (JournalReport, error) {
	lock, created, ok, err := statedir.LockFile(path + ".lock")
	if err != nil {
		return JournalReport{}, fmt.Errorf("a2term journal: %w", err)
	}
	if !ok {
		return JournalReport{}, fmt.Errorf("a2term journal %s: %w", path, statedir.ErrSocketInUse)
	}
	found := &journalFound{path: path, lockCreated: created}
	rep, err := h.useJournal(path, found)
	if err != nil {
		_ = found.undo()
		found.unlock(lock)
		return rep, err
	}
	h.journal.lock = lock
	h.journal.found = found
	return rep, nil
}

// Abandon is Close for a hub whose start was refused after UseJournal:
// its socket could not be bound, its web mirror could not start. It
// leaves the disk as UseJournal found it: a journal that was not there
// is removed, one that was holds again what it held, the damaged journal
// it kept aside is taken back, and the lock file is removed if UseJournal
// created it. What the hub was shown meanwhile is not kept. Close after
// Abandon does nothing more.
func (h *Hub) Abandon() error {
	h.mu.Lock()
	j := h.journal
	h.journal = nil
	h.mu.Unlock()
	h.Close()
	if j == nil {
		return nil
	}
	return j.abandon()
}

func (h *Hub) useJournal(path string, found *journalFound) (JournalReport, error) {
	prev := path + ".prev"
	var err error
	if found.journal, err = findFile(path); err == nil {
		found.prev, err = findFile(prev)
	}
	if err != nil {
		return JournalReport{}, fmt.Errorf("a2term journal: %w", err)
	}
	data := found.journal.data
	b := h.board
	b.mu.Lock()
	opts := b.canvas.Options()
	b.mu.Unlock()
	st := replayJournal(data, opts)
	var rep JournalReport
	if st != nil {
		rep.Lost = st.lost
	} else {
		rep.Lost = int64(len(data))
	}
	// A journal restored, even in part, is the generation the next one
	// keeps; one that held no good snapshot is not, and the previous
	// generation it replaced stays.
	keep := st != nil
	if st == nil && found.journal.there {
		if st = replayJournal(found.prev.data, opts); st != nil {
			rep.Previous = true
			// Whole, it holds the state of when it was last written.
			if st.lost == 0 && found.prev.mtime.After(st.saved) {
				st.saved = found.prev.mtime
			}
		}
	}
	if rep.Lost > 0 {
		rep.Damaged = path + ".damaged"
		if err := found.keepDamaged(rep.Damaged, data); err != nil {
			return JournalReport{}, fmt.Errorf("a2term journal: keeping the damaged journal: %w", err)
		}
	}

	j := &journal{path: path, ids: map[*a2ui.UserAction]uint64{}, next: 1, steps: h.journalSteps}
	var queue []Queued
	if st != nil {
		j.canvasID, j.webPort, j.next = st.canvasID, st.webPort, max(st.nextAction, 1)
		j.tail = replayed{transcript: st.transcript, tbytes: st.tbytes, dropped: st.dropped}
		j.held = st.held
		for _, ja := range st.queue {
			a := &a2ui.UserAction{Name: ja.Name, SurfaceID: ja.SurfaceID, ID: ja.ID, Protocol: ja.Protocol}
			j.ids[a] = ja.ID
			j.queue = append(j.queue, ja)
			// One handed out before may have been read: it comes again
			// marked redelivered.
			handed := 0
			if ja.Handed {
				handed = 1
			}
			queue = append(queue, Queued{Action: a, Source: ja.Source, message: ja.Message, model: ja.Model, handed: handed})
		}
		rep = JournalReport{
			Restored: true, Saved: st.saved, CanvasID: st.canvasID, Surfaces: len(st.canvas.Surfaces()),
			Queued: len(queue), Entries: len(st.transcript), WebPort: st.webPort, Lost: rep.Lost, Damaged: rep.Damaged,
			Previous: rep.Previous, Held: len(st.held),
		}
	}

	h.mu.Lock()
	if st != nil {
		h.id, h.restored = st.canvasID, true
		h.queue = append(queue, h.queue...)
	}
	j.canvasID = h.id
	n := len(h.queue)
	h.mu.Unlock()

	// The restored canvas replaces the current one as a change does.
	b.wmu.Lock()
	b.mu.Lock()
	if st != nil {
		b.canvas = st.canvas
		b.transcript = append([]Entry(nil), st.transcript...)
		b.tbytes, b.seq, b.dropped = st.tbytes, st.seq, st.dropped
		b.changes, b.changesBytes, b.changesFrom = nil, 0, st.canvas.Version()
	}
	// Actions go on being numbered after the journal's, so that an
	// actionId names one action for the canvas's life.
	b.lastAction = max(b.lastAction, j.next-1)
	found.written = true
	found.prevChanged = keep || found.prev.there && !found.journal.there
	if !found.journal.there {
		// The previous generation of a journal that was removed: the
		// canvas starts afresh, and nothing restores it later.
		if err = os.Remove(prev); errors.Is(err, os.ErrNotExist) {
			err = nil
		}
	}
	if err == nil {
		err = j.compactLocked(b, keep)
	}
	if err == nil {
		j.onFail = func(err error) {
			b.Append(RoleNote, "The journal could not be written ("+err.Error()+"); from here on the canvas is not kept for the next a2term.")
		}
		b.record = func(c Change) { j.record(b, c) }
	}
	b.status.Queued = n
	b.notify()
	b.mu.Unlock()
	b.wmu.Unlock()
	if err != nil {
		return JournalReport{}, fmt.Errorf("a2term journal: %w", err)
	}
	h.mu.Lock()
	h.journal = j
	h.mu.Unlock()

	if st != nil {
		// A restored call waits until its deadline, as it did.
		for _, a := range st.canvas.Calls() {
			h.expireAt(a.Deadline)
		}
	}
	rep.Notice = rep.words()
	if st != nil && len(st.held) > 0 {
		rep.Notice = strings.TrimSpace(rep.Notice + " " + heldWords(st.held))
	}
	if rep.Notice != "" {
		h.mu.Lock()
		h.notice = rep.Notice
		h.mu.Unlock()
		b.Append(RoleNote, rep.Notice)
	}
	return rep, nil
}

// words says what a restore did, for the status line and the transcript.
func (r JournalReport) words() string {
	at := r.Saved.Local().Format("15:04:05")
	counts := Plural(r.Surfaces, "surface", "surfaces") + ", " + Plural(r.Queued, "action waiting", "actions waiting")
	if r.Previous {
		s := "The journal was empty"
		if r.Lost > 0 {
			s = fmt.Sprintf("The journal could not be read: its %d bytes were damaged (kept in %s)", r.Lost, r.Damaged)
		}
		return fmt.Sprintf("%s. Restored the canvas from the journal's previous generation, as it was at %s: %s; any change made after %s is lost.",
			s, at, counts, at)
	}
	s := ""
	// A journal that held nothing (a canvas that never showed anything)
	// is restored without a word: there is nothing to tell.
	if r.Restored && (r.Surfaces > 0 || r.Queued > 0 || r.Entries > 0) {
		s = fmt.Sprintf("Restored the canvas as it was at %s: %s.", at, counts)
	}
	if r.Lost > 0 {
		if s != "" {
			s += " "
		}
		what := "The journal's last"
		if !r.Restored {
			what = "The journal could not be read:"
		}
		s += fmt.Sprintf("%s %d bytes were damaged and are lost (kept in %s)", what, r.Lost, r.Damaged)
		if r.Restored {
			s += "; what changed after that time is not restored."
		} else {
			s += "; the canvas starts empty."
		}
	}
	return s
}

// Plural is n followed by the word one or many, as n asks ("1 surface",
// "2 surfaces"): how a2term's messages, transcript and views count.
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// journalOf returns the hub's journal, or nil.
func (h *Hub) journalOf() *journal {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.journal
}

// SetWebPort records the web mirror's port in the journal, so that the
// next hub at the same socket listens on it again when it is free.
func (h *Hub) SetWebPort(port int) {
	if j := h.journalOf(); j != nil {
		j.setWebPort(port)
	}
}

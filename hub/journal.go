package hub

// The journal: every accepted change of a hub, written as it is accepted,
// so that a hub started again at the same socket starts from the canvas
// the last one had.
//
// A journal is a file of records, each framed as its length and its
// CRC-32C (Castagnoli), both 4 bytes little-endian, then the record as
// JSON. The first record is a snapshot (the whole canvas as an
// a2ui.SavedCanvas, the transcript's tail, the queue, the canvas id);
// each one after it is one change: a batch shown, a value the person set,
// a v1.0 call of the agent's function started or ended by its deadline,
// a transcript entry, an action queued (or a v1.0 batch's answer for the
// agent), an action first handed to an agent, an action the agent took. A
// record whose frame is cut short, whose checksum does not match or that
// does not apply ends the journal there: what comes before it is kept,
// what comes after is counted as lost and the person is told.
//
// Fsync policy: each record is written with one write(2) before the
// change is acknowledged (under the board's lock, before the agent's call
// returns or the view's press or set is answered), and not synced: a
// process that is killed loses nothing it acknowledged, since the kernel
// has the bytes; a machine that crashes may lose the records written
// since the last sync, which the checksums find. The journal is synced
// when it is compacted — the new file, and the old one it keeps as the
// previous generation, before the new replaces it, and the directory
// after — and when the hub closes.
//
// Compaction keeps the journal bounded: once the changes written since
// the snapshot weigh more than the snapshot (and at least
// journalSlack), a new file starting with a snapshot of the current
// state replaces the journal atomically (written beside it, synced,
// renamed over it). A journal therefore holds at most about twice its
// snapshot plus one record, and a snapshot is bounded by the canvas's
// limits and the transcript tail it keeps (journalTranscript entries,
// journalTranscriptBytes of text).
//
// Generations: each compaction, and each start, begins a new generation
// of the journal, and keeps the one before it, whole, as path.prev until
// the next: once the new file is written and synced, the journal it
// replaces is synced and linked as path.prev (copied where the file
// system has no links), replacing the generation before, and only then
// is the new file renamed over the journal. So the journal at path is
// always a whole generation, the old one or the new, whatever step a
// crash stops at; what is kept is one previous generation, no more. A
// journal that holds no good snapshot (its first record is damaged: all
// a journal holds after a clean stop) is restored from path.prev, which
// ends where that snapshot began; what changed after path.prev was last
// written is lost, and the person is told so, with the time. A hub that
// finds no journal at path starts afresh and removes path.prev, which
// belonged to a journal since removed.

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/statedir"
)

// Bounds of the journal.
const (
	// journalTranscript and journalTranscriptBytes bound the transcript
	// tail a journal keeps.
	journalTranscript      = 500
	journalTranscriptBytes = 1 << 20
	// journalSlack is what the changes since the snapshot may weigh at
	// least before the journal is compacted.
	journalSlack = 1 << 20
	// maxJournalRecord bounds one record: a larger length is damage.
	maxJournalRecord = 256 << 20
	// journalFrame is the length and checksum before each record.
	journalFrame = 8
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// journalAction is an action of the person that the agent has not taken,
// as the journal keeps it: what the agent is given for it, and the words
// the transcript uses for it.
type journalAction struct {
	ID        uint64          `json:"id"`
	Name      string          `json:"name"`
	SurfaceID string          `json:"surfaceId"`
	Source    Source          `json:"source"`
	Message   json.RawMessage `json:"message"`
	Model     json.RawMessage `json:"model,omitempty"`
	// Protocol is the action's, which says how its data model is named.
	Protocol string `json:"protocol,omitempty"`
	// Handed says the action was handed to an agent, which may have
	// read it: handed out again, it is marked redelivered.
	Handed bool `json:"handed,omitempty"`
}

// journalSnapshot is the whole state of a hub, the first record of a
// journal.
type journalSnapshot struct {
	CanvasID   string           `json:"canvasId"`
	Saved      time.Time        `json:"saved"`
	Canvas     a2ui.SavedCanvas `json:"canvas"`
	Transcript []Entry          `json:"transcript"`
	Seq        uint64           `json:"seq"`
	Dropped    uint64           `json:"dropped"`
	Queue      []journalAction  `json:"queue"`
	NextAction uint64           `json:"nextAction"`
	WebPort    int              `json:"webPort,omitempty"`
	// Held are the surfaces the hub held, not drawn: their catalogs are
	// definitions it was not given (see journal_held.go).
	Held []heldSurface `json:"held,omitempty"`
	// PictureHosts are the hosts the canvas accepted pictures from (see
	// journal_pictures.go).
	PictureHosts []string `json:"pictureHosts,omitempty"`
}

// journalRecord is one record: exactly one of its fields is set.
type journalRecord struct {
	Snapshot *journalSnapshot  `json:"snapshot,omitempty"`
	Show     []json.RawMessage `json:"show,omitempty"`
	Set      *SetChange        `json:"set,omitempty"`
	Call     *a2ui.SavedCall   `json:"call,omitempty"`
	Ended    []string          `json:"ended,omitempty"`
	Entry    *Entry            `json:"entry,omitempty"`
	Action   *journalAction    `json:"action,omitempty"`
	Handed   uint64            `json:"handed,omitempty"`
	Taken    uint64            `json:"taken,omitempty"`
	WebPort  int               `json:"webPort,omitempty"`
}

// replayed is the state a journal read back holds.
type replayed struct {
	canvasID   string
	saved      time.Time // of the last record applied
	canvas     *a2ui.Canvas
	transcript []Entry
	tbytes     int
	seq        uint64
	dropped    uint64
	queue      []journalAction
	nextAction uint64
	webPort    int
	// held are the surfaces held, not drawn (journal_held.go).
	held []heldSurface
	// records counts the records applied; good is the length of the
	// journal they take, lost the bytes after them, and why says what
	// was wrong with the first of those.
	records int
	good    int64
	lost    int64
	why     string
}

// frameRecord appends the frame of payload to buf.
func frameRecord(buf, payload []byte) []byte {
	var hdr [journalFrame]byte
	binary.LittleEndian.PutUint32(hdr[0:4], uint32(len(payload))) //nolint:gosec // a record is far below 4 GiB: the canvas is bounded (a2ui.MaxCanvasBytes)
	binary.LittleEndian.PutUint32(hdr[4:8], crc32.Checksum(payload, castagnoli))
	buf = append(buf, hdr[:]...)
	return append(buf, payload...)
}

// replayJournal reads a journal's bytes and applies its records, on a
// canvas with opts, up to the first that is damaged or does not apply.
// It returns nil when data holds no good snapshot to start from.
func replayJournal(data []byte, opts a2ui.Options) *replayed {
	var st *replayed
	off := int64(0)
	why := ""
	for int64(len(data)) > off {
		rest := data[off:]
		if len(rest) < journalFrame {
			why = "a record cut short"
			break
		}
		n := binary.LittleEndian.Uint32(rest[0:4])
		sum := binary.LittleEndian.Uint32(rest[4:8])
		if n > maxJournalRecord || int64(n) > int64(len(rest)-journalFrame) {
			why = "a record cut short"
			break
		}
		payload := rest[journalFrame : journalFrame+int(n)]
		if crc32.Checksum(payload, castagnoli) != sum {
			why = "a record whose checksum does not match"
			break
		}
		var rec journalRecord
		if err := json.Unmarshal(payload, &rec); err != nil {
			why = "a record that cannot be read"
			break
		}
		next, err := st.apply(&rec, opts)
		if err != nil {
			why = "a record that does not apply (" + err.Error() + ")"
			break
		}
		st = next
		st.records++
		off += journalFrame + int64(n)
		st.good = off
	}
	if st == nil {
		return nil
	}
	st.unhold(opts)
	st.lost = int64(len(data)) - off
	st.why = why
	return st
}

// apply applies one record to st (nil before the snapshot).
func (st *replayed) apply(rec *journalRecord, opts a2ui.Options) (*replayed, error) {
	if rec.Snapshot != nil {
		s := rec.Snapshot
		next := &replayed{
			canvasID: s.CanvasID, saved: s.Saved, seq: s.Seq, dropped: s.Dropped,
			queue: append([]journalAction(nil), s.Queue...), nextAction: s.NextAction, webPort: s.WebPort,
		}
		opts = fetchedBefore(opts, s.PictureHosts)
		c, err := a2ui.New(opts).Restore(next.holdSaved(s.Canvas, opts))
		if err != nil {
			return nil, err
		}
		next.canvas = c
		// Those the last hub held are restored once the records after
		// the snapshot are read: one may make a surface that replaces
		// them.
		next.held = append(next.held, s.Held...)
		for _, e := range s.Transcript {
			next.addEntry(e)
		}
		if st != nil {
			next.records = st.records
		}
		return next, nil
	}
	if st == nil {
		return nil, errors.New("the journal does not start with a snapshot")
	}
	switch {
	case rec.Show != nil:
		show := st.holdShow(rec.Show, opts)
		if len(show) == 0 {
			break
		}
		c, _, err := st.canvas.ApplyJSON(show)
		if err != nil {
			return nil, err
		}
		st.canvas = c
	case rec.Set != nil && st.heldOf(rec.Set.SurfaceID) != nil:
		hs := st.heldOf(rec.Set.SurfaceID)
		hs.Records = append(hs.Records, journalRecord{Set: rec.Set})
	case rec.Call != nil && st.heldOf(rec.Call.SurfaceID) != nil:
		hs := st.heldOf(rec.Call.SurfaceID)
		hs.Records = append(hs.Records, journalRecord{Call: rec.Call})
	case rec.Set != nil:
		var v any
		if err := json.Unmarshal(rec.Set.Value, &v); err != nil {
			return nil, fmt.Errorf("a recorded value: %w", err)
		}
		c, err := st.canvas.SetValue(rec.Set.SurfaceID, rec.Set.NodeID, v)
		if err != nil {
			return nil, err
		}
		st.canvas = c
	case rec.Call != nil:
		c, err := st.canvas.StartSavedCall(*rec.Call)
		if err != nil {
			return nil, err
		}
		st.canvas = c
	case rec.Ended != nil:
		c, err := st.canvas.EndCalls(rec.Ended)
		if err != nil {
			return nil, err
		}
		st.canvas = c
	case rec.Entry != nil:
		if rec.Entry.Seq <= st.seq {
			return nil, fmt.Errorf("transcript entry %d after %d", rec.Entry.Seq, st.seq)
		}
		st.seq = rec.Entry.Seq
		st.saved = rec.Entry.Time
		st.addEntry(*rec.Entry)
	case rec.Action != nil:
		if rec.Action.ID < st.nextAction {
			return nil, fmt.Errorf("action %d after %d", rec.Action.ID, st.nextAction)
		}
		st.queue = append(st.queue, *rec.Action)
		st.nextAction = rec.Action.ID + 1
	case rec.Handed != 0:
		for i := range st.queue {
			if st.queue[i].ID == rec.Handed {
				st.queue[i].Handed = true
				break
			}
		}
	case rec.Taken != 0:
		for i, a := range st.queue {
			if a.ID == rec.Taken {
				st.queue = append(st.queue[:i:i], st.queue[i+1:]...)
				break
			}
		}
	case rec.WebPort != 0:
		st.webPort = rec.WebPort
	default:
		return nil, errors.New("an empty record")
	}
	return st, nil
}

// addEntry adds e to the tail, dropping the oldest beyond the journal's
// bounds.
func (st *replayed) addEntry(e Entry) {
	st.transcript = append(st.transcript, e)
	st.tbytes += len(e.Text)
	drop := 0
	for len(st.transcript)-drop > journalTranscript || (st.tbytes > journalTranscriptBytes && len(st.transcript)-drop > 1) {
		st.tbytes -= len(st.transcript[drop].Text)
		drop++
	}
	if drop > 0 {
		st.dropped += uint64(drop)
		st.transcript = append(st.transcript[:0:0], st.transcript[drop:]...)
	}
}

// journal writes a hub's changes to its file. Its methods are called
// with the board's lock held (records of the canvas and the transcript,
// compaction) or not (actions taken): the journal's own lock orders the
// writes, and is always taken after the board's.
type journal struct {
	mu   sync.Mutex
	path string
	f    *os.File
	// size is the file's length, snapSize its snapshot's.
	size, snapSize int64
	canvasID       string
	webPort        int
	// queue holds the actions not taken, oldest first; ids numbers the
	// actions the hub holds.
	queue []journalAction
	ids   map[*a2ui.UserAction]uint64
	next  uint64
	// tail is the transcript's tail as the journal keeps it.
	tail replayed
	// held are the surfaces the hub holds, not drawn, which each
	// snapshot keeps until the agent makes one of the same id.
	held []heldSurface
	// failed is the first error writing: the journal stops, and the
	// person is told once (onFail, called without the journal's lock).
	failed error
	onFail func(error)
	buf    []byte
	// lock is held while the hub lives (UseJournal); found is how
	// UseJournal found the disk, for Abandon.
	lock  *os.File
	found *journalFound
	// steps, when not nil, is told each step of a compaction as it is
	// done (tests copy the files there, as a crash would leave them).
	steps func(step string)
}

// record writes one change; b's lock is held. A change that ends the
// journal's slack compacts it.
func (j *journal) record(b *Board, c Change) {
	j.mu.Lock()
	var rec journalRecord
	switch {
	case c.entry != nil:
		rec.Entry = c.entry
		j.tail.addEntry(*c.entry)
	case c.Show != nil:
		rec.Show = c.Show
	case c.Set != nil:
		rec.Set = c.Set
	case c.Call != nil:
		rec.Call = c.Call
	case c.Ended != nil:
		rec.Ended = c.Ended
	case c.action != nil:
		// The action keeps the ID the board gave it, which the agent
		// reads as its actionId.
		ja := journalAction{
			ID: max(c.action.ID, j.next), Name: c.action.Name, SurfaceID: c.action.SurfaceID, Source: c.source,
			Message: c.message, Model: c.action.ClientDataModel(), Protocol: c.action.Protocol,
		}
		if ja.Message == nil {
			ja.Message = c.action.Message()
		}
		j.next = ja.ID + 1
		j.ids[c.action] = ja.ID
		j.queue = append(j.queue, ja)
		rec.Action = &ja
	default:
		j.mu.Unlock()
		return
	}
	err := j.writeLocked(&rec)
	if err == nil && j.size-j.snapSize > max(j.snapSize, journalSlack) {
		err = j.compactLocked(b, true)
	}
	fail := j.failLocked(err)
	j.mu.Unlock()
	if fail != nil {
		go fail()
	}
}

// handed records that action a was handed to an agent for the first
// time, so that a hub started again from the journal hands it out
// marked redelivered.
func (j *journal) handed(a *a2ui.UserAction) {
	j.mu.Lock()
	id, ok := j.ids[a]
	if !ok {
		j.mu.Unlock()
		return
	}
	for i := range j.queue {
		if j.queue[i].ID == id {
			j.queue[i].Handed = true
			break
		}
	}
	fail := j.failLocked(j.writeLocked(&journalRecord{Handed: id}))
	j.mu.Unlock()
	if fail != nil {
		go fail()
	}
}

// taken records that the agent took action a.
func (j *journal) taken(a *a2ui.UserAction) {
	j.mu.Lock()
	id, ok := j.ids[a]
	if !ok {
		j.mu.Unlock()
		return
	}
	delete(j.ids, a)
	for i, x := range j.queue {
		if x.ID == id {
			j.queue = append(j.queue[:i:i], j.queue[i+1:]...)
			break
		}
	}
	fail := j.failLocked(j.writeLocked(&journalRecord{Taken: id}))
	j.mu.Unlock()
	if fail != nil {
		go fail()
	}
}

// setWebPort records the web mirror's port, for the next hub to listen
// on again.
func (j *journal) setWebPort(port int) {
	j.mu.Lock()
	j.webPort = port
	fail := j.failLocked(j.writeLocked(&journalRecord{WebPort: port}))
	j.mu.Unlock()
	if fail != nil {
		go fail()
	}
}

// failLocked keeps the first error and returns what tells the person.
func (j *journal) failLocked(err error) func() {
	if err == nil || j.failed != nil {
		return nil
	}
	j.failed = err
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
	fn := j.onFail
	if fn == nil {
		return nil
	}
	return func() { fn(err) }
}

func (j *journal) writeLocked(rec *journalRecord) error {
	if j.f == nil {
		return nil // closed, or failed already
	}
	payload, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("journal record: %w", err)
	}
	j.buf = frameRecord(j.buf[:0], payload)
	n, err := j.f.Write(j.buf)
	j.size += int64(n)
	return err
}

// snapshotLocked is the state to start a journal with; b's lock is held.
func (j *journal) snapshotLocked(b *Board) *journalSnapshot {
	held := j.held[:0:0]
	for _, hs := range j.held {
		if b.canvas.Surface(hs.ID) == nil {
			held = append(held, hs)
		}
	}
	j.held = held
	return &journalSnapshot{
		CanvasID: j.canvasID, Saved: b.now(), Canvas: b.canvas.Save(),
		Transcript: j.tail.transcript, Seq: b.seq, Dropped: j.tail.dropped,
		Queue: j.queue, NextAction: j.next, WebPort: j.webPort, Held: held,
		PictureHosts: pictureHosts(b.canvas.Options()),
	}
}

// compactLocked replaces the journal with one that starts with a
// snapshot of the current state: written beside it, synced, the journal
// it replaces kept as the previous generation when keep says it is one
// (see keepPrevious), renamed over it, and the directory synced. b's
// lock is held.
func (j *journal) compactLocked(b *Board, keep bool) error {
	payload, err := json.Marshal(&journalRecord{Snapshot: j.snapshotLocked(b)})
	if err != nil {
		return fmt.Errorf("journal snapshot: %w", err)
	}
	f, size, err := writeJournalFile(j.path, frameRecord(nil, payload), func() error {
		j.step("new synced")
		if !keep {
			return nil
		}
		if err := keepPrevious(j.path, j.f); err != nil {
			return err
		}
		j.step("previous kept")
		return nil
	})
	if err != nil {
		return err
	}
	j.step("renamed")
	if j.f != nil {
		j.f.Close()
	}
	j.f, j.size, j.snapSize = f, size, size
	return nil
}

// step tells a test which step of a compaction was just done.
func (j *journal) step(name string) {
	if j.steps != nil {
		j.steps(name)
	}
}

// keepPrevious makes the journal at path the previous generation,
// path.prev, replacing the one there: synced first (f is the journal
// open for appending, or nil), so that a machine that crashes keeps it
// whole, then linked, or copied where the file system has no links.
func keepPrevious(path string, f *os.File) error {
	if f == nil {
		var err error
		if f, err = os.OpenFile(path, os.O_RDWR, 0); err != nil {
			return err
		}
		defer f.Close()
	}
	if err := f.Sync(); err != nil {
		return err
	}
	prev := path + ".prev"
	if err := os.Remove(prev); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if os.Link(path, prev) == nil {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	c, _, err := writeJournalFile(prev, data, nil)
	if err != nil {
		return err
	}
	return c.Close()
}

// writeJournalFile makes the file at path hold data, atomically, and
// returns it open for appending: written beside it (path.new), synced,
// renamed over it, and the directory synced. beforeRename, when not nil,
// runs once the new file is synced; its error stops the write.
func writeJournalFile(path string, data []byte, beforeRename func() error) (*os.File, int64, error) {
	tmp := path + ".new"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, 0, err
	}
	fail := func(err error) (*os.File, int64, error) {
		f.Close()
		os.Remove(tmp)
		return nil, 0, err
	}
	if err := f.Chmod(0o600); err != nil {
		return fail(err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if beforeRename != nil {
		if err := beforeRename(); err != nil {
			return fail(err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return f, int64(len(data)), nil
}

// close syncs and closes the journal, and removes its lock file; later
// changes are not written.
func (j *journal) close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if l := j.lock; l != nil {
		j.lock = nil
		defer statedir.UnlockFile(l, j.path+".lock")
	}
	if j.f == nil {
		return nil
	}
	err := j.f.Sync()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	j.f = nil
	return err
}

// abandon closes the journal and leaves the disk as UseJournal found it
// (Hub.Abandon).
func (j *journal) abandon() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
	j.failed = errors.New("abandoned") // nothing more is written
	var err error
	if j.found != nil {
		err = j.found.undo()
	}
	if l := j.lock; l != nil {
		j.lock = nil
		j.found.unlock(l)
	}
	return err
}

// journalFound is how UseJournal found the files of a journal at path,
// for a refused start to leave them so.
type journalFound struct {
	path string
	// lockCreated says path.lock was not there.
	lockCreated bool
	// journal is the journal at path as it was found, put back when
	// written (UseJournal went on to write it afresh); prev is
	// path.prev, put back when prevChanged.
	journal, prev        foundFile
	written, prevChanged bool
	// damagedWritten says path.damaged was written; damagedThere that
	// one was there before, holding damaged.
	damagedWritten, damagedThere bool
	damaged                      []byte
}

// foundFile is a file as UseJournal found it: there or not, what it
// held, its permissions and when it was last written.
type foundFile struct {
	there bool
	data  []byte
	mode  os.FileMode
	mtime time.Time
}

// findFile notes the file at path as it is.
func findFile(path string) (foundFile, error) {
	data, fi, err := readJournalFile(path)
	if err != nil || fi == nil {
		return foundFile{}, err
	}
	return foundFile{there: true, data: data, mode: fi.Mode().Perm(), mtime: fi.ModTime()}, nil
}

// putBack makes the file at path what it was found: none, or the bytes
// it held, with its permissions and time.
func (ff foundFile) putBack(path string) error {
	if !ff.there {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	f, _, err := writeJournalFile(path, ff.data, nil)
	if err != nil {
		return err
	}
	err = f.Chmod(ff.mode)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chtimes(path, time.Time{}, ff.mtime)
	}
	return err
}

// keepDamaged writes data to the damaged journal's file at path, after
// noting what that file held.
func (fd *journalFound) keepDamaged(path string, data []byte) error {
	old, err := os.ReadFile(path)
	switch {
	case err == nil:
		fd.damagedThere, fd.damaged = true, old
	case !errors.Is(err, os.ErrNotExist):
		return err
	}
	fd.damagedWritten = true
	return os.WriteFile(path, data, 0o600)
}

// undo puts the journal, its previous generation and its damaged copy
// back as they were found.
func (fd *journalFound) undo() error {
	var errs []error
	if fd.damagedWritten {
		d := fd.path + ".damaged"
		if fd.damagedThere {
			errs = append(errs, os.WriteFile(d, fd.damaged, 0o600))
		} else if err := os.Remove(d); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if fd.written {
		errs = append(errs, fd.journal.putBack(fd.path))
	}
	if fd.prevChanged {
		errs = append(errs, fd.prev.putBack(fd.path+".prev"))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("a2term journal: putting %s back as it was: %w", fd.path, err)
	}
	return nil
}

// unlock lets the journal's lock l go, removing the lock file when
// UseJournal created it.
func (fd *journalFound) unlock(l *os.File) {
	if fd.lockCreated {
		statedir.UnlockFile(l, fd.path+".lock")
		return
	}
	l.Close()
}

// readJournalFile reads the journal at path, and returns what its file
// is: nil, nil, nil when there is none.
func readJournalFile(path string) ([]byte, os.FileInfo, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s is not a regular file", path)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, nil, fmt.Errorf("%s is open to others (mode %o); it is not read", path, fi.Mode().Perm())
	}
	if uid, ok := statedir.FileOwner(fi); ok && uid != os.Getuid() {
		return nil, nil, fmt.Errorf("%s belongs to another user; it is not read", path)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, fi, nil
}

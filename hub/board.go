package hub

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// The transcript kept in memory is bounded by entries and by bytes of
// text; the oldest entries go first, and snapshots say how many went
// (Snapshot.Dropped), which views show as a mark at the top.
const (
	// MaxTranscript is how many entries are kept (a few more for a while:
	// the transcript is trimmed in chunks).
	MaxTranscript = 2000
	// MaxTranscriptBytes bounds the text kept, all entries together.
	MaxTranscriptBytes = 4 << 20
)

// Board holds one canvas and its transcript, turns intents into canvas
// changes and actions, and tells views when anything changed. It is the
// state every view shares; the hub adds agents and the action queue on
// top of it.
//
// Two locks keep it. A change of the canvas (a batch shown, a value set)
// and a press, which builds its action from the canvas, hold wmu from
// start to end, so they happen one at a time, in the order they came;
// each computes what follows from the canvas holding wmu alone, however
// long decoding and evaluating take, since a canvas never changes (a
// change makes a new one). mu guards everything else, and is held only
// for moments: to swap the next canvas in, to record the change (the
// transcript, the changes views follow, the journal), to notify, and by
// every reader. So a batch that takes seconds to apply delays the
// changes after it, never a snapshot, a transcript line or a status.
type Board struct {
	// wmu makes the changes of the canvas, and presses, one at a time
	// (taken before mu, never while holding it).
	wmu sync.Mutex
	// computing, when set (tests only), is called by every change of
	// the canvas and every press while it computes, holding only wmu.
	computing func()

	mu         sync.Mutex
	canvas     *a2ui.Canvas
	pictures   Pictures // the remote pictures' bytes, or nil
	transcript []Entry
	tbytes     int    // text bytes in transcript
	seq        uint64 // of the newest entry
	dropped    uint64 // entries no longer kept
	status     Status
	now        func() time.Time
	subs       map[chan struct{}]struct{}
	// onAction receives each action the person fires; lastAction is the
	// ID of the last one (see a2ui.UserAction.ID).
	onAction   func(a *a2ui.UserAction, source Source)
	lastAction uint64
	// changes are the latest canvas changes, oldest first, and
	// changesFrom the canvas version before the first of them: what a
	// view in another process applies to its copy of the canvas.
	changes      []Change
	changesBytes int
	changesFrom  uint64
	// changesDead is about what the changes dropped from the front of
	// changes, which its array may still hold, weigh.
	changesDead int
	// record, when set, is called with every accepted change, under the
	// board's lock (the journal).
	record func(Change)
}

// current returns the canvas; a caller holding wmu has the one that stays
// current until it lets wmu go.
func (b *Board) current() *a2ui.Canvas {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.canvas
}

// compute runs the computing hook, when a test set one.
func (b *Board) compute() {
	if b.computing != nil {
		b.computing()
	}
}

// The canvas changes a board keeps for views in other processes: a view
// that fell further behind is sent the whole canvas instead.
const (
	maxChanges      = 512
	MaxChangesBytes = 8 << 20
)

// Change is one accepted change of the canvas, or of the transcript: a
// batch shown, a value the person set, a v1.0 call of the agent's
// function that a press started (Call) or whose deadline ended it
// (Ended, by functionCallId), or an entry. Version is the canvas version
// after it.
type Change struct {
	Version uint64            `json:"version"`
	Show    []json.RawMessage `json:"show,omitempty"`
	Set     *SetChange        `json:"set,omitempty"`
	Call    *a2ui.SavedCall   `json:"call,omitempty"`
	Ended   []string          `json:"ended,omitempty"`
	// Key is the idempotency key the show came with, if any.
	Key string `json:"key,omitempty"`
	// entry is a transcript entry, action an action of the person from
	// source, or a message a batch has for the agent when message is set
	// (the journal's only: views read entries from snapshots, and the
	// queue is the hub's).
	entry   *Entry
	action  *a2ui.UserAction
	source  Source
	message json.RawMessage
}

// SetChange is a value the person set.
type SetChange struct {
	SurfaceID string          `json:"surfaceId"`
	NodeID    string          `json:"nodeId"`
	Value     json.RawMessage `json:"value"`
}

// IntentValue is a value a view set, as JSON: what the same SetValue is
// given again, decoded, by a view in another process or a restore.
func IntentValue(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return b
}

// Size is about what a change weighs in memory.
func (c *Change) Size() int {
	n := 64
	for _, r := range c.Show {
		n += len(r)
	}
	if c.Set != nil {
		n += len(c.Set.SurfaceID) + len(c.Set.NodeID) + len(c.Set.Value)
	}
	if c.Call != nil {
		n += len(c.Call.FunctionCallID) + len(c.Call.SurfaceID) + len(c.Call.NodeID) + len(c.Call.Call) + len(c.Call.CatalogID) + len(c.Call.Args)
	}
	for _, id := range c.Ended {
		n += len(id)
	}
	return n
}

// keepLocked records a canvas change for views, and for the journal.
func (b *Board) keepLocked(c Change) {
	if b.record != nil {
		b.record(c)
	}
	b.changes = append(b.changes, c)
	b.changesBytes += c.Size()
	drop := 0
	for len(b.changes)-drop > maxChanges || (b.changesBytes > MaxChangesBytes && len(b.changes)-drop > 1) {
		b.changesBytes -= b.changes[drop].Size()
		drop++
	}
	if drop > 0 {
		// Dropped changes are sliced off the front: copying the kept
		// ones at every change would cost what the history holds. The
		// array is never written below len (views read the slices
		// changesSinceLocked hands out), so the kept ones are copied to
		// a new one only once the dropped ones weigh enough; append
		// leaves them behind too whenever it grows the array.
		for i := range drop {
			b.changesDead += b.changes[i].Size()
		}
		b.changesFrom = b.changes[drop-1].Version
		b.changes = b.changes[drop:]
		if b.changesDead > MaxChangesBytes/4 {
			b.changes = append(make([]Change, 0, len(b.changes)+maxChanges/4), b.changes...)
			b.changesDead = 0
		}
	}
}

// changesSinceLocked returns the canvas changes after version v, or false
// when some of them are no longer kept. Every change of the canvas is
// kept, one version each: changesFrom+len(changes) is the canvas's
// version.
func (b *Board) changesSinceLocked(v uint64) ([]Change, bool) {
	if v < b.changesFrom || v-b.changesFrom > uint64(len(b.changes)) {
		return nil, false
	}
	return b.changes[v-b.changesFrom : len(b.changes) : len(b.changes)], true
}

// NewBoard returns an empty board. now may be nil (time.Now).
func NewBoard(opts a2ui.Options, now func() time.Time) *Board {
	if now == nil {
		now = time.Now
	}
	return &Board{canvas: a2ui.New(opts), now: now, subs: map[chan struct{}]struct{}{}}
}

// OnAction sets the function that receives the actions the person fires
// (the hub's queue). It is called with the board unlocked.
func (b *Board) OnAction(fn func(a *a2ui.UserAction, source Source)) {
	b.mu.Lock()
	b.onAction = fn
	b.mu.Unlock()
}

// Snapshot implements View.
func (b *Board) Snapshot() Snapshot {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.snapshotLocked()
}

// lastSeq is the number of the newest transcript entry.
func (b *Board) lastSeq() uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.seq
}

func (b *Board) snapshotLocked() Snapshot {
	tr := b.transcript
	dropped := b.dropped
	if over := len(tr) - MaxTranscript; over > 0 {
		tr = tr[over:]
		dropped += uint64(over)
	}
	return Snapshot{Canvas: b.canvas, Transcript: tr[:len(tr):len(tr)], Dropped: dropped, Status: b.status, Pictures: b.pictures}
}

// usePictures has the board's snapshots carry p, its status say where
// pictures come from, and its views told when a fetch ends.
func (b *Board) usePictures(p Pictures) {
	b.mu.Lock()
	b.pictures = p
	b.status.PictureHosts = strings.Join(p.Hosts(), ", ")
	b.mu.Unlock()
	p.Watch(func() { b.SetStatus(func(s *Status) { s.Pictures++ }) })
}

// Subscribe implements View.
func (b *Board) Subscribe() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	b.mu.Lock()
	b.subs[ch] = struct{}{}
	b.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs, ch)
			b.mu.Unlock()
		})
	}
}

// notify signals every subscriber without blocking: a full channel
// already holds a signal, which is all a coalescing reader needs.
func (b *Board) notify() {
	for ch := range b.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// Show applies a batch of messages, all or none, and records it in the
// transcript in the hub's words.
func (b *Board) Show(raws []json.RawMessage) (*a2ui.Canvas, []a2ui.Warning, error) {
	return b.show(raws, "", nil)
}

// show is Show with the idempotency key the batch came with. The batch is
// decoded and applied holding wmu alone; mu is taken only to record the
// outcome. then, when set, is called with the new canvas before wmu is let
// go, so that what it queues for the agent (the answers to the agent's
// calls in the batch) comes before any press on what the batch shows.
func (b *Board) show(raws []json.RawMessage, key string, then func(*a2ui.Canvas)) (*a2ui.Canvas, []a2ui.Warning, error) {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	cur := b.current()
	b.compute()
	next, warns, err := cur.ApplyJSON(raws)
	if err != nil {
		text := "→ show refused: " + refusalText(err, len(raws))
		b.mu.Lock()
		b.addLocked(RoleEvent, text)
		b.notify()
		b.mu.Unlock()
		return cur, nil, err
	}
	text := describeShow(cur, next, raws)
	b.mu.Lock()
	b.addLocked(RoleEvent, text)
	b.canvas = next
	b.keepLocked(Change{Version: next.Version(), Show: raws, Key: key})
	b.notify()
	b.mu.Unlock()
	if then != nil {
		then(next)
	}
	return next, warns, nil
}

// refusalText words a refused show of n messages for the transcript: a
// batch of one message does not number it (its index, 0, would read as
// a count from wherever the messages came from).
func refusalText(err error, n int) string {
	var e *a2ui.Error
	if n == 1 && errors.As(err, &e) && e.Index == 0 {
		one := *e
		one.Index = -1
		return one.Error()
	}
	return err.Error()
}

// describeShow words a show for the transcript: "→ show main: 14 components".
// A batch that answers calls of the agent's functions (v1.0) says so,
// "→ the agent answered verifyProvider", and names the surfaces it
// changed only when it held more than the answers: a button that stops
// waiting is not a show of its surface.
func describeShow(before, after *a2ui.Canvas, raws []json.RawMessage) string {
	var parts []string
	for _, s := range after.Surfaces() {
		if old := before.Surface(s.ID()); old != nil && old.Version() == s.Version() {
			continue
		}
		parts = append(parts, s.ID()+": "+Plural(s.ComponentCount(), "component", "components"))
	}
	for _, s := range before.Surfaces() {
		if after.Surface(s.ID()) == nil {
			parts = append(parts, s.ID()+": deleted")
		}
	}
	var answered []string
	for _, a := range before.Calls() {
		if !slices.ContainsFunc(after.Calls(), func(b *a2ui.AgentCall) bool { return b.FunctionCallID == a.FunctionCallID }) {
			answered = append(answered, a.Call)
		}
	}
	if len(answered) > 0 {
		slices.Sort(answered)
		text := "→ the agent answered " + strings.Join(answered, ", ")
		if len(raws) > len(answered) && len(parts) > 0 {
			text += "; show " + strings.Join(parts, ", ")
		}
		return text
	}
	if len(parts) == 0 {
		return "→ show: " + Plural(len(raws), "message", "messages") + ", nothing changed"
	}
	return "→ show " + strings.Join(parts, ", ")
}

// Append adds a line of a2term's own to the transcript (its events and
// notes); text is sanitized here. Views mark these lines as a2term's: only
// code of a2term calls Append, never with text an agent chose as a whole.
func (b *Board) Append(role Role, text string) {
	b.AppendFrom(FromA2term, role, text)
}

// AppendUnjournaled is Append for a line the journal must not keep: one
// that holds a one-time link of the web mirror, a secret until it is used
// and meaningless to the next a2term.
func (b *Board) AppendUnjournaled(role Role, text string) {
	b.mu.Lock()
	rec := b.record
	b.record = nil
	b.addFromLocked(FromA2term, role, text)
	b.record = rec
	b.notify()
	b.mu.Unlock()
}

// AppendOutput adds a line a child process wrote on its standard output
// (or its standard error) to the transcript, marked as the child's.
func (b *Board) AppendOutput(stderr bool, text string) {
	from := FromStdout
	if stderr {
		from = FromStderr
	}
	b.AppendFrom(from, RoleTool, text)
}

// AppendFrom adds an entry written by from.
func (b *Board) AppendFrom(from From, role Role, text string) {
	b.mu.Lock()
	b.addFromLocked(from, role, text)
	b.notify()
	b.mu.Unlock()
}

func (b *Board) addLocked(role Role, text string) { b.addFromLocked(FromA2term, role, text) }

func (b *Board) addFromLocked(from From, role Role, text string) {
	b.seq++
	e := Entry{Seq: b.seq, Time: b.now(), Role: role, From: from, Text: a2ui.SanitizeText(text)}
	b.addEntryLocked(e)
}

// addEntryLocked adds e, numbered already, to the transcript.
func (b *Board) addEntryLocked(e Entry) {
	if b.record != nil {
		b.record(Change{entry: &e})
	}
	b.transcript = append(b.transcript, e)
	b.tbytes += len(e.Text)
	// Trim in chunks, so that a full transcript does not copy itself on
	// every line; snapshots hold the old slices, which are never changed.
	if len(b.transcript) <= MaxTranscript+MaxTranscript/4 && b.tbytes <= MaxTranscriptBytes {
		return
	}
	tr := b.transcript
	keep, bytes := len(tr), b.tbytes
	for i := 0; keep > 1 && (keep > MaxTranscript || bytes > MaxTranscriptBytes*3/4); i++ {
		keep--
		bytes -= len(tr[i].Text)
		b.dropped++
	}
	b.transcript = append(make([]Entry, 0, keep+MaxTranscript/4), tr[len(tr)-keep:]...)
	b.tbytes = bytes
}

// SetStatus replaces what the status line reports.
func (b *Board) SetStatus(fn func(*Status)) {
	b.mu.Lock()
	fn(&b.status)
	b.notify()
	b.mu.Unlock()
}

// Press implements View: the canvas builds the action from its own copy of
// the button; the transcript records it with the person's inputs.
func (b *Board) Press(source Source, surfaceID, nodeID string, version uint64) error {
	return b.press(source, surfaceID, nodeID, version, nil)
}

// press is Press asking admit, with mu not held, whether an action for
// the agent may go on (the hub's queue may be full). A v0.9 button that
// runs a function where the person is (openUrl) makes no action: the
// transcript records it and nothing goes to the agent. The press holds
// wmu until it is recorded: its action is built after the changes that
// came before it, and recorded before the ones after it.
func (b *Board) press(source Source, surfaceID, nodeID string, version uint64, admit func() error) error {
	b.wmu.Lock()
	a, secrets, err := b.pressAction(surfaceID, nodeID, version)
	if err == nil && !a.Local && admit != nil {
		err = admit()
	}
	if err != nil {
		b.wmu.Unlock()
		return err
	}
	var text string
	switch {
	case a.Local:
		text = describeLocal(a, source)
	case a.AgentCall != nil:
		text = fmt.Sprintf("← the person pressed a button on %s (%s) that asks the agent for %s; it waits for the answer until %s", a.SurfaceID, source, a.Name, a2ui.DeadlineText(a.AgentCall, b.current().Options().Location))
	default:
		text = describeAction(a, source, secrets)
	}
	var waiting *a2ui.Canvas
	if a.AgentCall != nil {
		// The button shows the call waiting until the answer comes
		// (v1.0); the canvas changes only for that.
		if waiting, err = b.current().StartCall(a.AgentCall); err != nil {
			b.wmu.Unlock()
			return err
		}
	}
	b.mu.Lock()
	if waiting != nil {
		// Recorded as a change of its own, before the action: a view in
		// another process, and a journal read back, make the same
		// waiting canvas from it, and take the answer on it.
		b.canvas = waiting
		saved := a.AgentCall.Save()
		b.keepLocked(Change{Version: waiting.Version(), Call: &saved})
	}
	if !a.Local {
		b.lastAction++
		a.ID = b.lastAction
	}
	if b.record != nil && !a.Local {
		b.record(Change{action: a, source: source})
	}
	b.addLocked(RoleEvent, text)
	fn := b.onAction
	b.notify()
	b.mu.Unlock()
	b.wmu.Unlock()
	if fn != nil && !a.Local {
		fn(a, source)
	}
	return nil
}

// pressAction builds the action of a press from the current canvas, and
// returns what the person typed into the surface's obscured fields; wmu
// is held.
func (b *Board) pressAction(surfaceID, nodeID string, version uint64) (*a2ui.UserAction, map[string]bool, error) {
	cur := b.current()
	b.compute()
	a, err := cur.Press(surfaceID, nodeID, version, b.now())
	if err != nil || a.Local {
		return a, nil, err
	}
	return a, obscuredValues(cur.Surface(surfaceID)), nil
}

// ExpireCalls ends the calls of the agent's functions whose deadline
// passed: their buttons take presses again, and the transcript says the
// agent did not answer.
func (b *Board) ExpireCalls() {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	next, gone := b.current().ExpireCalls(b.now())
	if len(gone) == 0 {
		return
	}
	ids := make([]string, len(gone))
	for i, a := range gone {
		ids[i] = a.FunctionCallID
	}
	b.mu.Lock()
	b.canvas = next
	b.keepLocked(Change{Version: next.Version(), Ended: ids})
	for _, a := range gone {
		b.addFromLocked(FromA2term, RoleEvent, fmt.Sprintf("… the agent did not answer %s from %s in time; the button takes presses again", a.Call, a.SurfaceID))
	}
	b.notify()
	b.mu.Unlock()
}

// Outbound queues what a v1.0 batch has for the agent (the answer to its
// callRendererFunction, or an error naming the call) as an action of the
// canvas, numbered as the person's are, and records it in the journal
// so that a canvas restored still hands it out. The caller queues it.
func (b *Board) Outbound(o a2ui.Outbound) *a2ui.UserAction {
	a := &a2ui.UserAction{Name: o.Kind + " of " + o.Name, Protocol: a2ui.ProtocolV10}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lastAction++
	a.ID = b.lastAction
	if b.record != nil {
		b.record(Change{action: a, message: o.Message})
	}
	return a
}

// describeLocal words a press that ran a function where the person is.
func describeLocal(a *a2ui.UserAction, source Source) string {
	if a.Name == "openUrl" {
		if a.URL == "" {
			return fmt.Sprintf("← the person pressed a link on %s (%s) whose address is empty", a.SurfaceID, source)
		}
		return fmt.Sprintf("← the person pressed a link on %s (%s): %s is shown for them to open; a2term opens nothing", a.SurfaceID, source, a.URL)
	}
	return fmt.Sprintf("← the person pressed a button on %s (%s) that runs %s; nothing is sent to the agent", a.SurfaceID, source, a.Name)
}

// SetValue implements View. The value is checked and written, and the
// surface evaluated again, holding wmu alone. Where it came from is not
// recorded: values are not events of the transcript.
func (b *Board) SetValue(_ Source, surfaceID, nodeID string, value any) error {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	cur := b.current()
	b.compute()
	next, err := cur.SetValue(surfaceID, nodeID, value)
	if err != nil {
		return err
	}
	set := &SetChange{SurfaceID: surfaceID, NodeID: nodeID, Value: IntentValue(value)}
	b.mu.Lock()
	b.canvas = next
	b.keepLocked(Change{Version: next.Version(), Set: set})
	b.notify()
	b.mu.Unlock()
	return nil
}

// DescribeAction words an action for the transcript:
// "← the person pressed pay on main (web): note="thanks"".
func DescribeAction(a *a2ui.UserAction, source Source) string {
	return describeAction(a, source, nil)
}

// obscuredValues returns what the person typed into the obscured text
// fields of a surface: the transcript is on screen, so those values are
// masked there (the agent still receives them).
func obscuredValues(s *a2ui.Surface) map[string]bool {
	if s == nil || s.Tree() == nil {
		return nil
	}
	var out map[string]bool
	s.Tree().WalkSecrets(func(n *a2ui.Node) bool {
		if out == nil {
			out = map[string]bool{}
		}
		out[n.Props.(*a2ui.TextFieldProps).Text] = true
		return true
	})
	return out
}

// masked returns v with every string in secrets replaced by dots.
func masked(v any, secrets map[string]bool) any {
	switch x := v.(type) {
	case string:
		if secrets[x] {
			return "••••"
		}
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = masked(e, secrets)
		}
		return out
	case *a2ui.Object:
		out := a2ui.NewObject()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out = out.With(k, masked(e, secrets))
		}
		return out
	}
	return v
}

func describeAction(a *a2ui.UserAction, source Source, secrets map[string]bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "← the person pressed %s on %s (%s)", a.Name, a.SurfaceID, source)
	if a.Context != nil && a.Context.Len() > 0 {
		b.WriteString(": ")
		for i, k := range a.Context.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			v, _ := a.Context.Get(k)
			if secrets != nil {
				v = masked(v, secrets)
			}
			b.WriteString(k)
			b.WriteByte('=')
			b.Write(a2ui.MarshalValue(v))
		}
	}
	if msg := a.UserMessage; msg != "" {
		// The v1.0 event's words for the person's history: what the
		// press says in the transcript, with what was typed into an
		// obscured field masked there too.
		// Longest first, so that a value holding another is masked whole.
		keys := slices.SortedFunc(maps.Keys(secrets), func(x, y string) int { return len(y) - len(x) })
		for _, s := range keys {
			if s != "" {
				msg = strings.ReplaceAll(msg, s, "••••")
			}
		}
		b.WriteString(" — “" + msg + "”")
	}
	return b.String()
}

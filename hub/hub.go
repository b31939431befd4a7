package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/a2term/a2term/a2ui"
)

// Limits of the hub beyond the canvas's own (see a2ui's Max constants).
const (
	// MaxQueued is how many actions wait for the agent at most; a press
	// beyond it is refused to the person and reported to the agent.
	MaxQueued = 256
	// MaxWait is the longest one canvas.wait may wait.
	MaxWait = 600 * time.Second
	// MaxViewers is how many web pages may watch at once.
	MaxViewers = 4
)

// Queued is an action waiting for the agent, with the view it came from.
type Queued struct {
	Action *a2ui.UserAction
	Source Source
	// handed counts the times the action was handed to an agent.
	handed int
	// message and model are what the agent is given for an action
	// restored from a journal (Action then holds only its name and
	// surface); nil for the others, whose Action makes them.
	message, model json.RawMessage
}

// Hub is the one place a2term's state lives: the board (canvas and
// transcript) every view draws, and the single queue of the person's
// actions that agents read with Wait. Every action from any view lands in
// the queue once and is delivered exactly once, oldest first; concurrent
// waits each get a different action.
//
// A Hub implements View; all its methods are safe for concurrent use.
type Hub struct {
	board *Board

	// pressMu makes presses one at a time, so the queue holds actions
	// in the order the transcript records them.
	pressMu sync.Mutex

	mu         sync.Mutex
	queue      []Queued
	waiters    []chan Queued
	overflowed int // presses refused for a full queue, not yet reported to an agent
	closed     bool
	held       bool // actions stay in the queue (Hold)

	// id names the canvas (canvas.info's canvasId).
	id string
	// restored says the canvas was restored from a journal, and notice
	// what a terminal showing it anew is told about that.
	restored bool
	notice   string
	// watching counts the views that show the canvas, terminals the ones
	// attached over the view channel; unwatchedSeq and unwatchedAt are
	// where the transcript was, and when, once no one watched.
	watching     int
	terminals    int
	unwatchedSeq uint64
	unwatchedAt  time.Time
	// link makes a one-time link of the web mirror, when there is one.
	link func() (string, int)
	// talk carries the person's words to the agent, where the transport
	// does (SetTalk).
	talk Talker
	// journal writes every accepted change, when the hub keeps one;
	// journalSteps is told each step of its compactions (tests).
	journal      *journal
	journalSteps func(step string)
}

// Options set up a hub.
type Options struct {
	// Lenient accepts non-conformant streams (see a2ui.Options).
	Lenient bool
	// Now is the clock for timestamps; nil is time.Now.
	Now func() time.Time
	// Locale and Location are what v0.9 functions format numbers,
	// currencies and dates with (canvas.info reports them); nil is en-US
	// and UTC, so that a surface shows the same everywhere.
	Locale   *a2ui.Locale
	Location *time.Location
	// Catalogs are the catalog definitions the canvas draws besides its
	// own (see a2ui.CatalogDef); canvas.info advertises them.
	Catalogs []*a2ui.CatalogDef
	// Pictures, when set, fetches the remote pictures of its hosts
	// (--fetch-images): the canvas accepts them, and every view draws
	// them from the bytes it gives (Snapshot.Pictures). Nil: none.
	Pictures Pictures
}

// ErrQueueFull is returned to a view whose press found the queue full.
var ErrQueueFull = &a2ui.Error{
	Code: "queue_full", Index: -1,
	Message: fmt.Sprintf("the agent is not reading its actions (%d are waiting); the press was not sent", MaxQueued),
}

// New returns a hub with an empty canvas.
func New(opts Options) *Hub {
	aopts := a2ui.Options{Lenient: opts.Lenient, Locale: opts.Locale, Location: opts.Location, Catalogs: opts.Catalogs}
	if opts.Pictures != nil {
		aopts.FetchImages = opts.Pictures.Hosts()
	}
	h := &Hub{board: NewBoard(aopts, opts.Now), id: newCanvasID()}
	h.board.OnAction(h.deliver)
	if opts.Pictures != nil {
		h.board.usePictures(opts.Pictures)
	}
	return h
}

// Board returns the hub's board.
func (h *Hub) Board() *Board { return h.board }

// CanvasID names the canvas: a random id given when the canvas is new,
// kept when a hub restores it after a restart, so that an agent that
// reconnects can tell the same canvas from a new one.
func (h *Hub) CanvasID() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.id
}

// newCanvasID returns 128 random bits in hex.
func newCanvasID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// Snapshot implements View, with the queue length in the status.
func (h *Hub) Snapshot() Snapshot {
	s := h.board.Snapshot()
	h.mu.Lock()
	s.Status.Queued = len(h.queue)
	h.mu.Unlock()
	return s
}

// Subscribe implements View.
func (h *Hub) Subscribe() (<-chan struct{}, func()) { return h.board.Subscribe() }

// SetValue implements View.
func (h *Hub) SetValue(source Source, surfaceID, nodeID string, value any) error {
	return h.board.SetValue(source, surfaceID, nodeID, value)
}

// Press implements View: the action goes to the queue, unless the queue
// is full, in which case the press is refused and counted for the agent.
// Presses from all views are taken one at a time, so two views pressing
// at once queue their actions in the order the transcript shows them.
func (h *Hub) Press(source Source, surfaceID, nodeID string, version uint64) error {
	h.pressMu.Lock()
	defer h.pressMu.Unlock()
	return h.board.press(source, surfaceID, nodeID, version, func() error {
		h.mu.Lock()
		if len(h.queue) >= MaxQueued {
			h.overflowed++
			h.mu.Unlock()
			h.board.Append(RoleEvent, fmt.Sprintf("← a press on %s was refused: %d actions are waiting for the agent", surfaceID, MaxQueued))
			return ErrQueueFull
		}
		h.mu.Unlock()
		return nil
	})
}

// deliver hands an action to the oldest waiting call, or queues it.
//
// A call handed an action is let run at once: Go's scheduler would
// otherwise run it on this processor only after the view that pressed has
// redrawn, and the agent's reply is what the person is waiting for. The
// reply then usually goes out before the redraw, which takes about a third
// off the time from a press to the agent.
func (h *Hub) deliver(a *a2ui.UserAction, source Source) {
	if a.AgentCall != nil {
		h.expireAt(a.AgentCall.Deadline)
	}
	h.enqueue(Queued{Action: a, Source: source})
}

// expireAt ends, at deadline, the calls of the agent's functions whose
// deadline it is: their buttons wait until then at most. The deadline is
// on the hub's clock, as ExpireCalls reads it.
func (h *Hub) expireAt(deadline time.Time) {
	time.AfterFunc(deadline.Sub(h.board.now())+time.Millisecond, h.board.ExpireCalls)
}

// enqueue hands q to the oldest waiting call, or queues it.
func (h *Hub) enqueue(q Queued) {
	h.mu.Lock()
	if h.handLocked(q) {
		h.mu.Unlock()
		runtime.Gosched()
		return
	}
	defer h.mu.Unlock()
	h.queue = append(h.queue, q)
	h.board.SetStatus(func(s *Status) { s.Queued = len(h.queue) })
}

// handLocked gives q to the oldest waiting call, if there is one.
func (h *Hub) handLocked(q Queued) bool {
	if len(h.waiters) == 0 || h.held {
		return false
	}
	w := h.waiters[0]
	h.waiters = h.waiters[1:]
	w <- q // buffered, and each waiter is handed at most one action: never blocks
	return true
}

// Hold keeps the person's actions in the queue, out of every wait's
// reach, until Release: the agent cannot answer what was done meanwhile,
// so snapshots and tests see the screen just after the person's keys
// however fast the agent is.
func (h *Hub) Hold() {
	h.mu.Lock()
	h.held = true
	h.mu.Unlock()
}

// Release ends Hold: the queued actions go to the waiting calls, oldest
// first, and later waits take the rest.
func (h *Hub) Release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.held = false
	if len(h.queue) == 0 || len(h.waiters) == 0 {
		return
	}
	for len(h.queue) > 0 && h.handLocked(h.queue[0]) {
		h.queue = h.queue[1:]
	}
	n := len(h.queue)
	h.board.SetStatus(func(s *Status) { s.Queued = n })
}

// Waiting is how many canvas.wait calls are waiting for the person now.
// An agent that waits has done all it had to do with what it was given:
// tests and snapshots take a frame once it waits again (see the
// Subscribe channel, which hears of every new wait).
func (h *Hub) Waiting() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.waiters)
}

// WaitResult is what canvas.wait returns.
type WaitResult struct {
	// Action is the A2UI client-to-server message: {"userAction": …} for
	// a v0.8 surface, {"version": "v0.9", "action": …} for a v0.9 one; or
	// null when the wait timed out.
	Action json.RawMessage `json:"action"`
	// ClientDataModel is, for an action of a v0.9 surface created with
	// sendDataModel, that surface's data model when the button was
	// pressed, as the specification's a2uiClientDataModel metadata:
	// {"version": "v0.9", "surfaces": {id: model}}.
	ClientDataModel json.RawMessage `json:"a2uiClientDataModel,omitempty"`
	// RendererDataModel is the same for a v1.0 surface, in v1.0's name
	// and shape: {"version": "v1.0", "surfaces": {id: model}}. The
	// Action of a v1.0 canvas may also be a callAgentFunction (a press
	// on a button calling a function of the agent's), a
	// rendererFunctionResponse or an error naming a callRendererFunction.
	RendererDataModel json.RawMessage `json:"a2uiRendererDataModel,omitempty"`
	Source            Source          `json:"source,omitempty"`
	TimedOut          bool            `json:"timedOut,omitempty"`
	// Overflowed counts the presses refused since the last wait because
	// the queue was full.
	Overflowed int `json:"overflowed,omitempty"`
	// ActionID names the action for as long as the canvas lives (the
	// journal keeps it), and Redelivered says it was handed to an agent
	// before and not taken: its connection ended before it read it, or
	// a2term stopped before it could tell (then it may have been read).
	// An agent that must not act twice can tell the same press again.
	ActionID    string `json:"actionId,omitempty"`
	Redelivered bool   `json:"redelivered,omitempty"`
}

// Wait returns the oldest queued action, or waits up to d for one. A
// cancelled ctx (the agent went away) ends the wait with ctx's error; an
// action handed to it meanwhile goes back to the front of the queue, and
// the count of refused presses is kept for the next wait, so nothing is
// lost.
func (h *Hub) Wait(ctx context.Context, d time.Duration) (WaitResult, error) {
	res, q, err := h.Take(ctx, d, nil)
	h.Taken(q)
	return res, err
}

// Take is Wait that also returns the action it handed out, so that a
// caller which cannot pass the result on (the agent's connection broke
// before the reply was written) can give it back with GiveBack, and
// that does not record the action as taken: the caller calls Taken once
// the action has reached the agent. A wait also ends, as timed out, when
// stop is closed (the server is shutting down).
func (h *Hub) Take(ctx context.Context, d time.Duration, stop <-chan struct{}) (WaitResult, *Queued, error) {
	if d < 0 || d > MaxWait {
		return WaitResult{}, nil, &a2ui.Error{
			Code: a2ui.CodeBadValue, Index: -1,
			Message: fmt.Sprintf("seconds must be between 0 and %d", int(MaxWait/time.Second)),
		}
	}
	if err := ctx.Err(); err != nil {
		return WaitResult{}, nil, err
	}
	h.mu.Lock()
	over := h.overflowed
	h.overflowed = 0
	timedOut := WaitResult{Action: json.RawMessage("null"), TimedOut: true, Overflowed: over}
	if len(h.queue) > 0 && !h.held {
		q := h.queue[0]
		h.queue = h.queue[1:]
		n := len(h.queue)
		h.mu.Unlock()
		h.board.SetStatus(func(s *Status) { s.Queued = n })
		return h.result(&q, over), &q, nil
	}
	if d == 0 || h.closed || isClosed(stop) {
		h.mu.Unlock()
		return timedOut, nil, nil
	}
	ch := make(chan Queued, 1)
	h.waiters = append(h.waiters, ch)
	// Recorded before the wait can be seen (Waiting) or handed an action,
	// so that the transcript always has it before what follows.
	h.board.Append(RoleEvent, fmt.Sprintf("… waiting for the person (up to %s)", seconds(d)))
	h.mu.Unlock()

	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case q, ok := <-ch:
		return h.received(ctx, q, ok, timedOut)
	case <-timer.C:
	case <-ctx.Done():
	case <-stop:
	}
	// Leave the line; an action that arrived in the meantime is ours.
	h.mu.Lock()
	for i, w := range h.waiters {
		if w == ch {
			h.waiters = append(h.waiters[:i:i], h.waiters[i+1:]...)
			break
		}
	}
	h.mu.Unlock()
	select {
	case q, ok := <-ch:
		return h.received(ctx, q, ok, timedOut)
	default:
	}
	if err := ctx.Err(); err != nil {
		h.GiveBack(nil, over, "")
		return WaitResult{}, nil, err
	}
	if !isClosed(stop) {
		h.board.Append(RoleEvent, "… no answer within "+seconds(d))
	}
	return timedOut, nil, nil
}

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// received finishes a wait that was handed q (ok) or ended by Close (!ok).
// A waiter whose ctx is already cancelled gives the action back.
func (h *Hub) received(ctx context.Context, q Queued, ok bool, timedOut WaitResult) (WaitResult, *Queued, error) {
	if err := ctx.Err(); err != nil {
		if ok {
			h.requeue(q)
		}
		h.GiveBack(nil, timedOut.Overflowed, "")
		return WaitResult{}, nil, err
	}
	if !ok { // the hub closed
		return timedOut, nil, nil
	}
	return h.result(&q, timedOut.Overflowed), &q, nil
}

// GiveBack undoes a wait whose result never reached the agent: the
// action goes back to the front of the queue (or to a waiting call), to
// be handed out again, and the refused presses are reported to the next
// wait instead. why says what happened to the agent's connection, for
// the transcript.
func (h *Hub) GiveBack(q *Queued, overflowed int, why string) {
	if overflowed > 0 {
		h.mu.Lock()
		h.overflowed += overflowed
		h.mu.Unlock()
	}
	if q != nil {
		// Back in the queue first: whoever reads the transcript line may
		// wait at once and must find the action there.
		h.requeue(*q)
		h.board.Append(RoleEvent, fmt.Sprintf("← %s from %s will be handed to the agent again: %s", q.Action.Name, q.Action.SurfaceID, why))
	}
}

// requeue puts an action that could not be delivered back at the front,
// or hands it to the oldest waiting call.
func (h *Hub) requeue(q Queued) {
	h.mu.Lock()
	if h.handLocked(q) {
		h.mu.Unlock()
		return
	}
	h.queue = append([]Queued{q}, h.queue...)
	n := len(h.queue)
	h.mu.Unlock()
	h.board.SetStatus(func(s *Status) { s.Queued = n })
}

// result is what a wait handed q returns; it counts the hand-out, and
// the journal keeps the first, before the agent can read it.
func (h *Hub) result(q *Queued, over int) WaitResult {
	q.handed++
	if q.handed == 1 {
		if j := h.journalOf(); j != nil {
			j.handed(q.Action)
		}
	}
	res := WaitResult{Action: q.message, ClientDataModel: q.model, Source: q.Source, Overflowed: over, Redelivered: q.handed > 1}
	if q.message == nil {
		res.Action, res.ClientDataModel = q.Action.Message(), q.Action.ClientDataModel()
	}
	if q.Action.Protocol == a2ui.ProtocolV10 {
		res.RendererDataModel, res.ClientDataModel = res.ClientDataModel, nil
	}
	if q.Action.ID != 0 {
		res.ActionID = strconv.FormatUint(q.Action.ID, 10)
	}
	return res
}

// Taken records in the transcript, and in the journal, that the agent
// has q (nil: nothing).
func (h *Hub) Taken(q *Queued) {
	if q != nil {
		if j := h.journalOf(); j != nil {
			j.taken(q.Action)
		}
		line := "→ the agent took " + q.Action.Name
		if q.Action.SurfaceID != "" { // an answer to the agent's call has none
			line += " from " + q.Action.SurfaceID
		}
		h.board.Append(RoleEvent, line)
	}
}

func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%d s", int(d/time.Second))
	}
	return d.String()
}

// ShowResult is what canvas.show returns.
type ShowResult struct {
	Surfaces []SurfaceSummary `json:"surfaces"`
	Viewers  int              `json:"viewers"`
	Warnings []a2ui.Warning   `json:"warnings"`
}

// SurfaceSummary describes one surface after a show. Protocol is the
// version its messages speak, "v0.8" or "v0.9".
type SurfaceSummary struct {
	SurfaceID  string `json:"surfaceId"`
	Protocol   string `json:"protocol"`
	Components int    `json:"components"`
	Root       string `json:"root,omitempty"`
	Shown      bool   `json:"shown"`
}

// Show applies a batch of messages all or none. A refusal is an
// *a2ui.Error and changes nothing.
func (h *Hub) Show(raws []json.RawMessage) (ShowResult, error) {
	c, warns, err := h.board.show(raws, "", h.sendOutbox)
	if err != nil {
		return ShowResult{}, err
	}
	res := ShowResult{Viewers: h.board.Snapshot().Status.Viewers, Warnings: warns}
	if res.Warnings == nil {
		res.Warnings = []a2ui.Warning{}
	}
	res.Surfaces = summaries(c)
	return res, nil
}

// sendOutbox queues what a v1.0 batch has for the agent (answers to its
// callRendererFunction), for canvas.wait to hand out, and tells the
// transcript what the batch asked of the views.
func (h *Hub) sendOutbox(c *a2ui.Canvas) {
	for _, o := range c.Outbox() {
		h.enqueue(Queued{Action: h.board.Outbound(o), message: o.Message})
	}
	for _, r := range c.Requests() {
		switch r.Kind {
		case "notify":
			h.board.Append(RoleEvent, "notice: "+r.Text)
		default:
			h.board.Append(RoleEvent, fmt.Sprintf("→ the agent asks to %s %s on %s", r.Kind, r.NodeID, r.SurfaceID))
		}
		h.board.SetStatus(func(s *Status) {
			s.Asks++
			a := Ask{Seq: s.Asks, SurfaceID: r.SurfaceID, NodeID: r.NodeID, Text: a2ui.SanitizeLine(r.Text)}
			switch r.Kind {
			case "notify":
				s.Notice = a
			case "focus":
				s.Focus = a
			case "scrollIntoView":
				s.Reveal = a
			}
		})
	}
}

func summaries(c *a2ui.Canvas) []SurfaceSummary {
	surfaces := c.Surfaces()
	out := make([]SurfaceSummary, 0, len(surfaces))
	for _, s := range surfaces {
		out = append(out, SurfaceSummary{SurfaceID: s.ID(), Protocol: s.Protocol(), Components: s.ComponentCount(), Root: s.Root(), Shown: s.Shown()})
	}
	return out
}

// Info is what canvas.info returns. Protocol and CatalogID are v0.8's;
// Versions lists every version a2term reads, and Capabilities the v0.9
// catalogs it draws, in the specification's client capabilities shape
// (a2uiClientCapabilities, keyed "v0.9.1" and "v0.9"). Locale and TimeZone
// are what v0.9 functions format with.
type Info struct {
	Protocol     string                  `json:"protocol"`
	CatalogID    string                  `json:"catalogId"`
	Versions     []string                `json:"versions"`
	Capabilities a2ui.ClientCapabilities `json:"a2uiClientCapabilities"`
	// RendererCapabilities is v1.0's renderer capabilities
	// (a2uiRendererCapabilities): its catalogs, and the functions an
	// agent may call with callRendererFunction.
	RendererCapabilities a2ui.RendererCapabilities `json:"a2uiRendererCapabilities"`
	Locale               string                    `json:"locale"`
	TimeZone             string                    `json:"timeZone"`
	Version              uint64                    `json:"version"`
	Limits               InfoLimits                `json:"limits"`
	// Web says whether a web mirror runs.
	Web bool `json:"web"`
	// WebURL is a one-time pairing link for the agent to give the person,
	// only where no terminal shows the canvas (a2term mcp on its own, with
	// no terminal attached) and only the first link, while it is unused;
	// else empty. The agent is never handed a link while the person has a
	// terminal, nor once a browser paired: later links are made in a view
	// the person holds, and shown only there.
	WebURL string `json:"webUrl,omitempty"`
	// CanvasID names the canvas; a hub restarted at the same socket that
	// restored the canvas from its journal keeps it, and Restored is then
	// true. A new CanvasID after a reconnect means a new, empty canvas.
	CanvasID string `json:"canvasId"`
	Restored bool   `json:"restored"`
	// Viewers counts the web pages that show the canvas, Terminals the
	// terminals attached to it (a2term attach).
	Viewers   int              `json:"viewers"`
	Terminals int              `json:"terminals"`
	Queued    int              `json:"queued"`
	Surfaces  []SurfaceSummary `json:"surfaces"`
}

// InfoLimits are every limit in force.
type InfoLimits struct {
	a2ui.Limits
	Viewers         int `json:"viewers"`
	QueuedActions   int `json:"queuedActions"`
	WaitSeconds     int `json:"waitSeconds"`
	RPCMessageBytes int `json:"rpcMessageBytes"`
	Connections     int `json:"connections"`
	RPCHeldBytes    int `json:"rpcHeldBytes"`
}

// Info describes the canvas and its limits. The limits of the transport
// the agent reads it through (RPCMessageBytes, Connections, RPCHeldBytes)
// are the transport's to fill in.
func (h *Hub) Info() Info {
	s := h.Snapshot()
	opts := s.Canvas.Options()
	locale, tz := a2ui.DefaultLocale, "UTC"
	if opts.Locale != nil {
		locale = opts.Locale.Tag()
	}
	if opts.Location != nil {
		tz = opts.Location.String()
	}
	agentURL := s.Status.AgentURL
	if s.Status.Terminals > 0 {
		agentURL = ""
	}
	h.mu.Lock()
	id, restored := h.id, h.restored
	h.mu.Unlock()
	return Info{
		Protocol:             "a2ui/v0.8",
		CatalogID:            a2ui.StandardCatalogID,
		Versions:             a2ui.Versions(),
		Capabilities:         a2ui.CapabilitiesFor(opts),
		RendererCapabilities: a2ui.CapabilitiesV10For(opts),
		Locale:               locale,
		TimeZone:             tz,
		Version:              s.Canvas.Version(),
		Limits: InfoLimits{
			Limits: a2ui.DefaultLimits(), Viewers: MaxViewers, QueuedActions: MaxQueued,
			WaitSeconds: int(MaxWait / time.Second),
		},
		Web:       s.Status.WebURL != "",
		WebURL:    agentURL,
		CanvasID:  id,
		Restored:  restored,
		Viewers:   s.Status.Viewers,
		Terminals: s.Status.Terminals,
		Queued:    s.Status.Queued,
		Surfaces:  summaries(s.Canvas),
	}
}

// SurfaceState is one surface as canvas.state reports it: its components
// as the agent sent them, each string cleaned as the views draw it, and
// its data model with the person's inputs.
//
// Protocol is the version the surface's messages speak; a v0.9 surface
// also reports its catalog, theme and whether its actions carry its data
// model.
type SurfaceState struct {
	SurfaceID     string            `json:"surfaceId"`
	Protocol      string            `json:"protocol"`
	CatalogID     string            `json:"catalogId,omitempty"`
	Theme         *a2ui.Theme       `json:"theme,omitempty"`
	SendDataModel bool              `json:"sendDataModel,omitempty"`
	Version       uint64            `json:"version"`
	Root          string            `json:"root,omitempty"`
	Shown         bool              `json:"shown"`
	Styles        a2ui.Styles       `json:"styles"`
	Components    []json.RawMessage `json:"components"`
	DataModel     json.RawMessage   `json:"dataModel"`
	// Inputs are the person's values of inputs bound to no path, by node.
	Inputs map[string]any `json:"inputs,omitempty"`
}

// State returns every surface, or the one named.
func (h *Hub) State(surfaceID string) ([]SurfaceState, error) {
	c := h.board.Snapshot().Canvas
	var out []SurfaceState
	for _, s := range c.Surfaces() {
		if surfaceID != "" && s.ID() != surfaceID {
			continue
		}
		st := SurfaceState{
			SurfaceID: s.ID(), Version: s.Version(), Root: s.Root(), Shown: s.Shown(), Styles: s.Styles(),
			Components: []json.RawMessage{}, DataModel: a2ui.MarshalValue(s.Data()), Inputs: s.LocalValues(), Protocol: s.Protocol(),
		}
		if s.Protocol() == a2ui.ProtocolV09 {
			theme := s.Theme()
			st.CatalogID, st.SendDataModel = s.CatalogID(), s.SendDataModel()
			if theme != (a2ui.Theme{}) {
				st.Theme = &theme
			}
		}
		for _, comp := range s.Components() {
			st.Components = append(st.Components, s.ComponentJSON(comp.ID))
		}
		out = append(out, st)
	}
	if surfaceID != "" && len(out) == 0 {
		return nil, &a2ui.Error{Code: a2ui.CodeUnknownSurface, Index: -1, SurfaceID: surfaceID, Message: fmt.Sprintf("there is no surface %q", surfaceID)}
	}
	if out == nil {
		out = []SurfaceState{}
	}
	return out, nil
}

// Append adds an agent's line to the transcript.
func (h *Hub) Append(role Role, text string) error {
	switch role {
	case RoleAgent, RoleTool, RoleNote:
	default:
		return &a2ui.Error{Code: a2ui.CodeBadValue, Index: -1, Message: fmt.Sprintf("role %q: use agent, tool or note", a2ui.SanitizeLine(string(role)))}
	}
	if len(text) > a2ui.MaxStringBytes {
		return &a2ui.Error{Code: a2ui.CodeStringTooLong, Index: -1, Message: fmt.Sprintf("text of %d bytes is over the limit of %d", len(text), a2ui.MaxStringBytes)}
	}
	h.board.AppendFrom(FromAgent, role, text)
	return nil
}

// Close ends every wait (as timed out) and refuses new ones, then syncs
// and closes the journal, if the hub keeps one.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	ws := h.waiters
	h.waiters = nil
	j := h.journal
	h.mu.Unlock()
	for _, w := range ws {
		close(w)
	}
	if j != nil {
		_ = j.close()
	}
}

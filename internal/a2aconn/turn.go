package a2aconn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// ErrTooManySays is a message of the person's refused because
// MaxPendingSays wait already.
var ErrTooManySays = fmt.Errorf("%d messages wait for the agent already; this one was not sent", MaxPendingSays)

// Say sends text to the agent as the person's message, after the turn
// under way. It returns at once.
func (c *Conn) Say(text string) error {
	if text == "" {
		return errors.New("there is nothing to send")
	}
	if len(text) > a2ui.MaxStringBytes {
		return fmt.Errorf("a message of %d bytes is over the limit of %d", len(text), a2ui.MaxStringBytes)
	}
	// One Say at a time, so that the room checked is there when the
	// text is queued, after its line: the transcript shows the message
	// before anything the agent answers to it.
	c.sayMu.Lock()
	defer c.sayMu.Unlock()
	c.mu.Lock()
	full := len(c.says)+len(c.held) >= cap(c.says)
	busy := c.running
	if !full {
		c.pending++ // before the line, which Idle's callers hear of
	}
	c.mu.Unlock()
	if full {
		return ErrTooManySays
	}
	line := "← the person wrote: " + text
	if busy {
		line += " (sent once the agent has answered)"
	}
	c.hub.Board().Append(hub.RoleEvent, line)
	c.mu.Lock()
	holding := c.held != nil
	if holding {
		c.held = append(c.held, text)
	}
	c.mu.Unlock()
	if !holding {
		c.says <- text
	}
	return nil
}

// Hold keeps the person's messages (Say) from the agent until Release,
// as hub.Hub.Hold keeps presses: a snapshot lets the agent answer only
// at a "wait" step, so that no frame catches it half way. A Conn starts
// released.
func (c *Conn) Hold() {
	c.sayMu.Lock()
	defer c.sayMu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held == nil {
		c.held = []string{}
	}
}

// Release ends Hold: the messages written meanwhile go to the agent, in
// order, one turn each.
func (c *Conn) Release() {
	c.sayMu.Lock()
	defer c.sayMu.Unlock()
	c.mu.Lock()
	held := c.held
	c.held = nil
	c.mu.Unlock()
	for _, text := range held {
		c.says <- text // Say made room for it
	}
}

// Idle reports whether the agent's turn is over: no turn is under way,
// no message of the person's waits to be sent (held ones included), and
// Run waits for the person's press (a wait of the hub's). It becomes
// true only once that wait starts, which the hub's Subscribe channel
// hears of (the wait's line in the transcript). Presses the hub holds
// are the hub's to release.
func (c *Conn) Idle() bool {
	c.mu.Lock()
	busy := c.running || c.pending > 0
	c.mu.Unlock()
	return !busy && c.hub.Waiting() > 0
}

// Talker is what every view of the hub talks to the agent through
// (hub.Hub.SetTalk): Say, and a cancel within ctx, the connection's life.
// Its CancelTask returns at once: the agent may take up to RequestTimeout
// to answer tasks/cancel, and a view (the web page, an attached terminal)
// must not wait for it; the transcript says how the cancel went.
func (c *Conn) Talker(ctx context.Context) hub.Talker { return talker{c: c, ctx: ctx} }

type talker struct {
	c   *Conn
	ctx context.Context
}

func (t talker) Say(text string) error { return t.c.Say(text) }

func (t talker) CancelTask() error {
	c := t.c
	c.mu.Lock()
	id, state, busy := c.taskID, c.taskState, c.cancelling
	if id == "" || state.Terminal() {
		c.mu.Unlock()
		return errNoTask
	}
	if busy {
		c.mu.Unlock()
		return errors.New("a cancel is on its way to the agent already")
	}
	c.cancelling = true
	c.mu.Unlock()
	go func() {
		err := c.Cancel(t.ctx)
		c.mu.Lock()
		c.cancelling = false
		c.mu.Unlock()
		if err != nil && t.ctx.Err() == nil {
			c.hub.Board().Append(hub.RoleEvent, err.Error())
		}
	}()
	return nil
}

// errNoTask refuses a cancel with no task to cancel.
var errNoTask = errors.New("no task of the agent's is under way")

// Cancel asks the agent to cancel the task under way (tasks/cancel).
func (c *Conn) Cancel(ctx context.Context) error {
	c.mu.Lock()
	id, state := c.taskID, c.taskState
	c.mu.Unlock()
	if id == "" || state.Terminal() {
		return errNoTask
	}
	ctx, cancel := context.WithTimeout(ctx, RequestTimeout)
	defer cancel()
	c.hub.Board().Append(hub.RoleEvent, "→ asked the agent to cancel its task")
	task, err := c.client.CancelTask(ctx, &a2a.TaskIDParams{ID: id})
	if err != nil {
		return fmt.Errorf("the agent did not cancel its task: %w", err)
	}
	c.setTask(task.ID, task.ContextID, task.Status.State)
	return nil
}

// item is what one turn sends: the person's text, or an action taken
// from the hub's queue, or the error message of a refused batch.
type item struct {
	text   string
	action *hub.WaitResult
	q      *hub.Queued
	errMsg json.RawMessage
}

// Run carries the conversation on until ctx ends: it sends what the
// person writes (Say) and presses (the hub's action queue) to the agent,
// one turn at a time, and shows what the agent answers.
func (c *Conn) Run(ctx context.Context) error {
	var refused []json.RawMessage
	for ctx.Err() == nil {
		var it item
		if len(refused) > 0 {
			it, refused = item{errMsg: refused[0]}, refused[1:]
		} else {
			var ok bool
			if it, ok = c.next(ctx); !ok {
				continue
			}
		}
		refused = append(refused, c.turn(ctx, it)...)
	}
	return ctx.Err()
}

// next waits for the person: a message written, or an action pressed.
func (c *Conn) next(ctx context.Context) (item, bool) {
	select {
	case text := <-c.says:
		return item{text: text}, true
	default:
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type taken struct {
		res hub.WaitResult
		q   *hub.Queued
		err error
	}
	got := make(chan taken, 1)
	start := time.Now()
	go func() {
		res, q, err := c.hub.Take(wctx, hub.MaxWait, nil)
		got <- taken{res, q, err}
	}()
	select {
	case text := <-c.says:
		cancel()
		if t := <-got; t.q != nil {
			// Handed an action as the text came: the action is older.
			c.hub.GiveBack(t.q, 0, "a message was written at the same time")
		}
		return item{text: text}, true
	case t := <-got:
		if t.err != nil || t.q == nil {
			if time.Since(start) < time.Second {
				// A hub that is closing answers at once: not a loop.
				c.pause(ctx, RetryDelay)
			}
			return item{}, false
		}
		return item{action: &t.res, q: t.q}, true
	}
}

// turn sends one item and shows the agent's answer; it returns the
// error messages of the batches refused meanwhile, for the agent.
func (c *Conn) turn(ctx context.Context, it item) []json.RawMessage {
	msg := c.message(it)
	c.startTurn()
	defer c.endTurn(it)
	r := &reply{c: c}
	received := false
	var err error
	for ev, e := range c.client.SendStreamingMessage(ctx, &a2a.MessageSendParams{Message: msg}) {
		if e != nil {
			err = e
			break
		}
		if !received && it.q != nil {
			c.hub.Taken(it.q)
		}
		received = true
		r.event(ev)
	}
	switch {
	case err != nil && !received && it.q != nil && refused(err):
		// The agent had it, and refused it: sending it again would meet
		// the same answer.
		c.hub.Taken(it.q)
		c.hub.Board().Append(hub.RoleNote, "The agent refused the press of "+it.q.Action.Name+": "+errText(err))
		return nil
	case err != nil && !received && it.q != nil:
		// The agent never had the press: it is handed out again, after
		// a wait that grows while the agent stays out of reach.
		c.retry = min(max(2*c.retry, RetryDelay), MaxRetryDelay)
		c.hub.GiveBack(it.q, 0, fmt.Sprintf("the agent could not be reached (%s); it is sent again in %s", errText(err), c.retry))
		c.pause(ctx, c.retry)
		return nil
	case err != nil && !received && refused(err):
		c.hub.Board().Append(hub.RoleNote, "The agent refused the message: "+errText(err))
		return nil
	case err != nil && !received:
		c.hub.Board().Append(hub.RoleNote, "The message did not reach the agent: "+errText(err))
		return nil
	case err != nil:
		c.resume(ctx, r, err)
	}
	c.retry = 0
	return r.refusals()
}

// resume takes up a dropped stream again with tasks/resubscribe, at most
// MaxResumes times; what the agent sends on it is shown as if the stream
// had not dropped.
func (c *Conn) resume(ctx context.Context, r *reply, err error) {
	for try := 0; try < MaxResumes && ctx.Err() == nil; try++ {
		c.mu.Lock()
		id, state := c.taskID, c.taskState
		c.mu.Unlock()
		if id == "" || state.Terminal() || state == a2a.TaskStateInputRequired || state == a2a.TaskStateAuthRequired {
			if id == "" {
				c.hub.Board().Append(hub.RoleNote, "The agent's answer broke off: "+errText(err))
			}
			return
		}
		c.hub.Board().Append(hub.RoleEvent, "… the agent's stream dropped ("+errText(err)+"); resuming it")
		err = nil
		for ev, e := range c.client.ResubscribeToTask(ctx, &a2a.TaskIDParams{ID: id}) {
			if e != nil {
				err = e
				break
			}
			r.event(ev)
		}
		// What was sent while no stream was there (or all of it, when the
		// task ended meanwhile and there is nothing to resubscribe to)
		// is in the task: its last message, which is not shown twice.
		if ferr := c.fetch(ctx, id, r); ferr == nil {
			return
		}
		if err == nil {
			return
		}
		c.pause(ctx, RetryDelay)
	}
	if ctx.Err() == nil {
		c.hub.Board().Append(hub.RoleNote, "The agent's stream dropped and could not be resumed: "+errText(err))
	}
}

// fetch reads the task (tasks/get) and shows what of it is new, unless
// the task is still under way with nothing to show yet.
func (c *Conn) fetch(ctx context.Context, id a2a.TaskID, r *reply) error {
	c.mu.Lock()
	state := c.taskState
	c.mu.Unlock()
	if state.Terminal() || state == a2a.TaskStateInputRequired || state == a2a.TaskStateAuthRequired {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, RequestTimeout)
	defer cancel()
	task, err := c.client.GetTask(ctx, &a2a.TaskQueryParams{ID: id})
	if err != nil {
		return fmt.Errorf("tasks/get: %w", err)
	}
	r.event(task)
	if !task.Status.State.Terminal() && task.Status.State != a2a.TaskStateInputRequired && task.Status.State != a2a.TaskStateAuthRequired {
		return errors.New("the task is still under way")
	}
	return nil
}

func (c *Conn) pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// errText words err for the transcript: an agent's own words are
// cleaned and cut.
func errText(err error) string {
	var auth *AuthError
	if errors.As(err, &auth) {
		return auth.Error() + "; pass its credentials with --header"
	}
	return clip(a2ui.SanitizeLine(err.Error()), 400)
}

// message builds the A2A message of it, in the conversation.
func (c *Conn) message(it item) *a2a.Message {
	var parts []a2a.Part
	meta := map[string]any{}
	switch {
	case it.text != "":
		parts = append(parts, a2a.TextPart{Text: it.text})
	case it.action != nil:
		parts = append(parts, c.dataPart(it.action.Action))
		if len(it.action.ClientDataModel) > 0 {
			meta[c.ver.DataModelKey] = it.action.ClientDataModel
		}
	case it.errMsg != nil:
		parts = append(parts, c.dataPart(it.errMsg))
	}
	if c.surfaces {
		meta[c.ver.CapabilitiesKey] = c.ver.Capabilities(c.hub.Info())
	}
	m := a2a.NewMessage(a2a.MessageRoleUser, parts...)
	if it.q != nil && it.action.ActionID != "" {
		// The same press sent again carries the same id, so that an
		// agent can tell it.
		m.ID = "a2term-" + c.hub.CanvasID() + "-" + it.action.ActionID
	}
	if len(meta) > 0 {
		m.Metadata = meta
	}
	c.mu.Lock()
	m.ContextID = c.contextID
	if c.taskState == a2a.TaskStateInputRequired || c.taskState == a2a.TaskStateAuthRequired {
		m.TaskID = c.taskID
	}
	c.mu.Unlock()
	if c.surfaces {
		m.Extensions = []string{c.ver.URI}
	}
	return m
}

// dataPart wraps an A2UI client message (an object) as a DataPart.
func (c *Conn) dataPart(raw json.RawMessage) a2a.Part {
	var data map[string]any
	_ = json.Unmarshal(raw, &data) // a2term's own object
	return a2a.DataPart{Data: data, Metadata: map[string]any{"mimeType": c.ver.MIMEType}}
}

func (c *Conn) startTurn() {
	c.mu.Lock()
	c.running = true
	c.mu.Unlock()
}

// endTurn records that the turn of it is over, and with it the
// person's message it sent.
func (c *Conn) endTurn(it item) {
	c.mu.Lock()
	c.running = false
	if it.text != "" {
		c.pending--
	}
	c.mu.Unlock()
}

// setTask records the task's state and shows it on the status line; a
// new contextId is kept for the next a2term.
func (c *Conn) setTask(id a2a.TaskID, contextID string, state a2a.TaskState) {
	state = knownState(state)
	c.mu.Lock()
	if id != "" {
		c.taskID = id
	}
	if state != "" {
		c.taskState = state
	}
	changed := contextID != "" && contextID != c.contextID
	if changed {
		c.contextID = contextID
	}
	c.mu.Unlock()
	if changed {
		c.keep(contextID)
	}
	if state != "" {
		c.hub.Board().SetStatus(func(s *hub.Status) { s.Task = string(state) })
	}
}

// knownState is state when it is one of the task states A2A defines (or
// none), else unknown: the agent writes the string, and every view shows
// it, so no other bytes of the agent's reach the status line that way.
func knownState(state a2a.TaskState) a2a.TaskState {
	switch state {
	case "", a2a.TaskStateSubmitted, a2a.TaskStateWorking, a2a.TaskStateInputRequired, a2a.TaskStateCompleted,
		a2a.TaskStateCanceled, a2a.TaskStateFailed, a2a.TaskStateRejected, a2a.TaskStateAuthRequired,
		a2a.TaskStateUnknown:
		return state
	}
	return a2a.TaskStateUnknown
}

// readSmall reads a file of at most n bytes.
func readSmall(path string, n int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > n {
		return nil, fmt.Errorf("%s: over %d bytes", path, n)
	}
	b := make([]byte, st.Size())
	_, err = f.ReadAt(b, 0)
	return b, err
}

// writeFile replaces path with data, private to the user, at once or not
// at all.
func writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

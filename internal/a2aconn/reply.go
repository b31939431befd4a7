package a2aconn

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/a2aproject/a2a-go/a2a"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/hub"
)

// reply shows what the agent sends in one turn: its text in the
// transcript, its A2UI on the canvas, its task's state on the status
// line. A message seen before (a task resent on a resumed stream) is not
// shown twice.
type reply struct {
	c       *Conn
	seen    map[string]bool
	refused []json.RawMessage
	state   a2a.TaskState
	// raws are the A2UI lifted out of the event being shown.
	raws []json.RawMessage
}

func (r *reply) event(ev a2a.Event) {
	r.raws = nil
	switch e := ev.(type) {
	case *liftedEvent:
		ev, r.raws = e.Event, e.raws
	case liftedResult:
		ev, r.raws = e.SendMessageResult, e.raws
	}
	switch e := ev.(type) {
	case *a2a.Message:
		r.message(e)
		r.c.setTask(e.TaskID, e.ContextID, "")
	case *a2a.Task:
		// What the agent said first, then its state: the status line
		// never says it waits for the person before its question shows.
		r.message(e.Status.Message)
		for i, a := range e.Artifacts {
			if i == MaxParts {
				r.note(fmt.Sprintf("The agent sent %d more artifacts, left out.", len(e.Artifacts)-MaxParts))
				break
			}
			// A task's artifacts were shown already if they came
			// on the stream (a task read after a resumed stream).
			if a != nil && !r.once("artifact:"+string(a.ID)) {
				continue
			}
			r.artifact(a)
		}
		r.c.setTask(e.ID, e.ContextID, e.Status.State)
		r.changed(e.Status.State)
	case *a2a.TaskStatusUpdateEvent:
		r.message(e.Status.Message)
		r.c.setTask(e.TaskID, e.ContextID, e.Status.State)
		r.changed(e.Status.State)
	case *a2a.TaskArtifactUpdateEvent:
		if e.Artifact != nil {
			r.once("artifact:" + string(e.Artifact.ID))
		}
		r.artifact(e.Artifact)
		r.c.setTask(e.TaskID, e.ContextID, "")
	}
}

func (r *reply) message(m *a2a.Message) {
	if m == nil || m.Role == a2a.MessageRoleUser {
		return
	}
	if m.ID != "" && !r.once("message:"+m.ID) {
		return
	}
	r.parts(m.Parts)
}

// once reports whether key is seen for the first time in this turn.
func (r *reply) once(key string) bool {
	if r.seen[key] {
		return false
	}
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	r.seen[key] = true
	return true
}

func (r *reply) artifact(a *a2a.Artifact) {
	if a != nil {
		r.parts(a.Parts)
	}
}

// changed says in the transcript that the task reached a state the
// person must know of.
func (r *reply) changed(state a2a.TaskState) {
	if state == r.state {
		return
	}
	r.state = state
	var s string
	switch state {
	case a2a.TaskStateCompleted:
		s = "✓ the agent's task is completed"
	case a2a.TaskStateFailed:
		s = "✗ the agent's task failed"
	case a2a.TaskStateCanceled:
		s = "✗ the agent's task was canceled"
	case a2a.TaskStateRejected:
		s = "✗ the agent rejected the task"
	case a2a.TaskStateAuthRequired:
		s = "… the agent needs credentials to go on (auth-required): restart a2term connect with --header"
	case a2a.TaskStateInputRequired:
		s = "… the agent waits for your answer"
	default:
		return
	}
	r.c.hub.Board().Append(hub.RoleEvent, s)
}

func (r *reply) note(s string) { r.c.hub.Board().Append(hub.RoleNote, s) }

// parts shows the parts of one message or artifact: text in the
// transcript, and its A2UI DataParts together as one batch, all or
// none, as canvas.show applies one.
func (r *reply) parts(ps a2a.ContentParts) {
	var batch []json.RawMessage
	for i, p := range ps {
		if i == MaxParts {
			r.note(fmt.Sprintf("The agent sent %d more parts in one message, left out.", len(ps)-MaxParts))
			break
		}
		switch p := p.(type) {
		case a2a.TextPart:
			if t := strings.TrimSpace(p.Text); t != "" {
				_ = r.c.hub.Append(hub.RoleAgent, clip(t, a2ui.MaxStringBytes))
			}
		case a2a.DataPart:
			if !isA2UI(p.Metadata) {
				r.note(fmt.Sprintf("The agent sent data a2term does not show (%d keys).", len(p.Data)))
				continue
			}
			if msgs, ok := lifted(p.Data, r.raws); ok {
				batch = append(batch, msgs...)
				continue
			}
			raw, err := json.Marshal(p.Data)
			if err != nil {
				r.note("The agent sent A2UI a2term cannot read: " + errText(err))
				continue
			}
			batch = append(batch, raw)
		case a2a.FilePart:
			r.note("The agent sent a file, which a2term does not show.")
		}
	}
	if len(batch) > 0 {
		r.show(batch)
	}
}

// isA2UI reports whether a DataPart's metadata marks it as A2UI.
func isA2UI(meta map[string]any) bool {
	m, _ := meta["mimeType"].(string)
	return m == MIMEType || m == LegacyMIMEType
}

// show applies a batch; a refusal is kept to be sent back to the agent
// as the A2UI error message (the hub has said it in the transcript).
func (r *reply) show(batch []json.RawMessage) {
	_, err := r.c.hub.Show(batch)
	if err == nil {
		r.c.mu.Lock()
		r.c.refusals = 0
		r.c.mu.Unlock()
		return
	}
	var e *a2ui.Error
	if !errors.As(err, &e) {
		r.note("The agent's surfaces could not be shown: " + errText(err))
		return
	}
	r.refused = append(r.refused, r.c.errorMessage(e))
}

// refusals returns the error messages to send back, unless the agent
// answered MaxRefusalReplies of them in a row with more refusals.
func (r *reply) refusals() []json.RawMessage {
	if len(r.refused) == 0 {
		return nil
	}
	c := r.c
	c.mu.Lock()
	c.refusals++
	n := c.refusals
	c.mu.Unlock()
	if n > MaxRefusalReplies {
		if n == MaxRefusalReplies+1 {
			r.note(fmt.Sprintf("The agent answered %d refusals with more refused surfaces: a2term stops telling it until it sends one it can show.", MaxRefusalReplies))
		}
		return nil
	}
	return r.refused
}

// errorMessage is the A2UI error message that tells the agent why its
// batch was refused: the specification's client error of a v0.9 (or
// later) surface, and for v0.8 its free-form error.
func (c *Conn) errorMessage(e *a2ui.Error) json.RawMessage {
	var v any
	switch {
	case e.ClientMessage != nil:
		v = e.ClientMessage
	case c.surfaces && older(c.ver.Name, a2ui.ProtocolV09):
		v = map[string]any{"error": map[string]any{"code": string(e.Code), "surfaceId": e.SurfaceID, "message": e.Error()}}
	default:
		name := a2ui.ProtocolV09
		if c.surfaces {
			name = c.ver.Name
		}
		v = a2ui.ClientError{Version: name, Error: a2ui.ClientErrorBody{Code: strings.ToUpper(string(e.Code)), SurfaceID: e.SurfaceID, Message: e.Error()}}
	}
	b, _ := json.Marshal(v)
	return b
}

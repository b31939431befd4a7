package client

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/a2term/a2term/hub"
)

// Action is the person's action, read from the A2UI client message that
// canvas.wait returned, whichever version its surface speaks: a v0.8
// {"userAction": …} and a v0.9 {"version": "v0.9", "action": …} read
// the same, so an agent handles both with one piece of code.
type Action struct {
	// Version is the A2UI version of the message: "v0.8" for a
	// userAction, "v0.9" for a v0.9 action (the surface was created by
	// v0.9 or v0.9.1 messages; both send "v0.9").
	Version string
	// Name is the action's name: the v0.8 action's name, the v0.9
	// button's event name.
	Name string
	// SurfaceID is the surface of the button pressed.
	SurfaceID string
	// SourceComponentID is the button's component id. Inside a v0.8
	// template it is "<id>:<key>", naming the item; a v0.9 button inside a
	// template sends its own id, as the official renderers do, and its
	// context tells the items apart.
	SourceComponentID string
	// Timestamp is when the button was pressed, in ISO 8601 UTC.
	Timestamp string
	// Context holds the values the button's action context named,
	// evaluated when it was pressed (what the person typed and chose).
	// Numbers are float64, as encoding/json decodes them. Never nil.
	Context map[string]any
	// DataModel is, for a v0.9 or v1.0 surface created with
	// sendDataModel, the surface's whole data model when the button was
	// pressed (the specification's a2uiClientDataModel, v1.0's
	// a2uiRendererDataModel); nil otherwise. A model whose root is not
	// an object is only in the WaitResult's ClientDataModel or
	// RendererDataModel.
	DataModel map[string]any
	// Source is where the person pressed: terminal or web.
	Source hub.Source
	// Message is the A2UI client message itself, ready to forward as it
	// is to whatever produced the surface.
	Message json.RawMessage
}

// ErrNoAction is what ReadAction returns for a wait that timed out.
var ErrNoAction = errors.New("no action: the wait timed out")

// actionBody is the part both versions' messages share.
type actionBody struct {
	Name              string         `json:"name"`
	SurfaceID         string         `json:"surfaceId"`
	SourceComponentID string         `json:"sourceComponentId"`
	Timestamp         string         `json:"timestamp"`
	Context           map[string]any `json:"context"`
}

// ReadAction reads the action of what Wait returned, v0.8 or v0.9 alike.
// A wait that timed out gives ErrNoAction; a message of neither shape an
// error that says so.
//
//	res, err := c.Wait(ctx, 60)
//	...
//	act, err := client.ReadAction(res)
//	if errors.Is(err, client.ErrNoAction) { /* ask again */ }
//	fmt.Println(act.Name, act.Context["name"], act.DataModel)
func ReadAction(res hub.WaitResult) (*Action, error) {
	if res.TimedOut || len(res.Action) == 0 || string(res.Action) == "null" {
		return nil, ErrNoAction
	}
	var m struct {
		Version    string      `json:"version"`
		UserAction *actionBody `json:"userAction"`
		Action     *actionBody `json:"action"`
	}
	if err := json.Unmarshal(res.Action, &m); err != nil {
		return nil, fmt.Errorf("reading the action: %w", err)
	}
	a := &Action{Source: res.Source, Message: res.Action}
	var body *actionBody
	switch {
	case m.UserAction != nil && m.Action == nil && m.Version == "":
		body, a.Version = m.UserAction, "v0.8"
	case m.Action != nil && m.UserAction == nil && m.Version != "":
		body, a.Version = m.Action, m.Version
	default:
		return nil, fmt.Errorf("reading the action: %.200s is neither a v0.8 userAction nor a v0.9 action", res.Action)
	}
	a.Name, a.SurfaceID, a.SourceComponentID, a.Timestamp, a.Context = body.Name, body.SurfaceID, body.SourceComponentID, body.Timestamp, body.Context
	if a.Context == nil {
		a.Context = map[string]any{}
	}
	model := res.ClientDataModel
	if len(res.RendererDataModel) > 0 {
		model = res.RendererDataModel
	}
	if len(model) > 0 && string(model) != "null" {
		var dm struct {
			Surfaces map[string]json.RawMessage `json:"surfaces"`
		}
		if err := json.Unmarshal(model, &dm); err != nil {
			return nil, fmt.Errorf("reading the action's data model: %w", err)
		}
		if raw, ok := dm.Surfaces[a.SurfaceID]; ok {
			var model map[string]any
			if json.Unmarshal(raw, &model) == nil {
				a.DataModel = model
			}
		}
	}
	return a, nil
}

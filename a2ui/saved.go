package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// SavedCanvas is a canvas as data: every surface with its components as the
// agent sent them (cleaned), its data model with the person's inputs, and
// the values of inputs bound to no path. It is what a canvas is stored as
// (a journal's snapshot) and sent as (to a view in another process), and
// Restore makes a canvas equal to the one it was saved from.
//
// A SavedCanvas is read as untrusted input: Restore decodes it through the same
// decoder and applies it through the same Apply as an agent's batch, so
// every check, limit and sanitizing rule holds for it as for the messages
// it came from.
type SavedCanvas struct {
	Surfaces []SavedSurface `json:"surfaces"`
	// Calls are the v1.0 calls of the agent's functions that wait for
	// its answer (see AgentCall): their buttons wait with them.
	Calls []SavedCall `json:"calls,omitempty"`
}

// SavedSurface is one surface of a SavedCanvas, in creation order.
type SavedSurface struct {
	ID string `json:"id"`
	// Protocol is ProtocolV08, ProtocolV09 or ProtocolV10.
	Protocol string `json:"protocol"`
	// Shown, Root, CatalogID and Styles are a v0.8 surface's
	// beginRendering (a v0.9 surface is shown once created).
	Shown     bool   `json:"shown,omitempty"`
	Root      string `json:"root,omitempty"`
	CatalogID string `json:"catalogId,omitempty"`
	Styles    Styles `json:"styles"`
	// Theme and SendDataModel are a v0.9 surface's createSurface.
	Theme         Theme `json:"theme"`
	SendDataModel bool  `json:"sendDataModel,omitempty"`
	// Extensions are a v1.0 surface's metadata.extensions.
	Extensions json.RawMessage `json:"extensions,omitempty"`
	// Components are the surface's components in the order they were
	// first declared, each as ComponentJSON returns it.
	Components []json.RawMessage `json:"components"`
	// Data is the data model; Local the values of inputs bound to no
	// path, by node id.
	Data  json.RawMessage            `json:"data"`
	Local map[string]json.RawMessage `json:"local,omitempty"`
}

// Save returns the canvas as a SavedCanvas.
func (c *Canvas) Save() SavedCanvas {
	out := SavedCanvas{Surfaces: make([]SavedSurface, 0, len(c.order))}
	for _, id := range c.order {
		out.Surfaces = append(out.Surfaces, c.surfaces[id].save())
	}
	out.Calls = c.saveCalls()
	return out
}

func (s *Surface) save() SavedSurface {
	si := SavedSurface{
		ID: s.id, Protocol: s.Protocol(), Shown: s.shown, Root: s.root, CatalogID: s.catalogID,
		Styles: s.styles, Components: make([]json.RawMessage, 0, len(s.compOrder)), Data: MarshalValue(s.data),
	}
	if s.v09 {
		si.Shown, si.Root, si.Styles = false, "", Styles{}
		si.Theme, si.SendDataModel = s.theme, s.sendData
	}
	if s.extensions != nil {
		si.Extensions = MarshalValue(s.extensions)
	}
	for _, cid := range s.compOrder {
		si.Components = append(si.Components, s.comps[cid].raw)
	}
	if len(s.local) > 0 {
		si.Local = make(map[string]json.RawMessage, len(s.local))
		for nid, v := range s.local {
			si.Local[nid] = MarshalValue(toModel(v.value))
		}
	}
	return si
}

// SameState reports whether s and o hold the same: components, data
// model, inputs, and whether and how the surface is shown, whatever their
// versions. A surface restored from another's saved form holds the same.
// It costs as much as saving both.
func (s *Surface) SameState(o *Surface) bool {
	return s == o || s != nil && o != nil && reflect.DeepEqual(s.save(), o.save())
}

// Restore applies saved to c, all or none, and returns the canvas it makes:
// on an empty canvas with the same options, one equal to the canvas it
// was saved from (the same surfaces in the same order, components,
// data models, inputs and resolved trees; only versions differ, and a
// press is judged stale only against changes made after the restore). A
// surface of saved that c already has is replaced.
//
// Each surface is sent to Apply as the messages that would make it — a
// v0.8 surfaceUpdate and beginRendering, a v0.9 createSurface and
// updateComponents — with its data model written at the root of the model
// (after the components of a shown v0.8 surface, so that no literal of a
// path-plus-literal value is written again over what the person typed;
// before those of a surface not shown yet, whose literals are still to be
// written when it is shown). The values of inputs bound to no path are
// then set as the person set them; one whose node is no longer drawn is
// left out, as no view could show or send it.
func (c *Canvas) Restore(saved SavedCanvas) (*Canvas, error) {
	var msgs []Message
	// The catalog a v0.9 surface's components are read against: the one
	// its createSurface names.
	var catalog *catalogV09
	catalogOf := func(string) *catalogV09 { return catalog }
	add := func(raw []byte) error {
		m, _, err := decodeMessage(raw, c.opts, catalogOf, nil)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
		return nil
	}
	d := &decoder{opts: c.opts}
	for i, si := range saved.Surfaces {
		if c.surfaces[si.ID] != nil {
			msgs = append(msgs, Message{DeleteSurface: &DeleteSurface{SurfaceID: si.ID}})
			switch si.Protocol {
			case ProtocolV09:
				msgs[len(msgs)-1].Version = MessageVersions[0]
			case ProtocolV10:
				msgs[len(msgs)-1].Version = ProtocolV10
			}
		}
		data, err := d.savedValue(si.Data, fmt.Sprintf("/surfaces/%d/data", i))
		if err != nil {
			return c, err
		}
		switch si.Protocol {
		case ProtocolV09:
			if catalog = c.opts.catalog(si.CatalogID, false); catalog == nil {
				catalog = basicCatalogV09
			}
			err = restoreV09(si, data, add, &msgs)
		case ProtocolV10:
			err = restoreV10(si, data, add, &msgs)
		case ProtocolV08:
			err = restoreV08(si, data, add, &msgs)
		default:
			err = &Error{
				Code: CodeUnsupportedVersion, Index: -1, SurfaceID: si.ID,
				Message: fmt.Sprintf("surface %q of the saved canvas speaks %q, which a2term does not read", SanitizeLine(si.ID), SanitizeLine(si.Protocol)),
			}
		}
		if err != nil {
			return c, err
		}
	}
	next, _, err := c.Apply(msgs)
	if err != nil {
		return c, err
	}
	for i, si := range saved.Surfaces {
		ids := make([]string, 0, len(si.Local))
		for id := range si.Local {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			v, err := d.savedValue(si.Local[id], fmt.Sprintf("/surfaces/%d/local/%s", i, escapePointer(id)))
			if err != nil {
				return c, err
			}
			if s := next.surfaces[si.ID]; s == nil || s.tree == nil || s.tree.Find(id) == nil {
				continue
			}
			set, err := next.SetValue(si.ID, id, v)
			if err != nil {
				return c, err
			}
			next = set
		}
	}
	return next.restoreCalls(d, saved.Calls)
}

// savedValue reads a data value of a saved canvas, cleaned as the decoder
// cleans an agent's data.
func (d *decoder) savedValue(raw json.RawMessage, path string) (any, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	jv, err := parseJSON(raw)
	if err != nil {
		return nil, &Error{Code: CodeBadMessage, Index: -1, Path: path, Message: "the saved value is not JSON: " + err.Error()}
	}
	v := d.cleanPlain(jv, path)
	if d.err != nil {
		err := d.err
		d.err = nil
		return nil, err
	}
	return v, nil
}

func restoreV08(si SavedSurface, data any, add func([]byte) error, msgs *[]Message) error {
	id, _ := json.Marshal(si.ID)
	comps := func() error {
		if len(si.Components) == 0 {
			return nil
		}
		var b bytes.Buffer
		b.WriteString(`{"surfaceUpdate":{"surfaceId":`)
		b.Write(id)
		b.WriteString(`,"components":[`)
		for j, raw := range si.Components {
			if j > 0 {
				b.WriteByte(',')
			}
			b.Write(raw)
		}
		b.WriteString(`]}}`)
		return add(b.Bytes())
	}
	model := Message{DataModelUpdate: &DataModelUpdate{SurfaceID: si.ID, Path: "/", Value: data}}
	if !si.Shown {
		*msgs = append(*msgs, model)
		return comps()
	}
	if err := comps(); err != nil {
		return err
	}
	*msgs = append(*msgs, model)
	br := map[string]any{"surfaceId": si.ID, "root": si.Root}
	if si.CatalogID != "" {
		br["catalogId"] = si.CatalogID
	}
	if si.Styles != (Styles{}) {
		br["styles"] = si.Styles
	}
	raw, err := json.Marshal(map[string]any{"beginRendering": br})
	if err != nil {
		return fmt.Errorf("saved surface %q: %w", SanitizeLine(si.ID), err)
	}
	return add(raw)
}

func restoreV09(si SavedSurface, data any, add func([]byte) error, msgs *[]Message) error {
	version := MessageVersions[0]
	cs := map[string]any{"surfaceId": si.ID, "catalogId": si.CatalogID}
	if si.Theme != (Theme{}) {
		cs["theme"] = si.Theme
	}
	if si.SendDataModel {
		cs["sendDataModel"] = true
	}
	raw, err := json.Marshal(map[string]any{"version": version, "createSurface": cs})
	if err != nil {
		return fmt.Errorf("saved surface %q: %w", SanitizeLine(si.ID), err)
	}
	if err := add(raw); err != nil {
		return err
	}
	if len(si.Components) > 0 {
		id, _ := json.Marshal(si.ID)
		var b bytes.Buffer
		b.WriteString(`{"version":"` + version + `","updateComponents":{"surfaceId":`)
		b.Write(id)
		b.WriteString(`,"components":[`)
		for j, raw := range si.Components {
			if j > 0 {
				b.WriteByte(',')
			}
			b.Write(raw)
		}
		b.WriteString(`]}}`)
		if err := add(b.Bytes()); err != nil {
			return err
		}
	}
	*msgs = append(*msgs, Message{Version: version, UpdateDataModel: &UpdateDataModel{SurfaceID: si.ID, Path: "/", Value: data, HasValue: true}})
	return nil
}

package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// restoreV10 makes a saved v1.0 surface again: a createSurface with its
// components inline (each keeps its own catalogId), then its data model.
func restoreV10(si SavedSurface, data any, add func([]byte) error, msgs *[]Message) error {
	id, _ := json.Marshal(si.ID)
	var b bytes.Buffer
	b.WriteString(`{"version":"` + ProtocolV10 + `","createSurface":{"surfaceId":`)
	b.Write(id)
	if si.CatalogID != "" {
		cat, _ := json.Marshal(si.CatalogID)
		b.WriteString(`,"catalogId":`)
		b.Write(cat)
	}
	if si.SendDataModel {
		b.WriteString(`,"sendDataModel":true`)
	}
	if len(si.Extensions) > 0 {
		b.WriteString(`,"metadata":{"extensions":`)
		b.Write(si.Extensions)
		b.WriteByte('}')
	}
	if len(si.Components) > 0 {
		b.WriteString(`,"components":[`)
		for j, raw := range si.Components {
			if j > 0 {
				b.WriteByte(',')
			}
			b.Write(raw)
		}
		b.WriteByte(']')
	}
	b.WriteString(`}}`)
	if err := add(b.Bytes()); err != nil {
		return err
	}
	*msgs = append(*msgs, Message{Version: ProtocolV10, UpdateDataModel: &UpdateDataModel{SurfaceID: si.ID, Path: "/", Value: data, HasValue: true}})
	return nil
}

// SavedCall is an AgentCall as data: what a journal keeps, and a view in
// another process is sent, of a call waiting for the agent's answer.
type SavedCall struct {
	FunctionCallID string          `json:"functionCallId"`
	SurfaceID      string          `json:"surfaceId"`
	NodeID         string          `json:"nodeId"`
	Call           string          `json:"call"`
	CatalogID      string          `json:"catalogId,omitempty"`
	Args           json.RawMessage `json:"args,omitempty"`
	Deadline       time.Time       `json:"deadline"`
}

// Save returns the call as a SavedCall.
func (a *AgentCall) Save() SavedCall {
	sc := SavedCall{FunctionCallID: a.FunctionCallID, SurfaceID: a.SurfaceID, NodeID: a.NodeID, Call: a.Call, CatalogID: a.CatalogID, Deadline: a.Deadline}
	if a.Args != nil {
		sc.Args = MarshalValue(a.Args)
	}
	return sc
}

// saveCalls returns the canvas's waiting calls, in the order of their
// ids, nil when none wait.
func (c *Canvas) saveCalls() []SavedCall {
	if len(c.calls) == 0 {
		return nil
	}
	out := make([]SavedCall, 0, len(c.calls))
	for _, a := range c.calls {
		out = append(out, a.Save())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].FunctionCallID < out[j].FunctionCallID })
	return out
}

// call reads a saved call as untrusted input: its arguments are cleaned
// as an agent's data is, and its surface must be one of the canvas's.
func (d *decoder) call(c *Canvas, sc SavedCall, at string) (*AgentCall, error) {
	if s := c.surfaces[sc.SurfaceID]; s == nil || !s.v10 {
		return nil, &Error{Code: CodeBadValue, Index: -1, SurfaceID: sc.SurfaceID, Path: at + "/surfaceId", Message: fmt.Sprintf("call %q waits on surface %q, which is not a v1.0 surface of the canvas", SanitizeLine(clip(sc.FunctionCallID)), SanitizeLine(clip(sc.SurfaceID)))}
	}
	a := &AgentCall{FunctionCallID: sc.FunctionCallID, SurfaceID: sc.SurfaceID, NodeID: sc.NodeID, Call: sc.Call, CatalogID: sc.CatalogID, Deadline: sc.Deadline}
	if len(sc.Args) > 0 {
		v, err := d.savedValue(sc.Args, at+"/args")
		if err != nil {
			return nil, err
		}
		o, ok := v.(*Object)
		if !ok && v != nil {
			return nil, &Error{Code: CodeBadValue, Index: -1, SurfaceID: sc.SurfaceID, Path: at + "/args", Message: "the saved arguments are not an object"}
		}
		a.Args = o
	}
	return a, nil
}

// restoreCalls returns c with the saved calls waiting, their buttons
// waiting with them; c when there are none.
func (c *Canvas) restoreCalls(d *decoder, saved []SavedCall) (*Canvas, error) {
	if len(saved) == 0 {
		return c, nil
	}
	if len(saved) > MaxAgentCalls {
		return c, &Error{Code: CodeBadValue, Index: -1, Path: "/calls", Message: fmt.Sprintf("%d calls wait; at most %d may", len(saved), MaxAgentCalls)}
	}
	b := c.begin()
	ids := map[string]bool{}
	for i, sc := range saved {
		a, err := d.call(c, sc, fmt.Sprintf("/calls/%d", i))
		if err != nil {
			return c, err
		}
		b.next.calls[a.FunctionCallID] = a
		ids[a.SurfaceID] = true
	}
	return b.reresolveCalls(sortedSet(ids)...)
}

// StartSavedCall is StartCall for a call saved with AgentCall.Save: what
// a journal read back, or a view in another process, was told of a
// press.
func (c *Canvas) StartSavedCall(sc SavedCall) (*Canvas, error) {
	a, err := (&decoder{opts: c.opts}).call(c, sc, "/call")
	if err != nil {
		return c, err
	}
	return c.StartCall(a)
}

// EndCalls returns a canvas without the waiting calls ids names (their
// buttons take presses again), as ExpireCalls made it; a call that no
// longer waits is passed over.
func (c *Canvas) EndCalls(ids []string) (*Canvas, error) {
	b := c.begin()
	surfaces := map[string]bool{}
	for _, id := range ids {
		if a := b.next.calls[id]; a != nil {
			surfaces[a.SurfaceID] = true
			delete(b.next.calls, id)
		}
	}
	return b.reresolveCalls(sortedSet(surfaces)...)
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

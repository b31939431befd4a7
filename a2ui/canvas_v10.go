package a2ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"
)

// applyV10 applies one v1.0 message. Surface messages are v0.9's with
// v1.0's createSurface; the function calls answer or are answered
// through the batch's outbox (Canvas.Outbox), which the hub hands to the
// agent through canvas.wait.
func (b *batch) applyV10(i int, m Message) *Error {
	switch {
	case m.CallRendererFunction != nil:
		b.callRenderer(m.CallRendererFunction)
		return nil
	case m.AgentFunctionResponse != nil:
		return b.agentResponse(i, m.AgentFunctionResponse)
	case m.CreateSurface == nil:
		return b.applyV09(i, m)
	}
	cs := m.CreateSurface
	id := cs.SurfaceID
	if s := b.next.surfaces[id]; s != nil {
		if !s.v10 {
			return mismatch(i, s, m)
		}
		return &Error{
			Code: CodeSurfaceExists, Index: i, SurfaceID: id, Path: "/createSurface/surfaceId",
			Message: fmt.Sprintf("surface %q exists already: delete it with deleteSurface before creating it again", id),
		}
	}
	s, err := b.surface(id, i)
	if err != nil {
		return err
	}
	cat := cs.catalog
	if cat == nil {
		cat = noCatalogV10
		if cs.CatalogID != "" {
			cat = b.next.opts.catalog(cs.CatalogID, true)
		}
		if cat == nil {
			return &Error{Code: CodeUnknownCatalog, Index: i, SurfaceID: id, Path: "/createSurface/catalogId", Message: b.next.opts.noCatalog(cs.CatalogID, true)}
		}
	}
	s.v09, s.v10, s.catalog, s.catalogID, s.sendData, s.extensions = true, true, cat, cs.CatalogID, cs.SendDataModel, cs.Extensions
	s.root, s.shown = "root", true
	b.structural[id] = true
	b.began[id] = true
	if cs.HasDataModel {
		s.data = cs.DataModel
		s.logWrite(nil)
		b.dirty[id] = append(b.dirty[id], nil)
	}
	if len(cs.Components) > 0 {
		return b.putComponents(i, s, &SurfaceUpdate{SurfaceID: id, Components: cs.Components})
	}
	return nil
}

// Extensions returns the metadata.extensions a v1.0 surface was created
// with, nil when none: kept for the agent's sake, shown nowhere.
func (s *Surface) Extensions() *Object { return s.extensions }

// Extensions returns a v1.0 component's metadata.extensions, nil when
// none.
func (c Component) Extensions() *Object { return c.extensions }

// Outbound is a v1.0 renderer-to-agent message a batch or a press made
// for the agent: a rendererFunctionResponse, an error naming a call, or
// a callAgentFunction. Message is the whole message, ready to send.
type Outbound struct {
	Message json.RawMessage
	// Kind is the message's kind, for the transcript; Name the function
	// it is about.
	Kind, Name string
}

// Request is something a v1.0 function call asks of the views: move the
// focus to a node, scroll it into view, or show a notice.
type Request struct {
	Kind      string // "focus", "scrollIntoView" or "notify"
	SurfaceID string
	NodeID    string
	Text      string
}

// Outbox returns what the batch that made the canvas has for the agent,
// in order; empty for a canvas made otherwise.
func (c *Canvas) Outbox() []Outbound { return c.outbox }

// Requests returns what the batch that made the canvas asks of the views.
func (c *Canvas) Requests() []Request { return c.requests }

// send queues a v1.0 message for the agent.
func (b *batch) send(kind, name string, body any) {
	var buf bytes.Buffer
	buf.WriteString(`{"version":"v1.0",`)
	writeJSONString(&buf, kind)
	buf.WriteByte(':')
	js, _ := json.Marshal(body) // built of JSON-able values
	buf.Write(js)
	buf.WriteByte('}')
	b.next.outbox = append(b.next.outbox, Outbound{Message: buf.Bytes(), Kind: kind, Name: name})
}

// functionError is the v1.0 error naming a call.
type functionError struct {
	Code           string `json:"code"`
	Message        string `json:"message"`
	FunctionCallID string `json:"functionCallId"`
}

// functionResponse is a FunctionResponse: a value or an error.
type functionResponse struct {
	FunctionCallID string          `json:"functionCallId"`
	Value          json.RawMessage `json:"value,omitempty"`
	Error          *responseError  `json:"error,omitempty"`
}

type responseError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// callRenderer runs an agent's call of a2term's function, answering
// through the outbox: a function the agent may not call (rendererOnly,
// or none the catalog has) is refused with INVALID_FUNCTION_CALL as the
// specification asks, a catalog a2term does not have with
// UNKNOWN_FUNCTION; arguments that do not fit, and a function that fails,
// get a rendererFunctionResponse with an error.
func (b *batch) callRenderer(c *CallRendererFunction) {
	refuse := func(code, format string, args ...any) {
		b.send("error", c.Call, functionError{Code: code, Message: fmt.Sprintf(format, args...), FunctionCallID: c.FunctionCallID})
	}
	fail := func(code, format string, args ...any) {
		b.send("rendererFunctionResponse", c.Call, functionResponse{FunctionCallID: c.FunctionCallID, Error: &responseError{Code: code, Message: fmt.Sprintf(format, args...)}})
	}
	cat := b.next.opts.catalog(c.CatalogID, true)
	if cat == nil {
		refuse(UnknownFunction, "%s", b.next.opts.noCatalog(c.CatalogID, true))
		return
	}
	fn := cat.fns.get(c.Call)
	switch {
	case fn == nil && cat.fns.cannot[c.Call]:
		refuse(UnknownFunction, "function %q of catalog %s is not one a2term can run", clip(c.Call), c.CatalogID)
		return
	case fn == nil:
		refuse(InvalidFunctionCall, "function %q is not in catalog %s: it has %s", clip(c.Call), c.CatalogID, cat.fns.list())
		return
	case fn.callers() == CallersRendererOnly:
		refuse(InvalidFunctionCall, "function %q is rendererOnly and cannot be called by the agent", fn.name)
		return
	}
	args := make([]any, len(fn.args))
	for i := range args {
		args[i] = undefined
	}
	if c.Args != nil {
		for _, k := range c.Args.Keys() {
			i := fn.argIndex(k)
			if i < 0 {
				fail("INVALID_ARGUMENTS", "%s has no argument %q; it takes %s", fn.name, clip(k), fn.argList())
				return
			}
			args[i], _ = c.Args.Get(k)
		}
	}
	for i, a := range fn.args {
		if a.required && isUndefined(args[i]) {
			fail("INVALID_ARGUMENTS", "%s needs the argument %q", fn.name, a.name)
			return
		}
		if s, ok := args[i].(string); a.typ == typeString && !ok && !isUndefined(args[i]) {
			fail("INVALID_ARGUMENTS", "argument %q of %s must be a string", a.name, fn.name)
			return
		} else if ok {
			args[i] = SanitizeLine(s)
		}
	}
	run := b.runTerminal
	if cat != terminalCatalogV10 {
		run = func(fn *funcSpec, args []any) (any, error) { return b.runCatalogFunction(cat, fn, args) }
	}
	value, err := run(fn, args)
	if err != nil {
		fail("EXECUTION_FAILED", "%s", err)
		return
	}
	var raw json.RawMessage
	if value == nil || isUndefined(value) {
		raw = json.RawMessage("null")
	} else {
		var buf bytes.Buffer
		writeJSON(&buf, value)
		raw = buf.Bytes()
	}
	b.send("rendererFunctionResponse", fn.name, functionResponse{FunctionCallID: c.FunctionCallID, Value: raw})
}

// runTerminal runs one of the terminal catalog's functions for the agent.
func (b *batch) runTerminal(fn *funcSpec, args []any) (any, error) {
	switch fn {
	case fnFocus, fnScrollIntoView:
		sid, nid := args[0].(string), args[1].(string)
		s := b.next.surfaces[sid]
		if s == nil || s.tree == nil {
			return nil, fmt.Errorf("surface %q is not shown", clip(sid))
		}
		n := s.tree.Find(nid)
		if n == nil {
			return nil, fmt.Errorf("surface %q shows no node %q", clip(sid), clip(nid))
		}
		if fn == fnFocus && !focusable(n) {
			return nil, fmt.Errorf("%q is a %s, which takes no focus", clip(nid), n.Type)
		}
		b.next.requests = append(b.next.requests, Request{Kind: fn.name, SurfaceID: sid, NodeID: nid})
		return undefined, nil
	case fnNotify:
		b.next.requests = append(b.next.requests, Request{Kind: fn.name, Text: args[0].(string)})
		return undefined, nil
	}
	e := &modelEnv{loc: b.next.opts.Locale, tz: b.next.opts.Location, bud: newBudget()}
	ev := evaluator{env: e, bud: e.budget()}
	return fn.impl(&ev, nil, args)
}

// runCatalogFunction runs a function of a catalog definition's that
// a2term evaluates (one of the basic catalog's), for the agent. The call
// is read as a binding of the catalog's is, so that a template or a
// pattern in its arguments is checked and prepared as there; it is
// evaluated with no data model.
func (b *batch) runCatalogFunction(cat *catalogV09, fn *funcSpec, args []any) (any, error) {
	var buf bytes.Buffer
	buf.WriteString(`{"call":`)
	writeJSONString(&buf, fn.name)
	buf.WriteString(`,"args":{`)
	first := true
	for i, a := range fn.args {
		if isUndefined(args[i]) {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		writeJSONString(&buf, a.name)
		buf.WriteByte(':')
		writeJSON(&buf, args[i])
	}
	buf.WriteString("}}")
	v, err := parseJSON(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the arguments: %w", err)
	}
	e := &modelEnv{loc: b.next.opts.Locale, tz: b.next.opts.Location, bud: newBudget()}
	p := &dynParser{fns: cat.fns, bud: e.bud}
	d, perr := p.value(v, typeAny, "")
	if perr != nil {
		return nil, errors.New(perr.Message)
	}
	value, err := evalDynamic(d, e)
	if err != nil {
		return nil, err
	}
	if isUndefined(value) {
		return nil, fmt.Errorf("%s gave no value for these arguments", fn.name)
	}
	return value, nil
}

// focusable reports whether the person can move the focus to n.
func focusable(n *Node) bool {
	switch n.Type {
	case "Button", "TextField", "CheckBox", "Slider", "ChoicePicker", "MultipleChoice", "DateTimeInput", "Tabs", "Modal":
		return true
	}
	return false
}

// AgentCall is a call of a function of the agent's that a press sent as
// callAgentFunction, waiting for its agentFunctionResponse until
// Deadline; its button shows it waiting, and takes no press meanwhile.
type AgentCall struct {
	FunctionCallID string
	SurfaceID      string
	NodeID         string
	Call           string
	CatalogID      string
	Args           *Object
	Deadline       time.Time
}

// MaxAgentCallWait is how long a2term waits for the agent to answer a
// callAgentFunction; the button shows until when. An answer after it is
// refused, and the button takes presses again.
const MaxAgentCallWait = 60 * time.Second

// MaxAgentCalls is how many callAgentFunction may wait for an answer at
// once; a press that would start one more is refused.
const MaxAgentCalls = 64

// Message returns the callAgentFunction message of the call.
func (a *AgentCall) Message() json.RawMessage {
	type callFunction struct {
		Call      string  `json:"call"`
		CatalogID string  `json:"catalogId,omitempty"`
		Args      *Object `json:"args,omitempty"`
	}
	body := struct {
		SurfaceID      string       `json:"surfaceId"`
		FunctionCallID string       `json:"functionCallId"`
		CallFunction   callFunction `json:"callFunction"`
	}{a.SurfaceID, a.FunctionCallID, callFunction{a.Call, a.CatalogID, a.Args}}
	js, _ := json.Marshal(body) // built of JSON-able values
	return append(append([]byte(`{"version":"v1.0","callAgentFunction":`), js...), '}')
}

// StartCall returns a canvas on which the press's call waits for the
// agent's answer: its button shows it waiting until the deadline.
func (c *Canvas) StartCall(a *AgentCall) (*Canvas, error) {
	if len(c.calls) >= MaxAgentCalls {
		return c, &Error{Code: CodeBadValue, Index: -1, SurfaceID: a.SurfaceID, Message: fmt.Sprintf("%d calls already wait for the agent's answer", MaxAgentCalls)}
	}
	b := c.begin()
	b.next.calls[a.FunctionCallID] = a
	return b.reresolveCalls(a.SurfaceID)
}

// ExpireCalls returns a canvas without the calls whose deadline passed at
// now (their buttons take presses again), and those calls; the receiver
// when none did. It is one change of the canvas, which EndCalls makes
// again from the calls' ids.
func (c *Canvas) ExpireCalls(now time.Time) (*Canvas, []*AgentCall) {
	var gone []*AgentCall
	var ids []string
	for _, a := range c.calls {
		if !now.Before(a.Deadline) {
			gone = append(gone, a)
			ids = append(ids, a.FunctionCallID)
		}
	}
	if len(gone) == 0 {
		return c, nil
	}
	sort.Slice(gone, func(i, j int) bool { return gone[i].FunctionCallID < gone[j].FunctionCallID })
	next, err := c.EndCalls(ids)
	if err != nil {
		return c, nil
	}
	return next, gone
}

// Calls returns the calls waiting for the agent's answer.
func (c *Canvas) Calls() []*AgentCall {
	out := make([]*AgentCall, 0, len(c.calls))
	for _, a := range c.calls {
		out = append(out, a)
	}
	return out
}

// reresolveCalls finishes a batch that only changed the waiting calls of
// the surfaces ids.
func (b *batch) reresolveCalls(ids ...string) (*Canvas, error) {
	for _, id := range ids {
		if err := b.syncWaiting(id, 0); err != nil {
			return nil, err
		}
	}
	if _, err := b.finish(); err != nil {
		return nil, err
	}
	return b.next, nil
}

// agentResponse ends the call the agent answers: its button takes presses
// again, and the answer is a notice for the views.
func (b *batch) agentResponse(i int, r *AgentFunctionResponse) *Error {
	a := b.next.calls[r.FunctionCallID]
	if a == nil {
		return &Error{Code: CodeBadValue, Index: i, Path: "/agentFunctionResponse/functionCallId", Message: fmt.Sprintf("no call %q waits for an answer (it was answered, timed out, or never sent)", clip(r.FunctionCallID))}
	}
	delete(b.next.calls, r.FunctionCallID)
	text := a.Call + " answered"
	if r.HasValue {
		var buf bytes.Buffer
		writeJSON(&buf, r.Value)
		text += ": " + SanitizeLine(clip(buf.String()))
	} else {
		text += " with an error: " + r.ErrorCode + ": " + r.ErrorMessage
	}
	b.next.requests = append(b.next.requests, Request{Kind: "notify", SurfaceID: a.SurfaceID, NodeID: a.NodeID, Text: text})
	return b.syncWaiting(a.SurfaceID, i)
}

// syncWaiting gives surface id the texts its buttons show for the calls
// of the batch's canvas that wait, and has it resolved again.
func (b *batch) syncWaiting(id string, i int) *Error {
	if b.next.surfaces[id] == nil {
		return nil
	}
	s, err := b.surface(id, i)
	if err != nil {
		return err
	}
	s.waiting = nil
	for _, a := range b.next.calls {
		if a.SurfaceID == id {
			if s.waiting == nil {
				s.waiting = map[string]string{}
			}
			s.waiting[a.NodeID] = waitingText(a, s.tz)
		}
	}
	b.structural[id] = true
	return nil
}

// waitingText words a call waiting for the agent, for its button.
func waitingText(a *AgentCall, tz *time.Location) string {
	return "waiting for the agent's " + a.Call + " until " + DeadlineText(a, tz)
}

// DeadlineText is when a call stops waiting for the agent, as the views
// say it: in the zone the canvas shows times in (Options.Location; nil is
// UTC), with the zone's name, "15:04:05 UTC".
func DeadlineText(a *AgentCall, tz *time.Location) string {
	if tz == nil {
		tz = time.UTC
	}
	return a.Deadline.In(tz).Format("15:04:05 MST")
}

// checkComposition enforces the allowedParents and allowedChildren of a
// v1.0 surface's catalogs over its components, the implicit Surface
// container being the parent of "root". A reference to a component not
// sent yet is checked once it arrives.
func checkComposition(s *Surface) *Error {
	if !s.v10 || !hasRules(s) {
		return nil
	}
	if root, ok := s.comps["root"]; ok {
		if err := allowed(s, nil, SurfaceType, root, "/id"); err != nil {
			return err
		}
	}
	var refs []ref
	for _, id := range s.compOrder {
		e := s.comps[id]
		if e.catalog == nil {
			continue
		}
		refs = e.Props.refs(refs[:0])
		for _, r := range refs {
			child, ok := s.comps[r.id]
			if !ok {
				continue
			}
			if err := allowed(s, e, e.Type(), child, r.path()); err != nil {
				return err
			}
		}
	}
	return nil
}

// hasRules reports whether a catalog s's components come from has
// composition rules (the basic catalog has none).
func hasRules(s *Surface) bool {
	var last *catalogV09
	for _, id := range s.compOrder {
		c := s.comps[id].catalog
		if c == last || c == nil {
			continue
		}
		if c.parents != nil || c.children != nil {
			return true
		}
		last = c
	}
	return false
}

// allowed checks one parent-child pair: parent (nil for the Surface
// container) of type pt holding child, referenced at at below the
// parent's properties.
func allowed(s *Surface, parent *compEntry, pt string, child *compEntry, at string) *Error {
	ct := child.Type()
	if c := child.catalog; c != nil {
		if ps, ok := c.parents[ct]; ok && !containsString(ps, pt) {
			return &Error{
				Code: CodeUnallowedParent, SurfaceID: s.id, ComponentID: child.ID, Path: "/component",
				Message: fmt.Sprintf("a %s may be placed only under %s, not under a %s", ct, quoteNames(ps), pt),
			}
		}
	}
	if parent != nil && parent.catalog != nil {
		if cs, ok := parent.catalog.children[pt]; ok && !containsString(cs, ct) {
			return &Error{
				Code: CodeUnallowedChild, SurfaceID: s.id, ComponentID: parent.ID, Path: at,
				Message: fmt.Sprintf("a %s may hold only %s, not a %s", pt, quoteNames(cs), ct),
			}
		}
	}
	return nil
}

package a2ui

import (
	"sort"
	"strings"
)

// The v1.0 decoder is the v0.9 one with v1.0's differences: six message
// kinds, createSurface with its components and data model inline and an
// optional default catalog, updateDataModel's value required (null
// removes), a component's or a call's own catalogId, metadata.extensions,
// accessibility's live and hidden, check messages optional, an event's
// userMessage, and the basic catalog's changes (props_v10.go).

// v10Kinds are the v1.0 message kinds.
var v10Kinds = []string{"createSurface", "updateComponents", "updateDataModel", "deleteSurface", "callRendererFunction", "agentFunctionResponse"}

// messageV10 decodes a message that named "version": "v1.0".
func (d *decoder) messageV10(env jval) Message {
	var found, other []string
	for x := env.first(); x.ok(); x = x.next() {
		switch k := x.key(); {
		case k == "version":
		case containsString(v10Kinds, k):
			found = append(found, k)
		default:
			other = append(other, SanitizeLine(k))
		}
	}
	sort.Strings(found)
	sort.Strings(other)
	switch {
	case len(found) == 0 && len(other) > 0:
		d.failf(CodeBadMessage, "", "unknown message kind %q: A2UI v1.0 has %s", strings.Join(other, ", "), strings.Join(v10Kinds, ", "))
		return Message{}
	case len(found) == 0:
		d.failf(CodeBadMessage, "", "empty message: expected one of %s beside version", strings.Join(v10Kinds, ", "))
		return Message{}
	case len(found) > 1:
		d.failf(CodeBadMessage, "", "a message holds exactly one kind, this one has %s", strings.Join(found, " and "))
		return Message{}
	case len(other) > 0:
		d.failf(CodeBadMessage, "/"+other[0], "unexpected key %q beside %s", other[0], found[0])
		return Message{}
	}
	kind := found[0]
	d.kind = kind
	bv, _ := env.member(kind)
	body := d.object(bv, "/"+kind, kind)
	if d.err != nil {
		return Message{}
	}
	p := "/" + kind
	m := Message{Version: ProtocolV10}
	switch kind {
	case "callRendererFunction":
		m.CallRendererFunction = d.callRendererFunction(body, p)
		return d.done(m)
	case "agentFunctionResponse":
		m.AgentFunctionResponse = d.agentFunctionResponse(body, p)
		return d.done(m)
	}
	d.surfaceID = d.surfaceIDOf(body, p)
	switch kind {
	case "createSurface":
		m.CreateSurface = d.createSurfaceV10(body, p)
	case "updateComponents":
		m.UpdateComponents = d.updateComponents(body, p)
	case "updateDataModel":
		if _, ok := body.member("value"); !ok && d.err == nil {
			d.failf(CodeMissingProperty, d.p(p, "value"), "value is required in v1.0: send null to remove what is at path")
		}
		m.UpdateDataModel = d.updateDataModel(body, p)
		if m.UpdateDataModel != nil && m.UpdateDataModel.Value == nil {
			m.UpdateDataModel.HasValue = false // null removes the key
		}
	case "deleteSurface":
		d.strictKeys(body, p, "surfaceId")
		m.DeleteSurface = &DeleteSurface{SurfaceID: d.surfaceID}
	}
	return d.done(m)
}

// done returns m, or nothing when the message was refused.
func (d *decoder) done(m Message) Message {
	if d.err != nil {
		return Message{}
	}
	return m
}

// noCatalogV10 is the catalog of a v1.0 surface created without a
// default catalogId: it has nothing, so that a component or call that
// names no catalog of its own finds nothing (no fallback).
var noCatalogV10 = &catalogV09{v10: true, types: map[string]bool{}}

// catalogV10 returns the registered v1.0 catalog id names, refusing an
// unknown one (a warning in lenient mode, which then reads it as basic).
func (d *decoder) catalogV10(id, at string) *catalogV09 {
	if c := d.opts.catalog(id, true); c != nil {
		return c
	}
	if d.opts.Lenient {
		d.warnf(CodeUnknownCatalog, at, "catalog %q is not known: drawing with the basic catalog", SanitizeLine(clip(id)))
		return basicCatalogV10
	}
	d.failf(CodeUnknownCatalog, at, "%s", d.opts.noCatalog(id, true))
	return nil
}

func (d *decoder) createSurfaceV10(body jval, p string) *CreateSurface {
	d.strictKeys(body, p, "surfaceId", "catalogId", "sendDataModel", "components", "dataModel", "metadata")
	cs := &CreateSurface{SurfaceID: d.surfaceID, catalog: noCatalogV10}
	if raw, ok := body.member("catalogId"); ok {
		cs.CatalogID = d.plainString(raw, d.p(p, "catalogId"), "catalogId", false)
		if d.err == nil {
			cs.catalog = d.catalogV10(cs.CatalogID, d.p(p, "catalogId"))
		}
	}
	if raw, ok := body.member("sendDataModel"); ok {
		cs.SendDataModel = d.boolean(raw, d.p(p, "sendDataModel"), "sendDataModel")
	}
	if raw, ok := body.member("metadata"); ok {
		cs.Extensions = d.metadata(raw, d.p(p, "metadata"))
	}
	if raw, ok := body.member("dataModel"); ok {
		at := d.p(p, "dataModel")
		if d.object(raw, at, "dataModel"); d.err == nil {
			cs.DataModel, cs.HasDataModel = d.cleanPlain(raw, at), true
		}
	}
	if d.err != nil {
		return nil
	}
	if _, ok := body.member("components"); ok {
		uc := d.componentList(body, p, cs.catalog)
		if uc == nil {
			return nil
		}
		cs.Components = uc.Components
	}
	if d.err != nil {
		return nil
	}
	return cs
}

// metadata reads a metadata object: {"extensions": {…}}, whose keys are
// UAX #31 identifiers. The extensions are kept as sent and shown nowhere.
func (d *decoder) metadata(raw jval, p string) *Object {
	m := d.object(raw, p, "metadata")
	d.strictKeys(m, p, "extensions")
	ev, ok := m.member("extensions")
	if !ok || d.err != nil {
		return nil
	}
	at := d.p(p, "extensions")
	ext := d.object(ev, at, "extensions")
	for x := ext.first(); x.ok() && d.err == nil; x = x.next() {
		if k := x.key(); !isIdentifier(k) {
			d.failf(CodeBadName, d.pk(at, k), "extension key %q is not a Unicode identifier (UAX #31)", SanitizeLine(clip(k)))
		}
	}
	if d.err != nil {
		return nil
	}
	o, _ := d.cleanPlain(ext, at).(*Object)
	return o
}

// componentV10 reads what a v1.0 component has beyond a v0.9 one: its
// own catalogId (else the surface's default; neither is a refusal) and
// its metadata. It returns the catalog the component's type is looked up
// in.
func (pd *propDecoder) componentV10(c *Component, cat *catalogV09, p, typ string) *catalogV09 {
	d := pd.d
	if typ == SurfaceType {
		d.failf(CodeBadValue, d.p(p, "component"), "%q is the reserved container createSurface makes: no component may be one", SurfaceType)
		return nil
	}
	if raw, ok := pd.get("catalogId", false); ok {
		id := d.plainString(raw, d.p(p, "catalogId"), "catalogId", false)
		if d.err != nil {
			return nil
		}
		cat = d.catalogV10(id, d.p(p, "catalogId"))
	} else if cat == noCatalogV10 {
		d.failf(CodeNoCatalog, d.p(p, "catalogId"), "component %q names no catalogId and its surface has no default catalog: there is no fallback", SanitizeLine(clip(c.ID)))
		return nil
	}
	if raw, ok := pd.get("metadata", false); ok {
		c.extensions = d.metadata(raw, d.p(p, "metadata"))
	}
	c.catalog = cat
	return cat
}

// resolveV10 finds the function a v1.0 call names, by the specification's
// order: the call's own catalogId, else the surface's default catalog,
// else a refusal. @index is every catalog's. A name the catalog does not
// have is, where p.agentOK, a function the agent runs.
func (p *dynParser) resolveV10(c *fcall, v jval, at *ptr, extra string) (*funcSpec, *Error) {
	for x := v.first(); x.ok(); x = x.next() {
		if !x.keyIs("call") && !x.keyIs("args") && !x.keyIs("catalogId") && (extra == "" || !x.keyIs(extra)) {
			k := x.key()
			return nil, refusal(CodeBadCall, at.k(k), "a v1.0 function call has call, args and catalogId, not %q", SanitizeLine(k))
		}
	}
	if c.name == "@index" {
		return fnIndex, nil
	}
	fns := p.fns
	if cv, ok := v.member("catalogId"); ok {
		if cv.kind != jString {
			return nil, refusal(CodeBadCall, at.k("catalogId"), "catalogId must be a string, not %s", cv.kind)
		}
		c.catalogID = SanitizeLine(cv.str())
		cat := p.opts.catalog(c.catalogID, true)
		if cat == nil {
			return nil, refusal(CodeUnknownCatalog, at.k("catalogId"), "%s", p.opts.noCatalog(c.catalogID, true))
		}
		fns = cat.fns
	} else if fns == nil {
		return nil, refusal(CodeNoCatalog, at.k("call"), "the call of %q names no catalogId and its surface has no default catalog: there is no fallback", SanitizeLine(clip(c.name)))
	}
	fn := fns.get(c.name)
	switch {
	case fn == nil && fns.cannot[c.name]:
		return nil, refusal(CodeUnknownFunction, at.k("call"), "function %q of the catalog is not one a2term can evaluate; it evaluates %s", SanitizeLine(c.name), fns.list())
	case fn == nil && p.agentOK && isIdentifier(c.name):
		var names []string
		if av, ok := v.member("args"); ok && av.kind == jObject {
			names = av.keys()
		}
		return remoteFunction(SanitizeLine(c.name), names), nil
	case fn == nil:
		return nil, refusal(CodeUnknownFunction, at.k("call"), "unknown function %q; the catalog has %s", SanitizeLine(clip(c.name)), fns.list())
	case fn.allowed == CallersAgentOnly:
		return nil, refusal(CodeBadCall, at.k("call"), "%s is agentOnly: only an agent may call it, with callRendererFunction", fn.name)
	}
	return fn, nil
}

// callRendererFunction reads an agent's call of one of a2term's
// functions. Which function, and whether the agent may call it, is the
// canvas's to decide (see Canvas.Apply): the decoder checks the shapes.
func (d *decoder) callRendererFunction(body jval, p string) *CallRendererFunction {
	d.strictKeys(body, p, "functionCallId", "callFunction")
	cr := &CallRendererFunction{}
	raw, ok := body.member("functionCallId")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "functionCallId"), "functionCallId is required")
		return nil
	}
	cr.FunctionCallID = d.plainString(raw, d.p(p, "functionCallId"), "functionCallId", false)
	d.callID = cr.FunctionCallID
	fc, ok := body.member("callFunction")
	at := d.p(p, "callFunction")
	if !ok {
		d.failf(CodeMissingProperty, at, "callFunction is required")
		return nil
	}
	fo := d.object(fc, at, "callFunction")
	d.strictKeys(fo, at, "call", "catalogId", "args")
	for _, k := range []string{"call", "catalogId"} {
		v, ok := fo.member(k)
		if !ok && d.err == nil {
			d.failf(CodeMissingProperty, d.p(at, k), "callFunction needs %s", k)
		}
		s := d.plainString(v, d.p(at, k), k, false)
		if k == "call" {
			cr.Call = s
		} else {
			cr.CatalogID = s
		}
	}
	if av, ok := fo.member("args"); ok && d.err == nil {
		aat := d.p(at, "args")
		if d.object(av, aat, "args"); d.err == nil {
			cr.Args, _ = d.cleanPlain(av, aat).(*Object)
		}
	}
	if d.err != nil {
		return nil
	}
	return cr
}

// agentFunctionResponse reads the agent's answer to a callAgentFunction.
func (d *decoder) agentFunctionResponse(body jval, p string) *AgentFunctionResponse {
	d.strictKeys(body, p, "functionCallId", "value", "error")
	r := &AgentFunctionResponse{}
	raw, ok := body.member("functionCallId")
	if !ok {
		d.failf(CodeMissingProperty, d.p(p, "functionCallId"), "functionCallId is required")
		return nil
	}
	r.FunctionCallID = d.plainString(raw, d.p(p, "functionCallId"), "functionCallId", false)
	v, hasValue := body.member("value")
	e, hasError := body.member("error")
	if hasValue == hasError && d.err == nil {
		d.failf(CodeBadValue, p, "an agentFunctionResponse holds exactly one of value and error")
		return nil
	}
	if hasValue {
		r.Value, r.HasValue = d.cleanPlain(v, d.p(p, "value")), true
	}
	if hasError {
		at := d.p(p, "error")
		eo := d.object(e, at, "error")
		d.strictKeys(eo, at, "code", "message")
		for _, k := range []string{"code", "message"} {
			x, ok := eo.member(k)
			if !ok && d.err == nil {
				d.failf(CodeMissingProperty, d.p(at, k), "error needs %s", k)
			}
			s := d.plainString(x, d.p(at, k), k, false)
			if k == "code" {
				r.ErrorCode = s
			} else {
				r.ErrorMessage = s
			}
		}
	}
	if d.err != nil {
		return nil
	}
	return r
}

// codeV10 is the v1.0 error code of a refusal whose v0.9 code is code:
// the composition rules have codes of their own.
func codeV10(err *Error, code string) string {
	switch err.Code {
	case CodeUnallowedParent:
		return UnallowedParent
	case CodeUnallowedChild:
		return UnallowedChild
	default:
		return code
	}
}

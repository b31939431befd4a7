package a2ui

import (
	"strings"
	"time"
)

// pressV09 builds the action of a press on a v0.9 button (the checks
// were not failing, the press is not stale). An event becomes the v0.9
// action, its context evaluated now, against the data model the person
// sees; a function call runs here and is marked Local: it is never sent.
//
// sourceComponentId is the button's component id, also inside a
// template, as the official renderers send it (the context tells the
// items apart).
func pressV09(s *Surface, n *Node, b *Button, now time.Time) (*UserAction, error) {
	bp, _ := n.Props.(*ButtonProps)
	if bp != nil && bp.Disabled {
		return nil, intentError(CodeChecksFailed, s, n.Component, "button %q is disabled by its checks: %s", n.ID, strings.Join(bp.Checks, "; "))
	}
	return pressActionV09(s, n, &b.Action, now)
}

// pressActionV09 builds the action of a press on a v0.9 component whose
// action is a: a Button, or a component of a catalog definition.
func pressActionV09(s *Surface, n *Node, act *Action, now time.Time) (*UserAction, error) {
	e := &modelEnv{data: s.data, loc: s.loc, tz: s.tz, clock: now, bud: newBudget(), pats: s.pats}
	if n.sc.inTpl {
		e.item = n.sc.item
	}
	a := &UserAction{
		Name:              act.Name,
		SurfaceID:         s.id,
		SourceComponentID: n.Component,
		Timestamp:         now.UTC().Format(TimestampFormat),
		Context:           NewObject(),
		Protocol:          s.Protocol(),
	}
	if call := act.v9.call; call != nil && call.call.fn.remote {
		return pressRemote(s, n, a, call, e, now)
	}
	if call := act.v9.call; call != nil {
		// Pure functions: running one changes nothing; openUrl's address
		// is for the views to show.
		_, _ = evalDynamic(call, e)
		a.Name, a.Local = call.call.name, true
		if u, ok := openURL(call, e); ok {
			a.URL = u
		}
		return a, nil
	}
	if um := act.v9.userMessage; um != nil {
		if text, err := evalText(um, e); err == nil {
			a.UserMessage = SanitizeLine(text)
		}
	}
	for _, de := range act.v9.ctx {
		v, err := evalDynamic(de.val, e)
		if b := asBound(err); b != nil {
			// The agent reads why the value is missing, as the person
			// does in the transcript.
			v = b.Marker()
		}
		if isUndefined(v) {
			continue // what is not there is left out, as JSON leaves out undefined
		}
		a.Context.set(de.key, v)
	}
	if s.sendData {
		a.DataModel, a.HasDataModel = s.data, true
		if a.DataModel == nil {
			a.DataModel = NewObject()
		}
	}
	return a, nil
}

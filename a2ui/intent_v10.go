package a2ui

import "time"

// pressRemote builds the callAgentFunction of a press on a v1.0 button
// whose action calls a function of the agent's: its arguments evaluated
// now, against the data model the person sees. The canvas is not changed
// here; the board records the call as waiting (Canvas.StartCall).
func pressRemote(s *Surface, n *Node, a *UserAction, call *dynamic, e *modelEnv, now time.Time) (*UserAction, error) {
	if s.waiting[n.ID] != "" {
		return nil, intentError(CodeChecksFailed, s, n.Component, "button %q is %s", n.ID, s.waiting[n.ID])
	}
	c := call.call
	args := NewObject()
	for i, spec := range c.fn.args {
		if c.args[i] == nil {
			continue
		}
		v, err := evalDynamic(c.args[i], e)
		if b := asBound(err); b != nil {
			v = b.Marker()
		}
		if isUndefined(v) {
			continue
		}
		args.set(spec.name, v)
	}
	if args.Len() == 0 {
		args = nil
	}
	a.Name = c.name
	a.AgentCall = &AgentCall{
		FunctionCallID: "call-" + s.id + "-" + n.ID + "-" + now.UTC().Format("20060102T150405.000000000"),
		SurfaceID:      s.id, NodeID: n.ID, Call: c.name, CatalogID: c.catalogID, Args: args,
		Deadline: now.Add(MaxAgentCallWait),
	}
	return a, nil
}

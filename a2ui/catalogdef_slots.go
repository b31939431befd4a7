package a2ui

import "strings"

// A component a2term draws without knowing it — one of a catalog
// definition's (see catalogdef.go), or, in lenient mode, one of a catalog
// it has no definition of — still holds other components: its child and
// child-list properties are its slots, drawn inside it.
//
// The specification says how a catalog marks them: a property holding one
// component's id is a ComponentId, one holding a list of children or a
// template a ChildList ("Validator compliance when defining catalogs").
// With a definition, the slots are the properties whose schemas say so;
// without one, they are found by name, as every catalog in the
// specification names them: "child" or a name ending in "Child" holds one
// id, "children" or a name ending in "Children" a list.

// slotKind says what a property of a component a2term draws generically
// holds.
type slotKind uint8

const (
	slotNone slotKind = iota
	slotChild
	slotChildList
)

// slotKindByName is the kind of the property name of a component without
// a definition.
func slotKindByName(name string) slotKind {
	switch {
	case name == "child" || strings.HasSuffix(name, "Child"):
		return slotChild
	case name == "children" || strings.HasSuffix(name, "Children"):
		return slotChildList
	}
	return slotNone
}

// childSlot is one child or child-list property of a component, read.
type childSlot struct {
	name string
	one  string   // a ComponentId: the child's id
	list Children // a ChildList
	many bool     // list, not one
}

// slotRefs appends the references of slots to out, each at its own
// property.
func slotRefs(slots []childSlot, out []ref) []ref {
	for _, s := range slots {
		at := "/" + escapePointer(s.name)
		if !s.many {
			out = append(out, ref{id: s.one, at: at})
			continue
		}
		from := len(out)
		out = s.list.refs(out)
		for i := from; i < len(out); i++ {
			out[i].at = at + strings.TrimPrefix(out[i].at, "/children")
		}
	}
	return out
}

// readSlot reads the property name, of kind k, of a component of type
// typ. A value of the wrong shape is refused, or, when lenient (a
// component without a definition, or a lenient canvas), warned of and
// not drawn.
func (pd *propDecoder) readSlot(typ, name string, k slotKind, lenient bool) (childSlot, bool) {
	d := pd.d
	s := childSlot{name: name}
	raw, ok := pd.lookup(name)
	if !ok || d.err != nil {
		return s, false
	}
	at := d.pk(pd.base, name)
	if k == slotChild {
		if raw.kind == jString && !raw.strIs("") {
			s.one = d.plainString(raw, at, name, false)
			return s, d.err == nil
		}
		if lenient {
			d.warnf(CodeLenient, at, "%s of %s is not a component id; not drawn", SanitizeLine(name), typ)
			return s, false
		}
		d.failf(CodeBadValue, at, "%s must be a component id (a non-empty string)", SanitizeLine(name))
		return s, false
	}
	s.many = true
	switch {
	case idList(raw):
		s.list = Children{ExplicitList: d.stringList(raw, at, name), v09: true}
		return s, d.err == nil
	case raw.kind == jObject && raw.len() == 2:
		id, ok1 := raw.member("componentId")
		pv, ok2 := raw.member("path")
		if ok1 && ok2 && id.kind == jString && pv.kind == jString && !id.strIs("") {
			dp := parseDynPath(pv.str())
			s.list = Children{v09: true, Template: &Template{
				ComponentID: d.plainString(id, d.p(at, "componentId"), "componentId", false),
				DataBinding: d.plainString(pv, d.p(at, "path"), "path", false), path: &dp,
			}}
			return s, d.err == nil
		}
	}
	if lenient {
		d.warnf(CodeLenient, at, "%s of %s is not a list of ids or a template {componentId, path}; not drawn", SanitizeLine(name), typ)
		return s, false
	}
	d.failf(CodeBadValue, at, "%s must be an array of component ids or a template {componentId, path}", SanitizeLine(name))
	return s, false
}

// slotsByName reads the slots of a component without a definition, found
// by name, in the order the component gives them.
func (pd *propDecoder) slotsByName(typ string) []childSlot {
	var out []childSlot
	for x := pd.props.first(); x.ok(); x = x.next() {
		name := x.key()
		k := slotKindByName(name)
		if k == slotNone {
			continue
		}
		if s, ok := pd.readSlot(typ, name, k, true); ok {
			out = append(out, s)
		}
	}
	return out
}

// resolveSlots draws the children of slots, in order.
func (r *resolver) resolveSlots(n *Node, slots []childSlot, sc *scope, depth int) {
	for _, s := range slots {
		if r.err != nil {
			return
		}
		if !s.many {
			n.Children = append(n.Children, r.node(s.one, sc, depth+1))
			continue
		}
		r.cur = n
		n.Children = append(n.Children, r.children(s.list, sc, depth)...)
	}
}

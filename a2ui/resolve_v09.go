package a2ui

import (
	"strconv"
	"strings"
	"time"
)

// The resolver evaluates v0.9 dynamic values as the env of the node being
// resolved: every path an evaluation reads is recorded in the node's
// reads, so that a data change re-resolves exactly the nodes (texts,
// checks, disabled buttons, openUrl addresses) it can affect.

func (r *resolver) read(segs []string) (any, bool) {
	r.addRead(segs)
	return lookupPointer(r.s.data, segs)
}

func (r *resolver) scope() []string { return r.item }
func (r *resolver) locale() *Locale { return orDefaultLocale(r.s.loc) }
func (r *resolver) now() time.Time  { return time.Time{} }
func (r *resolver) location() *time.Location {
	if r.s.tz == nil {
		return time.UTC
	}
	return r.s.tz
}

func (r *resolver) budget() *evalBudget {
	if r.bud == nil {
		r.bud = newBudget()
	}
	return r.bud
}

func (r *resolver) patterns() *patternCache { return r.s.pats }

// bounded handles a value whose evaluation passed a bound: a strict
// batch is refused, naming the component; otherwise the value shows its
// marker, and a lenient batch is warned.
func (r *resolver) bounded(err error) {
	b := asBound(err)
	if b == nil {
		return
	}
	comp := ""
	if r.cur != nil {
		comp = r.cur.Component
	}
	if !r.mark {
		r.failf(CodeEvalLimit, comp, "%s", b)
		return
	}
	r.warn(CodeEvalLimit, comp, b.Error()+"; it shows as a marker")
}

// in sets the scope evaluations run in: the template item of sc.
func (r *resolver) in(sc *scope) env {
	r.item = nil
	if sc.inTpl {
		r.item = sc.item
	}
	return r
}

func (r *resolver) dynText(d *dynamic, sc *scope, multiline bool) string {
	s, err := evalText(d, r.in(sc))
	r.bounded(err)
	if !multiline && strings.ContainsRune(s, '\n') {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	return s
}

// dynNumber evaluates a DynamicNumber; what is not a finite number is 0.
func (r *resolver) dynNumber(d *dynamic, sc *scope) float64 {
	v, err := evalDynamic(d, r.in(sc))
	r.bounded(err)
	if isUndefined(v) || v == nil {
		return 0
	}
	f := jsNumber(v)
	if f != f || f > maxFinite || f < -maxFinite {
		return 0
	}
	return f
}

const maxFinite = 1.7976931348623157e308

func (r *resolver) dynBool(d *dynamic, sc *scope) bool {
	b, err := evalBool(d, r.in(sc))
	r.bounded(err)
	return b
}

// dynStrings evaluates a DynamicStringList: an array, whose entries show
// as text; anything else is no selection.
func (r *resolver) dynStrings(d *dynamic, sc *scope) []string {
	e := r.in(sc)
	v, err := evalDynamic(d, e)
	r.bounded(err)
	l, ok := v.([]any)
	if !ok {
		return []string{}
	}
	out := make([]string, len(l))
	for i, x := range l {
		s, b := textOf(x, e.budget(), true)
		if b != nil {
			r.bounded(b)
			s = b.Marker()
		}
		out[i] = SanitizeLine(s)
	}
	return out
}

// checks evaluates a component's checks and returns the messages of the
// failing ones.
func (r *resolver) checks(rules []checkRule, sc *scope) []string {
	if len(rules) == 0 {
		return nil
	}
	var buf [4]string
	failed, bound := appendFailedChecks(buf[:0], rules, r.in(sc))
	if bound != nil {
		r.bounded(bound)
	}
	if len(failed) == 0 {
		return nil
	}
	out := r.fails.Take(len(failed), 64) // a list of its own when long
	copy(out, failed)
	return out
}

// openURL returns the address an openUrl action shows, "" for another
// function or an address that is not there.
func (r *resolver) openURL(d *dynamic, sc *scope) string {
	u, ok := openURL(d, r.in(sc))
	if !ok {
		return ""
	}
	return u
}

// iconV09 resolves an Icon whose name is bound: the value there is a
// name, or an object {"svgPath": …}.
func (r *resolver) iconV09(p *Icon, sc *scope) *IconProps {
	e := r.in(sc)
	v, err := evalDynamic(p.Name.dyn, e)
	r.bounded(err)
	if o, ok := v.(*Object); ok {
		if sv, ok := o.Get("svgPath"); ok {
			if s, ok := sv.(string); ok && isSVGPathData(s) && len(s) <= MaxStringBytes {
				return &IconProps{SVGPath: s}
			}
		}
		return &IconProps{}
	}
	text, b := textOf(v, e.budget(), true)
	if b != nil {
		return &IconProps{}
	}
	name := SanitizeLine(text)
	if r.lenient && !IsIconNameV09(name) {
		if std, ok := iconNameV09(name); ok {
			name = std
		}
	}
	return &IconProps{Name: name}
}

// templateV09 repeats a v0.9 template once per element of the array at
// its path (relative to the scope, or absolute); anything else gives no
// children, as in the official renderers. Each child's scope is its
// element.
func (r *resolver) templateV09(t *Template, sc *scope, depth int) []*Node {
	segs := t.path.segs
	if !t.path.abs() && sc.inTpl && len(sc.item) > 0 {
		segs = make([]string, 0, len(sc.item)+len(t.path.segs))
		segs = append(append(segs, sc.item...), t.path.segs...)
	}
	r.cur.tpl = &segs
	coll, _ := lookupPointer(r.s.data, segs)
	items, _ := coll.([]any)
	out := make([]*Node, 0, len(items))
	for i := range items {
		k := strconv.Itoa(i)
		item := make([]string, len(segs)+1)
		copy(item, segs)
		item[len(segs)] = k
		n := r.node(t.ComponentID, &scope{item: item, suffix: sc.suffix + ":" + k, inTpl: true, colon: sc.colon}, depth+1)
		if n == nil {
			break
		}
		out = append(out, n)
	}
	return out
}

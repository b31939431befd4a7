package a2ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"
)

// UserAction is the A2UI client-to-server event a button press becomes: a
// v0.8 userAction or a v0.9 action, by the version of the button's
// surface. Context values keep their data-model types (string, float64,
// bool, *Object, []any or nil) and their keys the order the button lists
// them.
type UserAction struct {
	Name              string  `json:"name"`
	SurfaceID         string  `json:"surfaceId"`
	SourceComponentID string  `json:"sourceComponentId"`
	Timestamp         string  `json:"timestamp"`
	Context           *Object `json:"context"`
	// UserMessage is a v1.0 event's userMessage, evaluated at the press.
	UserMessage string `json:"userMessage,omitempty"`
	// Protocol is the surface's version, ProtocolV08, ProtocolV09 or
	// ProtocolV10.
	Protocol string `json:"-"`
	// AgentCall is, for a v1.0 button that calls a function of the
	// agent's, the call: the press is sent as its callAgentFunction.
	AgentCall *AgentCall `json:"-"`
	// DataModel is, for a v0.9 surface created with sendDataModel, the
	// surface's data model when the button was pressed; HasDataModel
	// says it is there.
	DataModel    any  `json:"-"`
	HasDataModel bool `json:"-"`
	// Local marks a v0.9 button that runs a function where the person is
	// (Name is the function) instead of sending an event: it is never
	// queued for the agent. For openUrl, URL is the address the views
	// show; a2term opens nothing.
	Local bool   `json:"-"`
	URL   string `json:"-"`
	// ID numbers the action for the agent, beside the A2UI message and
	// not in it (canvas.wait's actionId); the board that fires it sets
	// it, 0 until then.
	ID uint64 `json:"-"`
}

// Message returns the action as the A2UI message an agent receives:
// {"userAction": {...}} for v0.8, {"version": "v0.9", "action": {...}}
// for v0.9.
func (a *UserAction) Message() json.RawMessage {
	if a.AgentCall != nil {
		return a.AgentCall.Message()
	}
	var b bytes.Buffer
	switch a.Protocol {
	case ProtocolV09:
		b.WriteString(`{"version":"v0.9","action":`)
	case ProtocolV10:
		b.WriteString(`{"version":"v1.0","action":`)
	default:
		b.WriteString(`{"userAction":`)
	}
	body, _ := json.Marshal(a) // every field has a JSON form
	b.Write(body)
	b.WriteByte('}')
	return b.Bytes()
}

// ClientDataModel returns the specification's client data model that goes
// with the action of a sendDataModel surface, {"version": "v0.9",
// "surfaces": {id: model}}, or nil when there is none.
func (a *UserAction) ClientDataModel() json.RawMessage {
	if !a.HasDataModel {
		return nil
	}
	var b bytes.Buffer
	version := ProtocolV09
	if a.Protocol == ProtocolV10 {
		version = ProtocolV10
	}
	b.WriteString(`{"version":"` + version + `","surfaces":{`)
	writeJSONString(&b, a.SurfaceID)
	b.WriteByte(':')
	model := a.DataModel
	if _, ok := model.(*Object); !ok {
		// The specification's surfaces hold objects; a model replaced
		// by something else is sent as it is, under "value".
		model = NewObject().with("value", model)
	}
	writeJSON(&b, model)
	b.WriteString(`}}`)
	return b.Bytes()
}

// TimestampFormat is how action timestamps are written: ISO 8601 in UTC
// with milliseconds.
const TimestampFormat = "2006-01-02T15:04:05.000Z07:00"

// Press turns a person's press of node nodeID on surface surfaceID, as seen
// at surface version seen, into the button's userAction, built from the
// canvas's own copy of the button and its data model. It refuses a node that
// does not exist or is not a button of a shown surface, and a stale press:
// one whose button was removed, or had its action changed, since the version
// the person saw. Other changes to the surface do not make a press stale.
func (c *Canvas) Press(surfaceID, nodeID string, seen uint64, now time.Time) (*UserAction, error) {
	s, n, err := c.shownNode(surfaceID, nodeID, seen, true)
	if err != nil {
		return nil, err
	}
	if n.Type == GenericType && genericHas(n, true) {
		if n.entry.actionAt > seen {
			return nil, intentError(CodeStale, s, n.Component, "%q changed after version %d; look again and press once more", nodeID, seen)
		}
		return pressGeneric(s, n, now)
	}
	if n.Type != "Button" {
		if n.entry != nil && n.entry.changed > seen {
			return nil, intentError(CodeStale, s, n.Component, "%q was redefined after version %d and is no longer a button", nodeID, seen)
		}
		return nil, intentError(CodeNotAButton, s, n.Component, "%q is a %s, not a button", nodeID, n.Type)
	}
	if n.entry.actionAt > seen {
		return nil, intentError(CodeStale, s, n.Component, "button %q changed its action after version %d; look again and press once more", nodeID, seen)
	}
	b := n.entry.Props.(*Button)
	if b.Action.v9 != nil {
		return pressV09(s, n, b, now)
	}
	r := &resolver{s: s}
	sc := n.sc
	if bad := invalidFieldRead(s, r, n, b); bad != nil {
		p := bad.Props.(*TextFieldProps)
		what := "a field"
		if p.Label != "" {
			what = fmt.Sprintf("%q", p.Label)
		}
		return nil, intentError(CodeChecksFailed, s, n.Component, "%s is %s.", what,
			strings.TrimSuffix(strings.TrimPrefix(p.Problem, "This is "), "."))
	}
	ctx := NewObject()
	for _, e := range b.Action.Context {
		var v any
		if e.Value.HasLiteral {
			v = e.Value.Literal
		}
		if e.Value.HasPath {
			if x, ok := lookup(s.data, r.abs(n.entry.path(e.Value.Path), sc)); ok {
				v = x
			}
		}
		ctx.set(e.Key, v)
	}
	return &UserAction{
		Name:              b.Action.Name,
		SurfaceID:         s.id,
		SourceComponentID: n.ID,
		Timestamp:         now.UTC().Format(TimestampFormat),
		Context:           ctx,
	}, nil
}

// invalidFieldRead returns the first TextField of the shown tree that is
// not valid and whose path the button's action context reads (the path
// itself, or a path above or below it), or nil.
func invalidFieldRead(s *Surface, r *resolver, btn *Node, b *Button) *Node {
	var reads [][]string
	for _, e := range b.Action.Context {
		if e.Value.HasPath {
			reads = append(reads, r.abs(btn.entry.path(e.Value.Path), btn.sc))
		}
	}
	if len(reads) == 0 {
		return nil
	}
	var found *Node
	s.tree.walkHolding(depInvalid, func(x *Node) bool {
		p, ok := x.Props.(*TextFieldProps)
		if !ok || !p.Invalid || x.entry == nil {
			return true
		}
		tf, ok := x.entry.Props.(*TextField)
		if !ok || !tf.Text.HasPath {
			return true
		}
		at := r.abs(x.entry.path(tf.Text.Path), x.sc)
		if writtenSince(reads, at) {
			found = x
			return false
		}
		return true
	})
	return found
}

// SetValue writes the person's value for an input: into the data model at
// the input's path when it has one, else as the node's own state. The value
// must suit the input: a bool for a CheckBox, a string for a TextField (a
// number for the number type, a date for the date type) or a DateTimeInput
// (ISO 8601), a number within bounds for a Slider, and a list of option
// values within maxAllowedSelections for a MultipleChoice ([]string or
// []any of strings, as JSON decodes it).
func (c *Canvas) SetValue(surfaceID, nodeID string, value any) (*Canvas, error) {
	s, n, err := c.shownNode(surfaceID, nodeID, c.version, false)
	if err != nil {
		return c, err
	}
	if !n.IsInput() {
		return c, intentError(CodeNotAnInput, s, n.Component, "%q is a %s, which takes no value", nodeID, n.Type)
	}
	v, bound, err := checkInput(s, n, value)
	if err != nil {
		return c, err
	}
	b := c.begin()
	b.eval.mark = true // the person's value is never refused for what the agent sent
	ns, _ := b.surface(surfaceID, -1)
	if segs, ok := bound.target(ns, n); ok {
		if why := writeInput(ns, segs, bound.dyn != nil, toModel(v)); why != "" {
			return c, intentError(CodeBadPath, s, n.Component, "%q cannot write its value: %s", nodeID, why)
		}
		ns.logWrite(segs)
		b.dirty[surfaceID] = append(b.dirty[surfaceID], segs)
	} else {
		if ns.local == nil {
			ns.local = map[string]localValue{}
		}
		ns.local[n.ID] = localValue{value: v, at: b.version}
		b.dirtyNodes[n.ID] = true
	}
	if _, err := b.finish(); err != nil {
		err.Index = -1
		return c, err
	}
	return b.next, nil
}

// writeInput writes a person's value at segs of the data model of ns, by
// v0.9's rules when v09 is set; it returns why it could not, or "".
func writeInput(ns *Surface, segs []string, v09 bool, value any) string {
	if !v09 {
		ns.data = store(ns.data, segs, value)
		return ""
	}
	data, why := storeV09(ns.data, segs, value, true)
	if why != "" {
		return why
	}
	ns.data = data
	return ""
}

// shownNode finds a node of the tree of a shown surface.
func (c *Canvas) shownNode(surfaceID, nodeID string, seen uint64, press bool) (*Surface, *Node, *Error) {
	s := c.surfaces[surfaceID]
	if s == nil {
		return nil, nil, &Error{Code: CodeUnknownSurface, Index: -1, SurfaceID: surfaceID, Message: fmt.Sprintf("there is no surface %q", surfaceID)}
	}
	if !s.shown || s.tree == nil {
		return nil, nil, intentError(CodeNotShown, s, "", "surface %q is not shown yet", surfaceID)
	}
	if seen > c.version {
		return nil, nil, intentError(CodeBadValue, s, "", "version %d is newer than the canvas (%d)", seen, c.version)
	}
	n := s.tree.Find(nodeID)
	if n == nil {
		if press && seen < s.version {
			return nil, nil, intentError(CodeStale, s, nodeID, "%q is no longer on surface %q", nodeID, surfaceID)
		}
		return nil, nil, intentError(CodeUnknownNode, s, nodeID, "surface %q shows no node %q", surfaceID, nodeID)
	}
	return s, n, nil
}

func intentError(code Code, s *Surface, comp, format string, args ...any) *Error {
	return &Error{Code: code, Index: -1, SurfaceID: s.id, ComponentID: comp, Message: fmt.Sprintf(format, args...)}
}

// binding is what an input writes the person's value through: a v0.8 path
// (path, has) or a v0.9 dynamic value (dyn), which is written only when
// it is a data binding.
type binding struct {
	path string
	has  bool
	dyn  *dynamic
}

func bindingOf[T any](b Bound[T]) binding { return binding{path: b.Path, has: b.HasPath, dyn: b.dyn} }

// target returns the absolute path the input node n writes to, false for
// an input that keeps the person's value as its own (no path, or a v0.9
// value computed by a function).
func (bd binding) target(s *Surface, n *Node) ([]string, bool) {
	if bd.dyn != nil {
		if bd.dyn.kind != dynPath {
			return nil, false
		}
		p := bd.dyn.path
		if p.abs() || !n.sc.inTpl {
			return p.segs, true
		}
		return append(append(make([]string, 0, len(n.sc.item)+len(p.segs)), n.sc.item...), p.segs...), true
	}
	if !bd.has {
		return nil, false
	}
	r := &resolver{s: s}
	return r.abs(n.entry.path(bd.path), n.sc), true
}

// checkInput checks value against the input node n and returns it in the
// form the canvas keeps, with the binding it is written through.
func checkInput(s *Surface, n *Node, value any) (any, binding, *Error) {
	bad := func(format string, args ...any) (any, binding, *Error) {
		return nil, binding{}, intentError(CodeBadValue, s, n.Component, format, args...)
	}
	switch p := n.entry.Props.(type) {
	case *CheckBox:
		b, ok := value.(bool)
		if !ok {
			return bad("%q takes true or false", n.ID)
		}
		return b, bindingOf(p.Value), nil
	case *TextField:
		str, ok := value.(string)
		if !ok {
			return bad("%q takes a string", n.ID)
		}
		if len(str) > MaxStringBytes {
			return bad("the value is over %d bytes", MaxStringBytes)
		}
		if p.TextFieldType == "longText" {
			str = SanitizeText(str)
		} else {
			str = SanitizeLine(str)
		}
		switch p.TextFieldType {
		case "number":
			if !partialNumber.MatchString(str) {
				return bad("%q takes a number, not %q", n.ID, str)
			}
		case "date":
			if str != "" && !validDateTime(str, true, false) {
				return bad("%q takes a date as YYYY-MM-DD, not %q", n.ID, str)
			}
		}
		return str, bindingOf(p.Text), nil
	case *DateTimeInput:
		str, ok := value.(string)
		if !ok {
			return bad("%q takes an ISO 8601 string", n.ID)
		}
		dp := n.Props.(*DateTimeInputProps)
		if str != "" && !validDateTime(str, dp.EnableDate, dp.EnableTime) {
			return bad("%q takes %s in ISO 8601, not %q", n.ID, dateTimeWhat(dp), SanitizeLine(str))
		}
		return AnchorDateTime(str, dp.Value), bindingOf(p.Value), nil
	case *Slider:
		f, ok := value.(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return bad("%q takes a number", n.ID)
		}
		sp := n.Props.(*SliderProps)
		if f < sp.Min || f > sp.Max {
			return bad("%s is outside %q's range %s–%s", formatNumber(f), n.ID, formatNumber(sp.Min), formatNumber(sp.Max))
		}
		return f, bindingOf(p.Value), nil
	case *MultipleChoice:
		var sel []string
		switch x := value.(type) {
		case []string:
			sel = append([]string{}, x...)
		case []any:
			sel = make([]string, 0, len(x))
			for _, e := range x {
				str, ok := e.(string)
				if !ok {
					return bad("%q takes a list of option values", n.ID)
				}
				sel = append(sel, str)
			}
		default:
			return bad("%q takes a list of option values", n.ID)
		}
		mp := n.Props.(*MultipleChoiceProps)
		seen := map[string]bool{}
		for _, v := range sel {
			found := false
			for _, o := range mp.Options {
				found = found || o.Value == v
			}
			if !found {
				return bad("%q is not an option of %q", SanitizeLine(v), n.ID)
			}
			if seen[v] {
				return bad("%q is selected twice", v)
			}
			seen[v] = true
		}
		if mp.MaxAllowedSelections > 0 && len(sel) > mp.MaxAllowedSelections {
			return bad("%q allows at most %d selections, not %d", n.ID, mp.MaxAllowedSelections, len(sel))
		}
		return sel, bindingOf(p.Selections), nil
	case *Generic:
		return checkGenericInput(s, n, p, value)
	}
	return bad("%q takes no value", n.ID)
}

// partialNumber accepts a number and every prefix of one, so that a number
// can be typed one key at a time.
var partialNumber = regexp.MustCompile(`^[-+]?[0-9]*\.?[0-9]*([eE][-+]?[0-9]*)?$`)

func toModel(v any) any {
	if sel, ok := v.([]string); ok {
		return stringsToValues(sel)
	}
	return v
}

var (
	dateLayouts     = []string{"2006-01-02"}
	timeLayouts     = []string{"15:04", "15:04:05", "15:04:05Z07:00", "15:04Z07:00", "15:04:05.999999999Z07:00"}
	dateTimeLayouts = []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999"}
)

// validDateTime reports whether s is ISO 8601 with the parts the input asks
// for. A full date-time is also accepted by a date-only or time-only input,
// as agents often send one.
func validDateTime(s string, date, tm bool) bool {
	var layouts []string
	switch {
	case date && tm:
		layouts = dateTimeLayouts
	case date:
		layouts = append(append([]string{}, dateLayouts...), dateTimeLayouts...)
	default:
		layouts = append(append([]string{}, timeLayouts...), dateTimeLayouts...)
	}
	for _, l := range layouts {
		if _, err := time.Parse(l, s); err == nil {
			return true
		}
	}
	return false
}

// zoneSuffix matches the offset that ends an ISO 8601 time: "Z", "-05:00",
// "+0530", "+01".
var zoneSuffix = regexp.MustCompile(`\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)$`)

// DateTimeZone returns the offset an ISO 8601 date-time or time ends
// with ("Z", "-05:00"), or "" for a floating one.
func DateTimeZone(s string) string {
	m := zoneSuffix.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return ""
	}
	return m[1]
}

// AnchorDateTime gives a floating time the person entered the offset of
// the value it replaces, so that a time the agent anchored to an offset
// ("2026-03-29T23:30:00-05:00") stays in that offset after an edit: never
// a floating time where the agent sent an anchored one.
func AnchorDateTime(value, was string) string {
	zone := DateTimeZone(was)
	if zone == "" || value == "" || DateTimeZone(value) != "" || !strings.Contains(value, ":") {
		return value
	}
	return value + zone
}

func dateTimeWhat(p *DateTimeInputProps) string {
	switch {
	case p.EnableDate && p.EnableTime:
		return "a date and time (YYYY-MM-DDTHH:MM:SS)"
	case p.EnableDate:
		return "a date (YYYY-MM-DD)"
	}
	return "a time (HH:MM:SS)"
}

package a2ui

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// A component of a catalog definition is read from its schema: each
// property as what its schema says it holds. The specification's common
// types say it ("Restricted $ref Targets"): a ComponentId or a ChildList
// is a slot, an Action a button, a Dynamic… value text to show, and the
// one named "value" (every input of the basic catalog writes the person's
// value there) an input; a property of any other schema is a plain JSON
// value, checked against its schema by a JSON Schema validator and shown
// as text when it is a string, a number or a boolean.

// GenericType is the type of the node a component of a catalog
// definition resolves to (see GenericProps).
const GenericType = "Generic"

// defPropKind says what a property of a definition's component holds.
type defPropKind uint8

const (
	propPlain     defPropKind = iota // a JSON value checked against its schema
	propDynamic                      // a Dynamic… value, shown as text
	propBinding                      // a DataBinding, shown as what it reads
	propChild                        // a ComponentId
	propChildList                    // a ChildList
	propAction                       // an Action
	propInput                        // "value": what the person writes
	propChecks                       // checks (Checkable)
)

// defProp is one property of a definition's component.
type defProp struct {
	name, label string
	kind        defPropKind
	dyn         dynType              // propDynamic, propInput: its type
	schema      *jsonschema.Resolved // propPlain: what checks it
}

// defComponent is one component of a definition, read from its schema.
type defComponent struct {
	name     string
	props    []defProp // in the schema's order
	required []string
	action   string // the first action property, drawn as the button
	// parents and children are its allowedParents and allowedChildren
	// (v1.0), nil when it has none.
	parents, children []string
}

// envelopeProps are the properties every component has, which the
// decoder reads before the component's own.
var envelopeProps = []string{"id", "component", "accessibility", "weight", "catalogId"}

// maxSchemaRefs bounds how many $refs and allOf levels a component's
// schema goes through to find its properties.
const maxSchemaRefs = 8

// commonRef returns the common type a $ref names
// ("…common_types.json#/$defs/NAME"), or the definition's own $defs
// entry ("#/$defs/NAME", v0.9's helpers), local set.
func commonRef(ref string) (name string, local bool) {
	doc, frag, ok := strings.Cut(ref, "#/$defs/")
	if !ok || frag == "" || strings.Contains(frag, "/") {
		return "", false
	}
	if doc == "" {
		return frag, true
	}
	if strings.HasSuffix(doc, "common_types.json") {
		return frag, false
	}
	return "", false
}

func parseDefComponent(name string, schema, defs jval, data []byte) (*defComponent, string) {
	c := &defComponent{name: name}
	seen := map[string]bool{}
	var walk func(s jval, depth int) string
	walk = func(s jval, depth int) string {
		if depth > maxSchemaRefs {
			return fmt.Sprintf("its schema goes through more than %d allOf and $ref levels", maxSchemaRefs)
		}
		if s.kind != jObject {
			return "a schema must be an object"
		}
		if r, ok := s.member("$ref"); ok {
			ref := r.str()
			target, local := commonRef(ref)
			switch {
			case local:
				d, ok := defs.member(target)
				if !ok {
					return fmt.Sprintf("$ref %q names nothing in $defs", clipRef(ref))
				}
				if why := walk(d, depth+1); why != "" {
					return why
				}
			case target == "ComponentCommon":
				// The envelope's properties, read by the decoder.
			case target == "Checkable":
				if !seen["checks"] {
					seen["checks"] = true
					c.props = append(c.props, defProp{name: "checks", label: "checks", kind: propChecks})
				}
			default:
				return fmt.Sprintf("$ref %q is not a set of properties a component takes (ComponentCommon, Checkable, or one of its catalog's $defs)", clipRef(ref))
			}
		}
		if props, ok := s.member("properties"); ok {
			if why := c.readProps(props, seen, data); why != "" {
				return why
			}
		}
		if req, ok := s.member("required"); ok {
			if !idList(req) {
				return "required must be a list of property names"
			}
			for x := req.first(); x.ok(); x = x.next() {
				if r := x.str(); r != "component" && !containsString(c.required, r) {
					c.required = append(c.required, r)
				}
			}
		}
		if all, ok := s.member("allOf"); ok {
			if all.kind != jArray {
				return "allOf must be a list of schemas"
			}
			for x := all.first(); x.ok(); x = x.next() {
				if why := walk(x, depth+1); why != "" {
					return why
				}
			}
		}
		return ""
	}
	if why := walk(schema, 0); why != "" {
		return nil, why
	}
	return c, ""
}

// readProps reads the properties of one schema of the component (its
// own, or one of its allOf); seen are those read already.
func (c *defComponent) readProps(props jval, seen map[string]bool, data []byte) string {
	if props.kind != jObject {
		return "properties must be an object"
	}
	for x := props.first(); x.ok(); x = x.next() {
		pn := x.key()
		if pn == "component" {
			if cv, ok := x.member("const"); ok && !(cv.kind == jString && cv.str() == c.name) {
				return fmt.Sprintf("its component property's const must be %q, its name", c.name)
			}
			continue
		}
		if containsString(envelopeProps, pn) || seen[pn] {
			continue
		}
		if !isCatalogName(pn) {
			return fmt.Sprintf("property name %q is not an identifier (a letter or _, then letters, digits, _; UAX #31)", SanitizeLine(clip(pn)))
		}
		seen[pn] = true
		if len(c.props) >= MaxCatalogProperties {
			return fmt.Sprintf("more than %d properties", MaxCatalogProperties)
		}
		p, why := parseDefProp(pn, x, data)
		if why != "" {
			return fmt.Sprintf("property %s: %s", pn, why)
		}
		if p.kind == propAction && c.action == "" {
			c.action = pn
		}
		c.props = append(c.props, p)
	}
	return ""
}

// dynRefs are the Dynamic… common types and what they hold.
var dynRefs = map[string]dynType{
	"DynamicString": typeString, "DynamicNumber": typeNumber, "DynamicBoolean": typeBool,
	"DynamicStringList": typeStringList, "DynamicValue": typeValue,
}

func parseDefProp(name string, s jval, data []byte) (defProp, string) {
	p := defProp{name: name, label: name}
	if s.kind != jObject {
		return p, "a schema must be an object"
	}
	if t, ok := s.member("title"); ok && t.kind == jString && t.str() != "" {
		p.label = SanitizeLine(clip(t.str()))
	}
	if name == "checks" {
		p.kind = propChecks
		return p, ""
	}
	if r, ok := s.member("$ref"); ok {
		ref := r.str()
		target, local := commonRef(ref)
		if local {
			return p, fmt.Sprintf("$ref %q: a property's schema names a common type or is written out", clipRef(ref))
		}
		if t, ok := dynRefs[target]; ok {
			p.kind, p.dyn = propDynamic, t
			if name == "value" && (t == typeString || t == typeNumber || t == typeBool) {
				p.kind = propInput
			}
			return p, ""
		}
		switch target {
		case "ComponentId":
			p.kind = propChild
		case "ChildList":
			p.kind = propChildList
		case "Action":
			p.kind = propAction
		case "DataBinding":
			p.kind, p.dyn = propBinding, typeAny
		default:
			return p, fmt.Sprintf("$ref %q is not a common type a property can be (ComponentId, ChildList, Dynamic…, DataBinding, Action)", clipRef(ref))
		}
		return p, ""
	}
	rs, err := compileSchema(data[s.start:s.end])
	if err != nil {
		return p, "its schema cannot be used: " + SanitizeLine(clip(err.Error()))
	}
	p.kind, p.schema = propPlain, rs
	return p, ""
}

// Generic is a component of a catalog definition, read from its schema,
// which the views draw generically (see GenericProps).
type Generic struct {
	TypeName string
	// Catalog is the catalogId of the definition.
	Catalog string
	def     *defComponent
	vals    []genericVal // text-like properties, in the schema's order
	slots   []childSlot
	action  Action
	hasAct  bool
	input   *genericVal
	checks  []checkRule
}

// genericVal is a text-like or input property of a Generic: a literal
// written out, or a dynamic value.
type genericVal struct {
	prop *defProp
	lit  string
	dyn  *dynamic
}

// Type is the component's name in its catalog.
func (p *Generic) Type() string { return p.TypeName }

func (p *Generic) refs(out []ref) []ref { return slotRefs(p.slots, out) }

// generic reads a component of a definition: every property its schema
// names, as its kind says; a missing required one and one that does
// not fit its schema are refused (a lenient canvas warns of a plain value
// that does not fit, and leaves it out).
func (pd *propDecoder) generic(dc *defComponent, catalogID string) Props {
	d := pd.d
	g := &Generic{TypeName: dc.name, Catalog: catalogID, def: dc}
	if !pd.hasRequired(dc, catalogID) {
		return nil
	}
	for i := range dc.props {
		p := &dc.props[i]
		raw, ok := pd.get(p.name, false)
		if !ok || d.err != nil {
			continue
		}
		at := d.pk(pd.base, p.name)
		switch p.kind {
		case propChild, propChildList:
			k := slotChild
			if p.kind == propChildList {
				k = slotChildList
			}
			if s, ok := pd.readSlot(dc.name, p.name, k, false); ok {
				g.slots = append(g.slots, s)
			}
		case propAction:
			a := pd.actionV09(p.name)
			if p.name == dc.action {
				g.action, g.hasAct = a, true
			}
		case propChecks:
			g.checks = pd.checks()
		case propInput:
			g.input = &genericVal{prop: p, dyn: pd.dynamic(raw, at, p.dyn)}
		case propDynamic, propBinding:
			if p.kind == propBinding {
				if _, isPath := raw.member("path"); raw.kind != jObject || !isPath || raw.len() != 1 {
					d.failf(CodeBadValue, at, "%s must be a data binding {\"path\"}", p.name)
					return nil
				}
			}
			g.vals = append(g.vals, genericVal{prop: p, dyn: pd.dynamic(raw, at, p.dyn)})
		case propPlain:
			var inst any
			if err := json.Unmarshal(d.src[raw.start:raw.end], &inst); err != nil {
				d.failf(CodeBadValue, at, "%s is not JSON", p.name)
				return nil
			}
			if err := p.schema.Validate(inst); err != nil {
				why := SanitizeLine(clip(err.Error()))
				if !d.opts.Lenient {
					d.failf(CodeBadValue, at, "%s does not fit its schema in catalog %s: %s", p.name, catalogID, why)
					return nil
				}
				d.warnf(CodeBadValue, at, "%s does not fit its schema and is not shown: %s", p.name, why)
				continue
			}
			switch raw.kind {
			case jString:
				g.vals = append(g.vals, genericVal{prop: p, lit: d.plainString(raw, at, p.name, false)})
			case jNumber:
				g.vals = append(g.vals, genericVal{prop: p, lit: formatNumber(raw.number())})
			case jBool:
				g.vals = append(g.vals, genericVal{prop: p, lit: strconv.FormatBool(raw.number() != 0)})
			default:
				// An object or a list: checked, not text to show.
			}
		}
		if d.err != nil {
			return nil
		}
	}
	return g
}

// hasRequired reports whether the component has every property its
// definition dc requires, refusing it when not.
func (pd *propDecoder) hasRequired(dc *defComponent, catalogID string) bool {
	for _, r := range dc.required {
		if _, ok := pd.props.member(r); !ok {
			pd.d.failf(CodeMissingProperty, pd.d.pk(pd.base, r), "%s is required: %s of catalog %s needs it", r, dc.name, catalogID)
			return false
		}
	}
	return true
}

// GenericProps are a resolved component of a catalog definition: its
// text-like properties as labelled text, its action as a button, its
// input as a field; its slots' components are the node's children.
type GenericProps struct {
	// Type is the component's name, Catalog its catalog's id.
	Type    string `json:"type"`
	Catalog string `json:"catalogId"`
	// Fields are its text-like properties, in its schema's order.
	Fields []GenericField `json:"fields,omitempty"`
	// Action is the label of its button (the action property's title or
	// name), "" when it has none. A press sends the action as a
	// Button's would.
	Action string `json:"action,omitempty"`
	// Input is the field its "value" is, nil when it has none.
	Input *GenericInput `json:"input,omitempty"`
	// Checks are the messages of its failing checks: its button is
	// disabled while there are any.
	Checks []string `json:"checks,omitempty"`
}

// GenericField is one text-like property, labelled.
type GenericField struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

// GenericInput is the input of a component of a catalog definition.
type GenericInput struct {
	Label string `json:"label"`
	// Kind is "text", "number" or "boolean", by the value's type.
	Kind string `json:"kind"`
	// Text is the value written out (a number as typed); Checked is a
	// boolean's.
	Text    string `json:"text,omitempty"`
	Checked bool   `json:"checked,omitempty"`
}

// Generic input kinds.
const (
	InputText    = "text"
	InputNumber  = "number"
	InputBoolean = "boolean"
)

func inputKind(t dynType) string {
	switch t {
	case typeNumber:
		return InputNumber
	case typeBool:
		return InputBoolean
	default:
		return InputText
	}
}

// generic resolves a component of a catalog definition into n.
func (r *resolver) generic(n *Node, p *Generic, nid string, e *compEntry, sc *scope, depth int) {
	n.Type = GenericType
	gp := &GenericProps{Type: p.TypeName, Catalog: p.Catalog}
	for _, v := range p.vals {
		text := v.lit
		if v.dyn != nil {
			text = r.dynText(v.dyn, sc, false)
		}
		gp.Fields = append(gp.Fields, GenericField{Name: v.prop.name, Label: v.prop.label, Text: text})
	}
	if p.hasAct {
		for _, dp := range p.def.props {
			if dp.name == p.def.action {
				gp.Action = dp.label
			}
		}
	}
	if in := p.input; in != nil {
		gi := &GenericInput{Label: in.prop.label, Kind: inputKind(in.prop.dyn)}
		v, ok := r.local(nid, e)
		if !ok {
			var err error
			v, err = evalDynamic(in.dyn, r.in(sc))
			r.bounded(err)
		}
		switch x := v.(type) {
		case bool:
			gi.Checked = x
		case float64:
			gi.Text = formatNumber(x)
		case string:
			gi.Text = SanitizeLine(x)
		}
		gp.Input = gi
	}
	gp.Checks = r.checks(p.checks, sc)
	n.Props = gp
	r.resolveSlots(n, p.slots, sc, depth)
}

// genericHas reports whether n, a Generic node, has a button (action) or
// an input.
func genericHas(n *Node, action bool) bool {
	p, ok := n.Props.(*GenericProps)
	if !ok {
		return false
	}
	if action {
		return p.Action != ""
	}
	return p.Input != nil
}

// pressGeneric builds the action of a press on a component of a catalog
// definition, as a Button's: refused while its checks fail.
func pressGeneric(s *Surface, n *Node, now time.Time) (*UserAction, error) {
	g, ok := n.entry.Props.(*Generic)
	if !ok || !g.hasAct {
		return nil, intentError(CodeNotAButton, s, n.Component, "%q has no action", n.ID)
	}
	if p, _ := n.Props.(*GenericProps); p != nil && len(p.Checks) > 0 {
		return nil, intentError(CodeChecksFailed, s, n.Component, "%q is disabled by its checks: %s", n.ID, strings.Join(p.Checks, "; "))
	}
	return pressActionV09(s, n, &g.action, now)
}

// checkGenericInput checks the person's value for the input of a
// component of a catalog definition: a string for a text, a number (or
// a number being typed, as a string) for a number, a bool for a boolean.
func checkGenericInput(s *Surface, n *Node, g *Generic, value any) (any, binding, *Error) {
	bad := func(format string, args ...any) (any, binding, *Error) {
		return nil, binding{}, intentError(CodeBadValue, s, n.Component, format, args...)
	}
	if g.input == nil {
		return bad("%q takes no value", n.ID)
	}
	bd := binding{dyn: g.input.dyn}
	switch inputKind(g.input.prop.dyn) {
	case InputBoolean:
		b, ok := value.(bool)
		if !ok {
			return bad("%q takes true or false", n.ID)
		}
		return b, bd, nil
	case InputNumber:
		switch x := value.(type) {
		case float64:
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return bad("%q takes a finite number", n.ID)
			}
			return x, bd, nil
		case string:
			if len(x) > maxNumberText || !partialNumber.MatchString(x) {
				return bad("%q takes a number, not %q", n.ID, SanitizeLine(clip(x)))
			}
			if f, err := strconv.ParseFloat(x, 64); err == nil {
				return f, bd, nil
			}
			return x, bd, nil // a number still being typed ("-", "1e")
		}
		return bad("%q takes a number", n.ID)
	}
	str, ok := value.(string)
	if !ok {
		return bad("%q takes a string", n.ID)
	}
	if len(str) > MaxStringBytes {
		return bad("the value is over %d bytes", MaxStringBytes)
	}
	return SanitizeLine(str), bd, nil
}

// maxNumberText bounds a number typed into an input.
const maxNumberText = 64

// clipRef is a $ref as a message quotes it: one line, at most 200 bytes.
func clipRef(ref string) string {
	if len(ref) > 200 {
		ref = strings.ToValidUTF8(ref[:200], "") + "…"
	}
	return SanitizeLine(ref)
}

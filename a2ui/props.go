package a2ui

import "math"

// The catalog's components, in both versions of the protocol.
//
// componentTable says, for each component type, what the type and each
// of its properties are called in v0.8 and in v0.9, and how each value is
// read. Both decoders read a component through it (readComponent), so a
// property's decoding is written once, its names per version sit side by
// side, and a new version of the protocol is one more column rather than
// one more decoder. What truly differs between the versions is in the
// method that reads one kind of value, or in check.
//
// A type's rows are in the order its properties are read, which decides
// the refusal a message with several faults gets. A property read at a
// different point in each version (Slider's value, ChoicePicker's value)
// has a row for each point, each naming it in one version only.

// propKind says how a property's value is read, and so what field holds
// it.
type propKind uint8

const (
	strProp      propKind = iota // Bound[string]: v0.8 {path, literalString}, v0.9 a DynamicString
	numProp                      // Bound[float64]: {path, literalNumber}, a DynamicNumber
	boolProp                     // Bound[bool]: {path, literalBoolean}, a DynamicBoolean
	strListProp                  // Bound[[]string]: {path, literalArray}, a DynamicStringList
	dateProp                     // Bound[string] written out as an ISO 8601 date, time or date-time
	enumProp                     // string: one of the row's values
	hintProp                     // string: an enum, of which v0.8's lenient mode warns instead of refusing
	idProp                       // string: a component's id
	flagProp                     // bool: false when absent
	optFlagProp                  // *bool: nil when absent
	optNumProp                   // *float64: nil when absent
	childrenProp                 // Children: v0.8 {explicitList | template}, v0.9 a ChildList
	actionProp                   // Action: v0.8 {name, context}, v0.9 {event | functionCall}
	tabsProp                     // []TabItem
	optionsProp                  // []Option
	// What only some types read, each by a method of its own.
	iconProp          // Icon's name (v0.9 also an SVG path)
	buttonVariantProp // v0.9 Button's variant, one of its catalog's
	patternProp       // TextField's validationRegexp, compiled
	maxSelectionsProp // v0.8 MultipleChoice's maxAllowedSelections
	exclusiveProp     // v0.9 ChoicePicker's variant
)

// versions is a set of protocol versions.
type versions uint8

const (
	in08 versions = 1 << iota
	in09
	inBoth = in08 | in09
)

// prop is one row of componentTable: one property of a component type.
type prop struct {
	v08, v09  string   // its name in each version, "" where the version does not read it here
	kind      propKind // how its value is read
	required  versions // the versions in which a component must give it
	multiline bool     // a string that may hold line breaks (the others are cleaned to one line)
	// values08 and values09 are an enum's values in each version.
	values08, values09 []string
	// field returns a pointer to the field of the component that holds
	// the value (a *Bound[string] for a strProp, and so on); the kinds
	// of a single type find their fields themselves.
	field func(p Props) any
}

// componentSpec is one component type of componentTable.
type componentSpec struct {
	v08, v09 string               // the type's name in each version
	new      func(*decoder) Props // a zero component of the type
	props    []prop
	// checks, when not nil, returns the field of a v0.9 Checkable
	// component's checks, read last.
	checks func(p Props) *[]checkRule

	// rows08 and rows09 are props as each version reads them, made
	// once from the table.
	rows08, rows09 []versionRow
	// rows10 are rows09 with v1.0's changes (props_v10.go).
	rows10 []versionRow
}

// versionRow is a row of componentTable as one version reads it.
type versionRow struct {
	name      string
	kind      propKind
	required  bool
	multiline bool
	values    []string
	field     func(p Props) any
}

var (
	textHints  = []string{"h1", "h2", "h3", "h4", "h5", "caption", "body"}
	imageHints = []string{"icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"}
	axes       = []string{"horizontal", "vertical"}
	directions = []string{"vertical", "horizontal"}
	pickStyles = []string{"checkbox", "chips"}
)

// componentTable is the catalog: every component type and its properties,
// named in each version.
var componentTable = []componentSpec{
	{
		v08: "Text", v09: "Text",
		new: func(d *decoder) Props { return d.texts.Take(d.left) },
		props: []prop{
			{v08: "text", v09: "text", kind: strProp, required: inBoth, multiline: true, field: func(p Props) any { return &p.(*Text).Text }},
			{v08: "usageHint", v09: "variant", kind: hintProp, values08: textHints, values09: textHints, field: func(p Props) any { return &p.(*Text).UsageHint }},
		},
	},
	{
		v08: "Image", v09: "Image",
		new: func(*decoder) Props { return &Image{} },
		props: []prop{
			{v08: "url", v09: "url", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*Image).URL }},
			{v08: "altText", v09: "description", kind: strProp, field: func(p Props) any { return &p.(*Image).AltText }},
			{
				v08: "fit", v09: "fit", kind: enumProp, values08: []string{"contain", "cover", "fill", "none", "scale-down"},
				values09: []string{"contain", "cover", "fill", "none", "scaleDown"}, field: func(p Props) any { return &p.(*Image).Fit },
			},
			{v08: "usageHint", v09: "variant", kind: hintProp, values08: imageHints, values09: imageHints, field: func(p Props) any { return &p.(*Image).UsageHint }},
		},
	},
	{
		v08: "Icon", v09: "Icon",
		new: func(*decoder) Props { return &Icon{} },
		props: []prop{
			{v08: "name", v09: "name", kind: iconProp, required: inBoth},
		},
	},
	{
		v08: "Video", v09: "Video",
		new: func(*decoder) Props { return &Video{} },
		props: []prop{
			{v08: "url", v09: "url", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*Video).URL }},
		},
	},
	{
		v08: "AudioPlayer", v09: "AudioPlayer",
		new: func(*decoder) Props { return &AudioPlayer{} },
		props: []prop{
			{v08: "url", v09: "url", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*AudioPlayer).URL }},
			{v08: "description", v09: "description", kind: strProp, multiline: true, field: func(p Props) any { return &p.(*AudioPlayer).Description }},
		},
	},
	{
		v08: "Row", v09: "Row",
		new: func(d *decoder) Props { return d.rows.Take(d.left) },
		props: []prop{
			{v08: "children", v09: "children", kind: childrenProp, required: inBoth, field: func(p Props) any { return &p.(*Row).Children }},
			{v08: "distribution", v09: "justify", kind: enumProp, values08: distributions, values09: justifiesV09, field: func(p Props) any { return &p.(*Row).Distribution }},
			{v08: "alignment", v09: "align", kind: enumProp, values08: alignments, values09: alignments, field: func(p Props) any { return &p.(*Row).Alignment }},
		},
	},
	{
		v08: "Column", v09: "Column",
		new: func(d *decoder) Props { return d.columns.Take(d.left) },
		props: []prop{
			{v08: "children", v09: "children", kind: childrenProp, required: inBoth, field: func(p Props) any { return &p.(*Column).Children }},
			{v08: "distribution", v09: "justify", kind: enumProp, values08: distributions, values09: justifiesV09, field: func(p Props) any { return &p.(*Column).Distribution }},
			{v08: "alignment", v09: "align", kind: enumProp, values08: alignments, values09: alignments, field: func(p Props) any { return &p.(*Column).Alignment }},
		},
	},
	{
		v08: "List", v09: "List",
		new: func(*decoder) Props { return &List{} },
		props: []prop{
			{v08: "children", v09: "children", kind: childrenProp, required: inBoth, field: func(p Props) any { return &p.(*List).Children }},
			{v08: "direction", v09: "direction", kind: enumProp, values08: directions, values09: directions, field: func(p Props) any { return &p.(*List).Direction }},
			{v08: "alignment", v09: "align", kind: enumProp, values08: alignments, values09: alignments, field: func(p Props) any { return &p.(*List).Alignment }},
		},
	},
	{
		v08: "Card", v09: "Card",
		new: func(*decoder) Props { return &Card{} },
		props: []prop{
			{v08: "child", v09: "child", kind: idProp, required: inBoth, field: func(p Props) any { return &p.(*Card).Child }},
		},
	},
	{
		v08: "Tabs", v09: "Tabs",
		new: func(d *decoder) Props { return &Tabs{v09: d.v09} },
		props: []prop{
			{v08: "tabItems", v09: "tabs", kind: tabsProp, required: inBoth, field: func(p Props) any { return &p.(*Tabs).TabItems }},
		},
	},
	{
		v08: "Divider", v09: "Divider",
		new: func(*decoder) Props { return &Divider{} },
		props: []prop{
			{v08: "axis", v09: "axis", kind: enumProp, values08: axes, values09: axes, field: func(p Props) any { return &p.(*Divider).Axis }},
		},
	},
	{
		v08: "Modal", v09: "Modal",
		new: func(d *decoder) Props { return &Modal{v09: d.v09} },
		props: []prop{
			{v08: "entryPointChild", v09: "trigger", kind: idProp, required: inBoth, field: func(p Props) any { return &p.(*Modal).EntryPointChild }},
			{v08: "contentChild", v09: "content", kind: idProp, required: inBoth, field: func(p Props) any { return &p.(*Modal).ContentChild }},
		},
	},
	{
		v08: "Button", v09: "Button",
		new: func(d *decoder) Props { return d.buttons.Take(d.left) },
		props: []prop{
			{v08: "child", v09: "child", kind: idProp, required: inBoth, field: func(p Props) any { return &p.(*Button).Child }},
			{v09: "variant", kind: buttonVariantProp},
			{v08: "action", v09: "action", kind: actionProp, required: inBoth, field: func(p Props) any { return &p.(*Button).Action }},
			{v08: "primary", kind: flagProp, field: func(p Props) any { return &p.(*Button).Primary }},
		},
		checks: func(p Props) *[]checkRule { return &p.(*Button).checks },
	},
	{
		v08: "CheckBox", v09: "CheckBox",
		new: func(*decoder) Props { return &CheckBox{} },
		props: []prop{
			{v08: "label", v09: "label", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*CheckBox).Label }},
			{v08: "value", v09: "value", kind: boolProp, required: inBoth, field: func(p Props) any { return &p.(*CheckBox).Value }},
		},
		checks: func(p Props) *[]checkRule { return &p.(*CheckBox).checks },
	},
	{
		v08: "TextField", v09: "TextField",
		new: func(d *decoder) Props { return d.fields.Take(d.left) },
		props: []prop{
			{v08: "label", v09: "label", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*TextField).Label }},
			{v08: "text", v09: "value", kind: strProp, multiline: true, field: func(p Props) any { return &p.(*TextField).Text }},
			{
				v08: "textFieldType", v09: "variant", kind: enumProp, values08: []string{"date", "longText", "number", "shortText", "obscured"},
				values09: []string{"longText", "number", "shortText", "obscured"}, field: func(p Props) any { return &p.(*TextField).TextFieldType },
			},
			{v08: "validationRegexp", v09: "validationRegexp", kind: patternProp},
		},
		checks: func(p Props) *[]checkRule { return &p.(*TextField).checks },
	},
	{
		v08: "DateTimeInput", v09: "DateTimeInput",
		new: func(d *decoder) Props { return &DateTimeInput{v09: d.v09} },
		props: []prop{
			{v08: "value", v09: "value", kind: strProp, required: inBoth, field: func(p Props) any { return &p.(*DateTimeInput).Value }},
			{v08: "enableDate", v09: "enableDate", kind: optFlagProp, field: func(p Props) any { return &p.(*DateTimeInput).EnableDate }},
			{v08: "enableTime", v09: "enableTime", kind: optFlagProp, field: func(p Props) any { return &p.(*DateTimeInput).EnableTime }},
			{v09: "label", kind: strProp, field: func(p Props) any { return &p.(*DateTimeInput).Label }},
			{v09: "min", kind: dateProp, field: func(p Props) any { return &p.(*DateTimeInput).Min }},
			{v09: "max", kind: dateProp, field: func(p Props) any { return &p.(*DateTimeInput).Max }},
		},
		checks: func(p Props) *[]checkRule { return &p.(*DateTimeInput).checks },
	},
	{
		v08: "MultipleChoice", v09: "ChoicePicker",
		new: func(*decoder) Props { return &MultipleChoice{} },
		props: []prop{
			{v09: "label", kind: strProp, field: func(p Props) any { return &p.(*MultipleChoice).Label }},
			{v08: "selections", kind: strListProp, required: in08, field: func(p Props) any { return &p.(*MultipleChoice).Selections }},
			{v08: "options", v09: "options", kind: optionsProp, required: inBoth, field: func(p Props) any { return &p.(*MultipleChoice).Options }},
			{v09: "value", kind: strListProp, required: in09, field: func(p Props) any { return &p.(*MultipleChoice).Selections }},
			{v08: "variant", v09: "displayStyle", kind: enumProp, values08: pickStyles, values09: pickStyles, field: func(p Props) any { return &p.(*MultipleChoice).Variant }},
			{v08: "filterable", v09: "filterable", kind: flagProp, field: func(p Props) any { return &p.(*MultipleChoice).Filterable }},
			{v08: "maxAllowedSelections", kind: maxSelectionsProp},
			{v09: "variant", kind: exclusiveProp},
		},
		checks: func(p Props) *[]checkRule { return &p.(*MultipleChoice).checks },
	},
	{
		v08: "Slider", v09: "Slider",
		new: func(*decoder) Props { return &Slider{} },
		props: []prop{
			{v09: "label", kind: strProp, field: func(p Props) any { return &p.(*Slider).Label }},
			{v08: "value", kind: numProp, required: in08, field: func(p Props) any { return &p.(*Slider).Value }},
			{v08: "minValue", v09: "min", kind: optNumProp, field: func(p Props) any { return &p.(*Slider).MinValue }},
			{v09: "value", kind: numProp, required: in09, field: func(p Props) any { return &p.(*Slider).Value }},
			{v08: "maxValue", v09: "max", kind: optNumProp, required: in09, field: func(p Props) any { return &p.(*Slider).MaxValue }},
			{v08: "label", kind: strProp, field: func(p Props) any { return &p.(*Slider).Label }},
		},
		checks: func(p Props) *[]checkRule { return &p.(*Slider).checks },
	},
}

// specs08 and specs09 find a type of componentTable by its name in each
// version.
var specs08, specs09 = specIndex{}, specIndex{}

func init() {
	for i := range componentTable {
		s := &componentTable[i]
		for _, r := range s.props {
			if r.v08 != "" {
				s.rows08 = append(s.rows08, versionRow{name: r.v08, kind: r.kind, required: r.required&in08 != 0, multiline: r.multiline, values: r.values08, field: r.field})
			}
			if r.v09 != "" {
				s.rows09 = append(s.rows09, versionRow{name: r.v09, kind: r.kind, required: r.required&in09 != 0, multiline: r.multiline, values: r.values09, field: r.field})
			}
		}
		specs08.add(s.v08, s)
		specs09.add(s.v09, s)
		s.rows10 = rowsV10(s)
	}
}

// specIndex finds a component type by its name in one version.
type specIndex map[string]*componentSpec

func (x specIndex) add(name string, s *componentSpec) { x[name] = s }

// find returns the type named typ, or nil.
func (x specIndex) find(typ string) *componentSpec { return x[typ] }

// readComponent reads the properties of a component of the type s into a
// new one, in the version the message names.
func (pd *propDecoder) readComponent(s *componentSpec) Props {
	p := s.new(pd.d)
	rows := s.rows08
	switch {
	case pd.d.v10:
		rows = s.rows10
	case pd.d.v09:
		rows = s.rows09
	}
	for i := range rows {
		r := &rows[i]
		name := r.name
		switch r.kind {
		case strProp:
			pd.readString(r.field(p).(*Bound[string]), name, r.required, r.multiline)
		case numProp:
			*r.field(p).(*Bound[float64]) = pd.boundNum(name, r.required)
		case boolProp:
			*r.field(p).(*Bound[bool]) = pd.boundFlag(name, r.required)
		case strListProp:
			*r.field(p).(*Bound[[]string]) = pd.boundList(name, r.required)
		case dateProp:
			*r.field(p).(*Bound[string]) = pd.dateBound(name)
		case enumProp:
			*r.field(p).(*string) = pd.enum(name, r.values...)
		case hintProp:
			*r.field(p).(*string) = pd.hint(name, r.values...)
		case idProp:
			*r.field(p).(*string) = pd.id(name)
		case flagProp:
			*r.field(p).(*bool) = pd.boolean(name)
		case optFlagProp:
			*r.field(p).(**bool) = pd.optBool(name)
		case optNumProp:
			*r.field(p).(**float64) = pd.number(name, r.required)
		case childrenProp:
			*r.field(p).(*Children) = pd.children(name)
		case actionProp:
			*r.field(p).(*Action) = pd.action(name)
		case tabsProp:
			*r.field(p).(*[]TabItem) = pd.tabs(name)
		case optionsProp:
			*r.field(p).(*[]Option) = pd.options(name)
		case iconProp:
			pd.iconName(p.(*Icon), name)
		case buttonVariantProp:
			pd.buttonVariant(p.(*Button), name)
		case patternProp:
			pd.validationRegexp(p.(*TextField), name)
		case maxSelectionsProp:
			pd.maxSelections(p.(*MultipleChoice), name)
		case exclusiveProp:
			pd.exclusive(p.(*MultipleChoice), name)
		}
	}
	pd.check(p)
	if pd.d.v09 && s.checks != nil {
		*s.checks(p) = pd.checks()
	}
	return p
}

// check checks a component once its properties are read: what no one
// property says alone.
func (pd *propDecoder) check(p Props) {
	switch p := p.(type) {
	case *Image:
		if p.Fit == "scaleDown" {
			p.Fit = "scale-down" // v0.9's spelling of CSS's value
		}
		pd.media("url", p.URL, imageTypes)
	case *Video:
		pd.media("url", p.URL, videoTypes)
		pd.media("posterUrl", p.PosterURL, imageTypes)
	case *AudioPlayer:
		pd.media("url", p.URL, audioTypes)
	case *Slider:
		if p.MinValue != nil && p.MaxValue != nil && *p.MinValue > *p.MaxValue && pd.d.err == nil {
			lo, hi := "minValue", "maxValue" // the names of componentTable's rows
			if pd.d.v09 {
				lo, hi = "min", "max"
			}
			pd.d.failf(CodeBadValue, pd.d.p(pd.base, lo), "%s %s is above %s %s", lo, formatNumber(*p.MinValue), hi, formatNumber(*p.MaxValue))
		}
		if p.Steps != nil && (*p.Steps < 1 || *p.Steps != math.Trunc(*p.Steps) || *p.Steps > MaxSliderSteps) && pd.d.err == nil {
			pd.d.failf(CodeBadValue, pd.d.p(pd.base, "steps"), "steps must be a whole number from 1 to %d", MaxSliderSteps)
		}
	}
}

// readString reads a string property into b, which is zero: a property
// of a component in its block is set field by field, not copied in whole.
func (pd *propDecoder) readString(b *Bound[string], name string, required, multiline bool) {
	if pd.d.v09 {
		pd.readDynString(b, name, required, multiline)
		return
	}
	pd.readBoundString(b, name, required, multiline)
}

// str reads a string property.
func (pd *propDecoder) str(name string, required, multiline bool) Bound[string] {
	var b Bound[string]
	pd.readString(&b, name, required, multiline)
	return b
}

func (pd *propDecoder) boundNum(name string, required bool) Bound[float64] {
	if pd.d.v09 {
		return pd.dynNumber(name, required)
	}
	return pd.boundNumber(name, required)
}

func (pd *propDecoder) boundFlag(name string, required bool) Bound[bool] {
	if pd.d.v09 {
		return pd.dynBool(name, required)
	}
	return pd.boundBool(name, required)
}

func (pd *propDecoder) boundList(name string, required bool) Bound[[]string] {
	if pd.d.v09 {
		return pd.dynStringList(name, required)
	}
	return pd.boundArray(name, required)
}

func (pd *propDecoder) children(name string) Children {
	if pd.d.v09 {
		return pd.childList(name)
	}
	return pd.children08(name)
}

func (pd *propDecoder) action(name string) Action {
	if pd.d.v09 {
		return pd.actionV09(name)
	}
	return pd.action08(name)
}

// tabs reads a Tabs' tabs, of which v0.9 requires at least one.
func (pd *propDecoder) tabs(name string) []TabItem {
	what := "a tab item"
	if pd.d.v09 {
		what = "a tab"
	}
	tabs := objects(pd, name, what, []string{"title", "child"}, func(sub *propDecoder) TabItem {
		return TabItem{Title: sub.str("title", true, false), Child: sub.id("child")}
	})
	if pd.d.v09 && pd.d.err == nil && len(tabs) == 0 {
		pd.d.failf(CodeBadValue, pd.d.p(pd.base, name), "%s must hold at least one tab", name)
	}
	return tabs
}

func (pd *propDecoder) options(name string) []Option {
	return objects(pd, name, "an option", []string{"label", "value"}, func(sub *propDecoder) Option {
		return sub.option(sub.str("label", true, false))
	})
}

// iconName reads an Icon's name: v0.8 one of the 48 standard names or a
// bound value; v0.9 one of its catalog's names, a data binding or an SVG
// path.
func (pd *propDecoder) iconName(ic *Icon, name string) {
	if pd.d.v09 {
		pd.iconV09(ic, name)
		return
	}
	pd.readBoundString(&ic.Name, name, true, false)
	if ic.Name.HasLiteral && !ic.Name.HasPath && !IsIconName(ic.Name.Literal) && pd.d.err == nil {
		std, ok := StandardIconName(ic.Name.Literal)
		switch {
		case ok && pd.d.opts.Lenient:
			pd.d.warnf(CodeLenient, pd.d.p(pd.base, name), "icon %q read as %q", ic.Name.Literal, std)
			ic.Name.Literal = std
		case ok:
			pd.d.failf(CodeBadValue, pd.d.p(pd.base, name), "icon %q is not one of the 48 standard icon names: the catalog spells it %q (read so with --lenient)", ic.Name.Literal, std)
		default:
			pd.d.failf(CodeBadValue, pd.d.p(pd.base, name), "icon %q is not one of the 48 standard icon names", ic.Name.Literal)
		}
	}
}

// buttonVariant reads a v0.9 Button's variant, one of its catalog's.
func (pd *propDecoder) buttonVariant(b *Button, name string) {
	variant := pd.enum(name, pd.cat.buttonVariants...)
	b.Primary, b.borderless = variant == "primary", variant == "borderless"
}

// validationRegexp reads a TextField's pattern and compiles it, as v0.8
// or as v0.9 (a whole-value match with JavaScript's escapes) reads it.
func (pd *propDecoder) validationRegexp(tf *TextField, name string) {
	raw, ok := pd.get(name, false)
	if !ok {
		return
	}
	at := pd.d.p(pd.base, name)
	tf.ValidationRegexp = pd.d.plainString(raw, at, name, false)
	if pd.d.err != nil || tf.ValidationRegexp == "" {
		return
	}
	if pd.d.v09 {
		tf.pattern = pd.regexpV09(tf.ValidationRegexp, at)
		return
	}
	tf.pattern = pd.d.regexp(tf.ValidationRegexp, at)
}

// maxSelections reads a v0.8 MultipleChoice's maxAllowedSelections.
func (pd *propDecoder) maxSelections(mc *MultipleChoice, name string) {
	raw, ok := pd.get(name, false)
	if !ok {
		return
	}
	f := pd.d.num(raw, pd.d.p(pd.base, name), name)
	if pd.d.err == nil && (f != math.Trunc(f) || f < 1 || f > 1e6) {
		pd.d.failf(CodeBadValue, pd.d.p(pd.base, name), "%s must be a whole number of at least 1", name)
	}
	mc.MaxAllowedSelections = int(f)
}

// exclusive reads a v0.9 ChoicePicker's variant: whether one choice
// excludes the others (the default).
func (pd *propDecoder) exclusive(mc *MultipleChoice, name string) {
	mc.Exclusive = pd.enum(name, "multipleSelection", "mutuallyExclusive") != "multipleSelection"
	if mc.Exclusive {
		mc.MaxAllowedSelections = 1
	}
}

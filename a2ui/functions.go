package a2ui

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// The v0.9 catalogs a2term knows, by the ids createSurface names them
// with.
const (
	BasicCatalogV09ID   = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
	MinimalCatalogV09ID = "https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json"
)

// funcSpec is one catalog function: its arguments as the catalog declares
// them and its implementation. Implementations are pure: they read only
// their arguments and the env's locale and time zone.
type funcSpec struct {
	name string
	ret  string // the returnType the catalog declares
	args []argSpec
	// minOrMax: the catalog requires min, max or both (length, numeric).
	minOrMax bool
	// cost is what a call costs the evaluation's budget beyond callCost
	// and the text it reads and writes: about the nanoseconds it takes.
	cost int
	impl func(ev *evaluator, c *fcall, args []any) (any, error)
	// v1.0: allowed is the catalog's allowedCallers ("" is
	// rendererOnly), doc what the capabilities tell an agent of it;
	// activation marks a function that needs the person's own press
	// (requiresUserActivation), and remote one that the agent runs
	// (callAgentFunction), known only by the call that names it.
	allowed    string
	doc        string
	activation bool
	remote     bool
}

type argSpec struct {
	name     string
	typ      dynType
	required bool
}

func (f *funcSpec) argIndex(name string) int {
	for i, a := range f.args {
		if a.name == name {
			return i
		}
	}
	return -1
}

func (f *funcSpec) arg(name string) *argSpec {
	if i := f.argIndex(name); i >= 0 {
		return &f.args[i]
	}
	return nil
}

func (f *funcSpec) argList() string {
	names := make([]string, len(f.args))
	for i, a := range f.args {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// functionSet is the functions of one catalog.
type functionSet struct {
	byName map[string]*funcSpec
	names  string // for messages
	// cannot holds the functions a catalog definition names that a2term
	// cannot evaluate: a call to one is refused by name.
	cannot map[string]bool
}

func newFunctionSet(specs ...*funcSpec) *functionSet {
	s := &functionSet{byName: map[string]*funcSpec{}}
	names := make([]string, 0, len(specs))
	for _, f := range specs {
		s.byName[f.name] = f
		names = append(names, f.name)
	}
	sort.Strings(names)
	s.names = strings.Join(names, ", ")
	return s
}

func (s *functionSet) get(name string) *funcSpec {
	if s == nil {
		return nil
	}
	return s.byName[name]
}

func (s *functionSet) list() string {
	if s == nil {
		return "no functions"
	}
	return s.names
}

// The basic catalog's fourteen functions, and the minimal catalog's one.
// Each follows the official renderers' implementation, including how it
// converts its arguments (the argument schemas they validate calls with):
// a value that cannot be converted fails the call, which then counts as
// undefined. Where a2term differs, the comment says so.
var (
	basicFunctions = newFunctionSet(
		fnRequired, fnRegex, fnLength, fnNumeric, fnEmail, fnFormatString, fnFormatNumber,
		fnFormatCurrency, fnFormatDate, fnPluralize, fnOpenURL, fnAnd, fnOr, fnNot,
	)
	minimalFunctions = newFunctionSet(fnCapitalize)
)

var (
	errMissing    = errors.New("the argument has no value")
	errNotNumber  = errors.New("the argument is not a number")
	errNotBoolean = errors.New("grouping must be a boolean")
	errNotString  = errors.New("the argument is not a string")
	errMinOrMax   = errors.New("min or max is needed")
	errTooFew     = errors.New("values needs at least two entries")
)

// argNumber converts an argument as z.coerce.number() does: Number(v),
// failing on NaN.
func argNumber(v any) (float64, error) {
	f := jsNumber(v)
	if math.IsNaN(f) {
		return 0, errNotNumber
	}
	return f, nil
}

// optNumber converts an optional number argument.
func optNumber(v any) (float64, bool, error) {
	if isUndefined(v) {
		return 0, false, nil
	}
	f, err := argNumber(v)
	return f, err == nil, err
}

// Arguments convert to strings as z.coerce.string() does (String(v)),
// through the evaluator so that the text stays within MaxStringBytes
// (evaluator.text), except that undefined, a path with nothing there yet,
// reads as "" rather than "undefined": the specification asks renderers to
// show values that have not arrived as empty. evaluator.presentText
// converts an argument that must have a value.

var fnRequired = &funcSpec{
	name: "required", ret: "boolean",
	args: []argSpec{{name: "value", typ: typeAny, required: true}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		switch x := a[0].(type) {
		case undefinedValue:
			return nil, errMissing
		case nil:
			return false, nil
		case string:
			return x != "", nil
		case []any:
			return len(x) > 0, nil
		}
		return true, nil
	},
}

var fnRegex = &funcSpec{
	name: "regex", ret: "boolean",
	args: []argSpec{{name: "value", typ: typeString, required: true}, {name: "pattern", typ: typeLitString, required: true}},
	impl: func(ev *evaluator, c *fcall, a []any) (any, error) {
		if c.reErr != nil {
			return nil, c.reErr
		}
		s, err := ev.presentText(a[0])
		if err != nil {
			return nil, err
		}
		re := c.re
		if re == nil { // a pattern bound to the data model (lenient)
			pat, err := ev.presentText(a[1])
			if err != nil {
				return nil, err
			}
			if re, err = ev.env.patterns().compile(jsToRE2(pat), ev.bud); err != nil {
				if asBound(err) != nil {
					return nil, err
				}
				return nil, fmt.Errorf("invalid regex pattern: %s", shortRegexpError(err))
			}
		}
		return re.match(s, ev.bud)
	},
}

var fnLength = &funcSpec{
	name: "length", ret: "boolean", minOrMax: true,
	args: []argSpec{{name: "value", typ: typeString, required: true}, {name: "min", typ: typeLitInt}, {name: "max", typ: typeLitInt}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		if isUndefined(a[0]) {
			return nil, errMissing
		}
		lo, hasLo, err := optNumber(a[1])
		if err != nil {
			return nil, err
		}
		hi, hasHi, err := optNumber(a[2])
		if err != nil {
			return nil, err
		}
		if !hasLo && !hasHi {
			return nil, errMinOrMax
		}
		// Strings count UTF-16 code units, as JavaScript's length does;
		// arrays count elements; anything else is 0 long.
		n := 0
		switch x := a[0].(type) {
		case string:
			n = utf16Len(x)
		case []any:
			n = len(x)
		}
		if hasLo && float64(n) < lo || hasHi && float64(n) > hi {
			return false, nil
		}
		return true, nil
	},
}

var fnNumeric = &funcSpec{
	name: "numeric", ret: "boolean", minOrMax: true,
	args: []argSpec{{name: "value", typ: typeNumber, required: true}, {name: "min", typ: typeLitNumber}, {name: "max", typ: typeLitNumber}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		v, err := argNumber(a[0])
		if err != nil {
			return nil, err
		}
		lo, hasLo, err := optNumber(a[1])
		if err != nil {
			return nil, err
		}
		hi, hasHi, err := optNumber(a[2])
		if err != nil {
			return nil, err
		}
		if !hasLo && !hasHi {
			return nil, errMinOrMax
		}
		if hasLo && v < lo || hasHi && v > hi {
			return false, nil
		}
		return true, nil
	},
}

// emailPattern is the official renderers' address check, a loose one.
var emailPattern = mustCompilePattern(`^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$`)

var fnEmail = &funcSpec{
	name: "email", ret: "boolean",
	args: []argSpec{{name: "value", typ: typeString, required: true}},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		s, err := ev.presentText(a[0])
		if err != nil {
			return nil, err
		}
		return emailPattern.match(s, ev.bud)
	},
}

var fnFormatString = &funcSpec{
	name: "formatString", ret: "string",
	args: []argSpec{{name: "value", typ: typeString, required: true}},
	impl: func(ev *evaluator, c *fcall, a []any) (any, error) {
		parts := c.tmpl
		if parts == nil {
			// A template from the data model (or none) is parsed and
			// checked now; one that does not parse, or calls what it may
			// not, gives nothing. Formatting it may read another such
			// template only if that one has no expression: a template
			// that reads itself would format itself without end.
			s, err := ev.text(a[0])
			if err != nil || !strings.Contains(s, "${") {
				return s, err
			}
			if ev.fromData {
				return nil, errTemplate
			}
			if err := ev.bud.spend(len(s)); err != nil {
				return nil, err
			}
			if parts, err = parseTemplate(s); err != nil {
				return nil, err
			}
			p := dynParser{fns: c.set, bud: ev.bud, pats: ev.env.patterns()}
			for _, part := range parts {
				if e := p.bindValue(part, nil); e != nil {
					if e.Code == CodeEvalLimit {
						return nil, errWorkSpent
					}
					return nil, errors.New(e.Message)
				}
			}
			ev.fromData = true
			defer func() { ev.fromData = false }()
		}
		if len(parts) == 1 && parts[0].kind == dynLiteral {
			return displayString(parts[0].lit), nil
		}
		var b strings.Builder
		for _, part := range parts {
			v := ev.eval(part)
			if ev.bound != nil {
				return nil, ev.bound
			}
			s, err := textOf(v, ev.bud, true)
			if err != nil {
				return nil, err
			}
			if b.Len()+len(s) > MaxStringBytes {
				return nil, boundf("formatString's result would be over %d bytes", MaxStringBytes)
			}
			if err := ev.bud.spend(len(s)); err != nil {
				return nil, err
			}
			b.WriteString(s)
		}
		return b.String(), nil
	},
}

// fractionDigits reads formatNumber's and formatCurrency's decimals as
// Intl.NumberFormat reads minimumFractionDigits: floored, 0 to 100.
func fractionDigits(d float64) (int, bool) {
	f := math.Floor(d)
	if f < 0 || f > maxFractionDigits || math.IsNaN(f) {
		return 0, false
	}
	return int(f), true
}

// toFixedDigits reads an argument of toFixed, the renderers' fallback
// when Intl refuses: truncated, 0 to 100.
func toFixedDigits(d float64) (int, error) {
	t := math.Trunc(d)
	if t < 0 || t > maxFractionDigits || math.IsNaN(t) {
		return 0, errors.New("decimals must be between 0 and 100")
	}
	return int(t), nil
}

// numberArgs reads value, decimals and grouping.
func numberArgs(value, decimals, grouping any) (v, d float64, hasD, group bool, err error) {
	if v, err = argNumber(value); err != nil {
		return
	}
	if d, hasD, err = optNumber(decimals); err != nil {
		return
	}
	group = true
	switch g := grouping.(type) {
	case undefinedValue:
	case bool:
		group = g
	default:
		err = errNotBoolean
	}
	return
}

var fnFormatNumber = &funcSpec{
	name: "formatNumber", ret: "string", cost: 1000,
	args: []argSpec{{name: "value", typ: typeNumber, required: true}, {name: "decimals", typ: typeNumber}, {name: "grouping", typ: typeBool}},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		v, d, hasD, group, err := numberArgs(a[0], a[1], a[2])
		if err != nil {
			return nil, err
		}
		l := ev.env.locale()
		if !hasD {
			return l.formatDecimal(v, 0, 3, group), nil
		}
		if n, ok := fractionDigits(d); ok {
			return l.formatDecimal(v, n, n, group), nil
		}
		n, err := toFixedDigits(d)
		if err != nil {
			return nil, err
		}
		return jsToFixed(v, n), nil
	},
}

var fnFormatCurrency = &funcSpec{
	name: "formatCurrency", ret: "string", cost: 1000,
	args: []argSpec{
		{name: "value", typ: typeNumber, required: true},
		{name: "currency", typ: typeString, required: true},
		{name: "decimals", typ: typeNumber},
		{name: "grouping", typ: typeBool},
	},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		v, d, hasD, group, err := numberArgs(a[0], a[2], a[3])
		if err != nil {
			return nil, err
		}
		cur, err := ev.text(a[1])
		if err != nil {
			return nil, err
		}
		code, ok := wellFormedCurrency(cur)
		lo, hi := currencyFractionDigits(code), currencyFractionDigits(code)
		if ok && hasD {
			lo, ok = fractionDigits(d)
			hi = lo
		}
		if ok {
			return ev.env.locale().formatCurrency(v, code, lo, hi, group), nil
		}
		// Intl refuses the currency or the decimals; the renderers then
		// print the bare amount.
		n := 2
		if hasD {
			if n, err = toFixedDigits(d); err != nil {
				return nil, err
			}
		}
		return jsToFixed(v, n), nil
	},
}

// dateTokenCost is what formatDate costs the budget for each byte of its
// pattern, which it reads token by token.
const dateTokenCost = 64

var fnFormatDate = &funcSpec{
	name: "formatDate", ret: "string", cost: 2000,
	args: []argSpec{{name: "value", typ: typeValue, required: true}, {name: "format", typ: typeString, required: true}},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		if isUndefined(a[0]) {
			return nil, errMissing
		}
		if !jsTruthy(a[0]) {
			return "", nil
		}
		loc := ev.env.location()
		d, ok := toJSDate(a[0], loc)
		if !ok {
			return "", nil
		}
		pattern, err := ev.text(a[1])
		if err != nil {
			return nil, err
		}
		if err := ev.bud.spend(dateTokenCost * len(pattern)); err != nil {
			return nil, err
		}
		if pattern == "ISO" {
			return d.isoString(), nil
		}
		s, err := formatJSDate(d, pattern, loc, ev.env.locale())
		if err != nil {
			// The renderers show the date as ISO 8601 when their date
			// library refuses the pattern.
			return d.isoString(), nil
		}
		return s, nil
	},
}

var fnPluralize = &funcSpec{
	name: "pluralize", ret: "string", cost: 200,
	args: []argSpec{
		{name: "value", typ: typeNumber, required: true},
		{name: "zero", typ: typeString},
		{name: "one", typ: typeString},
		{name: "two", typ: typeString},
		{name: "few", typ: typeString},
		{name: "many", typ: typeString},
		{name: "other", typ: typeString, required: true},
	},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		v, err := argNumber(a[0])
		if err != nil {
			return nil, err
		}
		i := 6 // other
		switch ev.env.locale().pluralCategory(v) {
		case "zero":
			i = 1
		case "one":
			i = 2
		case "two":
			i = 3
		case "few":
			i = 4
		case "many":
			i = 5
		}
		if isUndefined(a[i]) {
			i = 6
		}
		return ev.text(a[i])
	},
}

var fnOpenURL = &funcSpec{
	name: "openUrl", ret: "void",
	args: []argSpec{{name: "url", typ: typeLitURI, required: true}},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		// Nothing is opened: the views show the address (see openURL).
		if _, err := ev.presentText(a[0]); err != nil {
			return nil, err
		}
		return undefined, nil
	},
}

// logicValues reads and/or's values; the specification declares them
// DynamicBoolean, and a2term evaluates each, where the official renderers
// take the array as written and so count every call in it as true.
func logicValues(v any) ([]any, error) {
	vals, ok := v.([]any)
	if !ok {
		return nil, errors.New("values must be an array")
	}
	if len(vals) < 2 {
		return nil, errTooFew
	}
	return vals, nil
}

var fnAnd = &funcSpec{
	name: "and", ret: "boolean",
	args: []argSpec{{name: "values", typ: typeBoolList, required: true}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		vals, err := logicValues(a[0])
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			if !jsTruthy(v) {
				return false, nil
			}
		}
		return true, nil
	},
}

var fnOr = &funcSpec{
	name: "or", ret: "boolean",
	args: []argSpec{{name: "values", typ: typeBoolList, required: true}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		vals, err := logicValues(a[0])
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			if jsTruthy(v) {
				return true, nil
			}
		}
		return false, nil
	},
}

var fnNot = &funcSpec{
	name: "not", ret: "boolean",
	args: []argSpec{{name: "value", typ: typeBool, required: true}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		if isUndefined(a[0]) {
			return nil, errMissing
		}
		return !jsTruthy(a[0]), nil
	},
}

// fnCapitalize is the minimal catalog's function: the first character
// upper-cased.
var fnCapitalize = &funcSpec{
	name: "capitalize", ret: "string",
	args: []argSpec{{name: "value", typ: typeString, required: true}},
	impl: func(_ *evaluator, _ *fcall, a []any) (any, error) {
		var s string
		switch x := a[0].(type) {
		case undefinedValue:
		case string:
			s = x
		default:
			return nil, errNotString
		}
		if s == "" {
			return "", nil
		}
		r, n := utf8.DecodeRuneInString(s)
		return strings.ToUpper(string(r)) + s[n:], nil
	},
}

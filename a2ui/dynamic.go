package a2ui

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2term/a2term/internal/arena"
)

// A2UI v0.9 binds properties through dynamic values: a literal, a data
// binding {"path": …} (absolute, or relative to the template item), or a
// function call {"call", "args", "returnType"} whose arguments are dynamic
// values in turn, nested to any depth. formatString adds a small
// expression language inside strings ("Hello ${/user/name}").
//
// A dynamic value is parsed and checked once, when its batch arrives:
// unknown functions, wrong arguments, regex patterns RE2 cannot compile and
// malformed expressions are refused there, with the JSON Pointer of the
// offending call. What is left for later is evaluation, which is pure: it
// reads the data model, the template scope, the locale and the time zone
// through an env, records every path it reads so that the resolver knows
// what a data change affects, and never fails: as in the official
// renderers, a call that cannot run (a missing argument value, a number
// that is not one) counts as undefined, and the first such failure is
// returned for diagnostics.
//
// What is refused follows the specification's schemas (common_types.json
// and the basic catalog) and its conformance cases; what an accepted value
// evaluates to follows the official renderers, JavaScript conversions
// included (see jsvalue.go). Where a2term departs from the renderers, the
// code says so where it does.

// dynKind says what a dynamic value is.
type dynKind uint8

const (
	dynLiteral dynKind = iota // a JSON value, kept as it is
	dynPath                   // a data binding
	dynCall                   // a function call
	dynList                   // a list of dynamic values (the values of and/or)
)

// dynamic is one parsed dynamic value. It is immutable once parsed.
type dynamic struct {
	kind dynKind
	// lit is a dynLiteral's value (nil, bool, float64, string, []any or
	// *Object) and a dynList's items ([]*dynamic).
	lit any
	// path is a dynPath's path; of a number literal in an expression,
	// path.text is the number as written, for printing.
	path dpath
	call *fcall // dynCall
}

// items returns a dynList's values.
func (d *dynamic) items() []*dynamic { return d.lit.([]*dynamic) }

// dpath is a v0.9 data binding's path. Segments are the parts between
// slashes, empty ones dropped, with no escapes, as the official v0.9
// renderers read them (unlike v0.8 paths, see parsePath, there are no
// dotted or bracketed forms); "" and "." name the scope itself.
type dpath struct {
	text string
	segs []string
}

// abs reports whether the path is absolute: it starts with a slash.
func (p dpath) abs() bool { return strings.HasPrefix(p.text, "/") }

func parseDynPath(text string) dpath {
	p, _ := parseDynPathIn(text, nil)
	return p
}

// parseDynPathIn is parseDynPath taking the segments from the start of
// room when it has space for them; it returns the rest of room.
func parseDynPathIn(text string, room []string) (dpath, []string) {
	p := dpath{text: text}
	if text == "." {
		return p, room
	}
	n := 0
	for i := range len(text) {
		if text[i] != '/' && (i == 0 || text[i-1] == '/') {
			n++
		}
	}
	if n == 0 {
		return p, room
	}
	if len(room) >= n {
		p.segs, room = room[:0:n], room[n:]
	} else {
		p.segs = make([]string, 0, n)
	}
	start := 0
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == '/' {
			if i > start {
				p.segs = append(p.segs, text[start:i])
			}
			start = i + 1
		}
	}
	return p, room
}

// fcall is a function call. name, named, ret and inline are as written
// (named only of a call written in an expression, which is printed again;
// one written as JSON has its arguments in args alone); the rest is filled
// in when the call is bound to its function.
type fcall struct {
	name   string
	named  []namedArg
	ret    string // returnType, "" when absent
	inline bool   // written inside a formatString expression
	fn     *funcSpec
	args   []*dynamic   // by the function's argument order; nil when absent
	set    *functionSet // the functions a runtime formatString may call
	re     *pattern     // regex with a literal pattern
	reErr  *BoundError  // regex with a literal pattern over the bounds (lenient)
	tmpl   []*dynamic   // formatString with a literal value: its parts
	// catalogID is a v1.0 call's own catalogId, "" when it names none.
	catalogID string
}

type namedArg struct {
	name string
	val  *dynamic
}

func literal(v any) *dynamic { return &dynamic{kind: dynLiteral, lit: v} }

// dynType is what a property or an argument accepts, after the common
// types of the specification (DynamicString and the like) and the literal
// arguments of the basic catalog's functions.
type dynType uint8

const (
	typeAny        dynType = iota // anything, objects that are no binding or call included (required's value, action context)
	typeValue                     // DynamicValue: a string, number, boolean or array, a binding or a call
	typeString                    // DynamicString
	typeNumber                    // DynamicNumber
	typeBool                      // DynamicBoolean
	typeStringList                // DynamicStringList
	typeBoolList                  // and/or's values: two or more DynamicBoolean
	typeLitString                 // a string written out (regex's pattern)
	typeLitURI                    // a URL written out (openUrl's url)
	typeLitInt                    // an integer ≥ 0 written out (length's min and max)
	typeLitNumber                 // a number written out (numeric's min and max)
)

func (t dynType) String() string {
	switch t {
	case typeAny:
		return "any value"
	case typeValue:
		return "a string, number, boolean or array, a data binding or a function call"
	case typeString:
		return "a string, a data binding or a function call"
	case typeNumber:
		return "a number, a data binding or a function call"
	case typeBool:
		return "a boolean, a data binding or a function call"
	case typeStringList:
		return "an array of strings, a data binding or a function call"
	case typeBoolList:
		return "an array of at least two booleans, data bindings or function calls"
	case typeLitString:
		return "a string (not a binding)"
	case typeLitURI:
		return "a URL string (not a binding)"
	case typeLitInt:
		return "an integer of at least 0 (not a binding)"
	case typeLitNumber:
		return "a number (not a binding)"
	}
	return "?"
}

// returnFor is the returnType a call must declare, if it declares one,
// where a value of type t is expected.
func (t dynType) returnFor() string {
	switch t {
	case typeString:
		return "string"
	case typeNumber:
		return "number"
	case typeBool:
		return "boolean"
	case typeStringList:
		return "array"
	default:
		// The other types take no declared return type.
	}
	return ""
}

func (t dynType) literalOnly() bool { return t >= typeLitString }

// returnTypes are the values returnType may take.
var returnTypes = []string{"string", "number", "boolean", "array", "object", "any", "void"}

// ptr is a JSON Pointer being built, rendered only when an error needs it.
type ptr struct {
	up   *ptr
	base string // the root: an already escaped pointer
	key  string
	idx  int
	num  bool
}

// k and i extend a pointer; nil, a pointer not being built, stays nil.
func (p *ptr) k(key string) *ptr {
	if p == nil {
		return nil
	}
	return &ptr{up: p, key: key}
}

func (p *ptr) i(i int) *ptr {
	if p == nil {
		return nil
	}
	return &ptr{up: p, idx: i, num: true}
}

func (p *ptr) String() string {
	if p == nil {
		return ""
	}
	if p.up == nil {
		return p.base
	}
	if p.num {
		return p.up.String() + "/" + strconv.Itoa(p.idx)
	}
	return p.up.String() + "/" + escapePointer(p.key)
}

// dynParser reads dynamic values out of a v0.9 message. fns are the
// functions of the surface's catalog. lenient accepts literals of the
// wrong type and bindings where the catalog wants a literal, converting
// them when evaluated as the official renderers do; it never accepts an
// unknown function, an unknown or missing argument, or a pattern RE2
// cannot compile.
type dynParser struct {
	fns *functionSet
	// opts finds the catalog a v1.0 call names (nil: a2term's own).
	opts    *Options
	lenient bool
	// v10 reads v1.0 calls: a call may name its catalog, names no
	// returnType, may not call an agentOnly function, and, where
	// agentOK (a button's action), may name a function of the agent's.
	v10, agentOK bool
	// paths builds the JSON Pointers of refusals. Without it they are
	// left out: the decoder reads a refused message again with them.
	paths bool
	// res holds the regex patterns compiled so far, so that a message
	// repeating one compiles it once; pats, when set, is the surface's
	// cache, so that a surface compiles each pattern once.
	res  map[string]*pattern
	pats *patternCache
	// bud, when set, is the budget of the evaluation that reads a
	// template from the data model: compiling its patterns spends from it.
	bud *evalBudget
	// cleaned, when set, is told each string of the document that
	// cleaning changed.
	cleaned func(v jval, orig, s string)
	// dyns and segs are what is left of the blocks that values and path
	// segments are taken from: one allocation for the values of several
	// components, a block being small enough that a component kept
	// longer than its neighbours keeps little else alive.
	// Blocks double from a few values, so that a message of one small
	// component allocates little more than it holds.
	dyns         []dynamic
	segs         []string
	dynsN, segsN int
	// recent are the last bindings parsed: a component often binds
	// several values to one path (a field's value, the check on it, the
	// context of the button that sends it), which then share one value.
	recent     [4]*dynamic
	nextRecent int
	// named holds the arguments of the calls being read (see jsonCall).
	named []namedArg
	// calls, args and rules are the blocks that function calls, their
	// lists of arguments and lists of check rules come from, each as
	// large as left, when set, says the message's components still to
	// read may need: one at a time otherwise.
	calls arena.Values[fcall]
	args  arena.Lists[*dynamic]
	rules arena.Lists[checkRule]
	left  *int
}

// leftFor is how many values the components of the message still to read
// take at most, per as many as each takes at most.
func (p *dynParser) leftFor(each int) int {
	if p.left == nil {
		return 1
	}
	return *p.left * each
}

// recentPath returns the binding of one of the last paths parsed that the
// string v names, nil when there is none.
func (p *dynParser) recentPath(v jval) *dynamic {
	for _, d := range p.recent {
		if d != nil && v.strIs(d.path.text) {
			return d
		}
	}
	return nil
}

const (
	maxDynBlock = 32
	maxSegBlock = 128
)

// newDynamic returns a dynamic value to fill in.
func (p *dynParser) newDynamic() *dynamic {
	if len(p.dyns) == 0 {
		p.dynsN = min(max(2*p.dynsN, 4), maxDynBlock)
		p.dyns = arena.Full[dynamic](p.dynsN)
	}
	d := &p.dyns[0]
	p.dyns = p.dyns[1:]
	return d
}

// path parses a binding's path, its segments taken from the current block.
func (p *dynParser) path(text string) dpath {
	if len(p.segs) < 8 {
		p.segsN = min(max(2*p.segsN, 16), maxSegBlock)
		p.segs = arena.Full[string](p.segsN)
	}
	dp, rest := parseDynPathIn(text, p.segs)
	p.segs = rest
	return dp
}

// refusal builds the *Error for a problem at a pointer. The caller fills
// in Index, SurfaceID and ComponentID.
func refusal(code Code, at *ptr, format string, args ...any) *Error {
	return &Error{Code: code, Path: at.String(), Message: fmt.Sprintf(format, args...)}
}

// value parses the property value v, of type want, found at the JSON
// Pointer at.
func (p *dynParser) value(v jval, want dynType, at string) (*dynamic, *Error) {
	return p.parse(v, want, p.root(at), CodeBadValue)
}

// root is the pointer at, when pointers are built.
func (p *dynParser) root(at string) *ptr {
	if !p.paths {
		return nil
	}
	return &ptr{base: at}
}

// parse reads a dynamic value. code is the refusal code for a value of
// the wrong type: bad_value for a property, bad_call for an argument.
func (p *dynParser) parse(v jval, want dynType, at *ptr, code Code) (*dynamic, *Error) {
	var d *dynamic
	switch v.kind {
	case jObject:
		//nolint:nestif // the decoder's hot path: one branch per shape of object, inline
		if _, ok := v.member("call"); ok {
			c, err := p.jsonCall(v, at, "")
			if err != nil {
				return nil, err
			}
			d = p.newDynamic()
			d.kind, d.call = dynCall, c
		} else if pv, ok := v.member("path"); ok {
			if pv.kind != jString {
				return nil, refusal(code, at.k("path"), "a data binding's path must be a string, not %s", pv.kind)
			}
			if v.len() != 1 && !p.lenient {
				return nil, refusal(code, at, "a data binding has only a path; found %s", strings.Join(v.keys(), ", "))
			}
			if d = p.recentPath(pv); d == nil {
				ps := pv.str()
				if len(ps) > MaxStringBytes {
					return nil, refusal(CodeStringTooLong, at.k("path"), "path of %d bytes is over the limit of %d", len(ps), MaxStringBytes)
				}
				d = p.newDynamic()
				d.kind, d.path = dynPath, p.path(ps)
				p.recent[p.nextRecent%len(p.recent)] = d
				p.nextRecent++
			}
		} else if want == typeAny {
			lit, err := cleanLiteral(v.plain(), at)
			if err != nil {
				return nil, err
			}
			d = literal(lit)
		} else {
			return nil, refusal(code, at, "expected %s; an object must be a data binding {\"path\"} or a function call {\"call\"}", want)
		}
	case jArray:
		if want == typeBoolList {
			items := make([]*dynamic, 0, v.len())
			for e := v.first(); e.ok(); e = e.next() {
				item, err := p.parse(e, typeBool, at.i(len(items)), code)
				if err != nil {
					return nil, err
				}
				items = append(items, item)
			}
			if len(items) < 2 {
				return nil, refusal(code, at, "needs at least two values, got %d", len(items))
			}
			return &dynamic{kind: dynList, lit: items}, nil
		}
		lit, err := cleanLiteral(v.plain(), at)
		if err != nil {
			return nil, err
		}
		d = literal(lit)
	case jString:
		s, err := p.str(v, want, at)
		if err != nil {
			return nil, err
		}
		d = p.newDynamic()
		d.kind, d.lit = dynLiteral, s
	default:
		d = literal(v.plain())
	}
	if msg := p.typeProblem(d, want); msg != "" {
		return nil, refusal(code, at, "%s", msg)
	}
	return d, nil
}

// str reads the string v, where a value of type want is expected, and
// cleans it as that type is shown.
func (p *dynParser) str(v jval, want dynType, at *ptr) (string, *Error) {
	return p.cleanStr(v, v.str(), want, at)
}

// cleanStr is str of the string v whose value orig is.
func (p *dynParser) cleanStr(v jval, orig string, want dynType, at *ptr) (string, *Error) {
	s := orig
	if len(s) > MaxStringBytes {
		return "", refusal(CodeStringTooLong, at, "string of %d bytes is over the limit of %d", len(s), MaxStringBytes)
	}
	if v.printable() {
		return s, nil // clean as it is, and nothing to record
	}
	switch want {
	case typeLitString:
		// A pattern is not shown and keeps every character.
	case typeLitURI:
		s = SanitizeLine(s)
	default:
		s = SanitizeText(s)
	}
	// A string kept as it was is recorded too when it holds a line break
	// or a tab, which the component's JSON would otherwise clean as one
	// line (see decoder.cleanAt).
	if p.cleaned != nil && (s != orig || hasBreakOrTab(s)) {
		p.cleaned(v, orig, s)
	}
	return s, nil
}

// typeProblem says why d does not fit where a value of type t is
// expected, or returns "".
func (p *dynParser) typeProblem(d *dynamic, t dynType) string {
	switch d.kind {
	case dynPath, dynCall:
		if t.literalOnly() && !p.lenient {
			return fmt.Sprintf("expected %s", t)
		}
		if t == typeBoolList && !p.lenient {
			return fmt.Sprintf("expected %s", t)
		}
		if d.kind == dynCall && d.call.ret != "" && !p.lenient {
			if want := t.returnFor(); want != "" && d.call.ret != want {
				return fmt.Sprintf("%s returns %s where %s is expected", d.call.name, d.call.ret, want)
			}
		}
		return ""
	case dynList:
		return ""
	default:
		// A literal: checked below.
	}
	ok := true
	switch x := d.lit.(type) {
	case nil:
		ok = t == typeAny
	case string:
		ok = t == typeAny || t == typeValue || t == typeString || t == typeLitString || t == typeLitURI
		if t == typeLitURI && !isAbsoluteURI(x) && !p.lenient {
			return fmt.Sprintf("expected an absolute URI, got %q", clip(x))
		}
	case float64:
		ok = t == typeAny || t == typeValue || t == typeNumber || t == typeLitNumber ||
			t == typeLitInt && x >= 0 && x == float64(int64(x))
	case bool:
		ok = t == typeAny || t == typeValue || t == typeBool
	case []any:
		ok = t == typeAny || t == typeValue
		if t == typeStringList {
			ok = true
			for _, e := range x {
				if _, isStr := e.(string); !isStr {
					ok = false
				}
			}
		}
	case *Object:
		ok = t == typeAny
	}
	if ok || p.lenient {
		return ""
	}
	return fmt.Sprintf("expected %s, got %s", t, describeLiteral(d.lit))
}

// isAbsoluteURI reports whether s is an absolute URI (RFC 3986): a scheme,
// a colon, and only URI characters after it.
func isAbsoluteURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon < 1 {
		return false
	}
	for i := range colon {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	for i := colon + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-._~:/?#[]@!$&'()*+,;=", c) >= 0:
		case c == '%' && i+2 < len(s) && isHex4(s[i+1:i+3]):
			i += 2
		default:
			return false
		}
	}
	return true
}

func describeLiteral(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "the number " + FormatJSNumber(x)
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	}
	return "an object"
}

// cleanLiteral sanitizes the strings of a literal array or object, which
// may be shown (formatString prints them as JSON).
func cleanLiteral(v any, at *ptr) (any, *Error) {
	switch x := v.(type) {
	case string:
		if len(x) > MaxStringBytes {
			return nil, refusal(CodeStringTooLong, at, "string of %d bytes is over the limit of %d", len(x), MaxStringBytes)
		}
		return SanitizeText(x), nil
	case []any:
		for i := range x {
			c, err := cleanLiteral(x[i], at.i(i))
			if err != nil {
				return nil, err
			}
			x[i] = c
		}
	case *Object:
		o := NewObject()
		for _, k := range x.keys {
			c, err := cleanLiteral(x.at(k), at.k(k))
			if err != nil {
				return nil, err
			}
			o.set(SanitizeLine(k), c)
		}
		return o, nil
	}
	return v, nil
}

// callKeys are the keys of a FunctionCall object.
var callKeys = []string{"call", "args", "returnType"}

// jsonCall reads a FunctionCall object. extra is one more key the object
// may hold (a check rule's "message").
func (p *dynParser) jsonCall(v jval, at *ptr, extra string) (*fcall, *Error) {
	nv, _ := v.member("call")
	if nv.kind != jString {
		return nil, refusal(CodeBadCall, at.k("call"), "call must name a function, not be %s", nv.kind)
	}
	c := p.calls.Take(p.leftFor(4))
	c.name = nv.str()
	if p.v10 {
		fn, err := p.resolveV10(c, v, at, extra)
		if err != nil {
			return nil, err
		}
		return p.callArgs(c, fn, v, at)
	}
	fn := p.fns.get(c.name)
	if fn == nil && p.fns.cannot[c.name] {
		return nil, refusal(CodeUnknownFunction, at.k("call"), "function %q of the catalog is not one a2term can evaluate; it evaluates %s", SanitizeLine(c.name), p.fns.list())
	}
	if fn == nil {
		return nil, refusal(CodeUnknownFunction, at.k("call"), "unknown function %q; the catalog has %s", SanitizeLine(c.name), p.fns.list())
	}
	for x := v.first(); x.ok(); x = x.next() {
		if !x.keyIn(callKeys) && (extra == "" || !x.keyIs(extra)) {
			k := x.key()
			return nil, refusal(CodeBadCall, at.k(k), "a function call has call, args and returnType, not %q", SanitizeLine(k))
		}
	}
	if rv, ok := v.member("returnType"); ok {
		c.ret = rv.str()
		if rv.kind != jString || !containsString(returnTypes, c.ret) {
			return nil, refusal(CodeBadCall, at.k("returnType"), "returnType must be one of %s", strings.Join(returnTypes, ", "))
		}
		if c.ret != fn.ret && !p.lenient {
			return nil, refusal(CodeBadCall, at.k("returnType"), "%s returns %s, not %s", fn.name, fn.ret, c.ret)
		}
	}
	return p.callArgs(c, fn, v, at)
}

// callArgs reads the arguments of the call v to fn into c.
func (p *dynParser) callArgs(c *fcall, fn *funcSpec, v jval, at *ptr) (*fcall, *Error) {
	if av, ok := v.member("args"); ok {
		if av.kind != jObject {
			return nil, refusal(CodeBadCall, at.k("args"), "args must be an object, not %s", av.kind)
		}
		// The arguments as named go on the parser's list, from which the
		// calls in them take theirs and give them back, until bindArgs
		// places them: a call written as JSON keeps them in args alone.
		base := len(p.named)
		defer func() {
			clear(p.named[base:])
			p.named = p.named[:base]
			c.named = nil
		}()
		for x := av.first(); x.ok(); x = x.next() {
			k := x.key()
			spec := fn.arg(k)
			if spec == nil {
				return nil, refusal(CodeBadCall, at.k("args").k(k), "%s has no argument %q; it takes %s", fn.name, SanitizeLine(k), fn.argList())
			}
			val, err := p.parse(x, spec.typ, at.k("args").k(k), CodeBadCall)
			if err != nil {
				return nil, err
			}
			p.named = append(p.named, namedArg{name: k, val: val})
		}
		c.named = p.named[base:]
	}
	if err := p.bindArgs(c, fn, at); err != nil {
		return nil, err
	}
	return c, nil
}

// bind resolves an expression's call to its function and checks it as
// jsonCall checks a call written as JSON. at is the pointer of the string
// the expression is written in.
func (p *dynParser) bind(c *fcall, at *ptr) *Error {
	fn := p.fns.get(c.name)
	if fn == nil && p.fns.cannot[c.name] {
		return refusal(CodeUnknownFunction, at, "function %q of the catalog is not one a2term can evaluate; it evaluates %s", SanitizeLine(c.name), p.fns.list())
	}
	if fn == nil {
		return refusal(CodeUnknownFunction, at, "unknown function %q in an expression; the catalog has %s", SanitizeLine(c.name), p.fns.list())
	}
	for _, a := range c.named {
		spec := fn.arg(a.name)
		if spec == nil {
			return refusal(CodeBadCall, at, "%s has no argument %q; it takes %s", fn.name, SanitizeLine(a.name), fn.argList())
		}
		if err := p.bindValue(a.val, at); err != nil {
			return err
		}
		if msg := p.typeProblem(a.val, spec.typ); msg != "" {
			return refusal(CodeBadCall, at, "argument %s of %s: %s", a.name, fn.name, msg)
		}
	}
	return p.bindArgs(c, fn, at)
}

// bindValue binds the calls inside an expression value.
func (p *dynParser) bindValue(d *dynamic, at *ptr) *Error {
	if d.kind == dynCall {
		return p.bind(d.call, at)
	}
	return nil
}

// bindArgs places a call's arguments in their function's order and runs
// the checks that need them all: required arguments, min or max, the
// regex pattern, a formatString template.
func (p *dynParser) bindArgs(c *fcall, fn *funcSpec, at *ptr) *Error {
	c.fn = fn
	c.set = p.fns
	c.args = p.args.Take(len(fn.args), p.leftFor(8))
	for _, a := range c.named {
		c.args[fn.argIndex(a.name)] = a.val // a repeated name: the last one wins
	}
	argAt := func(name string) *ptr {
		if c.inline {
			return at
		}
		return at.k("args").k(name)
	}
	for i, spec := range fn.args {
		if spec.required && c.args[i] == nil {
			return refusal(CodeBadCall, at, "%s needs the argument %q", fn.name, spec.name)
		}
	}
	if fn.minOrMax && c.args[fn.argIndex("min")] == nil && c.args[fn.argIndex("max")] == nil {
		return refusal(CodeBadCall, at, "%s needs min, max or both", fn.name)
	}
	switch fn.name {
	case "regex":
		if pat := c.args[fn.argIndex("pattern")]; pat.kind == dynLiteral {
			return p.bindPattern(c, jsString(pat.lit), argAt)
		}
	case "formatString":
		if s, ok := c.args[0].lit.(string); ok && c.args[0].kind == dynLiteral {
			return p.bindTemplate(c, s, argAt("value"))
		}
	}
	return nil
}

// bindPattern compiles a regex call's literal pattern src, once per
// parser; argAt gives the place of an argument, for a refusal.
func (p *dynParser) bindPattern(c *fcall, src string, argAt func(name string) *ptr) *Error {
	if re, ok := p.res[src]; ok {
		c.re = re
		return nil
	}
	re, err := p.pats.compile(jsToRE2(src), p.bud)
	if b := asBound(err); b == errWorkSpent {
		return refusal(CodeEvalLimit, argAt("pattern"), "%s", b)
	} else if b != nil {
		// Refused, or with Lenient kept: its checks fail and show why.
		if !p.lenient {
			return refusal(CodeRegexTooLarge, argAt("pattern"), "regex pattern %q refused: %s", clip(src), b)
		}
		c.reErr = b
		return nil
	}
	if err != nil {
		return refusal(CodeBadValue, argAt("pattern"), "regex pattern does not compile as RE2: %s", shortRegexpError(err))
	}
	if p.res == nil {
		p.res = map[string]*pattern{}
	}
	p.res[src] = re
	c.re = re
	return nil
}

// bindTemplate parses a formatString call's literal template s and binds
// the calls in it; at is the value argument's place.
func (p *dynParser) bindTemplate(c *fcall, s string, at *ptr) *Error {
	parts, err := parseTemplate(s)
	if err != nil {
		return refusal(CodeBadValue, at, "formatString: %s", err)
	}
	for _, part := range parts {
		if err := p.bindValue(part, at); err != nil {
			return err
		}
	}
	c.tmpl = parts
	return nil
}

func isHex4(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// env is what evaluation reads. The resolver implements it for the node
// being resolved; modelEnv is a plain implementation.
type env interface {
	// read returns the value at an absolute data-model path, false when
	// nothing is there, and records the read. segs is never modified
	// afterwards, so read may keep it.
	read(segs []string) (any, bool)
	// scope is the absolute path relative paths resolve against: the
	// template item being drawn, or nil at the root.
	scope() []string
	locale() *Locale
	location() *time.Location
	// now is the clock. No basic-catalog function reads it; actions take
	// their timestamps from it.
	now() time.Time
	// budget is the work evaluations may still do (see evalBudget);
	// patterns the surface's compiled regex patterns, or nil.
	budget() *evalBudget
	patterns() *patternCache
}

// lookupPointer reads the value at segs below v as the official renderers
// do: object members by name, array elements by canonical index.
func lookupPointer(v any, segs []string) (any, bool) {
	for _, s := range segs {
		switch x := v.(type) {
		case *Object:
			n, ok := x.Get(s)
			if !ok {
				return nil, false
			}
			v = n
		case []any:
			i, ok := arrayIndex(s)
			if !ok || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// modelEnv evaluates against a data model held in memory, recording reads.
type modelEnv struct {
	data  any
	item  []string
	loc   *Locale
	tz    *time.Location
	clock time.Time
	reads [][]string
	bud   *evalBudget
	pats  *patternCache
}

func (e *modelEnv) read(segs []string) (any, bool) {
	e.reads = append(e.reads, segs)
	return lookupPointer(e.data, segs)
}
func (e *modelEnv) scope() []string { return e.item }
func (e *modelEnv) locale() *Locale { return orDefaultLocale(e.loc) }
func (e *modelEnv) now() time.Time  { return e.clock }
func (e *modelEnv) budget() *evalBudget {
	if e.bud == nil {
		e.bud = newBudget()
	}
	return e.bud
}
func (e *modelEnv) patterns() *patternCache { return e.pats }
func (e *modelEnv) location() *time.Location {
	if e.tz == nil {
		return time.UTC
	}
	return e.tz
}

// evaluator evaluates dynamic values in one env.
type evaluator struct {
	env   env
	bud   *evalBudget
	err   error       // the first call that failed
	bound *BoundError // the first bound passed
	stack []any       // arguments of the calls being evaluated
	// depth is how deeply the calls being evaluated nest, and fromData
	// says a template read from the data model is being formatted.
	depth    int
	fromData bool
}

// evalDynamic evaluates d. Its result is a data-model value or undefined;
// the error, when not nil, is the first bound passed (a *BoundError), or
// else the first call that could not run, whose result counted as
// undefined.
func evalDynamic(d *dynamic, e env) (any, error) {
	switch d.kind {
	case dynLiteral:
		return d.lit, nil
	case dynPath:
		// No call: no evaluator.
		if err := e.budget().spend(readCost(d.path)); err != nil {
			return undefined, err
		}
		return readPath(e, d.path), nil
	default:
		// A call or a list: by an evaluator, below.
	}
	// Evaluators are reused: a tree evaluates hundreds of values, and no
	// function keeps the argument stack it is handed.
	ev := evaluators.Get().(*evaluator)
	ev.env, ev.bud = e, e.budget()
	v := ev.eval(d)
	err := ev.err
	if ev.bound != nil {
		v, err = undefined, ev.bound
	}
	ev.env, ev.bud, ev.err, ev.bound = nil, nil, nil, nil
	ev.stack = ev.stack[:0] // empty: each call clears the arguments it pushed
	evaluators.Put(ev)
	return v, err
}

var evaluators = sync.Pool{New: func() any { return &evaluator{stack: make([]any, 0, 16)} }}

// evalText evaluates d for display: by the specification's type
// conversion (null and undefined empty, objects and arrays as JSON),
// sanitized. A value stopped by a bound shows its marker.
func evalText(d *dynamic, e env) (string, error) {
	v, err := evalDynamic(d, e)
	if b := asBound(err); b != nil {
		return b.Marker(), err
	}
	s, terr := textOf(v, e.budget(), true)
	if terr == nil {
		// Sanitizing walks the text again, grapheme by grapheme where
		// it is not plain ASCII.
		terr = asBound(e.budget().spend(sanitizeCost * len(s)))
	}
	if terr != nil {
		return terr.Marker(), terr
	}
	return SanitizeText(s), err
}

// sanitizeCost is what sanitizing a byte of text for display costs the
// budget.
const sanitizeCost = 4

// textOf writes v out as displayString (display) or jsString does, within
// MaxStringBytes, spending what it writes from b. A string is returned as
// it is, at no cost: it is shared, not written.
func textOf(v any, b *evalBudget, display bool) (string, *BoundError) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []any, *Object:
		n, over := textSize(v, MaxStringBytes)
		if over {
			return "", boundf("a value written out as text would be over %d bytes", MaxStringBytes)
		}
		if err := b.spend(writeCost * n); err != nil {
			return "", asBound(err)
		}
	}
	if display {
		return displayString(v), nil
	}
	return jsString(v), nil
}

// evalBool evaluates d as a condition, with JavaScript's truthiness. A
// condition stopped by a bound is false.
func evalBool(d *dynamic, e env) (bool, error) {
	v, err := evalDynamic(d, e)
	return jsTruthy(v), err
}

func (ev *evaluator) fail(fn string, err error) {
	if ev.err == nil {
		ev.err = fmt.Errorf("%s: %w", fn, err)
	}
}

// stop records that a bound was passed: the evaluation ends as soon as it
// can, and its value is undefined.
func (ev *evaluator) stop(b *BoundError) {
	if ev.bound == nil {
		ev.bound = b
	}
}

func (ev *evaluator) eval(d *dynamic) any {
	if ev.bound != nil {
		return undefined
	}
	switch d.kind {
	case dynLiteral:
		return d.lit
	case dynPath:
		return ev.readPath(d.path)
	case dynCall:
		return ev.call(d.call)
	case dynList:
		items := d.items()
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = ev.eval(it)
		}
		return out
	}
	return undefined
}

func (ev *evaluator) readPath(p dpath) any {
	if err := ev.bud.spend(readCost(p)); err != nil {
		ev.stop(asBound(err))
		return undefined
	}
	return readPath(ev.env, p)
}

// readCost is what reading a path costs the budget: a lookup for each of
// its steps.
func readCost(p dpath) int { return 1 + 16*len(p.segs) }

// readPath reads the value at p in e: undefined when there is none.
func readPath(e env, p dpath) any {
	segs := p.segs
	if !p.abs() {
		if sc := e.scope(); len(sc) > 0 {
			segs = make([]string, 0, len(sc)+len(p.segs))
			segs = append(append(segs, sc...), p.segs...)
		}
	}
	v, ok := e.read(segs)
	if !ok {
		return undefined
	}
	return v
}

// callCost is what a call costs the budget beside the text it reads
// and writes (a unit a byte of its string arguments and of its result)
// and its function's own cost.
const callCost = 32

func (ev *evaluator) call(c *fcall) any {
	if ev.depth >= MaxEvalDepth {
		ev.stop(errTooDeep)
		return undefined
	}
	if err := ev.bud.spend(callCost + c.fn.cost); err != nil {
		ev.stop(asBound(err))
		return undefined
	}
	// Arguments go on one stack for the whole evaluation, so that a call
	// costs no allocation of its own.
	ev.depth++
	base := len(ev.stack)
	for _, a := range c.args {
		v := undefined
		if a != nil {
			v = ev.eval(a)
		}
		ev.stack = append(ev.stack, v)
	}
	args := ev.stack[base:len(ev.stack):len(ev.stack)]
	var v any
	var err error
	for _, a := range args {
		if s, ok := a.(string); ok && ev.bound == nil {
			err = ev.bud.spend(len(s))
		}
	}
	if ev.bound == nil && err == nil {
		v, err = c.fn.impl(ev, c, args)
	}
	clear(ev.stack[base:])
	ev.stack = ev.stack[:base]
	ev.depth--
	if b := asBound(err); b != nil {
		ev.stop(b)
	}
	if ev.bound != nil {
		return undefined
	}
	if err != nil {
		ev.fail(c.fn.name, err)
		return undefined
	}
	if s, ok := v.(string); ok {
		if len(s) > MaxStringBytes {
			ev.stop(boundf("%s's result would be over %d bytes", c.fn.name, MaxStringBytes))
			return undefined
		}
		if err := ev.bud.spend(len(s)); err != nil {
			ev.stop(asBound(err))
			return undefined
		}
	}
	return v
}

// text converts an argument as jsString does, within the bounds; undefined
// is "" (see argText).
func (ev *evaluator) text(v any) (string, error) {
	if isUndefined(v) {
		return "", nil
	}
	s, b := textOf(v, ev.bud, false)
	if b != nil {
		return "", b
	}
	return s, nil
}

// presentText is text of an argument that must have a value.
func (ev *evaluator) presentText(v any) (string, error) {
	if isUndefined(v) {
		return "", errMissing
	}
	return ev.text(v)
}

// openURL returns the address an openUrl call asks for, for the views to
// show; ok is false when d is not such a call. Nothing is ever opened.
func openURL(d *dynamic, e env) (url string, ok bool) {
	if d.kind != dynCall || d.call.fn == nil || d.call.fn.name != "openUrl" {
		return "", false
	}
	ev := evaluator{env: e, bud: e.budget()}
	v := ev.eval(d.call.args[0])
	if isUndefined(v) || ev.bound != nil {
		return "", false
	}
	s, b := textOf(v, ev.bud, false)
	if b != nil {
		return "", false
	}
	return SanitizeLine(s), true
}

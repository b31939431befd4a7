package a2ui

// A v0.9 input or Button may carry checks: rules, each a condition and the
// message to show while the condition is false. The specification writes
// a rule {"condition": …, "message": …}; its examples, and the official
// renderers, also take the call itself as the rule
// {"call": …, "args": …, "message": …}. Both are read. A rule without a
// message is refused, as the specification's schema and its conformance
// cases require (the official renderers would show "Validation failed").
//
// Checks are evaluated with the node they belong to, so they run again
// whenever a path they read changes; a Button whose checks fail is
// disabled, and a press on it is refused with checks_failed.

// checkRule is one parsed check.
type checkRule struct {
	cond    *dynamic
	message string
	// v10 says the condition may give a validationResult (v1.0); a v0.9
	// condition is read as a boolean, as JavaScript reads it.
	v10 bool
}

// checks parses a component's checks property, found at the JSON Pointer
// at.
func (p *dynParser) checks(v jval, at string) ([]checkRule, *Error) {
	base := p.root(at)
	if v.kind != jArray {
		return nil, refusal(CodeBadValue, base, "checks must be an array of rules, not %s", v.kind)
	}
	rules := p.rules.Take(v.len(), p.leftFor(2))[:0]
	i := -1
	for rv := v.first(); rv.ok(); rv = rv.next() {
		i++
		rat := base.i(i)
		if rv.kind != jObject {
			return nil, refusal(CodeBadValue, rat, "a check is an object with a condition and a message, not %s", rv.kind)
		}
		mv, ok := rv.member("message")
		switch {
		case !ok && p.v10:
			// v1.0: the condition's validationResult may carry the
			// message; the rule's is a fallback.
			mv = jval{}
		case !ok:
			return nil, refusal(CodeMissingProperty, rat, "a check needs a message to show when it fails")
		case mv.kind != jString:
			return nil, refusal(CodeBadValue, rat.k("message"), "a check's message must be a string, not %s", mv.kind)
		}
		msg := ""
		if mv.ok() {
			msg = mv.str()
		}
		if len(msg) > MaxStringBytes {
			return nil, refusal(CodeStringTooLong, rat.k("message"), "string of %d bytes is over the limit of %d", len(msg), MaxStringBytes)
		}
		r := checkRule{message: SanitizeText(msg), v10: p.v10}
		var err *Error
		switch cv, ok := rv.member("condition"); {
		case ok:
			r.cond, err = p.checkCondition(rv, cv, rat)
		case rv.find("call", nil) != 0:
			r.cond, err = p.checkCall(rv, rat)
		default:
			err = refusal(CodeMissingProperty, rat, "a check needs a condition")
		}
		if err != nil {
			return nil, err
		}
		rules = append(rules, r)
	}
	return rules, nil
}

// checkCondition reads the condition cv of the check rv, refusing the
// check's other keys unless lenient.
func (p *dynParser) checkCondition(rv, cv jval, rat *ptr) (*dynamic, *Error) {
	for x := rv.first(); x.ok() && !p.lenient; x = x.next() {
		if !x.keyIs("condition") && !x.keyIs("message") {
			k := x.key()
			return nil, refusal(CodeBadValue, rat.k(k), "a check has a condition and a message, not %q", SanitizeLine(k))
		}
	}
	return p.parse(cv, typeBool, rat.k("condition"), CodeBadValue)
}

// checkCall reads the check rv written as a call with a message.
func (p *dynParser) checkCall(rv jval, rat *ptr) (*dynamic, *Error) {
	c, err := p.jsonCall(rv, rat, "message")
	if err != nil {
		return nil, err
	}
	d := p.newDynamic()
	d.kind, d.call = dynCall, c
	if msg := p.typeProblem(d, typeBool); msg != "" {
		return nil, refusal(CodeBadCall, rat, "%s", msg)
	}
	return d, nil
}

// appendFailedChecks evaluates rules and appends to failed the messages
// of those whose condition is false, in order. A condition that cannot be
// evaluated fails, as in the official renderers; one stopped by a bound
// fails with the bound's marker for its message. It also returns the
// first bound a condition passed.
func appendFailedChecks(failed []string, rules []checkRule, e env) ([]string, *BoundError) {
	var first *BoundError
	for _, r := range rules {
		v, err := evalDynamic(r.cond, e)
		if b := asBound(err); b != nil {
			if first == nil {
				first = b
			}
			failed = append(failed, b.Marker())
			continue
		}
		if !r.v10 {
			if !jsTruthy(v) {
				failed = append(failed, r.message)
			}
			continue
		}
		if ok, msg := checkResult(v); !ok {
			if msg == "" {
				msg = r.message
			}
			if msg == "" {
				msg = "This value is not valid."
			}
			failed = append(failed, msg)
		}
	}
	return failed, first
}

// checkResult reads what a v1.0 check's condition gave: a boolean, or a
// validationResult {"valid", "message", …}, whose message, when it has
// one, is the one shown. Anything else counts as JavaScript would.
func checkResult(v any) (valid bool, message string) {
	o, ok := v.(*Object)
	if !ok {
		return jsTruthy(v), ""
	}
	vv, ok := o.Get("valid")
	if !ok {
		return true, "" // an object, as JavaScript reads it
	}
	b, _ := vv.(bool)
	if m, ok := o.Get("message"); ok && !b {
		if s, ok := m.(string); ok {
			message = SanitizeText(clip(s))
		}
	}
	return b, message
}

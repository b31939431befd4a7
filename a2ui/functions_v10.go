package a2ui

import (
	"errors"
	"strconv"
)

// The functions of the v1.0 catalogs: the basic catalog's fourteen as
// v1.0 declares them (the checks return a validationResult, openUrl
// takes a bound address and needs the person's own press), the built-in
// @index, and a2term's terminal functions.

// basicFunctionsV10 is the v1.0 basic catalog's functions, with @index.
var basicFunctionsV10 = newFunctionSet(
	asValidation(fnRequired), asValidation(fnRegex), asValidation(fnLength), asValidation(fnNumeric), asValidation(fnEmail),
	fnFormatString, fnFormatNumber, fnFormatCurrency, fnFormatDate, fnPluralize, fnOpenURLV10, fnAnd, fnOr, fnNot,
	fnIndex,
)

// asValidation is a v0.9 check function as v1.0 declares it: returning a
// validationResult. The implementation still gives a boolean, which a
// check reads as {"valid": …} (see checkResult).
func asValidation(f *funcSpec) *funcSpec {
	n := *f
	n.ret = "validationResult"
	return &n
}

// fnOpenURLV10 is v1.0's openUrl: its address may be bound, and it runs
// only from the person's own press (requiresUserActivation).
var fnOpenURLV10 = &funcSpec{
	name: "openUrl", ret: "void", activation: true,
	args: fnOpenURL.args[:0:0],
	impl: fnOpenURL.impl,
}

func init() {
	fnOpenURLV10.args = []argSpec{{name: "url", typ: typeString, required: true}}
}

// errNoIndex is @index evaluated outside a template, which the
// specification makes an evaluation error.
var errNoIndex = errors.New("@index is only defined inside a template")

// fnIndex is the specification's built-in @index: the 0-based place of
// the template item being drawn, plus offset.
var fnIndex = &funcSpec{
	name: "@index", ret: "number",
	args: []argSpec{{name: "offset", typ: typeNumber}},
	impl: func(ev *evaluator, _ *fcall, a []any) (any, error) {
		item := ev.env.scope()
		if len(item) == 0 {
			return nil, errNoIndex
		}
		i, err := strconv.Atoi(item[len(item)-1])
		if err != nil {
			return nil, errNoIndex
		}
		off, _, err := optNumber(a[0])
		if err != nil {
			return nil, err
		}
		return float64(i) + off, nil
	},
}

// The terminal catalog: what an agent can ask of the person's terminal.
// focus, scrollIntoView and notify change nothing on the canvas: the
// canvas hands them to the views as requests (Canvas.Requests); getLocale
// reads what the canvas formats with, and may also be bound in a
// surface.
var (
	terminalFunctions = newFunctionSet(fnFocus, fnScrollIntoView, fnNotify, fnGetLocale)

	fnFocus = &funcSpec{
		name: "focus", ret: "void", allowed: CallersAgentOnly,
		doc:  "Moves the person's focus to a control of a shown surface.",
		args: []argSpec{{name: "surfaceId", typ: typeString, required: true}, {name: "componentId", typ: typeString, required: true}},
		impl: voidImpl,
	}
	fnScrollIntoView = &funcSpec{
		name: "scrollIntoView", ret: "void", allowed: CallersAgentOnly,
		doc:  "Scrolls the view so that a component of a shown surface is on screen.",
		args: []argSpec{{name: "surfaceId", typ: typeString, required: true}, {name: "componentId", typ: typeString, required: true}},
		impl: voidImpl,
	}
	fnNotify = &funcSpec{
		name: "notify", ret: "void", allowed: CallersAgentOnly,
		doc:  "Shows a one-line notice to the person, on the status line for a while and in the transcript.",
		args: []argSpec{{name: "message", typ: typeString, required: true}},
		impl: voidImpl,
	}
	fnGetLocale = &funcSpec{
		name: "getLocale", ret: "object", allowed: CallersRendererOrAgent,
		doc: "Returns the locale and time zone a2term formats with: {\"locale\": \"en-US\", \"timeZone\": \"UTC\"}.",
		impl: func(ev *evaluator, _ *fcall, _ []any) (any, error) {
			o := NewObject()
			o.set("locale", ev.env.locale().Tag())
			o.set("timeZone", ev.env.location().String())
			return o, nil
		},
	}
)

func voidImpl(*evaluator, *fcall, []any) (any, error) { return undefined, nil }

// errRemote is what evaluating an agent's function where a2term is gives:
// only the agent can run it.
var errRemote = errors.New("the agent runs this function")

// remoteFunction is the function an agent runs, known by the call that
// names it: every argument is any value, evaluated when the call is sent.
func remoteFunction(name string, argNames []string) *funcSpec {
	f := &funcSpec{name: name, ret: "any", remote: true, impl: func(*evaluator, *fcall, []any) (any, error) { return nil, errRemote }}
	for _, a := range argNames {
		f.args = append(f.args, argSpec{name: a, typ: typeAny})
	}
	return f
}

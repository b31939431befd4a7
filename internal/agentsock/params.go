package agentsock

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/a2term/a2term/a2ui"
	"github.com/a2term/a2term/internal/wire"
)

// params are one request's params, checked against the names its method
// takes. Their refusals are *a2ui.Error values with Index -1 and Path a
// JSON Pointer into the params ("/seconds"), worded for the agent: the
// JSON decoder's own messages never reach it. Members are slices of the
// request's line, matched by their exact names: "Seconds" is not
// "seconds", and a member named twice is refused rather than one of the
// two silently winning.
type params struct {
	method string
	fields map[string][]byte
}

// objectParams reads raw as an object whose members are among allowed.
// Absent params, null, {} and [] are all "no params". raw was checked with
// the request's line (parseRequest), so its members and their elements
// are found without checking them again.
func objectParams(method string, raw []byte, allowed ...string) (params, error) {
	p := params{method: method}
	b := wire.Trim(raw)
	switch {
	case len(b) == 0 || string(b) == "null":
		return p, nil
	case b[0] == '[':
		if wire.Elements(b, func([]byte) error { return wire.ErrSyntax }) == nil {
			return p, nil // []
		}
		return p, p.refuse(a2ui.CodeBadValue, "", "params must be an object%s", p.takes(allowed))
	case b[0] != '{':
		return p, p.refuse(a2ui.CodeBadValue, "", "params must be an object%s", p.takes(allowed))
	}
	p.fields = make(map[string][]byte, len(allowed))
	var refusal error
	err := wire.SplitMembers(b, func(quoted, v []byte) error {
		k := wire.Name(quoted)
		switch {
		case !slices.Contains(allowed, k):
			refusal = p.refuse(a2ui.CodeBadValue, "", "unknown parameter %.64q%s", k, p.takes(allowed))
		case p.fields[k] != nil:
			refusal = p.refuse(a2ui.CodeBadValue, k, "parameter %s is given twice", k)
		default:
			p.fields[k] = v
			return nil
		}
		return refusal
	})
	if refusal != nil {
		return p, refusal
	}
	if err != nil {
		return p, p.refuse(a2ui.CodeBadValue, "", "params must be an object%s", p.takes(allowed))
	}
	return p, nil
}

// takes words what a method's params are, for refusals.
func (p params) takes(allowed []string) string {
	if len(allowed) == 0 {
		return fmt.Sprintf(" (%s takes none)", p.method)
	}
	return fmt.Sprintf(" (%s takes %s)", p.method, strings.Join(allowed, ", "))
}

func (p params) refuse(code a2ui.Code, name, format string, args ...any) *a2ui.Error {
	e := &a2ui.Error{Code: code, Index: -1, Message: fmt.Sprintf(format, args...)}
	if name != "" {
		e.Path = "/" + name
	}
	return e
}

// get returns a member and the kind of JSON value it is, or a refusal
// for a missing or null member.
func (p params) get(name, want string) (json.RawMessage, byte, error) {
	v, ok := p.fields[name]
	if !ok || len(v) == 0 || string(v) == "null" {
		return nil, 0, p.refuse(a2ui.CodeMissingProperty, name, "%s needs %s: %s", p.method, name, want)
	}
	return v, v[0], nil
}

// array returns an array member's elements, as slices of the request.
func (p params) array(name string) ([]json.RawMessage, error) {
	v, kind, err := p.get(name, "an array")
	if err != nil {
		return nil, err
	}
	out := []json.RawMessage{}
	if kind != '[' || wire.SplitElements(v, func(e []byte) error { out = append(out, e); return nil }) != nil {
		return nil, p.refuse(a2ui.CodeBadValue, name, "%s must be an array", name)
	}
	return out, nil
}

// number returns a number member.
func (p params) number(name string) (float64, error) {
	v, kind, err := p.get(name, "a number")
	if err != nil {
		return 0, err
	}
	var f float64
	if kind != '-' && (kind < '0' || kind > '9') || json.Unmarshal(v, &f) != nil {
		return 0, p.refuse(a2ui.CodeBadValue, name, "%s must be a number", name)
	}
	return f, nil
}

// str returns a string member.
func (p params) str(name string) (string, error) {
	v, kind, err := p.get(name, "a string")
	if err != nil {
		return "", err
	}
	var s string
	if kind != '"' || json.Unmarshal(v, &s) != nil {
		return "", p.refuse(a2ui.CodeBadValue, name, "%s must be a string", name)
	}
	return s, nil
}

// optString returns a string member that may be absent or null.
func (p params) optString(name string) (string, bool, error) {
	if v := p.fields[name]; len(v) == 0 || string(v) == "null" {
		return "", false, nil
	}
	s, err := p.str(name)
	return s, err == nil, err
}

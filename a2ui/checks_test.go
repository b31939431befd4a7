package a2ui

import (
	"reflect"
	"testing"
)

// Check rules in both shapes: the specification's {condition, message}
// and the {call, args, message} its examples and the official renderers
// also use (renderers/web_core/src/v0_9/rendering/generic-binder.ts:306).
func TestChecks(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	rules, err := p.checks(mustJSON(t, `[
		{"condition": {"call": "required", "args": {"value": {"path": "/zip"}}}, "message": "Zip code is required"},
		{"call": "regex", "args": {"value": {"path": "/zip"}, "pattern": "^[0-9]{5}$"}, "message": "Must be a 5-digit zip code"},
		{"condition": {"path": "/agree"}, "message": "Please agree"},
		{"condition": true, "message": "never shown"}
	]`), "/updateComponents/components/3/checks")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data string
		want []string
	}{
		{`{}`, []string{"Zip code is required", "Must be a 5-digit zip code", "Please agree"}},
		{`{"zip": "", "agree": false}`, []string{"Zip code is required", "Must be a 5-digit zip code", "Please agree"}},
		{`{"zip": "1234", "agree": true}`, []string{"Must be a 5-digit zip code"}},
		{`{"zip": "12345", "agree": "yes"}`, nil},
	} {
		if got := failedChecks(rules, testEnv(t, c.data, "", nil)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("checks over %s fail with %q, want %q", c.data, got, c.want)
		}
	}
}

// The button check of the specification's example: its inputs change,
// its verdict follows.
func TestButtonCheck(t *testing.T) {
	p := dynParser{fns: basicFunctions, paths: true}
	rules, err := p.checks(mustJSON(t, `[{"condition": {"call": "and", "args": {"values": [
		{"call": "required", "args": {"value": {"path": "/formData/terms"}}},
		{"call": "or", "args": {"values": [
			{"call": "required", "args": {"value": {"path": "/formData/email"}}},
			{"call": "required", "args": {"value": {"path": "/formData/phone"}}}
		]}}
	]}}, "message": "You must accept terms AND provide either email or phone"}]`), "/c/checks")
	if err != nil {
		t.Fatal(err)
	}
	for data, pass := range map[string]bool{
		`{"formData": {"terms": true}}`:                     false,
		`{"formData": {"terms": true, "email": ""}}`:        false,
		`{"formData": {"terms": true, "phone": "555"}}`:     true,
		`{"formData": {"terms": "", "email": "a@b.cd"}}`:    false,
		`{"formData": {"terms": false, "email": "a@b.cd"}}`: true, // required(false) is true
	} {
		e := testEnv(t, data, "", nil)
		failed := failedChecks(rules, e)
		if (len(failed) == 0) != pass {
			t.Errorf("over %s the button check fails with %q; want passing %v", data, failed, pass)
		}
		if len(e.reads) != 3 {
			t.Errorf("the check read %d paths, want all 3 every time", len(e.reads))
		}
	}
}

func TestCheckRefusals(t *testing.T) {
	for _, c := range []struct {
		src  string
		code Code
		path string
	}{
		{`{"condition": true, "message": "m"}`, CodeBadValue, "/c/checks"},
		{`["required"]`, CodeBadValue, "/c/checks/0"},
		{`[{"message": "m"}]`, CodeMissingProperty, "/c/checks/0"},
		{`[{"condition": {"call": "email", "args": {"value": "x"}}}]`, CodeMissingProperty, "/c/checks/0"},
		{`[{"condition": true, "message": 5}]`, CodeBadValue, "/c/checks/0/message"},
		{`[{"condition": true, "message": "m", "extraProp": 1}]`, CodeBadValue, "/c/checks/0/extraProp"},
		{`[{"condition": "yes", "message": "m"}]`, CodeBadValue, "/c/checks/0/condition"},
		{`[{"condition": {"call": "formatString", "args": {"value": "x"}, "returnType": "string"}, "message": "m"}]`, CodeBadValue, "/c/checks/0/condition"},
		{`[{"call": "formatString", "args": {"value": "x"}, "returnType": "string", "message": "m"}]`, CodeBadCall, "/c/checks/0"},
		{`[{"call": "regex", "args": {"value": "x", "pattern": "(?!x)"}, "message": "m"}]`, CodeBadValue, "/c/checks/0/args/pattern"},
		{`[{"condition": true, "message": "m"}, {"call": "nope", "message": "m"}]`, CodeUnknownFunction, "/c/checks/1/call"},
		{`[{"call": "required", "args": {"value": 1}, "message": "m", "extra": 1}]`, CodeBadCall, "/c/checks/0/extra"},
	} {
		p := dynParser{fns: basicFunctions, paths: true}
		_, err := p.checks(mustJSON(t, c.src), "/c/checks")
		if err == nil || err.Code != c.code || err.Path != c.path {
			t.Errorf("checks %s: %v, want %s at %s", c.src, err, c.code, c.path)
		}
	}
}

// failedChecks evaluates rules and returns the messages of those whose
// condition is false, in order; nil when all pass. A condition that
// cannot be evaluated fails, as in the official renderers; one stopped by
// a bound fails with the bound's marker for its message.
func failedChecks(rules []checkRule, e env) []string {
	failed, _ := appendFailedChecks(nil, rules, e)
	return failed
}

package main

import (
	"strings"
	"testing"
)

func TestDemoPartsAreValid(t *testing.T) {
	for _, p := range demoParts {
		code, out, errOut := runCmd(t, "validate", "demo/"+p.name+".jsonl")
		if code != 0 {
			t.Errorf("%s: exit %d\n%s%s", p.name, code, out, errOut)
		}
	}
	code, out, _ := runCmd(t, "demo", "--list")
	if code != 0 || !strings.Contains(out, "invoices") || !strings.Contains(out, "gallery") {
		t.Errorf("demo --list: %d\n%s", code, out)
	}
	if code, _, errOut := runCmd(t, "demo", "--script", "nope"); code != 2 || !strings.Contains(errOut, `no part "nope"`) {
		t.Errorf("demo --script nope: %d %s", code, errOut)
	}
}

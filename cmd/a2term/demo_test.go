package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/a2term/a2term/internal/script"
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

// TestDemoScriptsEmbedded checks that every part's embedded script is a
// script and parses, with the show files it names.
func TestDemoScriptsEmbedded(t *testing.T) {
	for _, p := range demoParts {
		stream, _ := demoFiles.ReadFile("demo/" + p.name + ".jsonl")
		scr, _ := demoFiles.ReadFile("demo/" + p.name + ".script.jsonl")
		if script.IsScript(stream) || !script.IsScript(scr) {
			t.Errorf("%s: IsScript(stream)=%v IsScript(script)=%v", p.name, script.IsScript(stream), script.IsScript(scr))
		}
		if _, err := demoScript(p.name); err != nil {
			t.Error(err)
		}
	}
}

// TestDemoPictureCaption: the caption beside the gallery's picture says
// what each view does with it, since the same words stand beside a real
// image on the web page and beside a picture or half-block cells in the terminal.
func TestDemoPictureCaption(t *testing.T) {
	stream, _ := demoFiles.ReadFile("demo/gallery.jsonl")
	m := regexp.MustCompile(`"id": "pic-text"[^}]*"literalString": "([^"]*)"`).FindSubmatch(stream)
	if m == nil {
		t.Fatal("the gallery has no caption beside its picture")
	}
	caption := string(m[1])
	for _, view := range []string{"web page shows it", "terminal draws it as a picture or in half-block cells", "plain mode", "--images off"} {
		if !strings.Contains(caption, view) {
			t.Errorf("the picture's caption %q does not say %q", caption, view)
		}
	}
}

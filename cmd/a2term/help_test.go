package main

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHelpProseFits holds the paragraphs of every command's -h to 80
// columns, the width people read help at: a line the source forgot to
// wrap shows as one ragged line in the middle of the text. The synopsis,
// the indented examples and tables, and the flag defaults that the flag
// package prints on one line each are left as they are.
func TestHelpProseFits(t *testing.T) {
	check := func(what, text string) {
		t.Helper()
		if text == "" {
			t.Errorf("%s printed nothing", what)
		}
		for i, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "Usage: ") || strings.HasPrefix(line, " ") {
				continue
			}
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s, line %d is %d columns: %q", what, i+1, n, line)
			}
		}
	}
	var out bytes.Buffer
	if code := run([]string{"-h"}, strings.NewReader(""), &out, &out); code != exitOK {
		t.Fatalf("a2term -h exited %d", code)
	}
	top, _, _ := strings.Cut(out.String(), "\nFlags with no command:\n")
	check("a2term -h", top)
	for _, c := range commands() {
		out.Reset()
		if code := run([]string{c.name, "-h"}, strings.NewReader(""), &out, &out); code != exitOK {
			t.Errorf("a2term %s -h exited %d:\n%s", c.name, code, out.String())
			continue
		}
		text, _, _ := strings.Cut(out.String(), "\nFlags:\n")
		check("a2term "+c.name+" -h", text)
	}
}

package a2ui

import (
	"strings"
	"testing"
)

// FuzzSanitize checks the promises of SanitizeText and SanitizeLine on
// arbitrary input: valid UTF-8 out, no forbidden rune, no more than
// MaxStringBytes, idempotence, and IsClean agreeing with SanitizeText. The
// interesting seeds (escape sequences, C1 introducers, invalid UTF-8 before
// ESC, bidi and tag characters, tabs, emoji) live in
// testdata/fuzz/FuzzSanitize.
func FuzzSanitize(f *testing.F) {
	f.Add("")
	f.Add("plain text")
	f.Add("\xff\x1b[31mred")
	f.Fuzz(func(t *testing.T, in string) {
		text := SanitizeText(in)
		checkSanitized(t, text, true)
		if SanitizeText(text) != text {
			t.Fatalf("SanitizeText is not idempotent on %q", in)
		}
		if IsClean(in) != (text == in) {
			t.Fatalf("IsClean(%q) = %v, but SanitizeText returned it unchanged = %v", in, IsClean(in), text == in)
		}

		line := SanitizeLine(in)
		checkSanitized(t, line, false)
		if strings.Contains(line, "\n") {
			t.Fatalf("SanitizeLine(%q) = %q contains a newline", in, line)
		}
		if SanitizeLine(line) != line {
			t.Fatalf("SanitizeLine is not idempotent on %q", in)
		}
		// A clean one-line output also passes as multi-line text.
		if SanitizeText(line) != line {
			t.Fatalf("SanitizeText changed SanitizeLine output %q", line)
		}
	})
}

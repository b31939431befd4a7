package components

import (
	"fmt"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/a2term/a2term/a2ui"
)

// clusters splits s into grapheme clusters the way the terminal view
// measures it.
func clusters(s string) []string {
	var out []string
	for s != "" {
		c, _ := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" {
			c = s[:1]
		}
		out = append(out, c)
		s = s[len(c):]
	}
	return out
}

// joined reports whether putting a and b side by side makes a cluster
// that crosses from one into the other.
func joined(a, b string) bool {
	return !slices.Equal(clusters(a+b), append(clusters(a), clusters(b)...))
}

// crosses reports whether a cluster runs from the end of a into b: the
// same as joined for text that is short or clean, and much cheaper.
func crosses(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	last := ""
	for r := a; r != ""; {
		c, _ := ansi.FirstGraphemeCluster(r, ansi.GraphemeWidth)
		if c == "" {
			c = r[:1]
		}
		last, r = c, r[len(c):]
	}
	c, _ := ansi.FirstGraphemeCluster(last+b, ansi.GraphemeWidth)
	return len(c) > len(last)
}

// Clean strings that end (before) or start (after) the way each rule that
// joins clusters looks at: a letter (which whatever continues a cluster
// joins), a Hangul syllable, a flag, a linker closed by its ZWNJ; a letter
// (which a prepending rune joins), an Indic consonant, an emoji, a flag,
// a syllable.
var (
	cleanBefore = []string{"a", "가", "🇫🇷", "क्\u200c"}
	cleanAfter  = []string{"a", "क", "👍", "🇫🇷", "가"}
)

// uniform reports whether r is in a large block of ideographs or syllables
// that cluster alike and that no table of sanitizing singles out: the
// test looks at a sample of those, and at every other rune.
func uniform(r rune) bool {
	return r >= 0x3400 && r <= 0x4dbf || r >= 0x4e00 && r <= 0x9fff || r >= 0xa000 && r <= 0xa48f ||
		r >= 0x17000 && r <= 0x18cff || r >= 0x20000 && r <= 0x3ffff
}

// TestSanitizedRunesNeverJoin is the property the layout relies on, for
// every rune: sanitized at the start of a string, it never joins clean
// text put before it, and at the end, clean text put after it. It also checks
// that the tables sanitizing uses still match the segmenter in go.mod.
func TestSanitizedRunesNeverJoin(t *testing.T) {
	for _, e := range append(cleanBefore, cleanAfter...) {
		if !a2ui.IsClean(e) {
			t.Fatalf("%+q is not clean", e)
		}
	}
	// Planes 4 to 13 are unassigned and 15 and 16 private use.
	for _, part := range [][2]rune{{0x80, 0x1ffff}, {0x20000, 0x3ffff}, {0xe0000, 0xeffff}} {
		t.Run(fmt.Sprintf("%U", part[0]), func(t *testing.T) {
			t.Parallel()
			fails := 0
			for r := part[0]; r <= part[1] && fails < 10; r++ {
				if r >= 0xd800 && r <= 0xdfff || uniform(r) && r%61 != 0 {
					continue
				}
				// r at the start of a string and at its end: a letter
				// on its other side keeps the rules at that end out.
				s := a2ui.SanitizeLine(string(r) + "x")
				for _, e := range cleanBefore {
					if crosses(e, s) {
						t.Errorf("%U: %+q joins %+q before it", r, s, e)
						fails++
					}
				}
				s = a2ui.SanitizeLine("x" + string(r))
				for _, e := range cleanAfter {
					if crosses(s, e) {
						t.Errorf("%U: %+q joins %+q after it", r, s, e)
						fails++
					}
				}
			}
		})
	}
}

// FuzzCleanTextConcatenates: two sanitized strings side by side cluster
// exactly as each does alone, so pieces of a layout measured one by one
// add up to the line they make.
func FuzzCleanTextConcatenates(f *testing.F) {
	f.Add("👨\u200d", "👩")
	f.Add("क्", "ष")
	f.Add("🇫", "🇷")
	f.Add("\u1100", "\u1161")
	f.Add("x\u0d4e", "a")
	f.Add("a", "\u0301")
	f.Add("가", "\u11a8")
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, multiline := range []bool{true, false} {
			sa, sb := a2ui.SanitizeLine(a), a2ui.SanitizeLine(b)
			if multiline {
				sa, sb = a2ui.SanitizeText(a), a2ui.SanitizeText(b)
			}
			if joined(sa, sb) {
				t.Fatalf("%+q and %+q join: %q", sa, sb, clusters(sa+sb))
			}
			if got, want := ansi.StringWidth(sa+sb), ansi.StringWidth(sa)+ansi.StringWidth(sb); got != want {
				t.Fatalf("%+q + %+q is %d cells wide, the parts %d", sa, sb, got, want)
			}
		}
	})
}

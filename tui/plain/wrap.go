package plain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// wrap breaks s into lines of at most first cells (the first line) and
// rest cells (the others), measured ANSI-aware, at spaces
// only: a word is never broken — a URL stays whole, hyphens included, so
// that it can be read and copied — unless it is wider than a whole line,
// and then it starts a line of its own and is cut at the width, the one
// place it must be. Spaces that end a line are dropped.
func wrap(s string, first, rest int) []string {
	var lines []string
	limit := func() int {
		if len(lines) == 0 {
			return max(first, 1)
		}
		return max(rest, 1)
	}
	var cur strings.Builder
	curW := 0
	flush := func() {
		lines = append(lines, strings.TrimRight(cur.String(), " "))
		cur.Reset()
		curW = 0
	}
	for _, word := range words(s) {
		ww := ansi.StringWidth(word)
		switch {
		case curW > 0 && curW+1+ww <= limit():
			cur.WriteByte(' ')
			cur.WriteString(word)
			curW += 1 + ww
			continue
		case curW > 0:
			flush()
		}
		for ww > limit() {
			// Wider than a whole line: cut where it must be.
			w := limit()
			piece := ansi.Truncate(word, w, "")
			if piece == "" { // a cluster wider than the line
				piece, _ = ansi.FirstGraphemeCluster(word, ansi.GraphemeWidth)
			}
			lines = append(lines, piece)
			word = word[len(piece):]
			ww = ansi.StringWidth(word)
		}
		cur.WriteString(word)
		curW = ww
	}
	if curW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// words splits s at spaces. A space followed by what would join the
// character before it (a combining mark, a joiner, an emoji modifier or a
// variation selector) is no place to break: it stays inside the word, so
// that no line starts with a mark that belongs to nothing.
func words(s string) []string {
	parts := strings.Split(s, " ")
	out := parts[:0]
	for i, p := range parts {
		if i > 0 && len(out) > 0 && p != "" && clings(p) {
			out[len(out)-1] += " " + p
			continue
		}
		if p == "" {
			continue
		}
		out = append(out, p)
	}
	return out
}

// clings reports whether s starts with a rune that joins what precedes it.
func clings(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	switch {
	case r < utf8.RuneSelf:
		return false
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc):
		return true
	case r == 0x200D, r >= 0xFE00 && r <= 0xFE0F, r >= 0x1F3FB && r <= 0x1F3FF, r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}

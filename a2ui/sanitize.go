package a2ui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tabWidth is the distance between tab stops. Tabs are expanded because a
// terminal moves the cursor on a tab without painting the cells it skips,
// which would break every width computed for the layout.
const tabWidth = 8

// SanitizeText cleans an agent string that may span several lines (Text
// bodies, data-model strings, transcript lines) so that it can be drawn on
// the person's terminal as plain text and nothing else.
//
// Agent text is untrusted: an escape sequence in it could write the
// clipboard (OSC 52), plant a hyperlink (OSC 8), retitle or clear the
// screen, or make the terminal answer a status query by typing into our own
// input. SanitizeText therefore caps the length at MaxStringBytes, replaces
// invalid UTF-8 with U+FFFD, removes whole escape sequences (7-bit and C1
// forms, also when cut off by the end of the string), drops C0 controls, DEL
// and C1 controls, expands tabs to spaces, turns "\r\n", a lone "\r" and
// the line and paragraph separators into "\n", and drops format characters
// (bidi controls, invisibles, tags) and the Hangul fillers, which could
// make text read differently from what it is or take cells no one sees.
// Newlines are kept; zero-width joiners and variation selectors are kept so
// that emoji and scripts survive. Last, it ties up the loose ends of
// grapheme clusters (see fixClusters) so that no clean string can join the
// clusters of the text drawn beside it, which would move that text.
//
// The result is always valid UTF-8, at most MaxStringBytes long, and
// sanitizing it again returns it unchanged. A string that is already clean
// is returned as is, without allocating.
func SanitizeText(s string) string { return sanitize(s, true) }

// SanitizeLine cleans a string shown on one line (labels, titles, ids,
// option labels) under the same policy as SanitizeText, except that a line
// break ("\n", "\r\n" or a lone "\r") becomes a single space: a label that
// could break the line could also break the layout around it.
func SanitizeLine(s string) string { return sanitize(s, false) }

// IsClean reports whether SanitizeText would return s unchanged. Tests and
// fuzz targets use it to check that no path stores unsanitized agent text.
func IsClean(s string) bool {
	return len(s) <= MaxStringBytes && cleanPrefix(s, true) == len(s) && clustersClean(s)
}

// sanitize implements SanitizeText (multiline) and SanitizeLine: first the
// runes (scrub), then how they cluster (fixClusters, see graphemes.go).
func sanitize(s string, multiline bool) string {
	if len(s) <= MaxStringBytes && printableASCII(s, multiline) {
		return s // most text: one comparison a byte
	}
	return fixClusters(scrub(s, multiline))
}

// printableASCII reports whether s is printable ASCII, line breaks
// included when multiline is set: text sanitize keeps as it is.
func printableASCII(s string, multiline bool) bool {
	for i := range len(s) {
		if c := s[i]; (c < 0x20 || c >= 0x7f) && (c != '\n' || !multiline) {
			return false
		}
	}
	return true
}

// scrub caps the length, replaces invalid UTF-8, and removes escape
// sequences and forbidden runes. It scans the clean prefix without
// allocating and, only if something needs changing, copies runs of clean
// text into one strings.Builder while it rewrites or drops the rest.
func scrub(s string, multiline bool) string {
	s = truncateUTF8(s, MaxStringBytes)
	n := cleanPrefix(s, multiline)
	if n == len(s) {
		return s
	}

	w := limitWriter{col: tabColumn(s[:n])}
	w.b.Grow(len(s))
	start, i := 0, n // s[start:i] is clean text not yet copied
	for i < len(s) && !w.full {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			w.col++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
			if (r != utf8.RuneError || size > 1) && !droppedRune(r) {
				i += size
				w.col++
				continue
			}
		}
		if !w.writeString(s[start:i]) {
			break
		}
		i = w.rewrite(s, i, r, size, multiline)
		start = i
	}
	if !w.full {
		w.writeString(s[start:i])
	}
	return w.b.String()
}

// rewrite handles the rune r (size bytes) at s[i], which cleanPrefix would
// reject, and returns the index where scanning resumes.
func (w *limitWriter) rewrite(s string, i int, r rune, size int, multiline bool) int {
	switch {
	case r == '\r' || r == '\n' || r == 0x2028 || r == 0x2029:
		i += size
		if r == '\r' && i < len(s) && s[i] == '\n' {
			i++ // "\r\n" is one line break, not two.
		}
		if multiline {
			w.writeString("\n")
			w.col = 0
		} else {
			w.writeString(" ")
			w.col++
		}
		return i
	case r == '\t':
		w.writeSpaces(tabWidth - w.col%tabWidth)
		return i + 1
	case r == 0x1b:
		return skipEscape(s, i+1)
	case r == utf8.RuneError && size == 1:
		// Invalid UTF-8 becomes U+FFFD one byte at a time, so a bad byte
		// can never swallow or hide the ESC that follows it.
		w.writeString(string(utf8.RuneError))
		w.col++
		return i + 1
	case r == 0x9b: // C1 CSI
		return skipCSI(s, i+size)
	case r == 0x90, r == 0x98, r == 0x9d, r == 0x9e, r == 0x9f: // C1 DCS, SOS, OSC, PM, APC
		return skipString(s, i+size)
	}
	// Any other C0 control, DEL, C1 control, bidi control or invisible
	// character is dropped on its own.
	return i + size
}

// droppedRune reports whether the valid, non-ASCII rune r must not reach the
// terminal as it is: C1 controls act like escape sequences on some
// terminals; format characters (general category Cf: bidi controls, which
// can make text display in an order other than the one it is read in,
// zero-width spaces and joiners, soft hyphens, invisible operators, tags,
// prefixed number marks, interlinear annotations) are invisible, hide or
// reorder text and are measured differently by every terminal; the Hangul
// fillers are invisible letters that terminals give zero, one or two
// cells; line and paragraph separators are rewritten as line breaks;
// U+10EEEE is kitty's image placeholder, which a2term draws pictures with:
// in agent text it would show a piece of a picture where the text is.
// ZWJ and ZWNJ are kept because emoji sequences and several scripts need
// them.
func droppedRune(r rune) bool {
	switch r {
	case 0x200c, 0x200d: // ZWNJ, ZWJ
		return false
	case 0x115f, 0x1160, 0x3164, 0xffa0, // Hangul fillers
		0x2028, 0x2029, // line and paragraph separators
		0x10eeee: // kitty's image placeholder
		return true
	}
	return r >= 0x80 && r <= 0x9f || // C1 controls
		r >= 0x202a && r <= 0x202e || // LRE, RLE, PDF, LRO, RLO
		r >= 0x2060 && r <= 0x206f || // word joiner, invisible operators, LRI–PDI, deprecated formats
		r >= 0xe0000 && r <= 0xe007f || // tag characters
		unicode.Is(unicode.Cf, r)
}

// cleanPrefix returns the length of the longest prefix of s that sanitize
// would copy unchanged. Printable ASCII is checked a byte at a time so that
// the common case costs one comparison per byte.
func cleanPrefix(s string, multiline bool) int {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f || c == '\n' && multiline {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || droppedRune(r) {
			return i
		}
		i += size
	}
	return i
}

// skipCSI returns the index just past a control sequence whose introducer
// (ESC [ or U+009B) ends at s[i]: parameter and intermediate bytes
// (0x20–0x3F), then one final byte (0x40–0x7E) if there is one. The
// sequence ends early at any other byte, which is then handled as text, and
// at the end of the string.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString returns the index just past a control string (OSC, DCS, SOS,
// PM, APC) whose introducer ends at s[i]. Like a terminal, it stops at ST
// (ESC \ or U+009C) or BEL, which are removed with the string, at CAN or SUB,
// which cancel it, and at any other ESC, which starts a new sequence; an
// unterminated string runs to the end of s.
func skipString(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case 0x07, 0x18, 0x1a: // BEL, CAN, SUB
			return i + 1
		case 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i
		case 0xc2:
			if i+1 < len(s) && s[i+1] == 0x9c { // U+009C ST
				return i + 2
			}
		}
		i++
	}
	return i
}

// skipEscape returns the index just past an escape sequence whose ESC was at
// s[i-1]: a CSI or control string when ESC is followed by one of their
// introducers, otherwise intermediates (0x20–0x2F) and one final byte
// (0x30–0x7E) such as ESC c, ESC 7 or ESC ( B. A lone ESC is removed on its
// own.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// truncateUTF8 cuts s to at most n bytes without splitting a UTF-8 sequence.
// Stray continuation bytes at the cut are left for the UTF-8 check.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for j := n; j >= 0 && j > n-utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			return s[:j]
		}
	}
	return s[:n]
}

// tabColumn returns the tab column at the end of s: the number of runes after
// its last newline. Runes stand in for terminal cells, which is exact for
// the ASCII text tabs are used with.
func tabColumn(s string) int {
	return utf8.RuneCountInString(s[strings.LastIndexByte(s, '\n')+1:])
}

// limitWriter builds the sanitized string and enforces MaxStringBytes on
// the output, which tabs and U+FFFD can make longer than the input. It stops
// at the first rune that does not fit, which gives the same result as
// building everything and cutting at a rune boundary afterwards, without
// ever holding more than MaxStringBytes.
type limitWriter struct {
	b    strings.Builder
	col  int  // runes written since the last newline, for tab stops
	full bool // a rune did not fit; nothing more is written
}

// writeString appends as much of the valid UTF-8 string s as fits, cut at a
// rune boundary, and reports whether all of it fitted.
func (w *limitWriter) writeString(s string) bool {
	room := MaxStringBytes - w.b.Len()
	if len(s) > room {
		w.b.WriteString(truncateUTF8(s, room))
		w.full = true
		return false
	}
	w.b.WriteString(s)
	return true
}

// writeSpaces appends n spaces, or as many as fit.
func (w *limitWriter) writeSpaces(n int) {
	const spaces = "        "
	for n > 0 && !w.full {
		k := min(n, len(spaces))
		w.writeString(spaces[:k])
		w.col += k
		n -= k
	}
}

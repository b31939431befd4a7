package a2ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// forbiddenRune reports whether r must never appear in sanitized output.
// It restates the policy of docs/security.md, "Agent text is untrusted", independently of
// droppedRune, so that a mistake in one is caught by the other.
func forbiddenRune(r rune, multiline bool) bool {
	switch {
	case r == '\n':
		return !multiline
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f,
		r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200b, r >= 0x2060 && r <= 0x2064, r == 0xfeff, r == 0x00ad,
		r >= 0xe0000 && r <= 0xe007f:
		return true
	case r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0: // Hangul fillers
		return true
	case r == 0x2028, r == 0x2029:
		return true
	case r == 0x10eeee: // kitty's image placeholder, a2term's pictures
		return true
	case r >= 0x1100 && r <= 0x11ff, r >= 0xa960 && r <= 0xa97f, r >= 0xd7b0 && r <= 0xd7ff: // conjoining jamo
		return true
	case r == 0x200c, r == 0x200d:
		return false
	}
	return unicode.Is(unicode.Cf, r)
}

// checkSanitized fails t unless out, the result of sanitizing something
// with SanitizeText (multiline) or SanitizeLine, has every property the
// policy promises.
func checkSanitized(t *testing.T, out string, multiline bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("output is not valid UTF-8: %q", out)
	}
	if len(out) > MaxStringBytes {
		t.Fatalf("output is %d bytes, more than MaxStringBytes", len(out))
	}
	for i, r := range out {
		if forbiddenRune(r, multiline) {
			t.Fatalf("forbidden rune %U at byte %d in %q", r, i, out)
		}
	}
	again := sanitize(out, multiline)
	if again != out {
		t.Fatalf("sanitizing twice changed the output:\n once: %q\ntwice: %q", out, again)
	}
	if !IsClean(out) {
		t.Fatalf("IsClean(%q) = false for sanitized output", out)
	}
}

func TestSanitizeHostile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		text string // want from SanitizeText
		line string // want from SanitizeLine; "" means same as text
	}{
		{name: "OSC 52 clipboard write, BEL", in: "copy\x1b]52;c;cm0gLXJmIH4K\x07done", text: "copydone"},
		{name: "OSC 52 clipboard write, ST", in: "a\x1b]52;c;cm0gLXJmIH4K\x1b\\b", text: "ab"},
		{name: "OSC 8 hyperlink", in: "\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\", text: "click me"},
		{name: "title set", in: "\x1b]0;pwned\x07\x1b]2;pwned\x1b\\ok", text: "ok"},
		{name: "CSI clear screen and home", in: "\x1b[2J\x1b[Hhello", text: "hello"},
		{name: "CSI SGR color", in: "\x1b[1;38;2;255;0;0mred\x1b[0m", text: "red"},
		{name: "CSI private mode", in: "\x1b[?1049h\x1b[?25lx", text: "x"},
		{name: "kitty image placeholder cells", in: "a\U0010EEEE\u0305\u0305\U0010EEEE\u0305\u030d\u0305b", text: "a\u0305\u0305\u0305\u030d\u0305b"}, // the marks stay, on the letter before
		{name: "DA primary and secondary queries", in: "a\x1b[cb\x1b[>0cc\x1b[=c", text: "abc"},
		{name: "DSR cursor position query", in: "a\x1b[6nb", text: "ab"},
		{name: "DECRQSS status query", in: "a\x1bP$qm\x1b\\b", text: "ab"},
		{name: "DCS XTGETTCAP query", in: "a\x1bP+q544e\x1b\\b", text: "ab"},
		{name: "APC, PM and SOS strings", in: "\x1b_Gf=100;AAAA\x1b\\1\x1b^pm\x072\x1bXsos\x1b\\3", text: "123"},
		{name: "invalid UTF-8 byte right before ESC [ 31m", in: "\xff\x1b[31mred", text: "\ufffdred"},
		{name: "truncated 3-byte lead right before ESC [ 31m", in: "\xe2\x1b[31mred", text: "\ufffdred"},
		{name: "truncated 4-byte lead right before OSC 52", in: "\xf0\x9f\x1b]52;c;AAAA\x07x", text: "\ufffd\ufffdx"},
		{name: "raw 8-bit CSI byte is invalid UTF-8, not CSI", in: "\x9b31m", text: "\ufffd31m"},
		{name: "C1 CSI U+009B", in: "\u009b31mred\u009b0m", text: "red"},
		{name: "C1 OSC U+009D ended by C1 ST", in: "\u009d52;c;AAAA\u009cok", text: "ok"},
		{name: "C1 OSC U+009D ended by BEL", in: "\u009d0;title\u0007ok", text: "ok"},
		{name: "C1 DCS, APC, PM and SOS", in: "\u0090$qm\u009c1\u009fapc\u009c2\u009epm\u009c3\u0098sos\u009c4", text: "1234"},
		{name: "lone C1 controls", in: "a\u0085b\u008dc\u009cd", text: "abcd"},
		{name: "OSC cut off by end of string", in: "text\x1b]52;c;AAAA", text: "text"},
		{name: "DCS cut off by end of string", in: "text\x1bP$q", text: "text"},
		{name: "CSI cut off by end of string", in: "text\x1b[38;5", text: "text"},
		{name: "lone ESC at end", in: "text\x1b", text: "text"},
		{name: "lone ESC before non-ASCII", in: "a\x1bé", text: "aé"},
		{name: "ESC ESC", in: "a\x1b\x1b[31mb", text: "ab"},
		{name: "reset, save and charset escapes", in: "\x1bc\x1b7a\x1b(Bb\x1b8\x1b#8c\x1b=", text: "abc"},
		{name: "CSI ended early by a control", in: "\x1b[31\nm", text: "\nm", line: " m"},
		{name: "OSC ended by another escape", in: "\x1b]0;title\x1b[2Jx", text: "x"},
		{name: "OSC cancelled by CAN", in: "\x1b]0;title\x18x", text: "x"},
		{name: "C0 controls dropped", in: "a\x00b\x07c\x08d\x0be\x0cf\x7fg", text: "abcdefg"},
		{name: "CRLF is one line break", in: "a\r\nb", text: "a\nb", line: "a b"},
		{name: "lone CR is a line break", in: "a\rb\r", text: "a\nb\n", line: "a b "},
		{name: "CR CR LF", in: "a\r\r\nb", text: "a\n\nb", line: "a  b"},
		{name: "newline", in: "a\nb", text: "a\nb", line: "a b"},
		{name: "tab at start", in: "\tx", text: "        x"},
		{name: "tab after text", in: "ab\tc", text: "ab      c"},
		{name: "tab at a tab stop", in: "abcdefgh\tx", text: "abcdefgh        x"},
		{name: "tab counts from last newline", in: "abcdefghij\nab\tc", text: "abcdefghij\nab      c", line: "abcdefghij ab   c"},
		{name: "tab counts runes", in: "日本\tx", text: "日本      x"},
		{name: "tab after dropped sequence", in: "a\x1b[31mb\tc", text: "ab      c"},
		{name: "bidi overrides", in: "user\u202egnp.exe\u202c", text: "usergnp.exe"},
		{name: "bidi isolates and marks", in: "\u2066a\u2069\u2067b\u2068c\u200e\u200f\u061c", text: "abc"},
		{name: "bidi embeddings", in: "\u202aa\u202bb\u202dc\u202c", text: "abc"},
		{name: "invisibles", in: "p\u200ba\u2060s\u2061s\u2064w\ufeffo\u00adrd", text: "password"},
		{name: "tag characters", in: "a\U000e0001\U000e0041\U000e007fb", text: "ab"},
		{name: "England flag loses its tags", in: "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f", text: "🏴"},
		{name: "everything at once", in: "\t\xff\x1b]52;c;x\x07\u202e\u009b2J\r\nok\x1b", text: "        \ufffd\nok", line: "        \ufffd ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SanitizeText(tt.in)
			if got != tt.text {
				t.Errorf("SanitizeText(%q) = %q, want %q", tt.in, got, tt.text)
			}
			checkSanitized(t, got, true)

			wantLine := tt.line
			if wantLine == "" {
				wantLine = tt.text
			}
			got = SanitizeLine(tt.in)
			if got != wantLine {
				t.Errorf("SanitizeLine(%q) = %q, want %q", tt.in, got, wantLine)
			}
			checkSanitized(t, got, false)
		})
	}
}

// cleanInputs are strings both functions must return unchanged.
var cleanInputs = []struct{ name, in string }{
	{"empty", ""},
	{"ASCII", "Hello, world! 0123456789 ~`!@#$%^&*()_+-=[]{}|;':\",./<>?"},
	{"Latin with precomposed accents", "Grüße, café, naïve, Ærø"},
	{"combining marks", "e\u0301 a\u0308 n\u0303 \u0915\u094d\u0937"},
	{"CJK", "日本語のテキスト 中文 한국어"},
	{"Arabic and Hebrew without controls", "مرحبا بالعالم שלום"},
	{"emoji with ZWJ", "👩\u200d💻 👨\u200d👩\u200d👧\u200d👦"},
	{"emoji with variation selectors", "❤\ufe0f ☺\ufe0e ✔\ufe0f"},
	{"skin tone and flags", "👍🏽 🇫🇷🇯🇵"},
	{"ZWNJ", "می\u200cخواهم"},
	{"replacement character", "bad \ufffd byte"},
}

func TestSanitizePassesCleanTextThrough(t *testing.T) {
	for _, tt := range cleanInputs {
		t.Run(tt.name, func(t *testing.T) {
			if got := SanitizeText(tt.in); got != tt.in {
				t.Errorf("SanitizeText(%q) = %q, want it unchanged", tt.in, got)
			}
			if got := SanitizeLine(tt.in); got != tt.in {
				t.Errorf("SanitizeLine(%q) = %q, want it unchanged", tt.in, got)
			}
			if !IsClean(tt.in) {
				t.Errorf("IsClean(%q) = false, want true", tt.in)
			}
		})
	}
	if got := SanitizeText("one\ntwo\n"); got != "one\ntwo\n" {
		t.Errorf("SanitizeText changed newlines: %q", got)
	}
}

func TestSanitizeCleanDoesNotAllocate(t *testing.T) {
	inputs := []string{strings.Repeat("plain ascii ", 100), strings.Repeat("日本語 👩\u200d💻 e\u0301\n", 50)}
	for _, in := range inputs {
		if n := testing.AllocsPerRun(100, func() { _ = SanitizeText(in) }); n != 0 {
			t.Errorf("SanitizeText allocated %v times for a clean string", n)
		}
	}
	ascii := inputs[0]
	if n := testing.AllocsPerRun(100, func() { _ = SanitizeLine(ascii) }); n != 0 {
		t.Errorf("SanitizeLine allocated %v times for printable ASCII", n)
	}
	long := strings.Repeat("x", MaxStringBytes+10)
	if n := testing.AllocsPerRun(10, func() { _ = SanitizeText(long) }); n != 0 {
		t.Errorf("SanitizeText allocated %v times to cut clean ASCII", n)
	}
}

func TestSanitizeLength(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantLen int
	}{
		{"ASCII over the cap", strings.Repeat("a", MaxStringBytes+1), MaxStringBytes},
		{"cap falls inside a 2-byte rune", "a" + strings.Repeat("é", MaxStringBytes/2), MaxStringBytes - 1},
		{"cap falls inside a 4-byte rune", "ab" + strings.Repeat("👍", MaxStringBytes/4), MaxStringBytes - 2},
		{"tabs grow past the cap", strings.Repeat("\t", MaxStringBytes), MaxStringBytes},
		{"invalid bytes grow past the cap", strings.Repeat("\xff", MaxStringBytes), MaxStringBytes - MaxStringBytes%3},
		{"U+FFFD does not fit the last two bytes", strings.Repeat("a", MaxStringBytes-2) + "\xff", MaxStringBytes - 2},
		{"hostile over the cap", strings.Repeat("\x1b[31mab", MaxStringBytes/7+10), 2 * (MaxStringBytes / 7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, multiline := range []bool{true, false} {
				got := sanitize(tt.in, multiline)
				if len(got) != tt.wantLen {
					t.Errorf("sanitize(multiline=%v) returned %d bytes, want %d", multiline, len(got), tt.wantLen)
				}
				checkSanitized(t, got, multiline)
			}
		})
	}
}

// The input is cut before escape sequences are parsed, so a sequence that
// straddles the cap is removed as one cut off by the end of the string.
func TestSanitizeCapsBeforeParsing(t *testing.T) {
	in := strings.Repeat("a", MaxStringBytes-4) + "\x1b]52;c;AAAA\x07visible"
	got := SanitizeText(in)
	if want := strings.Repeat("a", MaxStringBytes-4); got != want {
		t.Errorf("got %d bytes ending in %q, want the a's only", len(got), got[max(0, len(got)-10):])
	}
}

func TestIsCleanMatchesSanitizeText(t *testing.T) {
	inputs := []string{"", "a", "a\nb", "a\tb", "a\rb", "\x1b", "\xff", "\u200b", "\u200d", "\u009b", strings.Repeat("a", MaxStringBytes+1)}
	for _, tt := range cleanInputs {
		inputs = append(inputs, tt.in)
	}
	for _, in := range inputs {
		if got, want := IsClean(in), SanitizeText(in) == in; got != want {
			t.Errorf("IsClean(%.20q) = %v, but SanitizeText leaves it unchanged = %v", in, got, want)
		}
	}
}

func BenchmarkSanitizeClean1KiB(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog. 日本語 👩\u200d💻\n", 16)[:1024]
	s = strings.ToValidUTF8(s, "")
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = SanitizeText(s)
	}
}

func BenchmarkSanitizeCleanASCII1KiB(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 25)[:1024]
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = SanitizeLine(s)
	}
}

func BenchmarkSanitizeHostile1KiB(b *testing.B) {
	unit := "ok\x1b[2J\x1b]52;c;cm0gLXJmIH4K\x07\xff\x1b[31m\u202e\u009b6n\tx\r\n\x1bP$qm\x1b\\\u200b"
	s := strings.Repeat(unit, 1024/len(unit)+1)[:1024]
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = SanitizeText(s)
	}
}

// TestSanitizeASCIIFastPath holds the printable-ASCII shortcut of
// sanitize to the full pass over random ASCII text, controls, DEL and
// line breaks included, in both modes.
func TestSanitizeASCIIFastPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 5000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			switch rng.IntN(12) {
			case 0:
				b[i] = '\n'
			case 1:
				b[i] = byte(rng.IntN(0x20))
			case 2:
				b[i] = 0x7f
			default:
				b[i] = byte(0x20 + rng.IntN(0x5f))
			}
		}
		for _, multiline := range []bool{false, true} {
			if got, want := sanitize(string(b), multiline), fixClusters(scrub(string(b), multiline)); got != want {
				t.Fatalf("sanitize(%q, %v) = %q, the full pass makes %q", b, multiline, got, want)
			}
		}
	}
}

// The decoder keeps a string written out as printable ASCII as it is,
// without sanitizing it (see jval.printable): sanitizing must keep every
// such string, as a line and as text, and none holds a break or a tab.
func TestPrintableASCIIIsClean(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for range 2000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(0x20 + rng.IntN(0x7f-0x20))
		}
		s := string(b)
		if SanitizeLine(s) != s || SanitizeText(s) != s || hasBreakOrTab(s) {
			t.Fatalf("%q is printable ASCII, yet sanitizing changes it", s)
		}
		doc := []byte(`"` + strings.NewReplacer(`\`, ``, `"`, ``).Replace(s) + `"`)
		v, err := parseJSON(doc)
		if err != nil || !v.printable() {
			t.Fatalf("%s: not read as printable (%v)", doc, err)
		}
	}
	for _, doc := range []string{`"a\nb"`, `"tab\there"`, `"é"`, `"\u0007"`, `"del` + "\x7f" + `"`} {
		if v, err := parseJSON([]byte(doc)); err != nil || v.printable() {
			t.Errorf("%s read as printable (%v)", doc, err)
		}
	}
}

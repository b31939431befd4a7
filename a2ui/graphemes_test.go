package a2ui

import "testing"

// TestSanitizeClusters: the loose ends that would let a string's clusters
// join those of the text drawn beside it are fixed, and nothing else.
func TestSanitizeClusters(t *testing.T) {
	tests := []struct {
		name, in, text string
		line           string // SanitizeLine's result when it differs
	}{
		{"combining mark at the start", "\u0301abc", "abc", ""},
		{"combining mark at the start of a line", "ab\n\u0301c", "ab\nc", "ab \u0301c"},
		{"marks after a base stay", "e\u0301 a\u0308", "e\u0301 a\u0308", ""},
		{"ZWJ at the start", "\u200dx", "x", ""},
		{"skin tone alone at the start", "\U0001F3FDx", "x", ""},
		{"skin tone on its emoji stays", "👍🏽", "👍🏽", ""},
		{"variation selector at the start", "\ufe0f❤", "❤", ""},
		{"spacing mark at the start", "\u0e33ab", "ab", ""},
		{"prefixed number mark", "\u0600123", "123", ""},
		{"prepending letter at the end", "x\u0d4e", "x", ""},
		{"prepending letter on its consonant stays", "\u0d4e\u0d15", "\u0d4e\u0d15", ""},
		{"prepending letter at the end of a line", "a\u0d4e\nb", "a\nb", "a\u0d4e b"},
		{"dangling ZWJ after an emoji", "👨\u200d", "👨", ""},
		{"ZWJ between an emoji and a letter", "👨\u200dx", "👨x", ""},
		{"ZWJ sequence stays", "👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧", ""},
		{"ZWJ in Devanagari stays", "क्\u200dष", "क्\u200dष", ""},
		{"ZWJ in Arabic stays", "ل\u200dا", "ل\u200dا", ""},
		{"lone regional indicator", "🇫", "F", ""},
		{"odd regional indicators", "🇫🇷🇩 ok", "🇫🇷D ok", ""},
		{"flags stay", "🇫🇷🇯🇵", "🇫🇷🇯🇵", ""},
		{"separated regional indicators", "🇫 🇷", "F R", ""},
		{"jamo compose", "\u1100\u1161", "가", ""},
		{"jamo compose with a final", "\u1100\u1161\u11a8", "각", ""},
		{"syllable takes a final jamo", "가\u11a8", "각", ""},
		{"lone leading jamo", "\u1100", "ㄱ", ""},
		{"lone vowel jamo", "a\u1161", "aㅏ", ""},
		{"lone trailing jamo", "\u11af", "ㄹ", ""},
		{"archaic jamo", "\ua960", "\ufffd", ""},
		{"Hangul fillers", "a\u115f\u115f\u1160\u3164\uffa0b", "ab", ""},
		{"Hangul filler before a vowel", "\u115f\u1161", "ㅏ", ""},
		{"linker at the end", "क्", "क्\u200c", ""},
		{"linker before a space", "क् ष", "क्\u200c ष", ""},
		{"linker before a consonant stays", "क्ष", "क्ष", ""},
		{"linker with its ZWNJ stays", "क्\u200c", "क्\u200c", ""},
		{"linker at the end of a line", "क्\nष", "क्\u200c\nष", "क्\u200c ष"},
		{"line separator", "a\u2028b\u2029c", "a\nb\nc", "a b c"},
		{"deprecated format character", "a\u206ab", "ab", ""},
		{"interlinear annotation", "\ufff9a\ufffab\ufffb", "ab", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SanitizeText(tt.in)
			if got != tt.text {
				t.Errorf("SanitizeText(%+q) = %+q, want %+q", tt.in, got, tt.text)
			}
			checkSanitized(t, got, true)
			want := tt.line
			if want == "" {
				want = tt.text
			}
			got = SanitizeLine(tt.in)
			if got != want {
				t.Errorf("SanitizeLine(%+q) = %+q, want %+q", tt.in, got, want)
			}
			checkSanitized(t, got, false)
		})
	}
}

// TestSanitizeClustersFitTheCap: ZWNJs added after linkers never take the
// result past MaxStringBytes, and the cut leaves no loose end.
func TestSanitizeClustersFitTheCap(t *testing.T) {
	unit := "क् " // 7 bytes; 10 with its ZWNJ
	in := ""
	for len(in) < MaxStringBytes {
		in += unit
	}
	in = truncateUTF8(in, MaxStringBytes)
	for _, multiline := range []bool{true, false} {
		got := sanitize(in, multiline)
		if len(got) > MaxStringBytes {
			t.Fatalf("%d bytes, more than MaxStringBytes", len(got))
		}
		if len(got) < MaxStringBytes-2*len(unit)-3 {
			t.Errorf("%d bytes: cut more than needed", len(got))
		}
		checkSanitized(t, got, multiline)
	}
}

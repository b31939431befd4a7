package a2ui

//go:generate go run gen_graphemes.go

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The terminal view lays a surface out piece by piece: a label here, a
// wrapped line of a Text there, the person's value in a field, each
// measured on its own and then put side by side with padding, borders and
// styling. That is only right if no piece can join the cluster of the
// piece next to it, because a terminal draws the joined cluster in fewer
// (or more) cells than the two pieces were given, and everything after it
// on that row then stands somewhere else than where the layout, and the
// mouse, think it is.
//
// Grapheme clusters (UAX #29) join across a boundary only where one side
// asks for it: a rune that continues whatever comes before it (combining
// marks, ZWJ, spacing marks, emoji modifiers), a rune that prepends itself
// to whatever follows, a ZWJ after a pictograph waiting for the next one, a
// lone regional indicator waiting for its pair, conjoining Hangul jamo, and
// an Indic linker (virama) waiting for a consonant. fixClusters removes
// every such loose end from clean text, keeping what the person reads:
//
//   - runes that continue a cluster are dropped at the start of a line,
//     where there is nothing in the text for them to continue;
//   - runes that prepend themselves are dropped at the end of a line;
//   - a ZWJ after a pictograph is dropped unless a pictograph follows it
//     (it joins nothing, and would join the next piece's emoji);
//   - a regional indicator without a pair becomes its letter (🇫 → F), so
//     flags stay flags and stray halves read as what they stand for;
//   - conjoining jamo are composed into Hangul syllables, and those that
//     do not compose become the compatibility jamo that look the same
//     (U+FFFD for archaic ones that have none, and for the few letters of
//     other scripts that cluster like jamo);
//   - a linker that no consonant follows gets a ZWNJ after it, which
//     draws the same and ends the cluster there.
//
// Then clean strings concatenate without joining: the clusters of a+b are
// the clusters of a followed by those of b. The tables in
// graphemes_tables.go come from the segmenter the terminal view measures
// with, and components' tests check both that they still match it and
// that concatenation property.

const (
	zwj  = 0x200d
	zwnj = 0x200c
)

// fixClusters returns s, which scrub has already cleaned, with every loose
// end removed as described above. Clean text is returned as it is, without
// allocating. The result is at most MaxStringBytes long even when ZWNJs
// were added: the input is then cut further until the result fits.
func fixClusters(s string) string {
	if !clusterPass(s, nil) {
		return s
	}
	for {
		var b strings.Builder
		b.Grow(len(s) + 3)
		clusterPass(s, &b)
		out := b.String()
		if len(out) <= MaxStringBytes {
			return out
		}
		// Keep the share of s that fits, then retry with less if the
		// ZWNJs were not spread evenly.
		s = truncateUTF8(s, min(len(s)-1, int(int64(len(s))*MaxStringBytes/int64(len(out)))))
	}
}

// clustersClean reports whether fixClusters would return s unchanged.
func clustersClean(s string) bool { return !clusterPass(s, nil) }

// clusterPass scans s and reports whether anything needs fixing. With b
// set it writes the fixed text to b; without, it stops at the first fix.
func clusterPass(s string, b *strings.Builder) bool {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return false // ASCII has no loose ends
	}
	changed := false
	start := 0 // s[start:i] is kept text not yet written to b
	// edit replaces s[from:to] by repl; in check mode it says to stop.
	edit := func(from, to int, repl string) bool {
		changed = true
		if b == nil {
			return true
		}
		b.WriteString(s[start:from])
		b.WriteString(repl)
		start = to
		return false
	}
	lineStart := true // nothing kept on this line yet
	afterPict := false
	linker := false // a kept linker that no consonant or ZWNJ has followed
	i = 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf && c != '\n' {
			// ASCII starts a cluster and joins no linker.
			if linker && edit(i, i, string(rune(zwnj))) {
				return true
			}
			lineStart, afterPict, linker = false, false, false
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		if r < 0x10000 && plainBMP(r) {
			if linker && edit(i, i, string(rune(zwnj))) {
				return true
			}
			lineStart, afterPict, linker = false, false, false
			i = j
			continue
		}
		if r == '\n' {
			if linker && edit(i, i, string(rune(zwnj))) {
				return true
			}
			lineStart, afterPict, linker = true, false, false
			i = j
			continue
		}
		if unicode.Is(continuing, r) {
			switch {
			case lineStart:
				if edit(i, j, "") {
					return true
				}
			case r == zwj && afterPict && !pictographicAt(s, j):
				if edit(i, j, "") {
					return true
				}
			case r == zwnj:
				linker = false
			case unicode.Is(linking, r):
				linker = true
			}
			i = j
			continue
		}
		// r starts a cluster (or joins one by rules that need no fixing).
		repl, end := r, j
		fixed := false
		switch {
		case unicode.Is(jamoLike, r):
			// Outside Hangul, only a few letters of recent scripts
			// cluster like jamo; they have nothing to compose with.
			repl, fixed = utf8.RuneError, true
		case isJamo(r) || isSyllableLV(r):
			repl, end = composeHangul(s, i)
			fixed = end != j || repl != r
		case isRegional(r):
			if linker && edit(i, i, string(rune(zwnj))) {
				return true
			}
			n := 0
			for end = i; end < len(s); n++ {
				rr, sz := utf8.DecodeRuneInString(s[end:])
				if !isRegional(rr) {
					break
				}
				end += sz
			}
			if n%2 == 1 {
				// Keep the pairs; the last one, alone, becomes its letter.
				_, sz := utf8.DecodeLastRuneInString(s[:end])
				if edit(end-sz, end, string('A'+lastRune(s[:end])-0x1f1e6)) {
					return true
				}
			}
			lineStart, afterPict, linker = false, false, false
			i = end
			continue
		case unicode.Is(prepending, r) && onlyPrepending(s[i:]):
			if edit(i, lineEnd(s, i), "") {
				return true
			}
			i = lineEnd(s, i)
			continue
		}
		if linker && !unicode.Is(conjoining, repl) && edit(i, i, string(rune(zwnj))) {
			return true
		}
		linker = false
		if fixed && edit(i, end, string(repl)) {
			return true
		}
		lineStart = false
		afterPict = unicode.Is(pictographic, repl)
		i = end
	}
	if linker && edit(len(s), len(s), string(rune(zwnj))) {
		return true
	}
	if b != nil {
		b.WriteString(s[start:])
	}
	return changed
}

// special has a bit set for each BMP rune that clusterPass must look at
// closely; every other one starts a cluster and ends it, whatever is beside
// it. Most text is made of those, and one bit costs less than the tables.
var special = func() *[1 << 13]byte {
	var bits [1 << 13]byte
	set := func(lo, hi rune) {
		for r := lo; r <= hi && r < 0x10000; r++ {
			bits[r>>3] |= 1 << (r & 7)
		}
	}
	for _, t := range []*unicode.RangeTable{continuing, prepending, pictographic, jamoLike, linking, conjoining} {
		for _, rg := range t.R16 {
			set(rune(rg.Lo), rune(rg.Hi))
		}
	}
	set(0x1100, 0x11ff)
	set(0xa960, 0xa97f)
	set(0xd7b0, 0xd7ff)
	for r := rune(hangulS); r < hangulS+hangulSCount; r += hangulTCount {
		set(r, r) // LV syllables, which a trailing jamo extends
	}
	set('\n', '\n')
	return &bits
}()

// plainBMP reports whether the BMP rune r needs no close look.
func plainBMP(r rune) bool { return special[r>>3]&(1<<(r&7)) == 0 }

// pictographicAt reports whether the rune at s[i] is a pictograph.
func pictographicAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.Is(pictographic, r)
}

// onlyPrepending reports whether the line that s starts holds nothing but
// prepending runes.
func onlyPrepending(s string) bool {
	for _, r := range s {
		if r == '\n' {
			return true
		}
		if !unicode.Is(prepending, r) {
			return false
		}
	}
	return true
}

// lineEnd returns the index of the newline that ends the line holding
// s[i], or len(s).
func lineEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(s)
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func isRegional(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// Hangul: conjoining jamo (leading consonants L, vowels V, trailing
// consonants T) and the precomposed syllables they compose into
// (Unicode §3.12).
const (
	hangulS      = 0xac00
	hangulL      = 0x1100
	hangulV      = 0x1161
	hangulT      = 0x11a7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulSCount = hangulLCount * hangulVCount * hangulTCount
)

func isJamo(r rune) bool {
	return r >= 0x1100 && r <= 0x11ff || r >= 0xa960 && r <= 0xa97f || r >= 0xd7b0 && r <= 0xd7ff
}

func isModernL(r rune) bool { return r >= hangulL && r < hangulL+hangulLCount }
func isModernV(r rune) bool { return r >= hangulV && r < hangulV+hangulVCount }
func isModernT(r rune) bool { return r > hangulT && r < hangulT+hangulTCount }

func isSyllableLV(r rune) bool {
	return r >= hangulS && r < hangulS+hangulSCount && (r-hangulS)%hangulTCount == 0
}

// composeHangul reads the jamo or LV syllable at s[i] and what composes with
// it, and returns the rune that replaces them and where they end: a
// syllable, a compatibility jamo, U+FFFD for an archaic jamo, or the LV
// syllable itself when nothing follows that composes.
func composeHangul(s string, i int) (rune, int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	j := i + size
	next := func(k int) (rune, int) {
		n, sz := utf8.DecodeRuneInString(s[k:])
		return n, k + sz
	}
	if isModernL(r) {
		if v, k := next(j); k > j && isModernV(v) {
			syl := hangulS + ((r-hangulL)*hangulVCount+(v-hangulV))*hangulTCount
			if t, k2 := next(k); k2 > k && isModernT(t) {
				return syl + t - hangulT, k2
			}
			return syl, k
		}
	}
	if isSyllableLV(r) {
		if t, k := next(j); k > j && isModernT(t) {
			return r + t - hangulT, k
		}
		return r, j
	}
	return compatibilityJamo(r), j
}

// compatibilityJamo maps a conjoining jamo to the compatibility jamo that
// looks like it (one letter standing on its own), or U+FFFD.
func compatibilityJamo(r rune) rune {
	switch {
	case isModernL(r):
		return rune(compatL[r-hangulL]) + 0x3100
	case isModernV(r):
		return 0x314f + r - hangulV
	case isModernT(r):
		return rune(compatT[r-hangulT-1]) + 0x3100
	}
	return utf8.RuneError
}

// compatL and compatT hold the low byte of the compatibility jamo (U+31xx)
// of each modern leading and trailing consonant, in jamo order.
var (
	compatL = [hangulLCount]byte{
		0x31, 0x32, 0x34, 0x37, 0x38, 0x39, 0x41, 0x42, 0x43, 0x45,
		0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e,
	}
	compatT = [hangulTCount - 1]byte{
		0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x39, 0x3a, 0x3b,
		0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x44, 0x45, 0x46,
		0x47, 0x48, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e,
	}
)

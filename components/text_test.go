package components

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
)

// textTree builds a Text node with a literal text and usage hint through
// a real stream.
func textTree(t *testing.T, text, hint string) *a2ui.Node {
	t.Helper()
	lit, _ := json.Marshal(text)
	props := `"text":{"literalString":` + string(lit) + `}`
	if hint != "" {
		props += `,"usageHint":"` + hint + `"`
	}
	_, root := surface(t, "s", one(`{"id":"root","component":{"Text":{`+props+`}}}`, nil, ""))
	return root
}

// textCtx is a drawing context for theme profile p and options o.
func textCtx(p termenv.Profile, o Options) *Context {
	th := testTheme(p)
	th.Options = o
	return &Context{Theme: th, State: NewState()}
}

// textPlain returns the drawn lines without styling or right padding.
func textPlain(b Block) []string {
	out := make([]string, len(b.Lines))
	for i, l := range b.Lines {
		out[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return out
}

const textSample = "# Weekend trip\n" +
	"We leave **Friday at 9** and take the *scenic* route along the _coast_; bring `sunscreen`.\n" +
	"\n" +
	"- pack the **tent** and the stove, which is heavier than it looks\n" +
	"- check [the forecast](https://weather.example.com/coast) before leaving\n" +
	"  - nested: spare batteries for the head torch\n" +
	"1. fill the tank\n" +
	"2. pick up Sam at the station, platform 4, at half past nine\n" +
	"\n" +
	"> Leave no trace.\n" +
	"\n" +
	"```\n" +
	"tent: 2.4 kg\n" +
	"```\n" +
	"snake_case_names and 2 * 3 * 4 stay as written."

func TestTextGolden(t *testing.T) {
	md := textTree(t, textSample, "body")
	goldenStates(t, "text_markdown", md, map[string]*Context{
		"color":   textCtx(termenv.ANSI256, Options{}),
		"nocolor": textCtx(termenv.Ascii, Options{}),
		"ascii":   textCtx(termenv.ANSI256, Options{ASCII: true}),
	})
	for _, hint := range []string{"h1", "h2", "h3", "h4", "h5", "body", "caption"} {
		n := textTree(t, "Quarterly results are in: revenue grew **12%** over the last quarter", hint)
		goldenStates(t, "text_hint_"+hint, n, map[string]*Context{"color": textCtx(termenv.ANSI256, Options{})})
	}
	cjk := textTree(t, "東京の天気は晴れ、気温は**二十三度**です。Emoji 🎉👩‍💻 and café mixed with 한국어 텍스트 too.", "")
	goldenStates(t, "text_wide", cjk, map[string]*Context{"color": textCtx(termenv.ANSI256, Options{})})
	empty := textTree(t, "", "")
	goldenStates(t, "text_empty", empty, map[string]*Context{"color": textCtx(termenv.ANSI256, Options{})})
}

func TestTextEmptyDrawsOneBlankLine(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	for _, s := range []string{"", "\n\n", "   "} {
		b := Render(textTree(t, s, ""), 20, c)
		checkBlock(t, b, 20)
		if b.H() != 1 || strings.TrimSpace(ansi.Strip(b.Lines[0])) != "" {
			t.Errorf("Text %q drew %q, want one blank line", s, b.Lines)
		}
	}
}

func TestTextHintsLookDistinct(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	seen := map[string]string{}
	for _, hint := range []string{"h1", "h2", "h3", "h4", "h5", "body", "caption"} {
		b := Render(textTree(t, "Same words", hint), 20, c)
		if got := textPlain(b)[0]; got != "Same words" {
			t.Errorf("%s: text %q, want %q", hint, got, "Same words")
		}
		if other, dup := seen[b.Lines[0]]; dup {
			t.Errorf("%s draws exactly like %s: %q", hint, other, b.Lines[0])
		}
		seen[b.Lines[0]] = hint
	}
	// The hint's look is the theme's.
	b := Render(textTree(t, "Title", "h2"), 10, c)
	if !strings.HasPrefix(b.Lines[0], c.Theme.Heading[1].Render("Title")) {
		t.Errorf("h2 drawn %q, want the theme's Heading[1]", b.Lines[0])
	}
}

// TestTextUnderlineKeepsClusters checks that underlined text (links, h1)
// is underlined as one run: styling each rune apart would split an emoji
// joined with ZWJ into pieces the terminal draws side by side.
func TestTextUnderlineKeepsClusters(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	for _, tc := range []struct{ in, hint string }{
		{"[👩‍💻 dev notes](https://x.example)", ""},
		{"👩‍💻 dev notes", "h1"},
	} {
		l := Render(textTree(t, tc.in, tc.hint), 40, c).Lines[0]
		if !strings.Contains(l, "👩‍💻 dev notes") {
			t.Errorf("%q: the run is split by styling: %q", tc.in, l)
		}
		if !strings.Contains(l, "\x1b[4m") {
			t.Errorf("%q: not underlined: %q", tc.in, l)
		}
	}
}

func TestTextMarkdownSpans(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	th := c.Theme
	tests := []struct {
		name, in, plain string
		styled          []string // pieces that must appear exactly, styled
	}{
		{"bold", "a **bold** word", "a bold word", []string{th.Bold.Render("bold")}},
		{"bold underscores", "a __strong__ word", "a strong word", []string{th.Bold.Render("strong")}},
		{"italic star", "an *italic* word", "an italic word", []string{th.Italic.Render("italic")}},
		{"italic underscore", "an _italic_ word", "an italic word", []string{th.Italic.Render("italic")}},
		{"bold italic", "***both***", "both", []string{th.Bold.Inherit(th.Italic.Style).Render("both")}},
		{"nested", "**bold *and italic* bold**", "bold and italic bold", []string{th.Bold.Render("bold "), th.Bold.Inherit(th.Italic.Style).Render("and italic")}},
		{"code", "run `go test` now", "run go test now", []string{th.Code.Render("go test")}},
		{"code keeps markup", "`**not bold**`", "**not bold**", []string{th.Code.Render("**not bold**")}},
		{
			"link", "see [the docs](https://example.com/docs) here", "see the docs (https://example.com/docs) here",
			[]string{"\x1b[4mthe docs\x1b[0m", th.Dim.Render(" (https://example.com/docs)")},
		},
		{"link same as url", "[https://a.example](https://a.example)", "https://a.example", []string{"\x1b[4mhttps://a.example\x1b[0m"}},
		{"snake case", "call read_file_now please", "call read_file_now please", nil},
		{"lone stars", "2 * 3 * 4 = 24", "2 * 3 * 4 = 24", nil},
		{"unclosed", "**not closed", "**not closed", nil},
		{"escaped", `\*literal\*`, "*literal*", nil},
		{"heading line", "## Section", "Section", []string{th.Bold.Render("Section")}},
		{"heading closed", "## Section ##", "Section", []string{th.Bold.Render("Section")}},
		{"heading C#", "# Learn C#", "Learn C#", []string{th.Bold.Render("Learn C#")}},
		{"hashtag", "#nofilter", "#nofilter", nil},
		{"struck through", "was ~~gone~~ back", "was gone back", []string{"\x1b[9mgone\x1b[0m"}},
		{"struck bold", "~~**old** price~~", "old price", []string{"\x1b[9m" + th.Bold.Render("old")}},
		{"one tilde", "about ~5 or ~~ 6", "about ~5 or ~~ 6", nil},
		{
			"every punctuation escaped", `\!\"\#\$\%\&\'\(\)\*\+\,\-\.\/\:\;\<\=\>\?\@\[\\\]\^\_\` + "`" + `\{\|\}\~`,
			"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Render(textTree(t, tc.in, ""), 60, c)
			checkBlock(t, b, 60)
			if got := strings.Join(textPlain(b), "\n"); got != tc.plain {
				t.Errorf("plain text %q, want %q", got, tc.plain)
			}
			for _, s := range tc.styled {
				if !strings.Contains(b.Lines[0], s) {
					t.Errorf("%q lacks the styled piece %q", b.Lines[0], s)
				}
			}
			if strings.Contains(b.String(), "\x1b]") {
				t.Errorf("an OSC sequence (hyperlink?) in %q", b.String())
			}
		})
	}
	// The bold SGR itself, whatever the theme does around it.
	b := Render(textTree(t, "x **y** z", ""), 20, c)
	if !strings.Contains(b.Lines[0], "\x1b[1m") {
		t.Errorf("no bold SGR in %q", b.Lines[0])
	}
}

func TestTextCodeWithoutColourKeepsBackticks(t *testing.T) {
	c := textCtx(termenv.Ascii, Options{})
	b := Render(textTree(t, "run `make` now", ""), 30, c)
	if got := textPlain(b)[0]; got != "run `make` now" {
		t.Errorf("without colour, code drawn %q", got)
	}
}

// TestTextStrikeWithoutColourKeepsTildes: with no styling there is no
// line to draw through a word, so what is struck through keeps its
// tildes rather than reading as if it stood.
func TestTextStrikeWithoutColourKeepsTildes(t *testing.T) {
	c := textCtx(termenv.Ascii, Options{})
	b := Render(textTree(t, "was ~~gone~~ back", ""), 30, c)
	if got := textPlain(b)[0]; got != "was ~~gone~~ back" {
		t.Errorf("without colour, struck text drawn %q", got)
	}
}

func TestTextBlocks(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	tests := []struct {
		name, in string
		w        int
		want     []string
	}{
		{"line break", "one\ntwo", 20, []string{"one", "two"}},
		{"paragraphs", "\n\none\n\n\n\ntwo\n\n", 20, []string{"one", "", "two"}},
		{"bullets hang", "- pack the tent and the stove", 14, []string{"• pack the", "  tent and the", "  stove"}},
		{"star bullet", "* one\n+ two", 14, []string{"• one", "• two"}},
		{"numbers hang", "9. alpha beta gamma\n10. delta epsilon", 12, []string{"9. alpha", "   beta", "   gamma", "10. delta", "    epsilon"}},
		{"nested", "- outer\n  - inner item wraps", 14, []string{"• outer", "  ◦ inner item", "    wraps"}},
		{"quote", "> stay on the path", 12, []string{"│ stay on", "  the path"}},
		{"heading", "# Big news\nbody", 20, []string{"Big news", "body"}},
		{"rule", "above\n---\nbelow", 6, []string{"above", "──────", "below"}},
		{"fence", "```\n  x := 1\n```", 12, []string{"    x := 1"}},
		{"long word", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"long word after a short one", "ab cdefghijkl mn", 5, []string{"ab cd", "efghi", "jkl", "mn"}},
		{"long word with a mark", "abcde\u0301fghi", 4, []string{"abcd", "e\u0301fgh", "i"}},
		{"long word in two styles", "ab**cdefg**hij", 4, []string{"abcd", "efgh", "ij"}},
		{"tiny width drops hang", "- abc", 2, []string{"•", "ab", "c"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := Render(textTree(t, tc.in, ""), tc.w, c)
			checkBlock(t, b, tc.w)
			got := textPlain(b)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("drew\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
	// ASCII bullets.
	a := textCtx(termenv.ANSI256, Options{ASCII: true})
	if got := textPlain(Render(textTree(t, "- one\n  - two", ""), 20, a)); got[0] != "- one" || got[1] != "  * two" {
		t.Errorf("ASCII bullets drawn %q", got)
	}
}

func TestTextStylingSurvivesWrapping(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	for _, tc := range []struct {
		in  string
		ref func(string) string
	}{
		{"**a long bold sentence that wraps over several lines**", func(s string) string { return c.Theme.Bold.Render(s) }},
		{"`a long code span that wraps over several lines`", func(s string) string { return c.Theme.Code.Render(s) }},
		{"*an italic run of words wrapping*", func(s string) string { return c.Theme.Italic.Render(s) }},
	} {
		b := Render(textTree(t, tc.in, ""), 12, c)
		checkBlock(t, b, 12)
		if b.H() < 3 {
			t.Fatalf("%q did not wrap: %q", tc.in, b.Lines)
		}
		for i, l := range b.Lines {
			plain := strings.TrimRight(ansi.Strip(l), " ")
			// Each line is styled on its own: it opens and resets the
			// style itself, so nothing leaks into what is drawn beside it.
			if !strings.HasPrefix(l, tc.ref(plain)) {
				t.Errorf("line %d %q is not styled on its own (want prefix %q)", i, l, tc.ref(plain))
			}
			if strings.TrimRight(l, " ") != tc.ref(plain) {
				t.Errorf("line %d %q carries styling past its text", i, l)
			}
		}
	}
}

// TestTextWrapWidthSweep draws texts of every kind at widths 1 to 120: no
// line may be wider than the width, and plain text loses no character
// (wide characters need two columns to be drawn at all).
func TestTextWrapWidthSweep(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	plain := []string{
		"The quick brown fox jumps over the lazy dog, then rests.",
		"東京の天気は晴れ、気温は二十三度です。明日は雨が降るでしょう。",
		"한국어 텍스트와 中文字符 mixed with English words",
		"Emoji: 🎉🎈 👩‍💻 🇯🇵 👍🏽 ✅ done",
		"https://example.com/a/very/long/path/that/does/not/fit/anywhere?q=1",
		"café naïve résumé — señor",
	}
	var nodes []*a2ui.Node
	for _, s := range plain {
		nodes = append(nodes, textTree(t, s, ""))
	}
	md := textTree(t, textSample+"\n- 日本語の箇条書き項目です、長いので折り返します\n> 引用 😀 quote", "h2")
	for w := 1; w <= 120; w++ {
		for i, n := range nodes {
			b := Render(n, w, c)
			checkBlock(t, b, w)
			if w < 2 {
				continue
			}
			got := strings.ReplaceAll(strings.Join(textPlain(b), ""), " ", "")
			if want := strings.ReplaceAll(plain[i], " ", ""); got != want {
				t.Errorf("w=%d: text %q came out as %q", w, want, got)
			}
		}
		checkBlock(t, Render(md, w, c), w)
	}
}

func TestTextNatural(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"ab", 2},
		{"**bold** x", 6},
		{"日本", 4},
		{"short\na longer line", 13},
		{"- item", 6},
		{"[docs](https://x.io)", len("docs (https://x.io)")},
		{strings.Repeat("word ", 40), 79}, // wrapped at the reading measure
		{strings.Repeat("x", 200), textNaturalCap},
		{"a\n---\nb", 3},
	}
	for _, tc := range tests {
		n := textTree(t, tc.in, "")
		if got := Natural(n, c); got != tc.want {
			t.Errorf("Natural(%q) = %d, want %d", tc.in, got, tc.want)
		}
		// Drawn at its natural width, no line wraps that did not have to.
		if tc.want > 0 && tc.want < 40 {
			b := Render(n, tc.want, c)
			wide := Render(n, tc.want+20, c)
			if b.H() != wide.H() {
				t.Errorf("%q at its natural width %d takes %d lines, %d when wider", tc.in, tc.want, b.H(), wide.H())
			}
		}
	}
}

func TestTextRenderIsPure(t *testing.T) {
	c := textCtx(termenv.ANSI256, Options{})
	n := textTree(t, textSample, "")
	a, b := Render(n, 40, c), Render(n, 40, c)
	if a.String() != b.String() {
		t.Error("two renders of the same node differ")
	}
}

// FuzzTextMarkdown draws arbitrary text (sanitized as the hub would)
// through the Markdown layout: no panic, and every line within the width.
func FuzzTextMarkdown(f *testing.F) {
	for _, s := range []string{textSample, "**a *b* c**", "[x](y) ![z](w)", "`a``b`", "- a\n  - b\n1. c", "\\*x\\*", "[[a](b)](c)", "***", "_a_b_", "# h\n> q"} {
		f.Add(s, uint8(20))
	}
	th := testTheme(termenv.ANSI256)
	f.Fuzz(func(t *testing.T, s string, w uint8) {
		s = a2ui.SanitizeText(s)
		width := int(w%120) + 1
		ls, widths := markdownLines(s, "body", width, th)
		for i, l := range ls {
			if got := ansi.StringWidth(l); got != widths[i] {
				t.Fatalf("line %q is %d wide, the layout says %d", l, got, widths[i])
			}
			if got := ansi.StringWidth(l); got > width && !strings.ContainsFunc(ansi.Strip(l), func(r rune) bool { return ansi.StringWidth(string(r)) > 1 }) {
				t.Fatalf("line %q is %d wide at width %d", l, got, width)
			}
		}
	})
}

// BenchmarkTextHostile draws 60 kB of markup that never closes: the cost
// must stay in proportion to the length (it was quadratic once: seconds
// per frame).
func BenchmarkTextHostile(b *testing.B) {
	th := testTheme(termenv.ANSI256)
	for _, unit := range []string{"*a ", "`a ", "[a", "[[", "_a ", "**a `b "} {
		s := strings.Repeat(unit, 60000/len(unit))
		b.Run(strings.TrimSpace(unit), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				markdownLines(s, "", 100, th)
			}
		})
	}
}

// plainCases are texts near the edge of what Text draws without reading
// Markdown: some are plain, most start or hold markup.
var plainCases = []string{
	"Save", "Label number 3", "7", "42", "3.14", "1.", "1. x", "1) x", "12.5 kg", "2024-01-02",
	"a * b", "a*b*", "*a*", "**b**", "_x_", "snake_case", "`c`", "a`b", "\\*", "a\\b",
	"# h", "#h", "## ", "C#", "a # b", "- x", "-x", "--", "---", "- - -", "+ x", "+x", "> q", ">q", "a > b",
	"~~~", "~~x", "```", "[l](u)", "[x]", "a]b(c)", "!", "!x", "(x)", "x.", ". x",
	"a\tb", "\ta", "a\r", " a", "a ", "a  b", "a b c", "tab\there", "café", "東京", "🎉", "e\u0301",
	"\x1b[31mred\x1b[0m", "\x1b]8;;http://x\x07l\x1b]8;;\x07", "a\nb", "a\n", "\n", "|a|b|", "<b>x</b>", "&amp;",
	"https://example.com/path?q=1", "x=1; y=2", "quote's \"here\"", "~", "a~b", "0", "0)", "9. ", "10.x",
}

// plainInputs returns plainCases and random strings drawn from the
// characters that matter to Markdown, to wrapping and to width.
func plainInputs() []string {
	parts := []string{
		"a", "b", "Z", "9", " ", " ", "*", "_", "`", "#", "-", "+", ">", "1", ".", ")", "(", "[", "]",
		"\\", "!", "~", "\t", "é", "東", "\x1b[1m", "|", "\r", "\n", "<", "=", "word", "long-word-here",
	}
	rng := rand.New(rand.NewPCG(13, 1))
	out := append([]string(nil), plainCases...)
	for range 3000 {
		var sb strings.Builder
		for range 1 + rng.IntN(10) {
			sb.WriteString(parts[rng.IntN(len(parts))])
		}
		out = append(out, sb.String())
	}
	return out
}

// TestTextPlainIsMarkdown checks that Text, which draws a plain line of
// text without parsing it, draws and measures every text as the Markdown
// layout does, at every width, in every hint and theme.
func TestTextPlainIsMarkdown(t *testing.T) {
	ctxs := []*Context{
		textCtx(termenv.ANSI256, Options{}),
		textCtx(termenv.Ascii, Options{}),
		textCtx(termenv.TrueColor, Options{ASCII: true}),
	}
	hints := []string{"", "body", "h1", "h3", "caption"}
	plain := 0
	for _, s := range plainInputs() {
		if plainText(s) {
			plain++
		}
		for i, c := range ctxs {
			n := &a2ui.Node{ID: "t", Type: "Text", Props: &a2ui.TextProps{Text: s, UsageHint: hints[i%len(hints)]}}
			if got, want := (Text{}).Natural(n, c), markdownNatural(s, c.Theme); got != want {
				t.Fatalf("natural width of %q: %d, the Markdown layout's %d", s, got, want)
			}
			for _, h := range hints {
				n.Props = &a2ui.TextProps{Text: s, UsageHint: h}
				for _, w := range []int{1, 2, 3, 5, 8, 13, 20, 40, 80, 120} {
					got, want := (Text{}).Render(n, w, c), markdownBlock(s, h, w, c.Theme)
					if !slices.Equal(got.Lines, want.Lines) || got.W != want.W || len(got.Hits) != len(want.Hits) {
						t.Fatalf("%q (hint %q) at %d: drew %q, the Markdown layout %q", s, h, w, got.Lines, want.Lines)
					}
				}
			}
		}
	}
	// The inputs must exercise both paths.
	if plain < 200 || plain > len(plainInputs())-200 {
		t.Fatalf("%d of %d inputs are plain: too few of one kind", plain, len(plainInputs()))
	}
	for _, s := range []string{"Save", "Label number 3", "7", "3.14", "a > b", "C#", "x.", "-x", "+x", "~/notes", "about ~5"} {
		if !plainText(s) {
			t.Errorf("%q is not taken as plain", s)
		}
	}
}

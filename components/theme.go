package components

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Options choose how widgets draw beyond colour.
type Options struct {
	// ASCII draws glyphs from plain ASCII, for terminals without Unicode
	// fonts.
	ASCII bool
	// NoImages draws pictures as their alt text.
	NoImages bool
	// Graphics is how pictures are drawn; with a protocol, Store
	// holds them (without it, pictures are drawn with half-blocks).
	Graphics Graphics
	// Store, with a protocol, holds the pictures drawn with it.
	Store *PictureStore
}

// Theme holds every style the widgets use, built from one renderer so that
// a program (or an SSH session) can have its own colour profile and
// background. Themes are values passed down, never globals.
type Theme struct {
	R       *lipgloss.Renderer
	Options Options
	accent  lipgloss.TerminalColor

	Text      Style
	Dim       Style
	Bold      Style
	Italic    Style
	Code      Style
	Link      Style
	Strike    Style
	Heading   [5]Style // h1…h5
	Caption   Style
	Accent    Style // accent foreground
	Focus     Style // a focused control
	Button    Style
	Primary   Style // a primary button
	Border    Style // frames and rules
	Error     Style
	Selected  Style // a chosen option
	Disabled  Style
	Missing   Style // placeholders for what cannot be shown
	Track     Style // the empty part of a slider
	FieldLine Style // the underline of a text field

	// mu guards codeCache: the escape codes of text styles, worked out
	// once per theme because a Lip Gloss Render per run of text would be
	// most of what drawing text costs.
	mu        sync.Mutex
	codeCache map[codeKey][2]string
	// fieldEdges are what a one-line field without the focus draws
	// either side of its value, "[ " and " ]" in the Border style, when
	// that style's codes may be used (else "").
	fieldEdges [2]string
	// plain holds, by the look of a usage hint (hintLook), how a run of
	// plain text is drawn in it, worked out the first time: most texts
	// are one such run, and this is read without a lock.
	plain [hintLooks]atomic.Pointer[plainRun]
}

// plainRun is how a run of plain text is drawn in a hint's look: between
// codes, which are escape sequences only (CSI) when bare.
type plainRun struct {
	codes [2]string
	bare  bool
}

// hintLooks counts the looks a usage hint picks (see textBase): the body
// text, the five headings, the caption.
const hintLooks = 7

// hintLook is the index of hint's look: 0 for the body text (any hint
// textBase does not know), 1 to 5 for h1 to h5, 6 for a caption.
func hintLook(hint string) int {
	switch hint {
	case "h1", "h2", "h3", "h4", "h5":
		return int(hint[1] - '0')
	case "caption":
		return 6
	}
	return 0
}

// plainRun returns how a run of plain text is drawn in hint's look.
func (t *Theme) plainRun(hint string) *plainRun {
	slot := &t.plain[hintLook(hint)]
	if r := slot.Load(); r != nil {
		return r
	}
	r := &plainRun{codes: styleCodes(newSpanStyler(hint, t).style(0), t)}
	r.bare = csiOnly(r.codes[0]) && csiOnly(r.codes[1])
	slot.Store(r)
	return r
}

// csiOnly reports whether s is made of whole CSI escape sequences only,
// which take no cells and which strip removes.
func csiOnly(s string) bool {
	for i := 0; i < len(s); {
		if i = csiEnd(s, i); i < 0 {
			return false
		}
	}
	return true
}

// codeKey names a text style: a usage hint plus Markdown flags.
type codeKey struct {
	hint  string
	flags fmtFlags
}

// codes returns the cached codes of k, making them with mk the first time.
func (t *Theme) codes(k codeKey, mk func() [2]string) [2]string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.codeCache[k]; ok {
		return c
	}
	if t.codeCache == nil {
		t.codeCache = map[codeKey][2]string{}
	}
	c := mk()
	t.codeCache[k] = c
	return c
}

// DefaultAccent is the accent colour of surfaces that name none.
var defaultAccent = lipgloss.AdaptiveColor{Light: "#1d5fc9", Dark: "#6aa7ff"}

// NewTheme builds the styles for renderer r.
func NewTheme(r *lipgloss.Renderer, o Options) *Theme {
	return newTheme(r, o, defaultAccent)
}

// WithAccent returns a copy of the theme whose accent is the surface's
// primaryColor ("#rrggbb"); an empty colour keeps the default.
func (t *Theme) WithAccent(hex string) *Theme {
	if hex == "" {
		return t
	}
	return newTheme(t.R, t.Options, lipgloss.Color(hex))
}

// Color reports whether the theme draws in colour at all (NO_COLOR and
// dumb terminals do not).
func (t *Theme) Color() bool { return t.R.ColorProfile() != termenv.Ascii }

func newTheme(r *lipgloss.Renderer, o Options, accent lipgloss.TerminalColor) *Theme {
	s := func() lipgloss.Style { return r.NewStyle() }
	st := newStyle
	dim := lipgloss.AdaptiveColor{Light: "#6b6b6b", Dark: "#8a8a8a"}
	border := lipgloss.AdaptiveColor{Light: "#a8a8a8", Dark: "#5c5c5c"}
	red := lipgloss.AdaptiveColor{Light: "#b3261e", Dark: "#ff6b6b"}
	codeBg := lipgloss.AdaptiveColor{Light: "#ececec", Dark: "#303030"}
	t := &Theme{R: r, Options: o, accent: accent}
	t.Text = st(s())
	t.Dim = st(s().Foreground(dim))
	t.Bold = st(s().Bold(true))
	t.Italic = st(s().Italic(true))
	t.Code = st(s().Background(codeBg))
	t.Link = st(s().Underline(true))
	t.Strike = st(s().Strikethrough(true))
	t.Heading = [5]Style{
		st(s().Bold(true).Foreground(accent).Underline(true)),
		st(s().Bold(true).Foreground(accent)),
		st(s().Bold(true)),
		st(s().Bold(true).Italic(true)),
		st(s().Italic(true).Foreground(dim)),
	}
	t.Caption = st(s().Faint(true).Italic(true))
	t.Accent = st(s().Foreground(accent))
	t.Focus = st(s().Reverse(true).Bold(true))
	t.Button = st(s().Bold(true))
	t.Primary = st(s().Bold(true).Foreground(accent))
	t.Border = st(s().Foreground(border))
	t.Error = st(s().Foreground(red))
	t.Selected = st(s().Foreground(accent).Bold(true))
	t.Disabled = st(s().Faint(true))
	t.Missing = st(s().Foreground(dim).Italic(true))
	t.Track = st(s().Foreground(border))
	t.FieldLine = st(s().Underline(true))
	if b := &t.Border; b.fast {
		l, r := focusMarks(t, false, "[", "]")
		t.fieldEdges = [2]string{b.open + l + b.close + " ", " " + b.open + r + b.close}
	}
	return t
}

// Glyph picks the Unicode or the ASCII form of a symbol.
func (t *Theme) Glyph(unicode, ascii string) string {
	if t.Options.ASCII {
		return ascii
	}
	return unicode
}

// Style is one of the theme's styles. Its Render draws exactly what Lip
// Gloss's would, but from escape codes worked out once, when the theme is
// built: a frame draws thousands of runs in a handful of styles, and a Lip
// Gloss Render per run (which re-reads every property and formats its
// codes again) was most of what drawing a long form cost. Methods that
// derive a new style (Inherit, Bold, ...) return a plain lipgloss.Style.
type Style struct {
	lipgloss.Style
	// open and close surround a run of text; fast says they may be used
	// (not for underlined styles, which Lip Gloss draws rune by rune).
	open, close string
	fast        bool
}

func newStyle(ls lipgloss.Style) Style {
	st := Style{Style: ls}
	if ls.GetUnderline() || ls.GetStrikethrough() || ls.GetTransform() != nil {
		return st
	}
	// The codes of an unstyled string: what the style adds around "x".
	r := ls.Render("x")
	if i := strings.Index(r, "x"); i >= 0 && strings.Count(r, "x") == 1 {
		st.open, st.close, st.fast = r[:i], r[i+1:], true
	}
	return st
}

// hasBreaks is strings.ContainsAny(s, "\n\r\t"), byte by byte: the three
// are ASCII, so no byte of another character can be one of them.
func hasBreaks(s string) bool {
	for i := range len(s) {
		if c := s[i]; c == '\n' || c == '\r' || c == '\t' {
			return true
		}
	}
	return false
}

// renderPadded is s.Render(str) followed by pad blanks, in one string
// when the style's codes may be used.
func (s *Style) renderPadded(str string, pad int) string {
	if !s.fast || hasBreaks(str) {
		return s.Style.Render(str) + blanks(pad)
	}
	return s.open + str + s.close + blanks(pad)
}

// Render draws strs, joined by spaces, in the style.
func (s Style) Render(strs ...string) string {
	str := strings.Join(strs, " ")
	if !s.fast || hasBreaks(str) {
		return s.Style.Render(str)
	}
	if s.open == "" && s.close == "" {
		return str
	}
	return s.open + str + s.close
}

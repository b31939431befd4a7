package components

import (
	"sync"

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
}

// Theme holds every style the widgets use, built from one renderer so that
// a program (or an SSH session) can have its own colour profile and
// background. Themes are values passed down, never globals.
type Theme struct {
	R       *lipgloss.Renderer
	Options Options
	accent  lipgloss.TerminalColor

	Text      lipgloss.Style
	Dim       lipgloss.Style
	Bold      lipgloss.Style
	Italic    lipgloss.Style
	Code      lipgloss.Style
	Link      lipgloss.Style
	Heading   [5]lipgloss.Style // h1…h5
	Caption   lipgloss.Style
	Accent    lipgloss.Style // accent foreground
	Focus     lipgloss.Style // a focused control
	Button    lipgloss.Style
	Primary   lipgloss.Style // a primary button
	Border    lipgloss.Style // frames and rules
	Error     lipgloss.Style
	Selected  lipgloss.Style // a chosen option
	Disabled  lipgloss.Style
	Missing   lipgloss.Style // placeholders for what cannot be shown
	Track     lipgloss.Style // the empty part of a slider
	FieldLine lipgloss.Style // the underline of a text field

	// mu guards codeCache: the escape codes of text styles, worked out
	// once per theme because a Lip Gloss Render per run of text would be
	// most of what drawing text costs.
	mu        sync.Mutex
	codeCache map[codeKey][2]string
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
	s := r.NewStyle
	dim := lipgloss.AdaptiveColor{Light: "#6b6b6b", Dark: "#8a8a8a"}
	border := lipgloss.AdaptiveColor{Light: "#a8a8a8", Dark: "#5c5c5c"}
	red := lipgloss.AdaptiveColor{Light: "#b3261e", Dark: "#ff6b6b"}
	codeBg := lipgloss.AdaptiveColor{Light: "#ececec", Dark: "#303030"}
	t := &Theme{R: r, Options: o, accent: accent}
	t.Text = s()
	t.Dim = s().Foreground(dim)
	t.Bold = s().Bold(true)
	t.Italic = s().Italic(true)
	t.Code = s().Background(codeBg)
	t.Link = s().Underline(true)
	t.Heading = [5]lipgloss.Style{
		s().Bold(true).Foreground(accent).Underline(true),
		s().Bold(true).Foreground(accent),
		s().Bold(true),
		s().Bold(true).Italic(true),
		s().Italic(true).Foreground(dim),
	}
	t.Caption = s().Faint(true).Italic(true)
	t.Accent = s().Foreground(accent)
	t.Focus = s().Reverse(true).Bold(true)
	t.Button = s().Bold(true)
	t.Primary = s().Bold(true).Foreground(accent)
	t.Border = s().Foreground(border)
	t.Error = s().Foreground(red)
	t.Selected = s().Foreground(accent).Bold(true)
	t.Disabled = s().Faint(true)
	t.Missing = s().Foreground(dim).Italic(true)
	t.Track = s().Foreground(border)
	t.FieldLine = s().Underline(true)
	return t
}

// Glyph picks the Unicode or the ASCII form of a symbol.
func (t *Theme) Glyph(unicode, ascii string) string {
	if t.Options.ASCII {
		return ascii
	}
	return unicode
}

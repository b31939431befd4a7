package components

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// TestStyleRenderIsLipGloss checks that a theme style draws every string
// exactly as Lip Gloss would, in every colour profile: the codes worked
// out once are the codes Lip Gloss writes.
func TestStyleRenderIsLipGloss(t *testing.T) {
	texts := []string{"", "x", "[ Save ]", "  two  spaces ", "é漢字👍🏽", "a\nb", "tab\there", "cr\r\nlf", "…"}
	for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		for _, dark := range []bool{true, false} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(profile)
			r.SetHasDarkBackground(dark)
			th := NewTheme(r, Options{})
			styles := map[string]Style{
				"Text": th.Text, "Dim": th.Dim, "Bold": th.Bold, "Italic": th.Italic, "Code": th.Code,
				"Link": th.Link, "Caption": th.Caption, "Accent": th.Accent, "Focus": th.Focus,
				"Button": th.Button, "Primary": th.Primary, "Border": th.Border, "Error": th.Error,
				"Selected": th.Selected, "Disabled": th.Disabled, "Missing": th.Missing,
				"Track": th.Track, "FieldLine": th.FieldLine,
				"h1": th.Heading[0], "h2": th.Heading[1], "h3": th.Heading[2], "h4": th.Heading[3], "h5": th.Heading[4],
			}
			fast := 0
			for name, st := range styles {
				if st.fast {
					fast++
				}
				for _, s := range texts {
					if got, want := st.Render(s), st.Style.Render(s); got != want {
						t.Errorf("%v dark=%v %s: Render(%q) = %q, Lip Gloss draws %q", profile, dark, name, s, got, want)
					}
				}
				if got, want := st.Render("a", "b"), st.Style.Render("a", "b"); got != want {
					t.Errorf("%v %s: Render of two strings = %q, Lip Gloss draws %q", profile, name, got, want)
				}
			}
			if fast < len(styles)-3 {
				t.Errorf("%v: only %d of %d styles draw from their codes", profile, fast, len(styles))
			}
		}
	}
}

// TestHasBreaksIsContainsAny: the byte loop Style.Render asks finds a
// line break or a tab exactly where strings.ContainsAny would, in
// generated strings of ASCII, multi-byte characters and control codes.
func TestHasBreaksIsContainsAny(t *testing.T) {
	pieces := []string{"a", " ", "\n", "\r", "\t", "é", "漢", "👍🏽", "\x1b[1m", "\x00", "\x7f", "\u2028", "\u0085", "x\u0301"}
	rng := rand.New(rand.NewPCG(5, 8))
	for range 5000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := sb.String()
		if got, want := hasBreaks(s), strings.ContainsAny(s, "\n\r\t"); got != want {
			t.Fatalf("hasBreaks(%q) = %v, strings.ContainsAny says %v", s, got, want)
		}
	}
}

// TestRenderPaddedIsRenderAndBlanks: a style's line drawn padded in one
// go is the line it draws followed by the blanks, for every style of the
// theme, in every colour profile, for texts with and without breaks.
func TestRenderPaddedIsRenderAndBlanks(t *testing.T) {
	texts := []string{"", "x", "[ Save ]", "  two  spaces ", "é漢字👍🏽", "a\nb", "tab\there", "cr\r\nlf", "…"}
	for _, profile := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		th := testTheme(profile)
		for _, st := range []*Style{&th.Button, &th.Primary, &th.Disabled, &th.Text, &th.Focus, &th.Link, &th.Border, &th.Dim, &th.Error} {
			for _, s := range texts {
				for _, pad := range []int{0, 1, 7, 400} {
					if got, want := st.renderPadded(s, pad), st.Render(s)+blanks(pad); got != want {
						t.Fatalf("%v: renderPadded(%q, %d) = %q, want %q", profile, s, pad, got, want)
					}
				}
			}
		}
	}
}

package components

import (
	"io"
	"reflect"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// TestThemeFollowsTheBackground draws the same heading on a dark and a
// light terminal: the colours differ, so text stays readable on both.
func TestThemeFollowsTheBackground(t *testing.T) {
	draw := func(dark bool) string {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.TrueColor)
		r.SetHasDarkBackground(dark)
		return NewTheme(r, Options{}).Heading[0].Render("x")
	}
	if d, l := draw(true), draw(false); d == l {
		t.Errorf("the heading looks the same on dark and light backgrounds: %q", d)
	}
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	if th := NewTheme(r, Options{}); th.Color() || th.Heading[0].Render("x") != "x" {
		t.Error("without colour (NO_COLOR) the theme still styles text")
	}
}

// TestWidgetIsTheDefaultCatalog: the switch the package draws children
// with holds the same widgets as DefaultCatalog, and none for other names.
func TestWidgetIsTheDefaultCatalog(t *testing.T) {
	cat := DefaultCatalog()
	for typ, want := range cat {
		got, ok := widget(typ)
		if !ok || reflect.TypeOf(got) != reflect.TypeOf(want) {
			t.Errorf("widget(%q) = %T, %v; the catalog has %T", typ, got, ok, want)
		}
	}
	for _, typ := range []string{"", "text", "Texts", "OrgChart", "Row ", "Colum"} {
		if got, ok := widget(typ); ok || got != nil {
			t.Errorf("widget(%q) = %T, %v; the catalog has no such type", typ, got, ok)
		}
	}
}

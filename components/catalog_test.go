package components

import (
	"io"
	"reflect"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/a2term/a2term/a2ui"
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

// TestDefaultCatalogHasEveryType: the widgets the package draws children
// with (widget, which DefaultCatalog is made from) are one for each
// standard component type, the placeholder and the generic component of
// a catalog definition, each drawing its own type, and none for other
// names.
func TestDefaultCatalogHasEveryType(t *testing.T) {
	cat := DefaultCatalog()
	types := append(a2ui.ComponentTypes(), a2ui.PlaceholderType, a2ui.GenericType)
	if len(cat) != len(types) {
		t.Errorf("the catalog has %d widgets, want %d", len(cat), len(types))
	}
	for _, typ := range types {
		wd, ok := cat[typ]
		if !ok {
			t.Errorf("the catalog has no widget for %s", typ)
			continue
		}
		if name := reflect.TypeOf(wd).Name(); name != typ {
			t.Errorf("the widget for %s is %s", typ, name)
		}
	}
	for _, typ := range []string{"", "text", "Texts", "OrgChart", "Row ", "Colum"} {
		if got, ok := widget(typ); ok || got != nil {
			t.Errorf("widget(%q) = %T, %v; the catalog has no such type", typ, got, ok)
		}
	}
}

package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// TestWideScreenKeepsSurfacesReadable: at 200 columns a surface is drawn
// at most maxSurfaceWidth wide, centred in its pane, so that an invoice's
// amount stays near its label; a surface whose row asks for more gets it.
func TestWideScreenKeepsSurfacesReadable(t *testing.T) {
	m := New(demoBoard(t), testOptions(termenv.Ascii))
	defer m.Close()
	m.SetSize(200, 50)
	m.Show("invoices")
	l := m.lay
	if l.innerW != 88 || l.innerX != 1+(l.surfaceW-2-88)/2 {
		t.Fatalf("the invoices are drawn %d wide from column %d in a pane of %d", l.innerW, l.innerX, l.surfaceW)
	}
	var label, amount int
	for _, line := range lines(m.View()) {
		line = ansi.Strip(line)
		if i := strings.Index(line, "INV-1042"); i >= 0 {
			label, amount = i, strings.Index(line, "1,240.00")
		}
	}
	if label == 0 || amount < 0 || amount-label > 88 {
		t.Errorf("the amount sits %d columns from its label", amount-label)
	}

	// A row of three items of 40 columns asks for 122.
	b := demoBoard(t)
	showOn(t, b, `{"version":"v0.9","createSurface":{"surfaceId":"wide","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateComponents":{"surfaceId":"wide","components":[{"id":"root","component":"Row","children":["a","b","c"]},`+
		`{"id":"a","component":"Text","text":"`+strings.Repeat("a", 40)+`"},{"id":"b","component":"Text","text":"`+strings.Repeat("b", 60)+`"},{"id":"c","component":"Text","text":"`+strings.Repeat("c", 40)+`"}]}}`)
	w := New(b, testOptions(termenv.Ascii))
	defer w.Close()
	w.SetSize(200, 50)
	w.Show("wide")
	if w.lay.innerW != 122 {
		t.Errorf("a row asking for 122 columns is drawn %d wide", w.lay.innerW)
	}
}

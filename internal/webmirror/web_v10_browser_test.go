package webmirror

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// TestWebBrowserV10Asks: the terminal catalog's notify shows its notice
// on the page's status line, scrollIntoView scrolls a component far down
// the surface into sight, and focus focuses a control; the asks the page
// finds when it loads are not acted on again.
func TestWebBrowserV10Asks(t *testing.T) {
	var texts []string
	ids := `"name"`
	for i := range 80 {
		ids += fmt.Sprintf(`,"t%d"`, i)
		texts = append(texts, fmt.Sprintf(`{"id":"t%d","component":"Text","text":"Line %d"}`, i, i))
	}
	h := browserHub(t, false, browserRaws(`{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"`+a2ui.BasicCatalogV10ID+`","components":[`+
		`{"id":"root","component":"Column","children":[`+ids+`,"far"]},{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},`+
		strings.Join(texts, ",")+`,{"id":"far","component":"Text","text":"The far end"}]}}`))
	call := func(id, fn, args string) string {
		return `{"version":"v1.0","callRendererFunction":{"functionCallId":"` + id + `","callFunction":{"call":"` + fn + `","catalogId":"` + a2ui.TerminalCatalogV10ID + `","args":` + args + `}}}`
	}
	if _, err := h.Show(browserRaws(call("c0", "notify", `{"message":"before the page"}`))); err != nil {
		t.Fatal(err)
	}
	p := browserOpen(t, h, false)
	p.waitJS("the surface", `!!document.querySelector('[data-key="far"]')`)
	var hidden bool
	p.eval(`document.getElementById('status-notice').hidden`, &hidden)
	if !hidden {
		t.Error("a notice older than the page was shown")
	}
	inView := `(() => { const r = document.querySelector('[data-key="far"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })()`
	var seen bool
	p.eval(inView, &seen)
	if seen {
		t.Fatal("the far end is in sight before it is asked for: the test shows nothing")
	}
	if _, err := h.Show(browserRaws(call("c1", "scrollIntoView", `{"surfaceId":"s","componentId":"far"}`), call("c2", "notify", `{"message":"Look below"}`))); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the notice", `document.getElementById('status-notice').textContent === 'Look below' && !document.getElementById('status-notice').hidden`)
	p.waitJS("the far end in sight", inView)
	if _, err := h.Show(browserRaws(call("c3", "focus", `{"surfaceId":"s","componentId":"name"}`))); err != nil {
		t.Fatal(err)
	}
	p.waitJS("the focus on the field", `document.activeElement && document.activeElement.closest('[data-key="name"]') !== null`)
}

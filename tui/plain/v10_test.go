package plain

import (
	"strings"
	"testing"

	"github.com/a2term/a2term/a2ui"
)

// TestV10HiddenAndLive: a node hidden from assistive technologies is
// not printed, and a live region's change is said on its own line, the
// assertive region's first, even when the surface changed enough to be
// printed again whole.
func TestV10HiddenAndLive(t *testing.T) {
	script := `json {"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"` + a2ui.BasicCatalogV10ID + `","components":[` +
		`{"id":"root","component":"Column","children":["a","b","c","news","alert","secret"]},` +
		`{"id":"a","component":"Text","text":{"path":"/x"}},{"id":"b","component":"Text","text":{"path":"/y"}},{"id":"c","component":"Text","text":{"path":"/z"}},` +
		`{"id":"news","component":"Text","text":{"path":"/news"},"accessibility":{"live":"polite"}},` +
		`{"id":"alert","component":"Column","children":["alertText"],"accessibility":{"live":"assertive"}},{"id":"alertText","component":"Text","text":{"path":"/alert"}},` +
		`{"id":"secret","component":"Text","text":"Backstage note","accessibility":{"hidden":true}}],` +
		`"dataModel":{"x":"one","y":"two","z":"three","news":"Nothing new","alert":"All is well"}}}
json {"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/","value":{"x":"uno","y":"dos","z":"tres","news":"Saved","alert":"Disk full"}}}
`
	out := play(t, script, Options{})
	if strings.Contains(out, "Backstage note") {
		t.Errorf("a hidden node was printed:\n%s", out)
	}
	alert := strings.Index(out, "text now reads: Disk full")
	news := strings.Index(out, "text now reads: Saved")
	whole := strings.Index(out, "changed")
	if alert < 0 || news < 0 || whole < 0 || !(alert < news && news < whole) {
		t.Errorf("the live regions were not said first, assertive before polite:\n%s", out)
	}
	if strings.Contains(out, "text now reads: uno") {
		t.Errorf("a change outside the live regions was said on its own line:\n%s", out)
	}
}
